import type { Knex } from 'knex';

/**
 * The tracklists' own table, tracklist_reminders (migration 341): one row per
 * live session whose presenter was reminded of gaps in its tracklist. Only
 * this file names it; the plays themselves are the radio domain's.
 */

type Db = Knex | Knex.Transaction;

/** Claims the reminder of a session; answers false when it was already sent (by this instance or another). */
export async function claimTracklistReminder(db: Db, sessionId: string, gaps: number, at: Date): Promise<boolean> {
  const rows = await db('tracklist_reminders').insert({ broadcast_session_id: sessionId, gaps, sent_at: at }).onConflict('broadcast_session_id').ignore().returning<{ broadcast_session_id: string }[]>('broadcast_session_id');
  return rows.length > 0;
}

/** The sessions among these already reminded. */
export async function remindedSessions(db: Db, sessionIds: readonly string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db('tracklist_reminders').whereIn('broadcast_session_id', sessionIds).select<{ broadcast_session_id: string }[]>('broadcast_session_id');
  return new Set(rows.map((r) => r.broadcast_session_id));
}
