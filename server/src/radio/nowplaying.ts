import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { RADIO_FALLBACKS, type NowPlaying, type NowPlayingSong, type StationState } from '../../../shared/radio';
import { storedNowPlayingPayload } from './repo';
import { nextShowAfter, presentShow, scheduledShowAt, type TimedShow } from './schedule';
import { presentSong, recentPlays, type OpenSession } from './service';
import { applyFallbacks } from './sources/normalise';
import type { NowPlayingSnapshot } from './sources/types';

/**
 * The now-playing document (GET /api/now-playing, the `now-playing` channel)
 * and the in-memory copy each server instance keeps of it.
 */

type Db = Knex | Knex.Transaction;

/** How many past plays the document carries. */
const HISTORY_IN_DOCUMENT = 5;

/** What {@link buildNowPlaying} needs beyond the snapshot. */
export interface BuildOptions {
  zone: string;
  listenUrl: string;
  currentTrackId: string | null;
  session: OpenSession | null;
  /** Compliance mode UK or US (issue 34): the document names no upcoming song (`playing_next` stays null). */
  hideNext?: boolean;
}

/**
 * Builds the public document from a station reading: the spec's fallbacks,
 * the Airdeck track id of the song on air (for votes), recent plays from the
 * database, and the current and next show from the schedule.
 */
export async function buildNowPlaying(db: Db, snap: NowPlayingSnapshot, opts: BuildOptions): Promise<NowPlaying> {
  const display = applyFallbacks(snap);
  const at = snap.fetchedAt;
  const [plays, current, next] = await Promise.all([
    recentPlays(db, HISTORY_IN_DOCUMENT + 1),
    scheduledShowAt(db, at, opts.zone),
    nextShowAfter(db, at, opts.zone),
  ]);
  const state = snapshotState(snap);
  // Off air or stopped: nothing is playing, so no song is shown as playing.
  const track = state === 'off_air' || state === 'stopped' ? null : snap.track;
  const startedAt = track?.startedAt ?? null;
  const history = plays
    .filter((p) => !(opts.currentTrackId !== null && p.song.id === opts.currentTrackId && (startedAt === null || p.played_at === Math.floor(startedAt / 1000))))
    .slice(0, HISTORY_IN_DOCUMENT)
    .map((p) => ({ song: p.song, played_at: p.played_at, duration: p.duration ?? null }));
  const song: NowPlayingSong = track
    ? presentSong({ id: opts.currentTrackId, title: track.title, artist: track.artist, album: track.album, artwork_url: track.artUrl })
    : presentSong({ id: null, title: '', artist: '', album: '', artwork_url: null });
  const duration = track && track.durationSeconds !== null && track.durationSeconds > 0 ? track.durationSeconds : null;
  const rawElapsed = track ? (track.elapsedSeconds ?? (startedAt !== null ? Math.max(0, Math.floor((at - startedAt) / 1000)) : 0)) : 0;
  const elapsed = duration !== null ? Math.min(duration, rawElapsed) : rawElapsed;
  const streamers = snap.streamers
    ? snap.streamers.map((s) => ({ name: s.name, is_live: s.isLive }))
    : snap.live.isLive && snap.live.streamerName
      ? [{ name: snap.live.streamerName, is_live: true }]
      : [];
  const queued = snap.playingNext && !snap.playingNext.isStale && track && !opts.hideNext ? snap.playingNext : null;
  return {
    station: { name: snap.stationName, listen_url: opts.listenUrl, is_online: snap.online, state },
    now_playing: {
      song,
      duration,
      duration_is_estimate: duration === null,
      elapsed: Math.max(0, Math.floor(elapsed)),
      played_at: startedAt !== null ? Math.floor(startedAt / 1000) : null,
      is_request: track?.isRequest ?? false,
    },
    live: {
      is_live: state === 'live',
      streamer_name: state === 'live' ? display.presenter : null,
      broadcast_start: state === 'live' && snap.live.broadcastStart !== null ? Math.floor(snap.live.broadcastStart / 1000) : null,
      presenter_id: state === 'live' ? (opts.session?.presenter_id ?? null) : null,
      art: state === 'live' ? snap.live.artUrl : null,
      show_id: state === 'live' ? liveShowOf([current, next], opts.session, display.presenter) : null,
    },
    presenter: state === 'live' ? display.presenter : DISPLAY_PRESENTER_AUTO,
    listeners: { current: snap.listeners.current, unique: snap.listeners.unique, total: snap.listeners.total ?? snap.listeners.current },
    current_show: current ? presentShow(current) : null,
    next_show: next ? presentShow(next) : null,
    song_history: history,
    playing_next: queued
      ? {
          song: presentSong({ id: null, title: queued.title, artist: queued.artist, album: queued.album, artwork_url: queued.artUrl }),
          played_at: queued.playedAt !== null ? Math.floor(queued.playedAt / 1000) : null,
          duration: queued.durationSeconds !== null && queued.durationSeconds > 0 ? Math.round(queued.durationSeconds) : null,
        }
      : null,
    streamers,
    stale: false,
    source: snap.source,
    updated_at: at,
  };
}

