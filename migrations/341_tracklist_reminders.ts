import type { Knex } from 'knex';
import { runSql } from './sql';

/**
 * Live-show tracklists (issue 34 item 2): the end-of-show reminder is sent
 * once per live session whose tracklist has gaps. One row per session
 * reminded (the unique key makes one instance of several send it).
 */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `
    CREATE TABLE tracklist_reminders (
      broadcast_session_id uuid PRIMARY KEY REFERENCES broadcast_sessions(id) ON DELETE CASCADE,
      gaps integer NOT NULL CHECK (gaps >= 0),
      sent_at timestamptz NOT NULL
    )
  `);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, 'DROP TABLE tracklist_reminders');
}
