import type { Knex } from 'knex';
import { runSql } from './sql';

/**
 * The desktop studio's session summary counts the requests one presenter
 * handled in a window (`requestsHandledBetween`: by `handled_by`, then
 * `updated_at`). Without an index that reads every stored request. The
 * indexes are partial: a new request has no handler yet, so inserts (the
 * listener's hot path) never touch them.
 */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `
    CREATE INDEX song_requests_handled_idx ON song_requests (handled_by, updated_at) WHERE handled_by IS NOT NULL;
    CREATE INDEX shoutout_requests_handled_idx ON shoutout_requests (handled_by, updated_at) WHERE handled_by IS NOT NULL
  `);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, `
    DROP INDEX shoutout_requests_handled_idx;
    DROP INDEX song_requests_handled_idx
  `);
}
