import type { Knex } from 'knex';
import { runSql } from './sql';

/**
 * Discord sign-in for applicants: each OAuth state, stored hashed, bound to
 * the browser that started it (a hashed cookie nonce), single use, expiring;
 * after the callback, the linked Discord account waits here (behind a second
 * hashed cookie token) until the application is submitted.
 */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `
    CREATE TABLE discord_oauth_states (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      state_hash text NOT NULL UNIQUE,
      browser_hash text NOT NULL,
      redirect_uri text NOT NULL CHECK (length(redirect_uri) <= 500),
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      discord_user_id text CHECK (discord_user_id IS NULL OR discord_user_id ~ '^[0-9]{5,25}$'),
      discord_username text CHECK (discord_username IS NULL OR length(discord_username) <= 100),
      link_hash text UNIQUE,
      link_expires_at timestamptz
    );
    CREATE INDEX discord_oauth_states_expires_idx ON discord_oauth_states (expires_at)
  `);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, 'DROP TABLE discord_oauth_states');
}
