import type { Knex } from 'knex';
import type { WebhookEvent } from '../../../shared/integrations';
import type { DiscordWebhookBody } from './discord';

/**
 * The integrations domain's tables, and the only file that names them: webhook_endpoints and webhook_deliveries
 * (migration 070), discord_oauth_states (071) and discord_config (008; its secrets sealed by settings/secrets.ts).
 * Rows in, rows out: the rules are in webhooks.ts, discord-oauth.ts and settings/service.ts.
 */

type Db = Knex | Knex.Transaction;

// ---------------------------------------------------------------------------
// Webhook endpoints
// ---------------------------------------------------------------------------

export interface EndpointRow {
  id: string;
  name: string;
  webhook_id: string;
  webhook_token: string;
  events: WebhookEvent[];
  is_active: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

const ENDPOINT_COLUMNS = ['id', 'name', 'webhook_id', 'webhook_token', 'events', 'is_active', 'created_at', 'updated_at'];

/** Every webhook, oldest first. */
export async function endpointRows(db: Db): Promise<EndpointRow[]> {
  return db('webhook_endpoints').select<EndpointRow[]>(ENDPOINT_COLUMNS).orderBy('created_at', 'asc');
}

/** One webhook by id. */
export async function endpointRow(db: Db, id: string): Promise<EndpointRow | undefined> {
  return db('webhook_endpoints').where({ id }).first<EndpointRow | undefined>(ENDPOINT_COLUMNS);
}

export async function insertEndpoint(db: Db, values: { name: string; webhook_id: string; webhook_token: string; events: WebhookEvent[]; is_active: boolean; created_by: string }): Promise<EndpointRow> {
  const [row] = await db('webhook_endpoints').insert(values).returning<EndpointRow[]>(ENDPOINT_COLUMNS);
  return row!;
}

export async function updateEndpointRow(db: Db, id: string, values: { name?: string; events?: WebhookEvent[]; is_active?: boolean }): Promise<EndpointRow | undefined> {
  const [row] = await db('webhook_endpoints')
    .where({ id })
    .update({ ...values, updated_at: db.fn.now() })
    .returning<EndpointRow[]>(ENDPOINT_COLUMNS);
  return row;
}

/** Deletes a webhook (its deliveries go with it, on cascade); its name, or undefined. */
export async function deleteEndpointRow(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db('webhook_endpoints').where({ id }).del().returning<{ name: string }[]>(['name']);
  return row?.name;
}

/** The ids of the webhooks an event goes to: the one asked for, else every active one subscribed to the event. */
export async function endpointIdsFor(db: Db, event: string, onlyEndpointId?: string): Promise<string[]> {
  const q = db('webhook_endpoints').select<{ id: string }[]>('id');
  if (onlyEndpointId) void q.where({ id: onlyEndpointId });
  else void q.where({ is_active: true }).whereRaw('? = ANY(events)', [event]);
  return (await q).map((r) => r.id);
}

// ---------------------------------------------------------------------------
// Webhook deliveries
// ---------------------------------------------------------------------------

export interface DeliveryRow {
  id: string;
  endpoint_id: string;
  event: WebhookEvent | 'test';
  payload: DiscordWebhookBody;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  next_attempt_at: Date | string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: Date | string;
  delivered_at: Date | string | null;
}

/** The most recent deliveries with their webhook's name, optionally for one webhook. */
export async function deliveryRows(db: Db, opts: { endpointId?: string | undefined; limit: number }): Promise<(DeliveryRow & { endpoint_name: string })[]> {
  const q = db('webhook_deliveries as d')
    .join('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select<(DeliveryRow & { endpoint_name: string })[]>('d.id', 'd.endpoint_id', 'e.name as endpoint_name', 'd.event', 'd.payload', 'd.status', 'd.attempts', 'd.next_attempt_at', 'd.last_status_code', 'd.last_error', 'd.created_at', 'd.delivered_at')
    .orderBy('d.created_at', 'desc')
    .limit(opts.limit);
  if (opts.endpointId) void q.where('d.endpoint_id', opts.endpointId);
  return q;
}

/** Queues deliveries, ignoring any already queued for the same webhook and key; how many were new. */
export async function insertDeliveries(db: Db, rows: { endpoint_id: string; event: string; dedupe_key: string; payload: DiscordWebhookBody; at: Date }[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db('webhook_deliveries')
    .insert(rows.map((r) => ({ endpoint_id: r.endpoint_id, event: r.event, dedupe_key: r.dedupe_key, payload: JSON.stringify(r.payload), next_attempt_at: r.at, created_at: r.at })))
    .onConflict(['endpoint_id', 'dedupe_key'])
    .ignore()
    .returning('id');
  return inserted.length;
}

/**
 * Claims up to `batch` due deliveries for a minute (SKIP LOCKED, so instances never send the same one together),
 * counting the attempt.
 */
export async function claimDueDeliveries(knex: Knex, now: Date, batch: number): Promise<Pick<DeliveryRow, 'id' | 'endpoint_id' | 'event' | 'payload' | 'attempts'>[]> {
  return knex.transaction(async (trx) => {
    const due = await trx('webhook_deliveries')
      .select('id')
      .where({ status: 'pending' })
      .andWhere('next_attempt_at', '<=', now)
      .andWhere((w) => w.whereNull('locked_until').orWhere('locked_until', '<', now))
      .orderBy('next_attempt_at', 'asc')
      .limit(batch)
      .forUpdate()
      .skipLocked();
    if (due.length === 0) return [];
    return trx('webhook_deliveries')
      .whereIn('id', due.map((d: { id: string }) => d.id))
      .update({ locked_until: new Date(now.getTime() + 60_000), attempts: trx.raw('attempts + 1') })
      .returning<DeliveryRow[]>(['id', 'endpoint_id', 'event', 'payload', 'attempts']);
  });
}

/** Records a delivery's outcome and releases its claim. */
export async function finishDelivery(
  db: Db,
  id: string,
  outcome: { status: DeliveryRow['status']; last_status_code: number | null; last_error: string | null; delivered_at?: Date; next_attempt_at?: Date },
): Promise<void> {
  await db('webhook_deliveries')
    .where({ id })
    .update({ ...outcome, locked_until: null });
}

/** Deletes finished deliveries created before `before`; how many. */
export async function deleteDeliveriesBefore(db: Db, before: Date): Promise<number> {
  return db('webhook_deliveries').where('created_at', '<', before).whereNot({ status: 'pending' }).del();
}

// ---------------------------------------------------------------------------
// Discord sign-in states
// ---------------------------------------------------------------------------

export async function insertOAuthState(db: Db, values: { state_hash: string; browser_hash: string; redirect_uri: string; created_at: Date; expires_at: Date }): Promise<void> {
  await db('discord_oauth_states').insert(values);
}

/** Uses up an unused, unexpired state (atomically: a replay gets nothing back). */
export async function consumeOAuthState(db: Db, stateHash: string, now: Date): Promise<{ id: string; browser_hash: string; redirect_uri: string } | undefined> {
  const [row] = await db('discord_oauth_states')
    .where({ state_hash: stateHash })
    .whereNull('used_at')
    .andWhere('expires_at', '>', now)
    .update({ used_at: now })
    .returning<{ id: string; browser_hash: string; redirect_uri: string }[]>(['id', 'browser_hash', 'redirect_uri']);
  return row;
}

/** Parks the Discord account a sign-in reached, behind a link token's hash. */
export async function parkDiscordLink(db: Db, id: string, values: { discord_user_id: string; discord_username: string; link_hash: string; link_expires_at: Date }): Promise<void> {
  await db('discord_oauth_states').where({ id }).update(values);
}

/** The Discord account behind a link hash, while it is valid. */
export async function discordLinkRow(db: Db, linkHash: string, now: Date): Promise<{ discord_user_id: string | null; discord_username: string | null } | undefined> {
  return db('discord_oauth_states')
    .where({ link_hash: linkHash })
    .andWhere('link_expires_at', '>', now)
    .first<{ discord_user_id: string | null; discord_username: string | null } | undefined>('discord_user_id', 'discord_username');
}

export async function clearDiscordLink(db: Db, linkHash: string): Promise<void> {
  await db('discord_oauth_states').where({ link_hash: linkHash }).update({ link_hash: null, link_expires_at: null });
}

/** Deletes states expired before `cutoff` whose link (if any) is no longer valid at `now`; how many. */
export async function deleteOAuthStates(db: Db, cutoff: Date, now: Date): Promise<number> {
  return db('discord_oauth_states')
    .where('expires_at', '<', cutoff)
    .andWhere((w) => w.whereNull('link_expires_at').orWhere('link_expires_at', '<', now))
    .del();
}

// ---------------------------------------------------------------------------
// Discord configuration (the single row, id 1; secrets sealed by settings/secrets.ts)
// ---------------------------------------------------------------------------

export interface DiscordConfigRow {
  bot_token_enc: string;
  client_id: string;
  client_secret_enc: string;
  updated_at: Date;
}

const DISCORD_CONFIG_COLUMNS = ['bot_token_enc', 'client_id', 'client_secret_enc', 'updated_at'];

export async function discordConfigRow(db: Db): Promise<DiscordConfigRow | undefined> {
  return db('discord_config').where({ id: 1 }).first<DiscordConfigRow | undefined>();
}

export async function discordConfigExists(db: Db): Promise<boolean> {
  return Boolean(await db('discord_config').where({ id: 1 }).first('id'));
}

/** Creates or replaces the row; the stored values back. */
export async function upsertDiscordConfig(db: Db, values: { bot_token_enc: string; client_id: string; client_secret_enc: string; updated_by: string }): Promise<DiscordConfigRow | undefined> {
  const [row] = await db('discord_config')
    .insert({ id: 1, ...values, updated_at: db.fn.now() })
    .onConflict('id')
    .merge()
    .returning<DiscordConfigRow[]>(DISCORD_CONFIG_COLUMNS);
  return row;
}

/** Changes some columns; undefined when there is no row. */
export async function updateDiscordConfigRow(db: Db, patch: { bot_token_enc?: string; client_id?: string; client_secret_enc?: string; updated_by: string }): Promise<DiscordConfigRow | undefined> {
  const [row] = await db('discord_config')
    .where({ id: 1 })
    .update({ ...patch, updated_at: db.fn.now() })
    .returning<DiscordConfigRow[]>(DISCORD_CONFIG_COLUMNS);
  return row;
}

/** Deletes the webhook deliveries about these records (their Discord messages carried the person's name; issue 37 item 2). */
export async function deleteDeliveriesAbout(db: Db, dedupeKeys: readonly string[]): Promise<number> {
  if (dedupeKeys.length === 0) return 0;
  const rows = await db('webhook_deliveries').whereIn('dedupe_key', dedupeKeys).delete().returning<{ id: string }[]>('id');
  return rows.length;
}
