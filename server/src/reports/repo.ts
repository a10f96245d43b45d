import type { Knex } from 'knex';

/**
 * The licensing reports' own table, listener_sessions (issue 34): one row per
 * connection to the demo station's stream, with its start, its end (null while
 * it is open) and the listener's country at the moment of connection. No
 * address is stored. Only this file names the table.
 */

type Db = Knex | Knex.Transaction;

/** A listener session as the reports read it. */
export interface ListenerSessionRow {
  id: number;
  started_at: Date;
  ended_at: Date | null;
  country: string | null;
}

/** Opens a session; answers its id. */
export async function insertListenerSession(db: Db, startedAt: Date, country: string | null): Promise<number> {
  const [row] = await db('listener_sessions').insert({ started_at: startedAt, country }).returning<{ id: number | string }[]>('id');
  return Number(row!.id);
}

/** Closes a session (never before it started). */
export async function closeListenerSession(db: Db, id: number, endedAt: Date): Promise<void> {
  await db('listener_sessions')
    .where({ id })
    .whereNull('ended_at')
    .update({ ended_at: db.raw('GREATEST(started_at, ?::timestamptz)', [endedAt.toISOString()]) });
}

/** Closes every session still open (a restart: the connections are gone), at the given instant. */
export async function closeOpenListenerSessions(db: Db, at: Date): Promise<number> {
  return db('listener_sessions')
    .whereNull('ended_at')
    .update({ ended_at: db.raw('GREATEST(started_at, ?::timestamptz)', [at.toISOString()]) });
}

/** Sessions that overlap [from, to) (an open one overlaps until now). */
export async function listenerSessionsOverlapping(db: Db, from: Date, to: Date): Promise<ListenerSessionRow[]> {
  const rows = await db('listener_sessions')
    .where('started_at', '<', to)
    .andWhere((q) => q.whereNull('ended_at').orWhere('ended_at', '>', from))
    .orderBy('started_at', 'asc')
    .select<(ListenerSessionRow & { id: number | string })[]>('id', 'started_at', 'ended_at', 'country');
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}
