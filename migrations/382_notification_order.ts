import type { Knex } from 'knex';
import { runSql } from './sql';

/**
 * `admin_notifications.seq`: the order notifications were stored in. Two notifications of one write (a booking and the
 * conflict it makes) can carry the same `created_at` where the clock is coarse (the embedded database's clock counts
 * milliseconds), and the id (random) then ordered them by chance; the list orders by time, then by this.
 */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `ALTER TABLE admin_notifications ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY`);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, `ALTER TABLE admin_notifications DROP COLUMN seq`);
}
