import type { Knex } from 'knex';
import { presenterByName, presenterByPanelId } from '../presenters/repo';
import { RADIO_FALLBACKS, type CounterState, type NowPlayingSong, type PlayEntry, type TrackRanking } from '../../../shared/radio';
import {
  bumpBubbleCount,
  endBroadcastSession,
  fillTrack,
  insertBroadcastSession,
  insertPlay,
  insertTrack,
  latestPlayRows,
  lockOpenSession,
  mostLikedRows,
  mostPlayedRows,
  readBubbleCount,
  trackByKey,
  type CurrentPlay,
  type OpenSession,
  type PlayRow,
  type RankingRow,
  type TrackRow,
} from './repo';
import { matchShowForSession } from './schedule';
import { trackKey } from './sources/normalise';
import type { NowPlayingSnapshot } from './sources/types';

/**
 * The radio domain's rules: tracks (deduplicated on the normalised artist and
 * title), play history (once per play), live broadcast sessions, the history
 * and ranking lists, and the bubbles counter. The SQL is in repo.ts.
 */

type Db = Knex | Knex.Transaction;

export type { CurrentPlay, OpenSession, TrackRow };

/** The longest text kept from a station's metadata. */
const MAX_TEXT = 500;

/** Station text made safe to store: no NUL (PostgreSQL refuses it), trimmed, bounded. */
export function cleanText(s: string | null | undefined): string {
  return (s ?? '').replace(/\u0000/g, '').trim().slice(0, MAX_TEXT);
}

/** Text as the API carries it: `null` when the station did not report it (blank or one of the spec's fallback words). */
function known(text: string): string | null {
  const t = text.trim();
  return t === '' || t === RADIO_FALLBACKS.title || t === RADIO_FALLBACKS.artist || t === RADIO_FALLBACKS.album ? null : t;
}

/** The public shape of a track: unknown text is `null` (the UI shows the spec's fallbacks). */
export function presentSong(row: Pick<TrackRow, 'title' | 'artist' | 'album' | 'artwork_url'> & { id: string | null }): NowPlayingSong {
  return {
    id: row.id,
    title: known(row.title),
    artist: known(row.artist),
    album: known(row.album),
    art: row.artwork_url,
  };
}

/** What a station reported about a song, before it is stored. */
export interface SongInput {
  title: string;
  artist: string;
  album: string;
  artUrl: string | null;
  durationSeconds: number | null;
  /** Rights data the station reported (ISRC, label, catalogue number, composer), filling blanks only. */
  rights?: { isrc: string; label: string; catalogueNumber: string; composer: string };
}

/**
 * Finds or creates the track for a song by its normalised key (see
 * `trackKey`), filling in album, art and duration the first time a station
 * reports them. Returns `null` for a song with neither artist nor title.
 */
export async function upsertTrack(db: Db, song: SongInput): Promise<{ id: string; key: string } | null> {
  const title = cleanText(song.title);
  const artist = cleanText(song.artist);
  const key = trackKey(artist, title);
  if (key === trackKey('', '')) return null;
  const album = cleanText(song.album);
  const art = song.artUrl ? cleanText(song.artUrl) : null;
  const duration = song.durationSeconds && Number.isFinite(song.durationSeconds) && song.durationSeconds > 0 ? Math.round(song.durationSeconds) : null;
  const existing = await trackByKey(db, key);
  const rights = song.rights;
  if (existing) {
    const fill: Parameters<typeof fillTrack>[2] = {};
    if (!existing.album && album) fill.album = album;
    if (rights) {
      if (!existing.isrc && rights.isrc) fill.isrc = cleanText(rights.isrc);
      if (!existing.label && rights.label) fill.label = cleanText(rights.label);
      if (!existing.catalogue_number && rights.catalogueNumber) fill.catalogue_number = cleanText(rights.catalogueNumber);
      if (!existing.composer && rights.composer) fill.composer = cleanText(rights.composer);
    }
    if (!existing.artwork_url && art) fill.artwork_url = art;
    if (existing.duration_seconds === null && duration !== null) fill.duration_seconds = duration;
    if (Object.keys(fill).length > 0) await fillTrack(db, existing.id, fill);
    return { id: existing.id, key };
  }
  const id = await insertTrack(db, {
    track_key: key,
    title: title || RADIO_FALLBACKS.title,
    artist,
    album,
    artwork_url: art,
    duration_seconds: duration,
    isrc: cleanText(rights?.isrc),
    label: cleanText(rights?.label),
    catalogue_number: cleanText(rights?.catalogueNumber),
    composer: cleanText(rights?.composer),
  });
  return id ? { id, key } : null;
}

