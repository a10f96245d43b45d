import type { Knex } from 'knex';
import { runSql } from './sql';

/** Listener requests: songs, shoutouts and general inquiries. */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `
    CREATE TABLE song_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
      artist text NOT NULL CHECK (length(artist) BETWEEN 1 AND 200),
      requester text NOT NULL CHECK (length(requester) BETWEEN 1 AND 100),
      message text CHECK (message IS NULL OR length(message) <= 1000),
      user_session text CHECK (user_session IS NULL OR length(user_session) <= 128),
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','approved','rejected','played')),
      request_type text NOT NULL DEFAULT 'song' CHECK (request_type IN ('song','custom')),
      source text NOT NULL DEFAULT 'website' CHECK (source IN ('website','api')),
      track_id uuid REFERENCES tracks(id) ON DELETE SET NULL,
      external_url text,
      client_key text UNIQUE CHECK (client_key IS NULL OR length(client_key) <= 128),
      handled_by uuid REFERENCES profiles(id) ON DELETE SET NULL,
      broadcast_session_id uuid REFERENCES broadcast_sessions(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX song_requests_status_idx ON song_requests (status, created_at DESC);
    CREATE INDEX song_requests_created_idx ON song_requests (created_at DESC);
    CREATE INDEX song_requests_session_idx ON song_requests (user_session, created_at DESC);
    CREATE INDEX song_requests_song_idx ON song_requests (lower(artist), lower(title), created_at DESC);

    CREATE TABLE shoutout_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      requester_name text NOT NULL CHECK (length(requester_name) BETWEEN 1 AND 100),
      recipient_name text NOT NULL CHECK (length(recipient_name) BETWEEN 1 AND 100),
      message text NOT NULL CHECK (length(message) BETWEEN 1 AND 1000),
      user_session text CHECK (user_session IS NULL OR length(user_session) <= 128),
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','approved','rejected','completed')),
      handled_by uuid REFERENCES profiles(id) ON DELETE SET NULL,
      broadcast_session_id uuid REFERENCES broadcast_sessions(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX shoutout_requests_status_idx ON shoutout_requests (status, created_at DESC);
    CREATE INDEX shoutout_requests_session_idx ON shoutout_requests (user_session, created_at DESC);

    CREATE TABLE general_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      email text NOT NULL CHECK (length(email) BETWEEN 3 AND 320),
      subject text NOT NULL CHECK (subject IN ('general','feedback','technical','advertising','other')),
      message text NOT NULL CHECK (length(message) BETWEEN 1 AND 5000),
      user_session text CHECK (user_session IS NULL OR length(user_session) <= 128),
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','responded','closed','archived')),
      handled_by uuid REFERENCES profiles(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX general_requests_status_idx ON general_requests (status, created_at DESC);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, 'DROP TABLE general_requests; DROP TABLE shoutout_requests; DROP TABLE song_requests;');
}
