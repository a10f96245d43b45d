import type { Knex } from 'knex';
import { incrementCounter, type CounterItem, type CounterKind } from './repo';

export type { CounterItem, CounterKind };

/**
 * Adds one to a public counter (a slide's or a sponsored item's views or clicks): an atomic UPDATE, so concurrent
 * listeners never lose a count. Unknown or inactive items count nothing.
 */
export async function bumpCounter(db: Knex, item: CounterItem, id: string, kind: CounterKind): Promise<void> {
  await incrementCounter(db, item, id, kind);
}
