import type { Knex } from 'knex';
import type { NowPlaying, VoteType } from '../../../shared/radio';
import type { LibraryTrack } from '../../../shared/requests';
import { joinableEventTitles } from '../schedule/repo';

/**
 * The radio domain's tables (tracks, play_history, track_votes, track_vote_totals, broadcast_sessions,
 * station_state, global_counters): only this file names them. The rules (cleaning a station's text, the track
 * key, following live sessions, the stats) are in service.ts and stats.ts; other domains (the staff dashboard,
 * the desktop's end-of-show summary, song requests) read tracks, plays, sessions and votes here. A session's
 * show title is joined in from the schedule's own piece ({@link joinableEventTitles}), one query.
 */

/** The play on air as the poller last recorded it (kept in station_state so any instance continues it). */
export interface CurrentPlay {
  trackKey: string;
  trackId: string;
  playedAt: number;
  sourcePlayId: string | null;
}

/** The open live session, if any. */
export interface OpenSession {
  id: string;
  presenter_id: string | null;
  streamer_name: string | null;
  schedule_event_id: string | null;
  started_at: Date;
}

type Db = Knex | Knex.Transaction;

/** A library track's title and artist (a song request for a picked track), or undefined. */
export async function findTrackTitle(db: Db, id: string): Promise<{ title: string; artist: string } | undefined> {
  return db('tracks').where({ id }).first<{ title: string; artist: string } | undefined>('title', 'artist');
}

/** Whether a track exists. */
export async function trackExists(db: Db, id: string): Promise<boolean> {
  return Boolean(await db('tracks').where({ id }).first('id'));
}