/**
 * Where the already-played list stops for a now-playing document (issue 38 item 9): the song on air is not "already
 * played". The list is cut at the play the document shows on air, so it agrees with that document whatever the poller
 * has recorded since (a newer play recorded before its document is published is left out too). Returns the instant
 * before which plays are listed, or null for every play (nothing on air, or no document yet).
 */
export function historyBefore(doc: NowPlaying | null): Date | null {
  if (!doc) return null;
  const song = doc.now_playing.song;
  if (song.id === null && !song.title) return null;
  if (doc.now_playing.played_at !== null) return new Date(doc.now_playing.played_at * 1000);
  // A station that reports no start time (Icecast): the document's own history is what came before the song on air.
  const newest = doc.song_history[0];
  return newest ? new Date((newest.played_at + 1) * 1000) : new Date(0);
}

const sameName = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The booked show the live broadcast is (issue 38 item 5): the show on the schedule now, or the next one when the
 * session was matched to it (a DJ starting a few minutes early), and only when the presenter on air is the one
 * booked for it (by presenter record, else by name). Someone else live in a slot, or live in an unbooked hour,
 * makes no show live.
 */
function liveShowOf(shows: (TimedShow | null)[], session: OpenSession | null, presenterName: string): string | null {
  const presents = (show: TimedShow) =>
    session?.presenter_id ? show.presenter_id === session.presenter_id : sameName(show.presenter_name ?? show.host, session?.streamer_name ?? presenterName);
  const [current, next] = shows;
  if (current && presents(current)) return current.id;
  if (next && session?.schedule_event_id === next.id && presents(next)) return next.id;
  return null;
}

/** How long past its end an item may still be reported before the station counts as stopped (a real station needs a moment to report the next one). */
export const STOPPED_GRACE_MS = 60_000;
/** An item that started longer ago than this is a frozen document, not something on air (live shows included). */
export const FROZEN_ITEM_MS = 24 * 3600_000;
/** Failed reads in a row after which the station counts as stopped rather than merely stale. */
export const STOPPED_AFTER_FAILURES = 3;

const DISPLAY_PRESENTER_AUTO = RADIO_FALLBACKS.autoPresenter;

/**
 * The station state of one reading: off air when the source says so; stopped
 * when the item it reports ended more than a minute ago and nothing followed
 * (a frozen AutoDJ); else live or on air.
 */
export function snapshotState(snap: NowPlayingSnapshot): StationState {
  if (!snap.online) return 'off_air';
  const t = snap.track;
  // A frozen "live" document (issue 39): an item said to have started more than a day ago is no
  // broadcast anyone is hearing (it was shown as live with 3995:21:39 elapsed).
  if (t && t.startedAt !== null && snap.fetchedAt - t.startedAt > FROZEN_ITEM_MS) return 'stopped';
  if (t && t.startedAt !== null && t.durationSeconds !== null && t.durationSeconds > 0 && !snap.live.isLive) {
    if (snap.fetchedAt > t.startedAt + t.durationSeconds * 1000 + STOPPED_GRACE_MS) return 'stopped';
  }
  return snap.live.isLive ? 'live' : 'on_air';
}

