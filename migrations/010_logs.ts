import type { Knex } from 'knex';
import { runSql } from './sql';

/** The audit trail: every sign-in and every staff write. */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `
    CREATE TABLE user_action_logs (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id uuid REFERENCES profiles(id) ON DELETE SET NULL,
      user_email text,
      action_type text NOT NULL CHECK (action_type IN ('create','update','delete','login','logout','login_failed','export','other')),
      resource_type text NOT NULL CHECK (length(resource_type) <= 64),
      resource_id text,
      resource_name text,
      details jsonb,
      ip text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX user_action_logs_created_idx ON user_action_logs (created_at DESC);
    CREATE INDEX user_action_logs_action_idx ON user_action_logs (action_type, created_at DESC);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, 'DROP TABLE user_action_logs');
}
