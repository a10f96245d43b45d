import type { Knex } from 'knex';

/** The public counters: slide and sponsored views and clicks. */
export type CounterTable = 'slider_content' | 'sponsored_content';
/** Which counter. */
export type CounterKind = 'view' | 'click';

/**
 * Adds one to a counter of an active item (an atomic UPDATE, so concurrent
 * listeners never lose a count). Unknown or inactive items count nothing.
 */
export async function bumpCounter(db: Knex, table: CounterTable, id: string, kind: CounterKind): Promise<void> {
  const column = kind === 'view' ? 'view_count' : 'click_count';
  await db(table).where({ id, is_active: true }).increment(column, 1);
}
