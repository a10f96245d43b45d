import type { Knex } from 'knex';
import { presenterByName, presenterByPanelId } from '../presenters/repo';
import { RADIO_FALLBACKS, type CounterState, type NowPlayingSong, type PlayEntry, type TrackRanking } from '../../../shared/radio';
import { matchShowForSession } from './schedule';
import { trackKey } from './sources/normalise';
import type { NowPlayingSnapshot } from './sources/types';

/**
 * The radio domain's rules and SQL: tracks (deduplicated on the normalised
 * artist and title), play history (once per play), live broadcast sessions,
 * the history and ranking lists, and the bubbles counter.
 */

type Db = Knex | Knex.Transaction;

/** The longest text kept from a station's metadata. */
const MAX_TEXT = 500;

/** Station text made safe to store: no NUL (PostgreSQL refuses it), trimmed, bounded. */
export function cleanText(s: string | null | undefined): string {
  return (s ?? '').replace(/\u0000/g, '').trim().slice(0, MAX_TEXT);
}

/** A row of tracks as the radio domain reads it. */
export interface TrackRow {
  id: string;
  title: string;
  artist: string;
  album: string;
  artwork_url: string | null;
  duration_seconds: number | null;
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
  const existing = await db('tracks').where({ track_key: key }).first<TrackRow | undefined>('id', 'album', 'artwork_url', 'duration_seconds');
  if (existing) {
    const fill: Record<string, unknown> = {};
    if (!existing.album && album) fill.album = album;
    if (!existing.artwork_url && art) fill.artwork_url = art;
    if (existing.duration_seconds === null && duration !== null) fill.duration_seconds = duration;
    if (Object.keys(fill).length > 0) await db('tracks').where({ id: existing.id }).update({ ...fill, updated_at: db.fn.now() });
    return { id: existing.id, key };
  }
  const inserted = await db('tracks')
    .insert({ track_key: key, title: title || RADIO_FALLBACKS.title, artist, album, artwork_url: art, duration_seconds: duration })
    .onConflict('track_key')
    .ignore()
    .returning<{ id: string }[]>('id');
  const id = inserted[0]?.id ?? (await db('tracks').where({ track_key: key }).first<{ id: string }>('id'))?.id;
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
  const rows = await db('play_history')
    .insert({
      track_id: play.trackId,
      played_at: new Date(play.playedAt),
      broadcast_session_id: play.sessionId,
      is_live: play.isLive,
      streamer_name: play.streamerName ? cleanText(play.streamerName) : null,
      source_play_id: play.sourcePlayId,
    })
    .onConflict()
    .ignore()
    .returning<{ id: number }[]>('id');
  return rows.length > 0;
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

/** The open live session, if any. */
export interface OpenSession {
  id: string;
  presenter_id: string | null;
  streamer_name: string | null;
  schedule_event_id: string | null;
  started_at: Date;
}

/** The play on air as the poller last recorded it (kept in station_state so any instance continues it). */
export interface CurrentPlay {
  trackKey: string;
  trackId: string;
  playedAt: number;
  sourcePlayId: string | null;
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
  const open = await trx('broadcast_sessions').whereNull('ended_at').forUpdate().first<OpenSession | undefined>('id', 'presenter_id', 'streamer_name', 'schedule_event_id', 'started_at');
  const at = snap.fetchedAt;
  if (!snap.live.isLive) {
    if (!open) return { session: null, opened: false, closed: false };
    await trx('broadcast_sessions').where({ id: open.id }).update({ ended_at: new Date(Math.max(at, open.started_at.getTime())) });
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
    await trx('broadcast_sessions').where({ id: open.id }).update({ ended_at: new Date(Math.max(startedAt, open.started_at.getTime())) });
    closed = true;
  }
  const show = await matchShowForSession(trx, startedAt, presenter?.id ?? null, zone);
  const [row] = await trx('broadcast_sessions')
    .insert({
      presenter_id: presenter?.id ?? null,
      streamer_name: cleanText(snap.live.streamerName) || presenter?.name || null,
      schedule_event_id: show?.id ?? null,
      started_at: new Date(startedAt),
      source: snap.source,
    })
    .returning<OpenSession[]>(['id', 'presenter_id', 'streamer_name', 'schedule_event_id', 'started_at']);
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

interface PlayRow extends TrackRow {
  play_id: number;
  played_at: Date;
  is_live: boolean;
  streamer_name: string | null;
  track_id: string;
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
export async function recentPlays(db: Db, limit: number): Promise<PlayEntry[]> {
  const rows = await db('play_history as p')
    .join('tracks as t', 't.id', 'p.track_id')
    .select<PlayRow[]>('p.id as play_id', 'p.played_at', 'p.is_live', 'p.streamer_name', 'p.track_id', 't.title', 't.artist', 't.album', 't.artwork_url', 't.duration_seconds')
    .orderBy([{ column: 'p.played_at', order: 'desc' }, { column: 'p.id', order: 'desc' }])
    .limit(limit);
  return rows.map(presentPlay);
}

interface RankingRow extends TrackRow {
  plays: number;
  up_votes: number | null;
  down_votes: number | null;
  last_played_at: Date | null;
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
  const rows = await db('play_history as p')
    .join('tracks as t', 't.id', 'p.track_id')
    .leftJoin('track_vote_totals as v', 'v.track_id', 't.id')
    .where('p.played_at', '>=', new Date(sinceMs))
    .groupBy('t.id', 'v.up_votes', 'v.down_votes')
    .select<RankingRow[]>('t.id', 't.title', 't.artist', 't.album', 't.artwork_url', 'v.up_votes', 'v.down_votes', db.raw('count(*)::int as plays'), db.raw('max(p.played_at) as last_played_at'))
    .orderBy([{ column: 'plays', order: 'desc' }, { column: 'last_played_at', order: 'desc' }])
    .limit(limit);
  return rows.map(presentRanking);
}

/** The most liked tracks: best net score (up minus down) among tracks with at least one up vote; ties go to more up votes. */
export async function mostLiked(db: Db, limit: number): Promise<TrackRanking[]> {
  const rows = await db('track_vote_totals as v')
    .join('tracks as t', 't.id', 'v.track_id')
    .leftJoin(db('play_history').select('track_id').max({ last_played_at: 'played_at' }).count({ plays: '*' }).groupBy('track_id').as('p'), 'p.track_id', 't.id')
    .where('v.up_votes', '>', 0)
    .select<RankingRow[]>('t.id', 't.title', 't.artist', 't.album', 't.artwork_url', 'v.up_votes', 'v.down_votes', db.raw('coalesce(p.plays, 0)::int as plays'), 'p.last_played_at')
    .orderByRaw('(v.up_votes - v.down_votes) desc, v.up_votes desc, p.last_played_at desc nulls last')
    .limit(limit);
  return rows.map(presentRanking);
}

/** The bubbles counter. */
export async function getCounter(db: Db): Promise<CounterState> {
  const row = await db('global_counters').where({ id: 'bubble_clicks' }).first<{ count: number } | undefined>('count');
  return { id: 'bubble_clicks', count: Number(row?.count ?? 0) };
}

/** Adds one to the bubbles counter atomically (increment_bubble_clicks) and returns the new count. */
export async function incrementCounter(db: Db): Promise<CounterState> {
  const rows = await db('global_counters')
    .insert({ id: 'bubble_clicks', count: 1 })
    .onConflict('id')
    .merge({ count: db.raw('global_counters.count + 1') })
    .returning<{ count: number }[]>('count');
  return { id: 'bubble_clicks', count: Number(rows[0]?.count ?? 0) };
}
