import type { Knex } from 'knex';
import { runSql } from './sql';

/**
 * Request fairness: a normalised song key (artist + title) so the same song
 * is not requested again within the configured interval, and the table the
 * PostgreSQL rate limiter keeps its counters in.
 */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `
    ALTER TABLE song_requests ADD COLUMN song_key text CHECK (song_key IS NULL OR length(song_key) <= 500);
    CREATE INDEX song_requests_song_key_idx ON song_requests (song_key, created_at DESC);
    CREATE TABLE request_rate_limits (
      key varchar(255) PRIMARY KEY,
      points integer NOT NULL DEFAULT 0,
      expire bigint
    )
  `);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, 'DROP TABLE request_rate_limits; DROP INDEX song_requests_song_key_idx; ALTER TABLE song_requests DROP COLUMN song_key');
}
