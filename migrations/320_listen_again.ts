import type { Knex } from 'knex';
import { runSql } from './sql';

/**
 * Listen again (issue 32): the recorder's files (the station's public stream written as received, one
 * file per hour and connection, with how much of it is acknowledged on disk), the episodes cut from them
 * per show that aired, the station's settings (retention, public window, downloads) and each show's
 * publishing rule.
 */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `
    CREATE TABLE recording_files (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      path text NOT NULL CHECK (length(path) BETWEEN 1 AND 500),
      content_type text NOT NULL CHECK (length(content_type) BETWEEN 1 AND 100),
      sample_rate integer NOT NULL CHECK (sample_rate > 0),
      frame_samples integer NOT NULL CHECK (frame_samples > 0),
      started_at timestamptz NOT NULL,
      frames bigint NOT NULL DEFAULT 0 CHECK (frames >= 0),
      bytes bigint NOT NULL DEFAULT 0 CHECK (bytes >= 0),
      writer text NOT NULL CHECK (length(writer) BETWEEN 1 AND 100),
      acked_at timestamptz NOT NULL DEFAULT now(),
      closed boolean NOT NULL DEFAULT false,
      end_reason text CHECK (end_reason IS NULL OR length(end_reason) <= 300),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX recording_files_started_idx ON recording_files (started_at);
    CREATE INDEX recording_files_open_idx ON recording_files (writer) WHERE NOT closed;

    CREATE TABLE listen_again_settings (
      id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      recording_enabled boolean NOT NULL DEFAULT true,
      retention_days integer NOT NULL DEFAULT 90 CHECK (retention_days BETWEEN 1 AND 3650),
      logger_min_days integer NOT NULL DEFAULT 0 CHECK (logger_min_days BETWEEN 0 AND 3650),
      public_window_days integer NOT NULL DEFAULT 30 CHECK (public_window_days BETWEEN 0 AND 3650),
      downloads_enabled boolean,
      pre_roll_seconds integer NOT NULL DEFAULT 0 CHECK (pre_roll_seconds BETWEEN 0 AND 3600),
      post_roll_seconds integer NOT NULL DEFAULT 0 CHECK (post_roll_seconds BETWEEN 0 AND 3600),
      excluded_hours integer[] NOT NULL DEFAULT ARRAY[]::integer[] CHECK (excluded_hours <@ ARRAY[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23]),
      min_free_mb integer NOT NULL DEFAULT 1024 CHECK (min_free_mb BETWEEN 0 AND 1048576),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (retention_days >= logger_min_days)
    );
    INSERT INTO listen_again_settings (id) VALUES (1);

    CREATE TABLE listen_again_show_settings (
      show_key uuid PRIMARY KEY,
      publish text NOT NULL DEFAULT 'auto' CHECK (publish IN ('auto','approval','never')),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE episodes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      show_id uuid NOT NULL UNIQUE,
      show_key uuid NOT NULL,
      presenter_id uuid REFERENCES presenters(id) ON DELETE SET NULL,
      title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
      description text CHECK (description IS NULL OR length(description) <= 5000),
      aired_from timestamptz NOT NULL,
      aired_to timestamptz NOT NULL,
      trim_start_seconds integer NOT NULL DEFAULT 0 CHECK (trim_start_seconds >= 0),
      trim_end_seconds integer NOT NULL DEFAULT 0 CHECK (trim_end_seconds >= 0),
      status text NOT NULL CHECK (status IN ('published','pending','never','not_recorded')),
      hidden boolean NOT NULL DEFAULT false,
      file text CHECK (file IS NULL OR length(file) <= 500),
      content_type text,
      bytes bigint CHECK (bytes IS NULL OR bytes >= 0),
      duration_seconds real CHECK (duration_seconds IS NULL OR duration_seconds >= 0),
      gaps jsonb NOT NULL DEFAULT '[]'::jsonb,
      tracks jsonb NOT NULL DEFAULT '[]'::jsonb,
      cut_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (aired_to >= aired_from)
    );
    CREATE INDEX episodes_aired_idx ON episodes (aired_from DESC);
    CREATE INDEX episodes_show_key_idx ON episodes (show_key, aired_from DESC);
    CREATE INDEX episodes_presenter_idx ON episodes (presenter_id, aired_from DESC)
  `);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, `
    DROP TABLE episodes;
    DROP TABLE listen_again_show_settings;
    DROP TABLE listen_again_settings;
    DROP TABLE recording_files
  `);
}
