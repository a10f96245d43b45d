import type { Knex } from 'knex';
import { runSql } from './sql';

/**
 * The schedule: one model for shows, special events and maintenance slots.
 * The spec's separate `shows` table is folded in: a presenter's "approved
 * shows" are their schedule events of type show with status scheduled.
 * Dates and times are the station's wall clock (STATION_TIMEZONE).
 */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `
    CREATE TABLE schedule_events (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
      description text CHECK (description IS NULL OR length(description) <= 5000),
      type text NOT NULL DEFAULT 'show' CHECK (type IN ('show','event','maintenance')),
      event_date date NOT NULL,
      start_time time NOT NULL,
      end_time time NOT NULL,
      status text NOT NULL DEFAULT 'scheduled'
        CHECK (status IN ('scheduled','pending','conflicted','needs_review','cancelled','completed')),
      presenter_id uuid REFERENCES presenters(id) ON DELETE SET NULL,
      presenter_name text,
      presenter_bio text,
      presenter_image_url text,
      host text,
      image_url text,
      created_by uuid REFERENCES profiles(id) ON DELETE SET NULL,
      recurrence_type text NOT NULL DEFAULT 'once' CHECK (recurrence_type IN ('once','daily','weekly','monthly')),
      recurrence_end_date date,
      series_id uuid,
      booking_type text NOT NULL DEFAULT 'single' CHECK (booking_type IN ('single','series')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (recurrence_end_date IS NULL OR recurrence_end_date >= event_date)
    );
    CREATE INDEX schedule_events_date_idx ON schedule_events (event_date, start_time);
    CREATE INDEX schedule_events_status_date_idx ON schedule_events (status, event_date);
    CREATE INDEX schedule_events_series_idx ON schedule_events (series_id) WHERE series_id IS NOT NULL;
    CREATE INDEX schedule_events_presenter_idx ON schedule_events (presenter_id, event_date);
    CREATE INDEX schedule_events_created_by_idx ON schedule_events (created_by, event_date);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, 'DROP TABLE schedule_events');
}
