import type { Knex } from 'knex';
import { runSql } from './sql';

/** Tracks, play history, listener votes, live broadcast sessions and the global counters. */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `
    CREATE TABLE tracks (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      track_key text NOT NULL UNIQUE,
      title text NOT NULL,
      artist text NOT NULL DEFAULT '',
      album text NOT NULL DEFAULT '',
      artwork_url text,
      duration_seconds integer CHECK (duration_seconds IS NULL OR duration_seconds >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX tracks_title_idx ON tracks (lower(title));
    CREATE INDEX tracks_artist_idx ON tracks (lower(artist));

    CREATE TABLE broadcast_sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      presenter_id uuid REFERENCES presenters(id) ON DELETE SET NULL,
      streamer_name text,
      schedule_event_id uuid REFERENCES schedule_events(id) ON DELETE SET NULL,
      started_at timestamptz NOT NULL,
      ended_at timestamptz,
      source text NOT NULL DEFAULT 'demo' CHECK (source IN ('demo','azuracast','icecast')),
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (ended_at IS NULL OR ended_at >= started_at)
    );
    CREATE INDEX broadcast_sessions_presenter_idx ON broadcast_sessions (presenter_id, started_at DESC);
    CREATE INDEX broadcast_sessions_started_idx ON broadcast_sessions (started_at DESC);
    CREATE UNIQUE INDEX broadcast_sessions_one_open ON broadcast_sessions ((true)) WHERE ended_at IS NULL;

    CREATE TABLE play_history (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      track_id uuid NOT NULL REFERENCES tracks(id) ON DELETE CASCADE,
      played_at timestamptz NOT NULL,
      broadcast_session_id uuid REFERENCES broadcast_sessions(id) ON DELETE SET NULL,
      is_live boolean NOT NULL DEFAULT false,
      streamer_name text,
      source_play_id text,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (track_id, played_at)
    );
    CREATE INDEX play_history_played_idx ON play_history (played_at DESC);
    CREATE INDEX play_history_track_idx ON play_history (track_id);
    CREATE INDEX play_history_session_idx ON play_history (broadcast_session_id) WHERE broadcast_session_id IS NOT NULL;

    CREATE TABLE track_votes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      track_id uuid NOT NULL REFERENCES tracks(id) ON DELETE CASCADE,
      user_session text NOT NULL CHECK (length(user_session) BETWEEN 1 AND 128),
      vote_type text NOT NULL CHECK (vote_type IN ('up','down')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (track_id, user_session)
    );
    CREATE INDEX track_votes_created_idx ON track_votes (created_at DESC);

    CREATE TABLE global_counters (
      id text PRIMARY KEY CHECK (id IN ('bubble_clicks')),
      count bigint NOT NULL DEFAULT 0 CHECK (count >= 0)
    );
    INSERT INTO global_counters (id, count) VALUES ('bubble_clicks', 0);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, 'DROP TABLE global_counters; DROP TABLE track_votes; DROP TABLE play_history; DROP TABLE broadcast_sessions; DROP TABLE tracks;');
}