/** One play to append to the history. */
export interface PlayInput {
  trackId: string;
  playedAt: number;
  sourcePlayId: string | null;
  sessionId: string | null;
  isLive: boolean;
  streamerName: string | null;
}

/**
 * Appends a play unless it is already recorded (same track at the same
 * instant, or the same station play id). Returns whether a row was added.
 */
export async function recordPlay(db: Db, play: PlayInput): Promise<boolean> {
  return insertPlay(db, {
    track_id: play.trackId,
    played_at: new Date(play.playedAt),
    broadcast_session_id: play.sessionId,
    is_live: play.isLive,
    streamer_name: play.streamerName ? cleanText(play.streamerName) : null,
    source_play_id: play.sourcePlayId,
    origin: play.isLive ? 'live' : 'automation',
  });
}

/** The presenter a live streamer is: by station-panel id (presenters.azuracast_id) first, else by name. */
export async function findPresenter(db: Db, streamerId: string | null, name: string | null): Promise<{ id: string; name: string } | null> {
  if (streamerId) {
    const byId = await presenterByPanelId(db, streamerId);
    if (byId) return byId;
  }
  const n = cleanText(name);
  if (!n) return null;
  const byName = await presenterByName(db, n);
  return byName ?? null;
}

/** What recording one snapshot produced. */
export interface RecordResult {
  currentPlay: CurrentPlay | null;
  session: OpenSession | null;
  sessionOpened: boolean;
  sessionClosed: boolean;
  /** Who went live and in which show, when this reading opened a session (the `presenter.live` event). */
  wentLive: { presenterName: string; showTitle: string | null } | null;
  playsAdded: number;
}

const sameName = (a: string | null, b: string | null) => cleanText(a).toLowerCase() === cleanText(b).toLowerCase();

/**
 * Opens and closes live broadcast sessions to follow the station: a session
 * opens when a DJ goes live (presenter matched by station-panel id, else by
 * name; matched to the scheduled show it falls in) and closes when the DJ
 * leaves or another DJ takes over.
 */
async function followLive(trx: Knex.Transaction, snap: NowPlayingSnapshot, zone: string): Promise<{ session: OpenSession | null; opened: boolean; closed: boolean; wentLive?: RecordResult['wentLive'] }> {
  const open = await lockOpenSession(trx);
  const at = snap.fetchedAt;
  if (!snap.live.isLive) {
    if (!open) return { session: null, opened: false, closed: false };
    await endBroadcastSession(trx, open.id, new Date(Math.max(at, open.started_at.getTime())));
    return { session: null, opened: false, closed: true };
  }
  const presenter = await findPresenter(trx, snap.live.streamerId, snap.live.streamerName);
  if (open) {
    const same = presenter && open.presenter_id ? presenter.id === open.presenter_id : sameName(open.streamer_name, snap.live.streamerName);
    if (same) return { session: open, opened: false, closed: false };
  }
  let startedAt = snap.live.broadcastStart ?? at;
  if (startedAt > at) startedAt = at;
  let closed = false;
  if (open) {
    if (startedAt < open.started_at.getTime()) startedAt = at;
    await endBroadcastSession(trx, open.id, new Date(Math.max(startedAt, open.started_at.getTime())));
    closed = true;
  }
  const show = await matchShowForSession(trx, startedAt, presenter?.id ?? null, zone);
  const row = await insertBroadcastSession(trx, {
    presenter_id: presenter?.id ?? null,
    streamer_name: cleanText(snap.live.streamerName) || presenter?.name || null,
    schedule_event_id: show?.id ?? null,
    started_at: new Date(startedAt),
    source: snap.source,
  });
  const presenterName = presenter?.name ?? (row?.streamer_name || null);
  return { session: row ?? null, opened: true, closed, wentLive: presenterName ? { presenterName, showTitle: show?.title ?? null } : null };
}

