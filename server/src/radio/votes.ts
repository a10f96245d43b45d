import type { Knex } from 'knex';
import { nextVote, type VoteState, type VoteType } from '../../../shared/radio';

/**
 * Listener votes on tracks, keyed by the browser's anonymous session id. One
 * vote per track and session is enforced by the database (UNIQUE (track_id,
 * user_session)); per-track totals are kept by a trigger in the same
 * transaction, with a version that grows on every change so pushed counts can
 * be ordered.
 */

type Db = Knex | Knex.Transaction;

interface TotalsRow {
  track_id: string;
  up_votes: number;
  down_votes: number;
  version: number;
}

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
      const track = await trx('tracks').where({ id: trackId }).first<{ id: string } | undefined>('id');
      if (!track) throw new UnknownTrackError('Track not found');
      const row = await trx('track_votes').where({ track_id: trackId, user_session: session }).forUpdate().first<{ id: string; vote_type: VoteType } | undefined>('id', 'vote_type');
      const target = nextVote(row?.vote_type ?? null, pressed);
      if (!row) {
        const inserted = await trx('track_votes').insert({ track_id: trackId, user_session: session, vote_type: pressed }).onConflict(['track_id', 'user_session']).ignore().returning('id');
        // Another press of the same session got there first: read again and apply this press on top.
        if (inserted.length === 0) return null;
      } else if (target === null) {
        await trx('track_votes').where({ id: row.id }).delete();
      } else {
        await trx('track_votes').where({ id: row.id }).update({ vote_type: target, updated_at: trx.fn.now() });
      }
      const totals = await trx('track_vote_totals').where({ track_id: trackId }).first<TotalsRow | undefined>();
      return presentVotes(trackId, totals, target);
    });
    if (result) return result;
    if (attempt >= 3) throw new Error('vote kept conflicting');
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
  const totals = await db('track_vote_totals').whereIn('track_id', trackIds).select<TotalsRow[]>();
  const mine = session
    ? await db('track_votes').whereIn('track_id', trackIds).andWhere({ user_session: session }).select<{ track_id: string; vote_type: VoteType }[]>('track_id', 'vote_type')
    : [];
  const byTrack = new Map(totals.map((t) => [t.track_id, t]));
  const myVote = new Map(mine.map((m) => [m.track_id, m.vote_type]));
  return trackIds.map((id) => presentVotes(id, byTrack.get(id), myVote.get(id) ?? null));
}
