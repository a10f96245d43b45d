import type { Knex } from 'knex';
import { runSql } from './sql';

/**
 * Sign-in rate-limit counters shared by every server instance on PostgreSQL
 * (rate-limiter-flexible's PostgreSQL store; its own table layout). With the
 * embedded database the limiter counts in memory and this table stays empty.
 */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `
    CREATE TABLE auth_rate_limits (
      key varchar(255) PRIMARY KEY,
      points integer NOT NULL DEFAULT 0,
      expire bigint
    );
    CREATE INDEX auth_rate_limits_expire_idx ON auth_rate_limits (expire)
  `);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, 'DROP TABLE auth_rate_limits');
}
