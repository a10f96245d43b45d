import type { Knex } from 'knex';
import { runSql } from './sql';

/**
 * Staff accounts that a stolen password cannot open (issue 37 items 4 and 5):
 * an account's TOTP secret (sealed like the Discord token; enabled once a
 * first code proved it; the last time step used, so a code works once), its
 * recovery codes (only their hashes), the short-lived second-step challenges
 * of a sign-in whose password was right (only their hashes, with a count of
 * wrong codes), the owner's policy of which roles must use two-factor
 * sign-in, and the single-use password-reset links sent by e-mail.
 */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `
    CREATE TABLE mfa_totp (
      user_id uuid PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
      secret_enc text NOT NULL,
      enabled_at timestamptz,
      last_step bigint NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE mfa_recovery_codes (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      used_at timestamptz
    );
    CREATE INDEX mfa_recovery_codes_user_idx ON mfa_recovery_codes (user_id);

    CREATE TABLE mfa_challenges (
      token_hash text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('verify','enroll')),
      client text NOT NULL CHECK (client IN ('web','desktop')),
      ip text,
      user_agent text,
      attempts integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX mfa_challenges_expires_idx ON mfa_challenges (expires_at);

    CREATE TABLE mfa_policy (
      id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      enforced boolean NOT NULL DEFAULT false,
      roles text[] NOT NULL DEFAULT ARRAY['owner','manager','admin']::text[],
      updated_by uuid REFERENCES profiles(id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO mfa_policy (id) VALUES (1);

    CREATE TABLE password_reset_tokens (
      token_hash text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, 'DROP TABLE password_reset_tokens; DROP TABLE mfa_policy; DROP TABLE mfa_challenges; DROP TABLE mfa_recovery_codes; DROP TABLE mfa_totp');
}
