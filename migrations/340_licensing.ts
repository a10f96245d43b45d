import type { Knex } from 'knex';
import { runSql } from './sql';

/**
 * Music-licensing reports (issue 34). Tracks gain what the collecting
 * societies ask for (label, catalogue number, ISRC, writer/composer); each
 * play says where it came from (automation, live or manual) and, for a play
 * logged by hand, when it ended. Every connection to the demo station's own
 * stream is a listener session: when it started and ended and the listener's
 * country at the moment of connection (the address itself is not stored),
 * from which the reports count streams, territories and each play's actual
 * total performances. Plays are kept for good: no retention job touches them.
 */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `
    ALTER TABLE tracks ADD COLUMN label text NOT NULL DEFAULT '';
    ALTER TABLE tracks ADD COLUMN catalogue_number text NOT NULL DEFAULT '';
    ALTER TABLE tracks ADD COLUMN isrc text NOT NULL DEFAULT '';
    ALTER TABLE tracks ADD COLUMN composer text NOT NULL DEFAULT '';
    ALTER TABLE play_history ADD COLUMN origin text NOT NULL DEFAULT 'automation' CHECK (origin IN ('automation','live','manual'));
    ALTER TABLE play_history ADD COLUMN ended_at timestamptz;
    UPDATE play_history SET origin = 'live' WHERE is_live;
    CREATE TABLE listener_sessions (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      started_at timestamptz NOT NULL,
      ended_at timestamptz,
      country text CHECK (country IS NULL OR country ~ '^[A-Z]{2}$'),
      CHECK (ended_at IS NULL OR ended_at >= started_at)
    );
    CREATE INDEX listener_sessions_started_idx ON listener_sessions (started_at);
    CREATE INDEX listener_sessions_open_idx ON listener_sessions (ended_at) WHERE ended_at IS NULL
  `);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, `
    DROP TABLE listener_sessions;
    ALTER TABLE play_history DROP COLUMN ended_at;
    ALTER TABLE play_history DROP COLUMN origin;
    ALTER TABLE tracks DROP COLUMN composer;
    ALTER TABLE tracks DROP COLUMN isrc;
    ALTER TABLE tracks DROP COLUMN catalogue_number;
    ALTER TABLE tracks DROP COLUMN label
  `);
}
