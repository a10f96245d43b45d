import type { Knex } from 'knex';
import type { NowPlaying, VoteType } from '../../../shared/radio';
import type { LibraryTrack } from '../../../shared/requests';
import { urlOrigins } from '../db/origins';
import type { CurrentPlay } from './service';

/**
 * The radio domain's tables (tracks, play_history, track_votes, track_vote_totals, broadcast_sessions,
 * station_state, global_counters). Most of the radio's SQL is still in service.ts, votes.ts, stats.ts and the
 * poller (listed crossings in tests/lint/table-owners.test.ts); it moves here. Other domains read tracks here.
 */

/** The origins of tracks' external artwork (the content security policy's img-src). */
export async function trackArtworkOrigins(db: Knex | Knex.Transaction): Promise<string[]> {
  return urlOrigins(db, 'tracks', 'artwork_url');
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

/** The station's library: case-insensitive contains on title, album or artist (spec 000 §7), best matches first. */
export async function searchTracks(db: Db, q: string, limit: number): Promise<LibraryTrack[]> {
  const pattern = `%${likeEscape(q)}%`;
  const rows = await db('tracks')
    .select<LibraryTrack[]>('id', 'title', 'artist', 'album', 'artwork_url')
    .where((w) => w.whereILike('title', pattern).orWhereILike('artist', pattern).orWhereILike('album', pattern))
    .orderByRaw('(lower(title) = lower(?)) DESC, (lower(title) LIKE lower(?)) DESC, lower(title) ASC, lower(artist) ASC', [q, `${likeEscape(q)}%`])
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
