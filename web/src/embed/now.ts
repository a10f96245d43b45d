import type { EmbedOptions } from '../../../shared/embed-options';
import type { NowPlaying } from '../../../shared/radio';
import { stationStateOf } from '../../../shared/radio-display';
import type { PublicChannel } from '../../../shared/realtime';
import { clock, follow, h, t, type LiveEvent } from './core';

/** Milliseconds to add to this device's clock to get the server's (from the Date header), as the site's player does. */
let clockOffsetMs = 0;
const serverNow = () => Date.now() + clockOffsetMs;

async function fetchNowPlaying(): Promise<NowPlaying> {
  const res = await fetch('/api/now-playing', { credentials: 'omit', headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`${res.status} /api/now-playing`);
  const date = Date.parse(res.headers.get('date') ?? '');
  if (Number.isFinite(date)) {
    const offset = date - Date.now();
    clockOffsetMs = Math.abs(offset) > 1500 ? offset : 0;
  }
  return (await res.json()) as NowPlaying;
}

/**
 * The now-playing document as the widgets follow it: read once, then kept
 * current by the `now-playing` channel (its snapshot on every connect, then
 * every change), read again after a reconnect.
 */
export function followNowPlaying<C extends PublicChannel = 'now-playing'>(onChange: (np: NowPlaying) => void, extra: { channels?: readonly C[]; onEvent?: (e: LiveEvent<C>) => void; onOpen?: () => void } = {}): void {
  const load = () =>
    fetchNowPlaying()
      .then(onChange)
      .catch(() => undefined);
  void load();
  follow<C | 'now-playing'>(
    ['now-playing', ...(extra.channels ?? [])],
    (e) => {
      if (e.channel === 'now-playing') {
        const np = e as LiveEvent<'now-playing'>;
        if (np.name === 'now-playing.updated') onChange(np.data);
      } else extra.onEvent?.(e as LiveEvent<C>);
    },
    (reconnected) => {
      if (reconnected) void load();
      extra.onOpen?.();
    },
  );
}

/** The station's state as a badge: LIVE, On air (Auto DJ) or Off air (the word is written, never colour alone). */
export function stateBadge(np: NowPlaying): HTMLElement {
  const state = stationStateOf(np);
  if (state === 'live') return h('span', { class: 'badge live' }, t('embed.live'));
  if (state === 'on_air' || state === 'metadata_unavailable') return h('span', { class: 'badge off' }, t('embed.onAir'));
  return h('span', { class: 'badge off', title: offAirText(np).reason }, offAirText(np).headline);
}

/** The song's art (or a neutral square), with an empty alt: the title beside it says what it is. */
export function art(src: string | null, size: '' | 'big' | 'tiny' = ''): HTMLElement {
  const px = size === 'big' ? 96 : size === 'tiny' ? 36 : 56;
  return src ? h('img', { class: `art ${size}`, src, alt: '', loading: 'lazy', width: px, height: px }) : h('span', { class: `art ${size}`, 'aria-hidden': 'true' });
}

/** The off-air headline and why, in the page's language (shared/radio-display.ts offAirText's words). */
export function offAirText(np: NowPlaying): { headline: string; reason: string } {
  return { headline: t('embed.offAir'), reason: stationStateOf(np) === 'stopped' ? t('embed.streamStopped') : t('embed.notBroadcasting') };
}

/** A song's title and artist with the spec's fallbacks (000 §9), in the page's language. */
export function songText(song: { title?: string | null; artist?: string | null } | null | undefined): { title: string; artist: string } {
  return { title: song?.title || t('embed.unknownTrack'), artist: song?.artist || t('embed.unknownArtist') };
}

/** Title and artist (the spec's fallbacks for what is unknown), and the presenter line; off air, why. */
export function songLines(np: NowPlaying, opts: EmbedOptions, withPresenter: boolean): HTMLElement {
  const state = stationStateOf(np);
  if (state === 'off_air' || state === 'stopped') {
    const off = offAirText(np);
    return h('div', { class: 'grow' }, h('p', { class: 'title ellipsis', 'data-field': 'title' }, off.headline), h('p', { class: 'muted small', 'data-field': 'reason' }, off.reason));
  }
  const song = state === 'metadata_unavailable' ? { title: t('embed.nowPlayingUnavailable'), artist: t('embed.metadataUnavailable') } : songText(np.now_playing.song);
  return h(
    'div',
    { class: 'grow' },
    h('p', { class: 'title ellipsis', 'data-field': 'title' }, song.title),
    h('p', { class: 'ellipsis', 'data-field': 'artist' }, song.artist),
    withPresenter && opts.show.includes('presenter') ? h('p', { class: 'muted small ellipsis', 'data-field': 'presenter' }, np.current_show && np.live.is_live ? `${np.presenter} · ${np.current_show.title}` : np.presenter) : null,
  );
}

/**
 * Seconds into the item on air now, by the server's clock (the site's rule, web/src/radio/hooks.ts): with a
 * known duration it stops there; with an unknown one (a live item) it keeps counting.
 */
export function elapsedNow(np: NowPlaying, nowMs = serverNow()): number {
  const { played_at, elapsed, duration } = np.now_playing;
  const seconds = played_at !== null ? nowMs / 1000 - played_at : elapsed + (nowMs - np.updated_at) / 1000;
  const clamped = duration !== null && duration > 0 ? Math.min(duration, seconds) : seconds;
  return Math.max(0, Math.floor(clamped));
}

/** "1:05 / 3:53", or "1:05" when the length is unknown. */
export function elapsedText(np: NowPlaying): string {
  const d = np.now_playing.duration;
  return d !== null && d > 0 ? `${clock(elapsedNow(np))} / ${clock(d)}` : clock(elapsedNow(np));
}