/**
 * Records one reading of the station, in the caller's transaction: live
 * sessions first, then the tracks and plays of the item on air and the
 * station's recent history. Repeated readings of the same play add nothing:
 * plays are keyed by the station's play id or start time, and for stations
 * that report neither (Icecast) the play continues while the song does.
 */
export async function recordSnapshot(trx: Knex.Transaction, snap: NowPlayingSnapshot, opts: { zone: string; previous: CurrentPlay | null }): Promise<RecordResult> {
  const live = await followLive(trx, snap, opts.zone);
  const session = live.session;
  const sessionStart = session ? session.started_at.getTime() : null;
  const prefix = `${snap.source}:`;
  let playsAdded = 0;

  // Older plays first, so ids follow time.
  for (const item of [...snap.history].reverse()) {
    const track = await upsertTrack(trx, item);
    if (!track) continue;
    const inSession = session !== null && sessionStart !== null && item.playedAt >= sessionStart && item.streamer !== null;
    const added = await recordPlay(trx, {
      trackId: track.id,
      playedAt: item.playedAt,
      sourcePlayId: item.sourceId ? prefix + item.sourceId : null,
      sessionId: inSession ? session.id : null,
      isLive: item.streamer !== null,
      streamerName: item.streamer,
    });
    if (added) playsAdded++;
  }

  let currentPlay: CurrentPlay | null = null;
  if (snap.track) {
    const track = await upsertTrack(trx, snap.track);
    if (track) {
      const prev = opts.previous;
      const sourcePlayId = snap.track.sourceId ? prefix + snap.track.sourceId : null;
      const continues = prev !== null && prev.trackKey === track.key && (sourcePlayId === null || prev.sourcePlayId === sourcePlayId);
      const playedAt = snap.track.startedAt ?? (continues ? prev.playedAt : snap.fetchedAt);
      currentPlay = { trackKey: track.key, trackId: track.id, playedAt, sourcePlayId };
      const added = await recordPlay(trx, {
        trackId: track.id,
        playedAt,
        sourcePlayId,
        sessionId: session?.id ?? null,
        isLive: snap.live.isLive,
        streamerName: snap.live.isLive ? snap.live.streamerName : null,
      });
      if (added) playsAdded++;
    }
  }
  return { currentPlay, session, sessionOpened: live.opened, sessionClosed: live.closed, wentLive: live.wentLive ?? null, playsAdded };
}

/** The public shape of a play. */
export function presentPlay(row: PlayRow): PlayEntry {
  return {
    id: Number(row.play_id),
    played_at: Math.floor(row.played_at.getTime() / 1000),
    is_live: row.is_live,
    streamer_name: row.streamer_name,
    song: presentSong({ ...row, id: row.track_id }),
    duration: row.duration_seconds !== null && row.duration_seconds > 0 ? Number(row.duration_seconds) : null,
  };
}

/** The latest plays, newest first (spec: 4 for recently played, 15 for the full history). */
export async function recentPlays(db: Db, limit: number, before: Date | null = null): Promise<PlayEntry[]> {
  return (await latestPlayRows(db, limit, before)).map(presentPlay);
}

function presentRanking(row: RankingRow): TrackRanking {
  return {
    song: presentSong(row),
    plays: Number(row.plays),
    up_votes: Number(row.up_votes ?? 0),
    down_votes: Number(row.down_votes ?? 0),
    last_played_at: row.last_played_at ? Math.floor(row.last_played_at.getTime() / 1000) : null,
  };
}

/** The most played tracks since an instant, most plays first (ties: most recently played). */
export async function mostPlayed(db: Db, limit: number, sinceMs: number): Promise<TrackRanking[]> {
  return (await mostPlayedRows(db, limit, new Date(sinceMs))).map(presentRanking);
}

/** The most liked tracks: best net score (up minus down) among tracks with at least one up vote; ties go to more up votes. */
export async function mostLiked(db: Db, limit: number): Promise<TrackRanking[]> {
  return (await mostLikedRows(db, limit)).map(presentRanking);
}

/** The bubbles counter. */
export async function getCounter(db: Db): Promise<CounterState> {
  return { id: 'bubble_clicks', count: await readBubbleCount(db) };
}

/** Adds one to the bubbles counter atomically (increment_bubble_clicks) and returns the new count. */
export async function incrementCounter(db: Db): Promise<CounterState> {
  return { id: 'bubble_clicks', count: await bumpBubbleCount(db) };
}
