import type { Knex } from 'knex';
import { runSql } from './sql';

/**
 * Data kept only as long as needed (issue 37 item 1): the station's retention
 * periods (one row, each with its default), the analytics level of the
 * listener-facing counters (full session ids, a daily-salted hash, or
 * nothing), and each run of the daily retention job with what it removed.
 */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `
    CREATE TABLE privacy_settings (
      id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      analytics_level text NOT NULL DEFAULT 'hashed' CHECK (analytics_level IN ('full','hashed','none')),
      request_days integer NOT NULL DEFAULT 30 CHECK (request_days BETWEEN 1 AND 3650),
      vote_days integer NOT NULL DEFAULT 30 CHECK (vote_days BETWEEN 1 AND 3650),
      page_view_days integer NOT NULL DEFAULT 30 CHECK (page_view_days BETWEEN 1 AND 3650),
      inquiry_days integer NOT NULL DEFAULT 180 CHECK (inquiry_days BETWEEN 1 AND 3650),
      application_days integer NOT NULL DEFAULT 365 CHECK (application_days BETWEEN 1 AND 3650),
      failed_signin_days integer NOT NULL DEFAULT 90 CHECK (failed_signin_days BETWEEN 1 AND 3650),
      audit_days integer NOT NULL DEFAULT 730 CHECK (audit_days BETWEEN 1 AND 3650),
      email_days integer NOT NULL DEFAULT 30 CHECK (email_days BETWEEN 1 AND 3650),
      daily_salt text,
      daily_salt_day text,
      updated_by uuid REFERENCES profiles(id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO privacy_settings (id) VALUES (1);

    CREATE TABLE retention_runs (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      ran_at timestamptz NOT NULL DEFAULT now(),
      removed jsonb NOT NULL
    );
    CREATE INDEX retention_runs_ran_idx ON retention_runs (ran_at DESC);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, 'DROP TABLE retention_runs; DROP TABLE privacy_settings');
}
