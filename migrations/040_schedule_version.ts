import type { Knex } from 'knex';
import { runSql } from './sql';

/**
 * A schedule version counter bumped by a trigger on every write to
 * schedule_events (any statement, any server instance), so public schedule
 * responses can be cached and revalidated with an ETag and are invalidated
 * the moment the schedule changes.
 */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `
    CREATE TABLE schedule_version (
      id integer PRIMARY KEY CHECK (id = 1),
      version bigint NOT NULL DEFAULT 1,
      changed_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO schedule_version (id, version) VALUES (1, 1)
  `);
  // One statement with a dollar-quoted body (it contains semicolons, so not through runSql).
  await knex.raw(`
    CREATE FUNCTION bump_schedule_version() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      UPDATE schedule_version SET version = version + 1, changed_at = now() WHERE id = 1;
      RETURN NULL;
    END
    $fn$
  `);
  await runSql(knex, `
    CREATE TRIGGER schedule_events_bump_version
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON schedule_events
      FOR EACH STATEMENT EXECUTE FUNCTION bump_schedule_version()
  `);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, `
    DROP TRIGGER schedule_events_bump_version ON schedule_events;
    DROP FUNCTION bump_schedule_version();
    DROP TABLE schedule_version
  `);
}