/** The document of a station whose source has failed for a while: stopped, nothing shown as playing. */
export function stoppedDocument(np: NowPlaying, at: number): NowPlaying {
  return {
    ...np,
    station: { ...np.station, state: 'stopped' },
    now_playing: { song: { id: null, title: null, artist: null, album: null, art: null }, duration: null, duration_is_estimate: true, elapsed: 0, played_at: null, is_request: false },
    live: { is_live: false, streamer_name: null, broadcast_start: null, presenter_id: null, art: null, show_id: null },
    presenter: DISPLAY_PRESENTER_AUTO,
    playing_next: null,
    stale: true,
    updated_at: at,
  };
}

/** The document of a station before it has ever been read: stopped, nothing known. */
export function blankDocument(opts: { listenUrl: string; source: NowPlaying['source']; at: number }): NowPlaying {
  return {
    station: { name: null, listen_url: opts.listenUrl, is_online: false, state: 'stopped' },
    now_playing: { song: { id: null, title: null, artist: null, album: null, art: null }, duration: null, duration_is_estimate: true, elapsed: 0, played_at: null, is_request: false },
    live: { is_live: false, streamer_name: null, broadcast_start: null, presenter_id: null, art: null, show_id: null },
    presenter: DISPLAY_PRESENTER_AUTO,
    listeners: { current: 0, unique: null, total: 0 },
    current_show: null,
    next_show: null,
    song_history: [],
    streamers: [],
    stale: true,
    source: opts.source,
    updated_at: opts.at,
  };
}

/**
 * The document of a station whose metadata has failed for a while but whose
 * stream answers (issue 39): online, `metadata_unavailable`, nothing shown as
 * playing or live, the stream address kept so Play works.
 */
export function metadataUnavailableDocument(np: NowPlaying, at: number, listenUrl: string): NowPlaying {
  const stopped = stoppedDocument(np, at);
  return { ...stopped, station: { ...stopped.station, listen_url: listenUrl, is_online: true, state: 'metadata_unavailable' } };
}

/** The document without what changes on every reading (elapsed time, reading time). */
function significant(np: NowPlaying): string {
  return JSON.stringify({ ...np, now_playing: { ...np.now_playing, elapsed: 0 }, updated_at: 0 });
}

/**
 * An instance's copy of the now-playing document. It changes only when
 * something a listener would notice changes, so its version and ETag are
 * stable between those changes.
 */
export class NowPlayingStore {
  private doc: NowPlaying | null = null;
  private key = '';
  private body = '';
  private tag = '';
  /** Grows with every accepted change. */
  version = 0;

  /** The current document, or `null` before the first reading. */
  get current(): NowPlaying | null {
    return this.doc;
  }

  /** The document as JSON text (served as-is) and its ETag. */
  get serialised(): { body: string; etag: string } {
    return { body: this.body, etag: this.tag };
  }

  /** Would this document change what listeners see? */
  differs(np: NowPlaying): boolean {
    return significant(np) !== this.key;
  }

  /** Takes a document if it differs; returns whether it did. */
  accept(np: NowPlaying): boolean {
    const key = significant(np);
    if (key === this.key) return false;
    this.doc = np;
    this.key = key;
    this.body = JSON.stringify(np);
    this.tag = `W/"${createHash('sha1').update(this.body).digest('base64url').slice(0, 20)}"`;
    this.version++;
    return true;
  }
}

/** Reads the last stored document (any instance wrote it). */
export async function loadStoredNowPlaying(db: Db): Promise<NowPlaying | null> {
  return storedNowPlayingPayload(db);
}
