import type { Knex } from 'knex';
import { runSql } from './sql';

/**
 * Settings → Get listed (issue 36 item 3): one row. What the directories are told beyond General Settings
 * (country, language, tags, location), the id radio-browser.info gave the station's entry, and the TuneIn AIR
 * account now-playing is pushed to (its partner key sealed with the secret box, as the Discord token), with the
 * last song pushed (instances claim each song here, so it is pushed once) and TuneIn's last answer.
 */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `
    CREATE TABLE station_listing (
      id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      country_code text CHECK (country_code ~ '^[A-Z]{2}$'),
      language text CHECK (length(language) <= 100),
      tags text CHECK (length(tags) <= 200),
      geo_lat double precision CHECK (geo_lat BETWEEN -90 AND 90),
      geo_long double precision CHECK (geo_long BETWEEN -180 AND 180),
      radio_browser_uuid text CHECK (length(radio_browser_uuid) <= 64),
      radio_browser_registered_at timestamptz,
      tunein_enabled boolean NOT NULL DEFAULT false,
      tunein_station_id text CHECK (length(tunein_station_id) <= 20),
      tunein_partner_id text CHECK (length(tunein_partner_id) <= 100),
      tunein_partner_key_enc text,
      tunein_song_key text,
      tunein_pushed_at timestamptz,
      tunein_push_ok boolean,
      tunein_push_message text CHECK (length(tunein_push_message) <= 300),
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by uuid
    )
  `);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, 'DROP TABLE station_listing');
}
