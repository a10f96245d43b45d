import type { Knex } from 'knex';
import { urlOrigins } from '../db/origins';

/**
 * The radio domain's tables (tracks, play_history, track_votes, track_vote_totals, broadcast_sessions,
 * station_state, global_counters). Most of the radio's SQL is still in service.ts, votes.ts, stats.ts and the
 * poller (listed crossings in tests/lint/table-owners.test.ts); it moves here.
 */

/** The origins of tracks' external artwork (the content security policy's img-src). */
export async function trackArtworkOrigins(db: Knex | Knex.Transaction): Promise<string[]> {
  return urlOrigins(db, 'tracks', 'artwork_url');
}
