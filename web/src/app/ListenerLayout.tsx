import { Box, CircularProgress, GlobalStyles } from '@mui/material';
import { Suspense, useEffect, useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AccountMenu } from '../auth/AccountMenu';
import { RADIO_FALLBACKS } from '../../../shared/radio-constants';
import { isBroadcasting, metadataUnavailable, offAirText, stationStateOf } from '../../../shared/radio-display';
import { useNowPlaying } from '../radio/hooks';
import { PLAYER_HEIGHT } from '../radio/player-size';
import { RequestUpdates } from '../radio/components/RequestUpdates';
import { Deferred } from '../ui/Deferred';
import { ChunkBoundary, lazyChunk } from '../ui/ChunkBoundary';
import { fullNavigation } from '../ui/chunks';
import { Footer } from './Footer';
import { releaseServerPage } from './hydration';
import { MOBILE_QUERY } from './media';
import { NavBar, NavPlaceholder, SHORT_WINDOW } from './NavBar';
import { OfflineNotice } from '../pwa/OfflineNotice';
import { useT } from '../i18n/state';
import { useStation } from './station';

// The player's controls (volume slider and all) are their own chunk, fetched with the page and mounted right
// after it; until then the bar the server drew stays (PlayerPlaceholder).
// A failed fetch is retried (ui/chunks.ts); after that the server's bar stays and the player is tried again shortly.
const Player = lazyChunk(async () => ({ default: (await import('../radio/Player')).Player }));

/** The player's code would not load: the bar the server drew stays, and the code is asked for again after a pause. */
function PlayerRetry({ retry }: { retry: () => void }) {
  useEffect(() => {
    const t = setTimeout(retry, PLAYER_RETRY_MS);
    return () => clearTimeout(t);
  }, [retry]);
  return <PlayerPlaceholder />;
}
const PLAYER_RETRY_MS = 5000;

/**
 * The player bar as the server drew it (global.css `.boot-player`), until the player mounts. Its Play is real from
 * the first paint (issue 38 item 8): a link to the stream, which the boot script (web/boot-plugin.ts) plays in the
 * page before the app's code has arrived and the player then takes over (web/radio/boot-audio.ts); with no script
 * at all, the browser plays the link itself.
 */
function PlayerPlaceholder() {
  const { data } = useNowPlaying();
  const station = useStation();
  const listen = data?.station.listen_url || station.streamUrl;
  const song = data?.now_playing.song;
  const state = stationStateOf(data);
  const onAir = isBroadcasting(state);
  const unavailable = metadataUnavailable(state);
  const t = useT();
  return (
    <div className="boot-player">
      {onAir && listen ? <a className="boot-play" href={listen} role="button" aria-label={t('player.play')} /> : <span className="boot-play" />}
      <div className="boot-np" aria-hidden>
        <strong>{unavailable ? t('radio.nowPlayingUnavailable') : onAir ? song?.title || RADIO_FALLBACKS.title : t('radio.offAir')}</strong>
        <span>{unavailable ? t('radio.metadataUnavailable') : onAir ? song?.artist || RADIO_FALLBACKS.artist : t(offAirText(data).reasonKey)}</span>
      </div>
    </div>
  );
}

/** A calm loading state while a page's code arrives. */
export function PageLoading({ label }: { label?: string }) {
  const t = useT();
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, py: 10, color: 'text.secondary' }}>
      <CircularProgress size={24} aria-hidden />
      <span>{label ?? t('shell.loading')}</span>
    </Box>
  );
}

/**
 * Keyboard focus never lands under the fixed player or the sticky bar (WCAG 2.4.11): the browser scrolls a
 * focused control clear of this much room at the bottom and the top. The bar is two rows on a tablet (NavBar).
 */
const focusRoom = (
  <GlobalStyles
    styles={{
      html: { scrollPaddingTop: 72, scrollPaddingBottom: PLAYER_HEIGHT.desktop + 12 },
      '@media (min-width: 768px) and (max-width: 1023.95px)': { html: { scrollPaddingTop: 120 } },
      // The bar scrolls away in a short window (NavBar SHORT_WINDOW): no room kept for it.
      [SHORT_WINDOW]: { html: { scrollPaddingTop: 8 } },
      // Tap targets of at least 44 px on a phone (issue 38 item 9): the icon buttons (bar, player, cards) were 40 px or less.
      [`@media ${MOBILE_QUERY}`]: { html: { scrollPaddingBottom: PLAYER_HEIGHT.mobile + 12 }, '.MuiIconButton-root': { minWidth: 44, minHeight: 44 } },
    }}
  />
);

/**
 * Once the page itself is the app's (adopted from the server's HTML or drawn anew): the server's styles go and its
 * controls work (web/src/app/hydration.ts). Inside the page's Suspense boundary, which React adopts in a pass of
 * its own after the root's: the server's styles stay until the page's own are in place.
 */
function ServerPageReleased() {
  useLayoutEffect(releaseServerPage, []);
  return null;
}

/** Every listener page: navigation bar, the page, the footer, and the persistent player fixed at the bottom. */
export default function ListenerLayout() {
  // Fetch the player's code as soon as the page is on screen.
  useEffect(() => void Player.preload(), []);
  const { pathname } = useLocation();
  const t = useT();
  return (
    // Room at the bottom so the fixed player never hides the footer.
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', pb: `${PLAYER_HEIGHT.desktop}px`, [`@media ${MOBILE_QUERY}`]: { pb: `${PLAYER_HEIGHT.mobile}px` } }}>
      {focusRoom}
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      {/* The bar mounts first after the page, in its own commit; until then the one the server drew stays. */}
      <Deferred priority={3} placeholder={<NavPlaceholder />}>
        <NavBar account={<AccountMenu />} />
      </Deferred>
      <OfflineNotice />
      <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        {/* A page whose code would not load (after retries) shows a calm error with Retry here; the bar and the
            player carry on. A page of a build the server no longer has is loaded whole (a new build is deployed). */}
        <ChunkBoundary what="page" resetKey={pathname} onStaleBuild={fullNavigation} autoRetry>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
            <ServerPageReleased />
          </Suspense>
        </ChunkBoundary>
      </Box>
      {/* Plain elements (no styled components): drawn with the page, by the server too, rather than mounted later. */}
      <Footer />
      <Deferred priority={2} placeholder={<PlayerPlaceholder />}>
        <ChunkBoundary what="part" fallback={(retry) => <PlayerRetry retry={retry} />}>
          <Suspense fallback={<PlayerPlaceholder />}>
            <Player />
          </Suspense>
        </ChunkBoundary>
      </Deferred>
      <RequestUpdates />
    </Box>
  );
}
