import type { Knex } from 'knex';

/** The one row of `station_listing` (issue 36 item 3: Settings → Get listed). */
export interface ListingRow {
  country_code: string | null;
  language: string | null;
  tags: string | null;
  geo_lat: number | null;
  geo_long: number | null;
  radio_browser_uuid: string | null;
  radio_browser_registered_at: Date | null;
  tunein_enabled: boolean;
  tunein_station_id: string | null;
  tunein_partner_id: string | null;
  tunein_partner_key_enc: string | null;
  tunein_song_key: string | null;
  tunein_pushed_at: Date | null;
  tunein_push_ok: boolean | null;
  tunein_push_message: string | null;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const date = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(v as string));

/** The row, or null before the first save. */
export async function readListing(knex: Knex): Promise<ListingRow | null> {
  const row = await knex('station_listing').where({ id: 1 }).first<Record<string, unknown> | undefined>();
  if (!row) return null;
  return {
    ...(row as unknown as ListingRow),
    geo_lat: num(row.geo_lat),
    geo_long: num(row.geo_long),
    radio_browser_registered_at: date(row.radio_browser_registered_at),
    tunein_pushed_at: date(row.tunein_pushed_at),
  };
}

/** Writes the given columns (the row is made on first use). */
export async function writeListing(knex: Knex, patch: Partial<ListingRow> & { updated_by?: string | null }): Promise<void> {
  await knex('station_listing')
    .insert({ id: 1, ...patch, updated_at: knex.fn.now() })
    .onConflict('id')
    .merge({ ...patch, updated_at: knex.fn.now() });
}

/**
 * Claims a song for the TuneIn push: true for the one caller (of every instance) that moved the row's last song
 * key to `key`; false when it was already that song.
 */
export async function claimTuneInSong(knex: Knex, key: string): Promise<boolean> {
  const n = await knex('station_listing').where({ id: 1, tunein_enabled: true }).andWhere((q) => q.whereNull('tunein_song_key').orWhereNot('tunein_song_key', key)).update({ tunein_song_key: key });
  return Number(n) > 0;
}

/** Records TuneIn's answer to the last push. */
export async function recordTuneInPush(knex: Knex, at: Date, ok: boolean, message: string): Promise<void> {
  await knex('station_listing').where({ id: 1 }).update({ tunein_pushed_at: at, tunein_push_ok: ok, tunein_push_message: message.slice(0, 300) });
}
