import type { Knex } from 'knex';
import { runSql } from './sql';

/**
 * Audience figures (issue 21). Every station reading adds to its minute's row
 * (one upsert per poll): how many readings, their sum, the peak, and how many
 * were taken while a presenter was live. Minute rows are kept 90 days; each
 * finished hour is rolled into an hourly row kept for good. No listener
 * address is ever stored: only counts.
 *
 * The demo station counts the connections to its own stream; with several
 * server instances on PostgreSQL each one reports its own count here and the
 * poller adds them up.
 *
 * Two General Settings switches (audience_settings), off by default: average listeners on the
 * public DJ profile, and "N listening" on the listener player.
 */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `
    CREATE TABLE audience_minutes (
      minute timestamptz PRIMARY KEY,
      samples integer NOT NULL CHECK (samples > 0),
      listeners_sum bigint NOT NULL CHECK (listeners_sum >= 0),
      peak integer NOT NULL CHECK (peak >= 0),
      live_samples integer NOT NULL DEFAULT 0 CHECK (live_samples >= 0 AND live_samples <= samples)
    );
    CREATE TABLE audience_hours (
      hour timestamptz PRIMARY KEY,
      minutes integer NOT NULL CHECK (minutes >= 0),
      listener_minutes double precision NOT NULL CHECK (listener_minutes >= 0),
      peak integer NOT NULL CHECK (peak >= 0),
      autodj_minutes integer NOT NULL CHECK (autodj_minutes >= 0),
      autodj_listener_minutes double precision NOT NULL CHECK (autodj_listener_minutes >= 0)
    );
    CREATE TABLE audience_stream_connections (
      instance_id text PRIMARY KEY,
      connections integer NOT NULL CHECK (connections >= 0),
      seen_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE audience_settings (
      id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      show_on_profiles boolean NOT NULL DEFAULT false,
      show_listener_count boolean NOT NULL DEFAULT false,
      updated_by uuid REFERENCES profiles(id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO audience_settings (id) VALUES (1)
  `);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, `
    DROP TABLE audience_settings;
    DROP TABLE audience_stream_connections;
    DROP TABLE audience_hours;
    DROP TABLE audience_minutes
  `);
}