/** Escapes LIKE wildcards so a listener's `%` or `_` is matched literally. */
function likeEscape(q: string): string {
  return q.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Accent folding for library search (issue 38 item 9: "bjork" finds Björk): every Latin letter with marks whose
 * decomposition is a plain letter, upper and lower case, mapped by SQL's translate() to its plain lower-case letter,
 * and the combining marks themselves dropped (translate deletes what has no counterpart). Plain SQL, so PGlite and
 * PostgreSQL fold alike, with no extension.
 */
const FOLD = (() => {
  let from = '';
  let to = '';
  const ranges: [number, number][] = [[0xc0, 0x24f], [0x1e00, 0x1eff]];
  for (const [a, b] of ranges) {
    for (let c = a; c <= b; c++) {
      const ch = String.fromCodePoint(c);
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      if (base.length === 1 && /[A-Za-z]/.test(base)) {
        from += ch;
        to += base.toLowerCase();
      }
    }
  }
  for (let c = 0x300; c <= 0x36f; c++) from += String.fromCodePoint(c);
  return { from, to };
})();

/** A listener's search text folded as the SQL folds the library: no marks, lower case. */
export function foldSearch(q: string): string {
  return q.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}
const folded = (column: 'title' | 'artist' | 'album') => `lower(translate(coalesce(${column}, ''), ?, ?))`;

/**
 * The station's library: case- and accent-insensitive contains on title, album or artist (spec 000 §7; "bjork"
 * finds Björk, "adebayo" Adébáyọ̀), best matches first.
 */
export async function searchTracks(db: Db, q: string, limit: number): Promise<LibraryTrack[]> {
  const f = foldSearch(q);
  const pattern = `%${likeEscape(f)}%`;
  const rows = await db('tracks')
    .select<LibraryTrack[]>('id', 'title', 'artist', 'album', 'artwork_url')
    .where((w) =>
      w
        .whereRaw(`${folded('title')} LIKE ?`, [FOLD.from, FOLD.to, pattern])
        .orWhereRaw(`${folded('artist')} LIKE ?`, [FOLD.from, FOLD.to, pattern])
        .orWhereRaw(`${folded('album')} LIKE ?`, [FOLD.from, FOLD.to, pattern]),
    )
    .orderByRaw(`(${folded('title')} = ?) DESC, (${folded('title')} LIKE ?) DESC, lower(title) ASC, lower(artist) ASC`, [FOLD.from, FOLD.to, f, FOLD.from, FOLD.to, `${likeEscape(f)}%`])
    .limit(limit);
  return rows.map((r) => ({ id: r.id, title: r.title, artist: r.artist, album: r.album, artwork_url: r.artwork_url }));
}

/** The poller's last success and error (the health check; station_state's one row). */
export async function stationHealthRow(db: Db): Promise<{ last_success_at: Date | null; last_error: string | null } | undefined> {
  return db('station_state').where({ id: 1 }).first('last_success_at', 'last_error');
}

/** The last stored now-playing document (any instance wrote it), or null. */
export async function storedNowPlayingPayload(db: Db): Promise<NowPlaying | null> {
  const row = await db('station_state').where({ id: 1 }).first<{ payload: NowPlaying | null } | undefined>('payload');
  return row?.payload ?? null;
}

/** The play on air as the poller last recorded it (station_state), or null. */
export async function readCurrentPlay(db: Db): Promise<CurrentPlay | null> {
  const row = await db('station_state').where({ id: 1 }).first<{ current_play: CurrentPlay | null } | undefined>('current_play');
  return row?.current_play ?? null;
}

/** Marks the station's state stale after a failed poll, with the error. */
export async function markStationStale(db: Db, lastError: string): Promise<void> {
  await db('station_state').where({ id: 1 }).update({ stale: true, last_error: lastError, updated_at: db.fn.now() });
}

/** Stores the now-playing document every instance serves. */
export async function storeNowPlayingPayload(db: Db, doc: NowPlaying): Promise<void> {
  await db('station_state').where({ id: 1 }).update({ payload: JSON.stringify(doc) });
}

/** Records a successful poll: the play on air, not stale, no error. */
export async function storePollSuccess(db: Db, currentPlay: CurrentPlay | null, at: Date): Promise<void> {
  await db('station_state')
    .where({ id: 1 })
    .update({ current_play: currentPlay ? JSON.stringify(currentPlay) : null, stale: false, last_error: null, last_success_at: at, updated_at: db.fn.now() });
}

/** A track's vote totals (kept by a trigger), with a version that grows on every change. */
export interface TotalsRow {
  track_id: string;
  up_votes: number;
  down_votes: number;
  version: number;
}

/** A session's vote on a track, locked for the rest of the transaction, or undefined. */
export async function lockSessionVote(trx: Knex.Transaction, trackId: string, session: string): Promise<{ id: string; vote_type: VoteType } | undefined> {
  return trx('track_votes').where({ track_id: trackId, user_session: session }).forUpdate().first<{ id: string; vote_type: VoteType } | undefined>('id', 'vote_type');
}

/** Inserts a session's vote; false when another press of the same session got there first. */
export async function insertVote(db: Db, trackId: string, session: string, vote: VoteType): Promise<boolean> {
  const inserted = await db('track_votes').insert({ track_id: trackId, user_session: session, vote_type: vote }).onConflict(['track_id', 'user_session']).ignore().returning('id');
  return inserted.length > 0;
}

/** Removes a vote. */
export async function deleteVote(db: Db, id: string): Promise<void> {
  await db('track_votes').where({ id }).delete();
}

/** Switches a vote. */
export async function updateVote(db: Db, id: string, vote: VoteType): Promise<void> {
  await db('track_votes').where({ id }).update({ vote_type: vote, updated_at: db.fn.now() });
}

/** One track's vote totals, or undefined before its first vote. */
export async function voteTotalsOf(db: Db, trackId: string): Promise<TotalsRow | undefined> {
  return db('track_vote_totals').where({ track_id: trackId }).first<TotalsRow | undefined>();
}

/** Several tracks' vote totals. */
export async function voteTotalsOfTracks(db: Db, trackIds: readonly string[]): Promise<TotalsRow[]> {
  return db('track_vote_totals').whereIn('track_id', trackIds).select<TotalsRow[]>();
}

/** A session's own votes on several tracks. */
export async function sessionVotes(db: Db, trackIds: readonly string[], session: string): Promise<{ track_id: string; vote_type: VoteType }[]> {
  return db('track_votes').whereIn('track_id', trackIds).andWhere({ user_session: session }).select<{ track_id: string; vote_type: VoteType }[]>('track_id', 'vote_type');
}

// -------------------------------------------------------------------- tracks

/** A row of tracks as the radio domain reads it. */
export interface TrackRow {
  id: string;
  title: string;
  artist: string;
  album: string;
  artwork_url: string | null;
  duration_seconds: number | null;
}

/** The track with this normalised key (its id and the fields filled in later), or undefined. */
export async function trackByKey(db: Db, key: string): Promise<(Pick<TrackRow, 'id' | 'album' | 'artwork_url' | 'duration_seconds'> & TrackRights) | undefined> {
  return db('tracks').where({ track_key: key }).first<(TrackRow & TrackRights) | undefined>('id', 'album', 'artwork_url', 'duration_seconds', 'isrc', 'label', 'catalogue_number', 'composer');
}

/** A track's rights data (issue 34), `''` when not known. */
export interface TrackRights {
  isrc: string;
  label: string;
  catalogue_number: string;
  composer: string;
}

/** Fills in a track's missing album, artwork, duration or rights data. */
export async function fillTrack(db: Db, id: string, fill: Partial<Pick<TrackRow, 'album' | 'artwork_url' | 'duration_seconds'> & TrackRights>): Promise<void> {
  await db('tracks').where({ id }).update({ ...fill, updated_at: db.fn.now() });
}

/** Inserts a track unless its key exists (another reading got there first); answers its id either way. */
export async function insertTrack(db: Db, row: { track_key: string; title: string; artist: string; album: string; artwork_url: string | null; duration_seconds: number | null } & Partial<TrackRights>): Promise<string | undefined> {
  const inserted = await db('tracks').insert(row).onConflict('track_key').ignore().returning<{ id: string }[]>('id');
  return inserted[0]?.id ?? (await db('tracks').where({ track_key: row.track_key }).first<{ id: string }>('id'))?.id;
}

// --------------------------------------------------------------------- plays

/** Appends a play unless it is already recorded (the unique keys); answers whether a row was added. */
export async function insertPlay(
  db: Db,
  row: { track_id: string; played_at: Date; broadcast_session_id: string | null; is_live: boolean; streamer_name: string | null; source_play_id: string | null; origin?: 'automation' | 'live' | 'manual' },
): Promise<boolean> {
  const rows = await db('play_history').insert(row).onConflict().ignore().returning<{ id: number }[]>('id');
  return rows.length > 0;
}

/** A play with its track, as the history lists read it. */
export interface PlayRow extends TrackRow {
  play_id: number;
  played_at: Date;
  is_live: boolean;
  streamer_name: string | null;
  track_id: string;
}

/** The latest plays with their tracks, newest first; with `before`, only plays that started before that instant. */
export async function latestPlayRows(db: Db, limit: number, before: Date | null = null): Promise<PlayRow[]> {
  return db('play_history as p')
    .join('tracks as t', 't.id', 'p.track_id')
    .modify((q) => {
      if (before) void q.where('p.played_at', '<', before);
    })
    .select<PlayRow[]>('p.id as play_id', 'p.played_at', 'p.is_live', 'p.streamer_name', 'p.track_id', 't.title', 't.artist', 't.album', 't.artwork_url', 't.duration_seconds')
    .orderBy([{ column: 'p.played_at', order: 'desc' }, { column: 'p.id', order: 'desc' }])
    .limit(limit);
}

/** A track's plays and votes, as the rankings read them. */
export interface RankingRow extends TrackRow {
  plays: number;
  up_votes: number | null;
  down_votes: number | null;
  last_played_at: Date | null;
}

/** The most played tracks since an instant, most plays first (ties: most recently played). */
export async function mostPlayedRows(db: Db, limit: number, since: Date): Promise<RankingRow[]> {
  return db('play_history as p')
    .join('tracks as t', 't.id', 'p.track_id')
    .leftJoin('track_vote_totals as v', 'v.track_id', 't.id')
    .where('p.played_at', '>=', since)
    .groupBy('t.id', 'v.up_votes', 'v.down_votes')
    .select<RankingRow[]>('t.id', 't.title', 't.artist', 't.album', 't.artwork_url', 'v.up_votes', 'v.down_votes', db.raw('count(*)::int as plays'), db.raw('max(p.played_at) as last_played_at'))
    .orderBy([{ column: 'plays', order: 'desc' }, { column: 'last_played_at', order: 'desc' }])
    .limit(limit);
}

/** The most liked tracks: best net score (up minus down) among tracks with at least one up vote; ties go to more up votes. */
export async function mostLikedRows(db: Db, limit: number): Promise<RankingRow[]> {
  return db('track_vote_totals as v')
    .join('tracks as t', 't.id', 'v.track_id')
    .leftJoin(db('play_history').select('track_id').max({ last_played_at: 'played_at' }).count({ plays: '*' }).groupBy('track_id').as('p'), 'p.track_id', 't.id')
    .where('v.up_votes', '>', 0)
    .select<RankingRow[]>('t.id', 't.title', 't.artist', 't.album', 't.artwork_url', 'v.up_votes', 'v.down_votes', db.raw('coalesce(p.plays, 0)::int as plays'), 'p.last_played_at')
    .orderByRaw('(v.up_votes - v.down_votes) desc, v.up_votes desc, p.last_played_at desc nulls last')
    .limit(limit);
}

/** The plays of a live session with their tracks' titles and artists, oldest first (at most `limit`). */
export async function sessionPlays(db: Db, sessionId: string, limit: number): Promise<{ track_id: string; played_at: Date; title: string; artist: string }[]> {
  return db('play_history as p')
    .join('tracks as t', 't.id', 'p.track_id')
    .where('p.broadcast_session_id', sessionId)
    .orderBy('p.played_at', 'asc')
    .limit(limit)
    .select<{ track_id: string; played_at: Date; title: string; artist: string }[]>('p.track_id', 'p.played_at', 't.title', 't.artist');
}

/** How many plays went out in a presenter's live sessions. */
export async function presenterPlayCount(db: Db, presenterId: string): Promise<number> {
  const row = await db('play_history as p')
    .join('broadcast_sessions as s', 's.id', 'p.broadcast_session_id')
    .where('s.presenter_id', presenterId)
    .count<{ count: number | string }[]>({ count: '*' })
    .first();
  return Number(row?.count ?? 0);
}

// ------------------------------------------------------------- live sessions

/** The open live session, locked for the transaction (one reading of the station at a time follows it), or undefined. */
export async function lockOpenSession(trx: Knex.Transaction): Promise<OpenSession | undefined> {
  return trx('broadcast_sessions').whereNull('ended_at').forUpdate().first<OpenSession | undefined>('id', 'presenter_id', 'streamer_name', 'schedule_event_id', 'started_at');
}

/** Ends a live session at an instant. */
export async function endBroadcastSession(db: Db, id: string, at: Date): Promise<void> {
  await db('broadcast_sessions').where({ id }).update({ ended_at: at });
}

/** Opens a live session; answers it. */
export async function insertBroadcastSession(
  db: Db,
  row: { presenter_id: string | null; streamer_name: string | null; schedule_event_id: string | null; started_at: Date; source: string },
): Promise<OpenSession | undefined> {
  const [inserted] = await db('broadcast_sessions').insert(row).returning<OpenSession[]>(['id', 'presenter_id', 'streamer_name', 'schedule_event_id', 'started_at']);
  return inserted;
}

/** A live session with the title of the show it was matched to (null when none). */
export interface SessionRow {
  id: string;
  presenter_id: string | null;
  streamer_name: string | null;
  schedule_event_id: string | null;
  started_at: Date;
  ended_at: Date | null;
  title: string | null;
}

/** Live sessions with their shows' titles (the schedule's piece, joined in: one query). */
function sessionsWithTitles(db: Db): Knex.QueryBuilder {
  return db('broadcast_sessions as s')
    .leftJoin(joinableEventTitles(db).as('e'), 'e.id', 's.schedule_event_id')
    .select('s.id', 's.presenter_id', 's.streamer_name', 's.schedule_event_id', 's.started_at', 's.ended_at', 'e.title');
}

/** A presenter's live sessions, newest first. */
export async function presenterSessions(db: Db, presenterId: string): Promise<SessionRow[]> {
  return (await sessionsWithTitles(db).where('s.presenter_id', presenterId).orderBy('s.started_at', 'desc')) as SessionRow[];
}

/** Sessions overlapping [from, to), oldest first. */
export async function sessionRowsBetween(db: Db, from: Date, to: Date): Promise<SessionRow[]> {
  return (await sessionsWithTitles(db)
    .where('s.started_at', '<', to)
    .andWhere((q) => q.whereNull('s.ended_at').orWhere('s.ended_at', '>', from))
    .orderBy('s.started_at')) as SessionRow[];
}

/** A presenter's latest live session, or undefined. */
export async function latestSessionOf(db: Db, presenterId: string): Promise<{ id: string; started_at: Date; ended_at: Date | null; schedule_event_id: string | null } | undefined> {
  return db('broadcast_sessions as s')
    .where('s.presenter_id', presenterId)
    .orderBy('s.started_at', 'desc')
    .first<{ id: string; started_at: Date; ended_at: Date | null; schedule_event_id: string | null } | undefined>('s.id', 's.started_at', 's.ended_at', 's.schedule_event_id');
}

// --------------------------------------------------------------------- votes

/** Up and down votes cast on these tracks between two instants (inclusive), per track. */
export async function voteCountsBetween(db: Db, trackIds: readonly string[], from: Date, to: Date): Promise<{ track_id: string; up: number; down: number }[]> {
  if (trackIds.length === 0) return [];
  const rows = await db('track_votes')
    .whereIn('track_id', [...trackIds])
    .andWhere('created_at', '>=', from)
    .andWhere('created_at', '<=', to)
    .groupBy('track_id')
    .select<{ track_id: string; up: string | number; down: string | number }[]>('track_id', db.raw("count(*) FILTER (WHERE vote_type = 'up') AS up"), db.raw("count(*) FILTER (WHERE vote_type = 'down') AS down"));
  return rows.map((v) => ({ track_id: v.track_id, up: Number(v.up), down: Number(v.down) }));
}

/** The song with the best net votes (up minus down) cast since an instant; ties by more votes, then title. */
export async function topVotedTrackSince(db: Db, since: Date): Promise<{ id: string; title: string; artist: string; album: string | null; up: number; down: number } | undefined> {
  const row = (await db('track_votes as v')
    .join('tracks as t', 't.id', 'v.track_id')
    .where('v.created_at', '>=', since)
    .groupBy('t.id', 't.title', 't.artist', 't.album')
    .select(
      't.id',
      't.title',
      't.artist',
      't.album',
      db.raw("sum(CASE WHEN v.vote_type = 'up' THEN 1 ELSE 0 END)::int AS up"),
      db.raw("sum(CASE WHEN v.vote_type = 'down' THEN 1 ELSE 0 END)::int AS down"),
    )
    .orderByRaw("sum(CASE WHEN v.vote_type = 'up' THEN 1 ELSE -1 END) DESC, count(*) DESC, t.title")
    .first()) as { id: string; title: string; artist: string; album: string | null; up: number; down: number } | undefined;
  return row;
}

// ------------------------------------------------------------------- counter

/** The bubbles counter's count (0 before the first click). */
export async function readBubbleCount(db: Db): Promise<number> {
  const row = await db('global_counters').where({ id: 'bubble_clicks' }).first<{ count: number } | undefined>('count');
  return Number(row?.count ?? 0);
}

/** Adds one to the bubbles counter atomically (increment_bubble_clicks); answers the new count. */
export async function bumpBubbleCount(db: Db): Promise<number> {
  const rows = await db('global_counters')
    .insert({ id: 'bubble_clicks', count: 1 })
    .onConflict('id')
    .merge({ count: db.raw('global_counters.count + 1') })
    .returning<{ count: number }[]>('count');
  return Number(rows[0]?.count ?? 0);
}

/** Listener votes cast before `cutoff` lose their session id (each gets an unlinkable one of its own); the totals stay. Answers how many. */
export async function eraseVoteSessionsBefore(db: Db, cutoff: Date): Promise<number> {
  const rows = await db('track_votes')
    .where('created_at', '<', cutoff)
    .andWhereNot('user_session', 'like', 'erased-%')
    .update({ user_session: db.raw("'erased-' || id::text") })
    .returning<{ id: string }[]>('id');
  return rows.length;
}

// ------------------------------------------------------------ licensing (issue 34)

/** One play as the licensing reports read it: the track's rights data and the live session it belongs to. */
export interface PlayLogRow {
  play_id: number;
  played_at: Date;
  ended_at: Date | null;
  origin: 'automation' | 'live' | 'manual';
  is_live: boolean;
  streamer_name: string | null;
  track_id: string;
  title: string;
  artist: string;
  album: string;
  label: string;
  catalogue_number: string;
  isrc: string;
  composer: string;
  duration_seconds: number | null;
  session_streamer: string | null;
  session_show: string | null;
}

/** Plays that started in [from, to), oldest first, with their tracks and live sessions (one query). */
export async function playLogRows(db: Db, from: Date, to: Date): Promise<PlayLogRow[]> {
  return db('play_history as p')
    .join('tracks as t', 't.id', 'p.track_id')
    .leftJoin('broadcast_sessions as b', 'b.id', 'p.broadcast_session_id')
    .leftJoin(joinableEventTitles(db).as('e'), 'e.id', 'b.schedule_event_id')
    .where('p.played_at', '>=', from)
    .andWhere('p.played_at', '<', to)
    .select<PlayLogRow[]>(
      'p.id as play_id', 'p.played_at', 'p.ended_at', 'p.origin', 'p.is_live', 'p.streamer_name', 'p.track_id',
      't.title', 't.artist', 't.album', 't.label', 't.catalogue_number', 't.isrc', 't.composer', 't.duration_seconds',
      'b.streamer_name as session_streamer', 'e.title as session_show',
    )
    .orderBy([{ column: 'p.played_at', order: 'asc' }, { column: 'p.id', order: 'asc' }]);
}

/** The start of the first play at or after an instant (the end of the play before it), if any. */
export async function nextPlayStart(db: Db, at: Date): Promise<Date | null> {
  const row = await db('play_history').where('played_at', '>=', at).orderBy('played_at', 'asc').first<{ played_at: Date } | undefined>('played_at');
  return row?.played_at ?? null;
}

/** The track a play is of, with its rights data, or undefined for no such play. */
export async function trackOfPlay(db: Db, playId: string): Promise<({ id: string; title: string; artist: string; album: string } & TrackRights) | undefined> {
  return db('play_history as p')
    .join('tracks as t', 't.id', 'p.track_id')
    .where('p.id', playId)
    .first<({ id: string; title: string; artist: string; album: string } & TrackRights) | undefined>('t.id', 't.title', 't.artist', 't.album', 't.isrc', 't.label', 't.catalogue_number', 't.composer');
}

/** Sets a track's album and rights data (staff edits on the Reports screen; `''` clears a field). */
export async function setTrackRights(db: Db, trackId: string, fields: Partial<TrackRights & { album: string }>): Promise<void> {
  if (Object.keys(fields).length === 0) return;
  await db('tracks').where({ id: trackId }).update({ ...fields, updated_at: db.fn.now() });
}

/** The plays from the one on air at `from` to the last before `to`, oldest first (an episode's tracklist). */
export async function playRowsAround(db: Db, from: Date, to: Date): Promise<{ played_at: Date; title: string; artist: string }[]> {
  const cols = ['p.played_at', 't.title', 't.artist'];
  const before = await db('play_history as p').join('tracks as t', 't.id', 'p.track_id').where('p.played_at', '<=', from).where('p.played_at', '>', new Date(from.getTime() - 6 * 3_600_000)).orderBy('p.played_at', 'desc').first<{ played_at: Date; title: string; artist: string } | undefined>(cols);
  const inside = await db('play_history as p').join('tracks as t', 't.id', 'p.track_id').where('p.played_at', '>', from).where('p.played_at', '<', to).orderBy('p.played_at').select<{ played_at: Date; title: string; artist: string }[]>(cols);
  return before ? [before, ...inside] : inside;
}

/** The votes cast from these browser sessions, with their tracks, newest first (issue 37 item 2). */
export async function votesOfSessions(db: Db, sessions: readonly string[]): Promise<{ title: string; artist: string; vote_type: VoteType; created_at: Date | string }[]> {
  return db('track_votes as v')
    .join('tracks as t', 't.id', 'v.track_id')
    .whereIn('v.user_session', sessions)
    .orderBy('v.created_at', 'desc')
    .select('t.title', 't.artist', 'v.vote_type', 'v.created_at');
}

/** The votes of these sessions lose their session id (each gets an unlinkable one; the totals stay). Answers how many. */
export async function eraseVotesOfSessions(db: Db, sessions: readonly string[]): Promise<number> {
  const rows = await db('track_votes')
    .whereIn('user_session', sessions)
    .update({ user_session: db.raw("'erased-' || id::text") })
    .returning<{ id: string }[]>('id');
  return rows.length;
}

// ---------------------------------------------------- live-show tracklists (issue 34 item 2)

/** A live session with its show's title and presenter (the tracklist screen). */
export async function broadcastSessionById(db: Db, id: string): Promise<SessionRow | undefined> {
  return (await sessionsWithTitles(db).where('s.id', id).first()) as SessionRow | undefined;
}

/** The latest live sessions, newest first: one presenter's, or everyone's (null). */
export async function latestSessions(db: Db, presenterId: string | null, limit: number): Promise<SessionRow[]> {
  return (await sessionsWithTitles(db)
    .modify((q) => {
      if (presenterId) void q.where('s.presenter_id', presenterId);
    })
    .orderBy('s.started_at', 'desc')
    .limit(limit)) as SessionRow[];
}

/** Live sessions that ended in [from, to), with a presenter (the end-of-show reminder). */
export async function sessionsEndedBetween(db: Db, from: Date, to: Date): Promise<SessionRow[]> {
  return (await sessionsWithTitles(db).whereNotNull('s.presenter_id').where('s.ended_at', '>=', from).where('s.ended_at', '<', to).orderBy('s.ended_at')) as SessionRow[];
}

/** One play of a session's tracklist. */
export interface TracklistPlayRow {
  play_id: number | string;
  played_at: Date;
  origin: 'automation' | 'live' | 'manual';
  title: string;
  artist: string;
  album: string;
}

/** The plays of a live session, oldest first. */
export async function tracklistPlayRows(db: Db, sessionId: string): Promise<TracklistPlayRow[]> {
  return db('play_history as p')
    .join('tracks as t', 't.id', 'p.track_id')
    .where('p.broadcast_session_id', sessionId)
    .orderBy([{ column: 'p.played_at', order: 'asc' }, { column: 'p.id', order: 'asc' }])
    .select<TracklistPlayRow[]>('p.id as play_id', 'p.played_at', 'p.origin', 't.title', 't.artist', 't.album');
}

/** Every play that started in [from, to) with its artist and album (the performance complement), oldest first. */
export async function complementPlayRows(db: Db, from: Date, to: Date): Promise<TracklistPlayRow[]> {
  return db('play_history as p')
    .join('tracks as t', 't.id', 'p.track_id')
    .where('p.played_at', '>=', from)
    .andWhere('p.played_at', '<', to)
    .orderBy([{ column: 'p.played_at', order: 'asc' }, { column: 'p.id', order: 'asc' }])
    .select<TracklistPlayRow[]>('p.id as play_id', 'p.played_at', 'p.origin', 't.title', 't.artist', 't.album');
}

/** Adds a play logged by hand to a live session; answers its id, or null when that track is already logged at that instant. */
export async function insertLoggedPlay(db: Db, row: { track_id: string; played_at: Date; broadcast_session_id: string; streamer_name: string | null }): Promise<number | null> {
  const rows = await db('play_history')
    .insert({ ...row, is_live: true, source_play_id: null, origin: 'manual' })
    .onConflict()
    .ignore()
    .returning<{ id: number | string }[]>('id');
  return rows[0] ? Number(rows[0].id) : null;
}

/** Removes a play of a live session that did not happen (logged by hand or from the live metadata); answers whether one went. */
export async function deleteSessionPlay(db: Db, sessionId: string, playId: number): Promise<boolean> {
  const rows = await db('play_history').where({ id: playId, broadcast_session_id: sessionId }).whereIn('origin', ['manual', 'live']).delete().returning<{ id: number }[]>('id');
  return rows.length > 0;
}

/** When each of these tracks was last played. */
export async function lastPlayedOf(db: Db, trackIds: readonly string[]): Promise<Map<string, Date>> {
  if (trackIds.length === 0) return new Map();
  const rows = await db('play_history').whereIn('track_id', trackIds).groupBy('track_id').select<{ track_id: string; last: Date }[]>('track_id', db.raw('max(played_at) as last'));
  return new Map(rows.map((r) => [r.track_id, new Date(r.last)]));
}

/** The tracks played most recently (distinct), newest first (the search with nothing typed). */
export async function recentlyPlayedTracks(db: Db, limit: number): Promise<{ id: string; title: string; artist: string; album: string; last: Date }[]> {
  return db('play_history as p')
    .join('tracks as t', 't.id', 'p.track_id')
    .groupBy('t.id')
    .select<{ id: string; title: string; artist: string; album: string; last: Date }[]>('t.id', 't.title', 't.artist', 't.album', db.raw('max(p.played_at) as last'))
    .orderBy('last', 'desc')
    .limit(limit);
}
