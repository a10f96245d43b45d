import type { Knex } from 'knex';
import { runSql } from './sql';

/**
 * Mixcloud publishing of listen-again episodes (issue 32 item 6): the station's Mixcloud access token
 * (sealed like the Discord token: AES-256-GCM under SECRET_KEY or the key kept in the database) with the
 * rules an episode must meet, and each episode's upload: queued, requested (being sent), uploaded, skipped
 * with its reason, or failed; when Mixcloud asks to wait (its rate limit), until when.
 */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `
    CREATE TABLE mixcloud_config (
      id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      token_enc text NOT NULL CHECK (length(token_enc) BETWEEN 1 AND 2000),
      min_minutes integer NOT NULL DEFAULT 10 CHECK (min_minutes BETWEEN 0 AND 1440),
      min_tracks integer NOT NULL DEFAULT 3 CHECK (min_tracks BETWEEN 0 AND 100),
      tags jsonb NOT NULL DEFAULT '[]'::jsonb,
      paused_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE mixcloud_uploads (
      episode_id uuid PRIMARY KEY REFERENCES episodes(id) ON DELETE CASCADE,
      state text NOT NULL CHECK (state IN ('queued','requested','uploaded','skipped','failed')),
      reason text CHECK (reason IS NULL OR reason IN ('too_short','off_air','few_tracks')),
      message text CHECK (message IS NULL OR length(message) <= 500),
      attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      mixcloud_key text CHECK (mixcloud_key IS NULL OR length(mixcloud_key) <= 300),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX mixcloud_uploads_due_idx ON mixcloud_uploads (next_attempt_at) WHERE state IN ('queued','requested')
  `);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, `
    DROP TABLE mixcloud_uploads;
    DROP TABLE mixcloud_config
  `);
}
