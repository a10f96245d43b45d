import type { Knex } from 'knex';
import { runSql } from './sql';

/**
 * Go live from the studio (issue 31): the station's live-input settings (one
 * row; the Icecast source password sealed like the Discord token), each
 * presenter's AzuraCast streamer (DJ) account (password sealed), and the live
 * sessions Airdeck's own input opened (who, when, scheduled or not, and why it
 * ended), so a second presenter on any instance is told who is on air.
 */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `
    CREATE TABLE live_input_settings (
      id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      lead_minutes integer NOT NULL DEFAULT 5 CHECK (lead_minutes BETWEEN 0 AND 60),
      grace_minutes integer NOT NULL DEFAULT 2 CHECK (grace_minutes BETWEEN 0 AND 60),
      icecast_server text,
      icecast_mount text,
      icecast_password_enc text,
      azuracast_server text,
      azuracast_dj_port integer CHECK (azuracast_dj_port BETWEEN 1 AND 65535),
      azuracast_dj_mount text,
      updated_by uuid REFERENCES profiles(id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE live_streamer_accounts (
      presenter_id uuid PRIMARY KEY REFERENCES presenters(id) ON DELETE CASCADE,
      username text NOT NULL CHECK (length(username) BETWEEN 1 AND 200),
      password_enc text,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE live_sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid REFERENCES profiles(id) ON DELETE SET NULL,
      presenter_id uuid REFERENCES presenters(id) ON DELETE SET NULL,
      name text NOT NULL,
      show_id uuid,
      unscheduled boolean NOT NULL DEFAULT false,
      started_at timestamptz NOT NULL DEFAULT now(),
      closes_at timestamptz,
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      ended_at timestamptz,
      end_reason text,
      now_playing text,
      ticket_hash text NOT NULL
    );
    CREATE INDEX live_sessions_open_idx ON live_sessions (last_seen_at) WHERE ended_at IS NULL;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, `
    DROP TABLE live_sessions;
    DROP TABLE live_streamer_accounts;
    DROP TABLE live_input_settings
  `);
}
