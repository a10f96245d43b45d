import type { NowPlaying, NowPlayingSong } from './radio';
import { METADATA_UNAVAILABLE_TEXT, RADIO_FALLBACKS, type StationState } from './radio-constants';

export { STATION_STATES, type StationState } from './radio-constants';

/**
 * How the radio's state reads on every screen (player, now-playing card,
 * slider, studio, dashboard, the server's first screen). Zod-free: the
 * listener's first load uses it.
 */

/** The song's text with the spec's display fallbacks (000 §9) for what is unknown. */
export function songText(song: Pick<NowPlayingSong, 'title' | 'artist' | 'album'> | null | undefined): { title: string; artist: string; album: string } {
  return {
    title: song?.title || RADIO_FALLBACKS.title,
    artist: song?.artist || RADIO_FALLBACKS.artist,
    album: song?.album || RADIO_FALLBACKS.album,
  };
}

/** Whether listeners can hear something now (play is offered). */
export function isBroadcasting(state: StationState): boolean {
  return state === 'on_air' || state === 'live' || state === 'metadata_unavailable';
}

/** The stream plays but nothing can be said about what is on it (the metadata source fails). */
export function metadataUnavailable(state: StationState): boolean {
  return state === 'metadata_unavailable';
}

/**
 * The song's text as a screen shows it in a state: the song with the fallbacks, or, while the
 * metadata is unavailable, "Now playing unavailable" and why (never "Unknown Track").
 */
export function songTextIn(state: StationState, song: Pick<NowPlayingSong, 'title' | 'artist' | 'album'> | null | undefined): { title: string; artist: string; album: string } {
  if (state === 'metadata_unavailable') return { title: METADATA_UNAVAILABLE_TEXT.headline, artist: METADATA_UNAVAILABLE_TEXT.reason, album: '' };
  return songText(song);
}

/**
 * The state of a document (documents stored before the field existed derive it). Before any
 * document has arrived (a page still loading) nothing is claimed: `on_air`.
 */
export function stationStateOf(np: Pick<NowPlaying, 'station' | 'live'> | null | undefined): StationState {
  if (!np) return 'on_air';
  if (np.station.state) return np.station.state;
  if (!np.station.is_online) return 'off_air';
  return np.live.is_live ? 'live' : 'on_air';
}

/**
 * The booked show that is live now, or null (issue 38 item 5): only while the station really is live (a live
 * session) and the presenter on air is the one booked for it. A booking alone (the station off air, stopped, on
 * Auto DJ, or someone else live in the slot) never makes a show LIVE.
 */
export function liveShowId(np: Pick<NowPlaying, 'station' | 'live'> | null | undefined): string | null {
  if (!np || stationStateOf(np) !== 'live' || !np.live.is_live) return null;
  return np.live.show_id ?? null;
}

/**
 * Seconds left in the live presenter's booked slot (issue 30 item 7), or null when nobody is live in their own
 * booking (see {@link liveShowId}): the current show's end minus now, never below zero.
 */
export function liveSlotLeft(np: Pick<NowPlaying, 'station' | 'live' | 'current_show'> | null | undefined, nowMs: number): number | null {
  const id = liveShowId(np);
  const show = np?.current_show;
  if (!id || !show || show.id !== id) return null;
  return Math.max(0, Math.floor((show.ends_at * 1000 - nowMs) / 1000));
}

/** The words of the off-air state: a headline and why, and the next show when one is scheduled. */
export function offAirText(np: Pick<NowPlaying, 'station' | 'live' | 'next_show'> | null | undefined): {
  headline: string;
  reason: string;
  /** The catalogue keys of the two texts (shared/i18n/messages). */
  headlineKey: 'radio.offAir';
  reasonKey: 'radio.streamStopped' | 'radio.notBroadcasting';
  next: NowPlaying['next_show'];
} {
  const stopped = stationStateOf(np) === 'stopped';
  return {
    headline: 'Off air',
    reason: stopped ? "The station's stream has stopped. We're on it." : 'The station is not broadcasting right now.',
    headlineKey: 'radio.offAir',
    reasonKey: stopped ? 'radio.streamStopped' : 'radio.notBroadcasting',
    next: np?.next_show ?? null,
  };
}
