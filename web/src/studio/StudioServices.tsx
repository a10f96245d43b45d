import { useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { RADIO_FALLBACKS, type NowPlaying } from '../../../shared/radio';
import { isBroadcasting, metadataUnavailable, offAirText, songTextIn, stationStateOf } from '../../../shared/radio-display';
import type { Translate } from '../../../shared/i18n/format';
import type { MiniNowPlaying } from '../../../shared/bridge';
import { absoluteUrl } from '../app/api';
import { sessionAtom } from '../auth/AuthProvider';
import { isStudio, notify, onStudioNavigate, publishNowPlaying, setNavigateHandler } from '../platform';
import { useNowPlaying } from '../radio/hooks';
import { realtime } from '../realtime/client';
import { showToastWhenFree } from '../ui/toast';
import { carriesNotification, isNotificationPush, SeenNotifications, toNotifyInput } from './notifications';
import { useT } from '../i18n/state';
import { useStudioLanguage } from './language';

/** The mini window's and tray's view of the now-playing document; the station's state in the reader's language with `t`. */
export function toMiniNowPlaying(np: NowPlaying, t?: Translate): MiniNowPlaying {
  const song = np.now_playing.song;
  const state = stationStateOf(np);
  const onAir = isBroadcasting(state);
  const text = songTextIn(state, song);
  const off = offAirText(np);
  if (t && metadataUnavailable(state)) {
    text.title = t('radio.nowPlayingUnavailable');
    text.artist = t('radio.metadataUnavailable');
  }
  return {
    title: onAir ? text.title : t ? t(off.headlineKey) : off.headline,
    artist: onAir ? text.artist : t ? t(off.reasonKey) : off.reason,
    artUrl: onAir ? (absoluteUrl(song.art) ?? null) : null,
    isLive: stationStateOf(np) === 'live',
    presenter: np.presenter,
    startedAt: np.now_playing.played_at !== null ? np.now_playing.played_at * 1000 : np.updated_at - np.now_playing.elapsed * 1000,
    durationSeconds: np.now_playing.duration ?? RADIO_FALLBACKS.durationSeconds,
    nextShow: np.next_show ? { title: np.next_show.title, startsAt: np.next_show.starts_at * 1000 } : null,
  };
}

const seen = new SeenNotifications();

/**
 * Staff notifications as system notifications: every `notification.created`
 * push for the person signed in becomes exactly one notify call: native in
 * the studio, Web Notifications in a browser that allows them, else the
 * in-page toast. The server decides who receives what (roles, targeted
 * users, preferences).
 */
function NotificationRelay() {
  const session = useAtomValue(sessionAtom);
  const userId = session.status === 'signedIn' ? (session.user?.id ?? null) : null;
  useEffect(() => {
    if (!userId) return;
    const handler = (e: { channel: string; name: string; data: unknown; snapshot: boolean }) => {
      if (e.snapshot || !carriesNotification(e.channel, e.name) || !isNotificationPush(e.data)) return;
      // The bell lists it, but nobody gets a pop-up about their own action.
      if (e.data.created_by && e.data.created_by === userId) return;
      if (!seen.first(e.data.id)) return;
      void notify(toNotifyInput(e.data), (input) => showToastWhenFree({ title: input.title, description: input.body, variant: 'info' })).catch(() => undefined);
    };
    const off = realtime.subscribe('notifications', handler);
    // Pop-ups start with the relay: the page says when it listens (tests wait on it rather than on the network).
    document.documentElement.dataset.notificationRelay = 'on';
    return () => {
      off();
      delete document.documentElement.dataset.notificationRelay;
    };
  }, [userId]);
  return null;
}

/** Feeds the studio's mini window and tray from the now-playing push (never by polling). */
function NowPlayingRelay() {
  const { data } = useNowPlaying();
  const t = useT();
  const last = useRef('');
  useEffect(() => {
    if (!data) return;
    const mini = toMiniNowPlaying(data, t);
    const key = JSON.stringify(mini);
    if (key === last.current) return;
    last.current = key;
    publishNowPlaying(mini);
  }, [data, t]);
  return null;
}

/**
 * Platform services of the one UI, mounted once at the root: notification
 * relay on both platforms; in the studio also the now-playing relay and the
 * navigation the main process asks for (tray, notification clicks).
 */
export function StudioServices({ navigate }: { navigate: (route: string) => void }) {
  const nav = useRef(navigate);
  nav.current = navigate;
  useStudioLanguage();
  useEffect(() => {
    setNavigateHandler((route) => nav.current(route));
    const off = onStudioNavigate((route) => nav.current(route));
    return () => {
      off();
      setNavigateHandler(null);
    };
  }, []);
  return (
    <>
      <NotificationRelay />
      {isStudio() && <NowPlayingRelay />}
    </>
  );
}
