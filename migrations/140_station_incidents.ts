import type { Knex } from 'knex';
import { runSql } from './sql';

/**
 * Dead air (issue 33): every incident the station's ears found (silence, off air, stuck metadata, a live
 * presenter who is silent), who was on air and which show, when it began and ended and whether staff
 * were alerted; the watch's settings (one row); and the `station.dead_air` webhook event.
 */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `
    CREATE TABLE station_incidents (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      kind text NOT NULL CHECK (kind IN ('silence','off_air','stuck','live_silent')),
      started_at timestamptz NOT NULL,
      ended_at timestamptz,
      show_id uuid REFERENCES schedule_events(id) ON DELETE SET NULL,
      show_title text CHECK (show_title IS NULL OR length(show_title) <= 200),
      presenter_id uuid REFERENCES presenters(id) ON DELETE SET NULL,
      presenter_name text CHECK (presenter_name IS NULL OR length(presenter_name) <= 200),
      detail text CHECK (detail IS NULL OR length(detail) <= 500),
      escalated_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (ended_at IS NULL OR ended_at >= started_at)
    );
    CREATE INDEX station_incidents_started_idx ON station_incidents (started_at DESC);
    CREATE UNIQUE INDEX station_incidents_open_idx ON station_incidents (kind) WHERE ended_at IS NULL;
    CREATE TABLE dead_air_settings (
      id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      silence_threshold_db real NOT NULL DEFAULT -50 CHECK (silence_threshold_db BETWEEN -90 AND -10),
      silence_seconds integer NOT NULL DEFAULT 10 CHECK (silence_seconds BETWEEN 2 AND 60),
      off_air_seconds integer NOT NULL DEFAULT 5 CHECK (off_air_seconds BETWEEN 2 AND 120),
      stuck_factor real NOT NULL DEFAULT 2 CHECK (stuck_factor BETWEEN 1 AND 10),
      stuck_unknown_minutes integer NOT NULL DEFAULT 20 CHECK (stuck_unknown_minutes BETWEEN 1 AND 240),
      escalate_after_seconds integer NOT NULL DEFAULT 120 CHECK (escalate_after_seconds BETWEEN 0 AND 7200),
      duty_roles text[] NOT NULL DEFAULT ARRAY['owner','manager','admin']::text[]
        CHECK (duty_roles <@ ARRAY['owner','manager','admin','moderator','presenter','guest','probation']::text[]),
      backup_stream_url text CHECK (backup_stream_url IS NULL OR length(backup_stream_url) <= 500),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO dead_air_settings (id) VALUES (1);
    ALTER TABLE webhook_endpoints DROP CONSTRAINT webhook_endpoints_events_check;
    ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_events_check CHECK (cardinality(events) >= 1
      AND events <@ ARRAY['presenter.live','show.booked','application.received','station.dead_air']::text[]);
    ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_event_check;
    ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_event_check CHECK (event IN ('presenter.live','show.booked','application.received','station.dead_air','test'))
  `);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, `
    DELETE FROM webhook_deliveries WHERE event = 'station.dead_air';
    UPDATE webhook_endpoints SET events = array_remove(events, 'station.dead_air');
    DELETE FROM webhook_endpoints WHERE cardinality(events) = 0;
    ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_event_check;
    ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_event_check CHECK (event IN ('presenter.live','show.booked','application.received','test'));
    ALTER TABLE webhook_endpoints DROP CONSTRAINT webhook_endpoints_events_check;
    ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_events_check CHECK (cardinality(events) >= 1
      AND events <@ ARRAY['presenter.live','show.booked','application.received']::text[]);
    DROP TABLE dead_air_settings;
    DROP TABLE station_incidents
  `);
}
