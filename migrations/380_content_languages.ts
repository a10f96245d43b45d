import type { Knex } from 'knex';
import { runSql } from './sql';

/**
 * Station content in several languages (issue 35 item 6): each show (schedule event), custom page and slide keeps
 * its translations as JSON (language code → translated fields, shared/content-languages.ts; the columns it already
 * has hold the station's default language), and each show a broadcast language, an ISO 639-1 or 639-3 code.
 */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `
    ALTER TABLE schedule_events ADD COLUMN broadcast_language text CHECK (broadcast_language IS NULL OR broadcast_language ~ '^[a-z]{2,3}$');
    ALTER TABLE schedule_events ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(translations) = 'object');
    CREATE INDEX schedule_events_broadcast_language_idx ON schedule_events (broadcast_language, event_date) WHERE broadcast_language IS NOT NULL;
    ALTER TABLE custom_pages ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(translations) = 'object');
    ALTER TABLE slider_content ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(translations) = 'object')
  `);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, `
    ALTER TABLE slider_content DROP COLUMN translations;
    ALTER TABLE custom_pages DROP COLUMN translations;
    DROP INDEX schedule_events_broadcast_language_idx;
    ALTER TABLE schedule_events DROP COLUMN translations;
    ALTER TABLE schedule_events DROP COLUMN broadcast_language
  `);
}
