import type { Knex } from 'knex';
import { nextVote, type VoteState, type VoteType } from '../../../shared/radio';
import { deleteVote, insertVote, lockSessionVote, sessionVotes, trackExists, updateVote, voteTotalsOf, voteTotalsOfTracks, type TotalsRow } from './repo';

/**
 * Listener votes on tracks, keyed by the browser's anonymous session id. One
 * vote per track and session is enforced by the database (UNIQUE (track_id,
 * user_session)); per-track totals are kept by a trigger in the same
 * transaction, with a version that grows on every change so pushed counts can
 * be ordered.
 */

type Db = Knex | Knex.Transaction;

/** Thrown when the track voted on does not exist. */
export class UnknownTrackError extends Error {
  override name = 'UnknownTrackError';
}

/**
 * Applies the spec's transition for one press (none → the vote; the same vote
 * again → removed; the opposite → switched) and returns the track's counts
 * and the session's vote afterwards, all read in the same transaction.
 * Concurrent presses by the same session are serialised on the vote row.
 */
export async function castVote(knex: Knex, trackId: string, session: string, pressed: VoteType): Promise<VoteState> {
  for (let attempt = 0; ; attempt++) {
    const result = await knex.transaction(async (trx) => {
      if (!(await trackExists(trx, trackId))) throw new UnknownTrackError('Track not found');
      const row = await lockSessionVote(trx, trackId, session);
      const target = nextVote(row?.vote_type ?? null, pressed);
      if (!row) {
        // Another press of the same session got there first: read again and apply this press on top.
        if (!(await insertVote(trx, trackId, session, pressed))) return null;
      } else if (target === null) {
        await deleteVote(trx, row.id);
      } else {
        await updateVote(trx, row.id, target);
      }
      const totals = await voteTotalsOf(trx, trackId);
      return presentVotes(trackId, totals, target);
    });
    if (result) return result;
    // Each lost race means another press of the same session was applied first (it inserted the row this press
    // found missing, or removed the one it waited on), so a burst of n presses needs up to n attempts: four were
    // too few for a burst of nine on PostgreSQL (a press answered 500 and the session's vote came out wrong).
    if (attempt >= 31) throw new Error('vote kept conflicting');
  }
}

function presentVotes(trackId: string, totals: TotalsRow | undefined, mine: VoteType | null): VoteState {
  return {
    track_id: trackId,
    up_votes: Number(totals?.up_votes ?? 0),
    down_votes: Number(totals?.down_votes ?? 0),
    my_vote: mine,
    version: Number(totals?.version ?? 0),
  };
}

/** Counts for several tracks (get_track_vote_counts), with the session's own votes when a session is given. */
export async function voteStates(db: Db, trackIds: readonly string[], session: string | null): Promise<VoteState[]> {
  if (trackIds.length === 0) return [];
  const totals = await voteTotalsOfTracks(db, trackIds);
  const mine = session ? await sessionVotes(db, trackIds, session) : [];
  const byTrack = new Map(totals.map((t) => [t.track_id, t]));
  const myVote = new Map(mine.map((m) => [m.track_id, m.vote_type]));
  return trackIds.map((id) => presentVotes(id, byTrack.get(id), myVote.get(id) ?? null));
}
