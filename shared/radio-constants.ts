/**
 * The radio constants the listener's first load needs, kept free of zod
 * (re-exported by shared/radio.ts).
 */

/** The spec's display fallbacks (000 §9), written once for the server, the player and the dashboard. */
export const RADIO_FALLBACKS = Object.freeze({
  title: 'Unknown Track',
  artist: 'Unknown Artist',
  album: 'Unknown Album',
  autoPresenter: 'Auto DJ',
  livePresenter: 'Live Presenter',
  durationSeconds: 180,
});

/** The words of a station whose stream plays while its metadata cannot be read (issue 39). */
export const METADATA_UNAVAILABLE_TEXT = Object.freeze({
  headline: 'Now playing unavailable',
  reason: 'The stream is playing, but what is on air cannot be read right now.',
});

/** Constants of spec 000 §4 and §9 the radio UI uses. */
export const RADIO_LIMITS = Object.freeze({
  /** The player's starting volume on a 0-100 scale. */
  defaultVolume: 5,
  /** Recently played list on the home page. */
  recentTracks: 4,
  /** The full history list. */
  fullHistory: 15,
  /** Recently played songs shown as slides in the home page's slider. */
  recentSongSlides: 5,
  /** Refresh of history, most played and most liked lists (ms). */
  listsRefreshMs: 60_000,
  /** Bubbles: how many, and how long the animation (and the button's disabled time) lasts. */
  bubblesMin: 10,
  bubblesMax: 24,
  bubblesMs: 6_000,
  /** The longest history list the API serves. */
  maxHistory: 50,
});

/**
 * The one station state every screen shows (issue 17):
 * - `live`: on air with a presenter live;
 * - `on_air`: on air, Auto DJ;
 * - `off_air`: the source says the station is not broadcasting (AzuraCast `is_online: false`,
 *   the followed Icecast mount gone);
 * - `stopped`: nothing trustworthy is playing: the source has failed for longer than a few
 *   polls (and its stream does not answer either), or the item it reports ended long ago and
 *   nothing followed;
 * - `metadata_unavailable`: the station's metadata (AzuraCast's API, Icecast's status page) has
 *   failed for a few polls but its stream answers: listeners can play it, nothing is shown as
 *   playing, pages say "Now playing unavailable" (issue 39).
 */
export const STATION_STATES = ['on_air', 'live', 'off_air', 'stopped', 'metadata_unavailable'] as const;
export type StationState = (typeof STATION_STATES)[number];
