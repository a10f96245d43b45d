import type { Knex } from 'knex';

/**
 * The settings domain's tables, and the only file that names them: station_settings (the single row, id 1: the
 * General Settings JSON and the widgets' framing allow-list) and server_secrets (the database-kept encryption key).
 * Rows in, rows out: the rules are in service.ts, secrets.ts and embed/service.ts.
 */

type Db = Knex | Knex.Transaction;

// ---------------------------------------------------------------------------
// station_settings
// ---------------------------------------------------------------------------

/** The saved General Settings JSON ({} when nothing is saved). */
export async function stationSettingsJson(db: Db): Promise<Record<string, unknown>> {
  const row = await db('station_settings').where({ id: 1 }).first<{ settings: Record<string, unknown> } | undefined>('settings');
  return row?.settings ?? {};
}

/** Replaces the General Settings JSON, stamped with who saved it. */
export async function writeStationSettingsJson(db: Db, settings: Record<string, unknown>, actorId: string): Promise<void> {
  await db('station_settings').where({ id: 1 }).update({ settings: JSON.stringify(settings), updated_by: actorId, updated_at: db.fn.now() });
}

/** The widgets' framing allow-list column as stored (migration 095_embed_settings). */
export async function embedFrameAncestorsValue(db: Db): Promise<unknown> {
  const row = await db('station_settings').where({ id: 1 }).first<{ embed_frame_ancestors: unknown } | undefined>('embed_frame_ancestors');
  return row?.embed_frame_ancestors;
}

/** Replaces the widgets' framing allow-list, stamped with who saved it. */
export async function writeEmbedFrameAncestors(db: Db, list: string[], actorId: string): Promise<void> {
  await db('station_settings').where({ id: 1 }).update({ embed_frame_ancestors: JSON.stringify(list), updated_by: actorId, updated_at: db.fn.now() });
}

// ---------------------------------------------------------------------------
// server_secrets
// ---------------------------------------------------------------------------

/** Stores `value` under `name` unless a value is there already (concurrent first uses agree on one); returns the kept value. */
export async function keepServerSecret(knex: Knex, name: string, value: string): Promise<string> {
  await knex.raw('INSERT INTO server_secrets (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING', [name, value]);
  const row = await knex('server_secrets').where({ name }).first<{ value: string }>('value');
  return row.value;
}
