import type { Knex } from 'knex';
import { runSql } from './sql';

/** Accounts (profiles), sign-in sessions with rotating refresh tokens, and the JWT signing keys. */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `
    CREATE TABLE profiles (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL CHECK (length(email) BETWEEN 3 AND 320),
      username text NOT NULL CHECK (length(username) BETWEEN 1 AND 100),
      avatar_url text,
      role text NOT NULL DEFAULT 'presenter'
        CHECK (role IN ('owner','manager','admin','moderator','presenter','guest','probation')),
      is_admin boolean NOT NULL DEFAULT false,
      is_active boolean NOT NULL DEFAULT true,
      password_hash text NOT NULL,
      password_reset_required boolean NOT NULL DEFAULT false,
      password_changed_at timestamptz NOT NULL DEFAULT now(),
      last_sign_in_at timestamptz,
      is_demo boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX profiles_email_lower_key ON profiles (lower(email));
    CREATE INDEX profiles_role_idx ON profiles (role);

    CREATE TABLE auth_sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
      client text NOT NULL DEFAULT 'web' CHECK (client IN ('web','desktop')),
      user_agent text,
      ip text,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      revoked_reason text
        CHECK (revoked_reason IS NULL OR revoked_reason IN ('sign_out','reuse_detected','deactivated','password_changed','deleted','expired','admin'))
    );
    CREATE INDEX auth_sessions_user_idx ON auth_sessions (user_id) WHERE revoked_at IS NULL;

    CREATE TABLE refresh_tokens (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      session_id uuid NOT NULL REFERENCES auth_sessions(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      parent_id bigint REFERENCES refresh_tokens(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      used_at timestamptz
    );
    CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id);

    CREATE TABLE signing_keys (
      kid text PRIMARY KEY,
      alg text NOT NULL CHECK (alg IN ('ES256','EdDSA','RS256')),
      public_jwk jsonb NOT NULL,
      private_jwk jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      retired_at timestamptz
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, 'DROP TABLE signing_keys; DROP TABLE refresh_tokens; DROP TABLE auth_sessions; DROP TABLE profiles;');
}
