import type { Knex } from 'knex';
import { runSql } from './sql';

/**
 * Dead air, the rest of issue 33: the 10-second sample of the stream kept with an incident (around its
 * start, MP3 as the station sends it, for staff to hear what listeners heard), and two settings: whether
 * samples are kept and whether the duty staff are also e-mailed.
 */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `
    CREATE TABLE station_incident_samples (
      incident_id uuid PRIMARY KEY REFERENCES station_incidents(id) ON DELETE CASCADE,
      content_type text NOT NULL CHECK (length(content_type) BETWEEN 1 AND 100),
      audio bytea NOT NULL CHECK (length(audio) BETWEEN 1 AND 2000000),
      from_at timestamptz NOT NULL,
      to_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (to_at >= from_at)
    );
    ALTER TABLE dead_air_settings ADD COLUMN keep_samples boolean NOT NULL DEFAULT true;
    ALTER TABLE dead_air_settings ADD COLUMN email_alerts boolean NOT NULL DEFAULT true
  `);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, `
    ALTER TABLE dead_air_settings DROP COLUMN email_alerts;
    ALTER TABLE dead_air_settings DROP COLUMN keep_samples;
    DROP TABLE station_incident_samples
  `);
}
