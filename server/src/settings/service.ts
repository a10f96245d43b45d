import type { Knex } from 'knex';
import { maskSecret, type DiscordConfigView } from '../../../shared/content';
import { DEFAULT_STATION, StationInfoSchema, type StationInfo } from '../../../shared/station';
import type { Config } from '../config';
import { recordAction, type AuditActor } from '../users/audit';
import { fail } from '../http/errors';
import type { SecretBox } from './secrets';
import type { EventBus } from '../realtime/bus';
import { CONTENT_EVENTS } from '../../../shared/content';
import { stationSettingsJson, writeStationSettingsJson } from './repo';
import { discordConfigExists, discordConfigRow, updateDiscordConfigRow, upsertDiscordConfig, type DiscordConfigRow as DiscordRow } from '../integrations/repo';

/** Reads the station's identity: saved settings over the blank defaults, with the configured stream and time zone. */
export async function getStationInfo(knex: Knex | Knex.Transaction, config: Config): Promise<StationInfo> {
  return mergeStation(await stationSettingsJson(knex), config);
}

/** Saved values over the defaults; a saved value that no longer validates falls back to its default alone. */
function mergeStation(saved: Record<string, unknown>, config: Config): StationInfo {
  const base: StationInfo = { ...DEFAULT_STATION, streamUrl: config.STREAM_URL ?? DEFAULT_STATION.streamUrl, timezone: config.STATION_TIMEZONE };
  const out: Record<string, unknown> = { ...base };
  const shape = StationInfoSchema.shape;
  for (const key of Object.keys(shape) as (keyof typeof shape)[]) {
    if (!(key in saved)) continue;
    const parsed = shape[key].safeParse(saved[key]);
    if (parsed.success) out[key] = parsed.data;
  }
  return StationInfoSchema.parse(out);
}

/** How long a cached copy may live without a save event: a backstop for a missed bus event. */
const CACHE_MS = 60_000;

/**
 * This instance's copy of the station's settings, for hot paths (song
 * requests, page heads, every date in the station's time zone). Owned by the
 * app context (`ctx.settings`): the copy is dropped at once when this
 * instance saves General Settings, and on every instance when the save's
 * `station.updated` event (or a `bus.resync`) arrives on the bus.
 */
export interface SettingsCache {
  /** The station's identity, read once and kept until a save. */
  station(): Promise<StationInfo>;
  /** The station's time zone: General Settings first, else STATION_TIMEZONE. */
  timezone(): Promise<string>;
  /** The copy while it holds (no read), else undefined; compared by identity (the public reads' fast lane, http/fast-lane.ts). */
  peek(): Promise<StationInfo> | undefined;
  /** Drops the copy (after a save). */
  invalidate(): void;
  /** Stops listening to the bus. */
  close(): void;
}

/** Makes the instance's settings cache; it listens on the bus for saves made by any instance. */
export function createSettingsCache(deps: { knex: Knex; config: Config; bus: EventBus; now?: () => number }): SettingsCache {
  const now = deps.now ?? (() => Date.now());
  let hit: { at: number; value: Promise<StationInfo> } | null = null;
  let generation = 0;
  const invalidate = () => {
    generation++;
    hit = null;
  };
  const unsubscribe = deps.bus.subscribe((event) => {
    if (event.name === 'bus.resync' || (event.channel === 'content' && event.name === CONTENT_EVENTS.stationUpdated)) invalidate();
  });
  const station = (): Promise<StationInfo> => {
    const t = now();
    if (hit && t - hit.at < CACHE_MS) return hit.value;
    const gen = generation;
    const value = getStationInfo(deps.knex, deps.config);
    // A read that started before a save must not be kept after it.
    const entry = { at: t, value };
    if (gen === generation) hit = entry;
    value.then(
      () => {
        if (gen !== generation && hit === entry) hit = null;
      },
      () => {
        if (hit === entry) hit = null;
      },
    );
    return value;
  };
  return {
    station,
    timezone: async () => (await station()).timezone,
    peek: () => (hit && now() - hit.at < CACHE_MS ? hit.value : undefined),
    invalidate,
    close: unsubscribe,
  };
}

/** The station's identity for code on hot paths (page-view dates, analytics): the instance's cached copy. */
export function cachedStationInfo(ctx: { settings: SettingsCache }): Promise<StationInfo> {
  return ctx.settings.station();
}

/** The station's time zone: General Settings first, else STATION_TIMEZONE (cached, dropped on save). */
export async function stationTimezone(ctx: { settings: SettingsCache }): Promise<string> {
  return ctx.settings.timezone();
}

/** Saves General Settings (already validated) and records who did it. */
export async function saveStationInfo(knex: Knex, config: Config, input: StationInfo, actor: AuditActor): Promise<StationInfo> {
  const saved = await knex.transaction(async (trx) => {
    const before = await getStationInfo(trx, config);
    // Saving is also finishing the first-run setup; the store's own keys (demo, setupCompleted) stay.
    const raw = await rawSettings(trx);
    await writeStationSettingsJson(trx, { ...raw, ...input, setupCompleted: true }, actor.id);
    const changed = (Object.keys(input) as (keyof StationInfo)[]).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(input[k]));
    await recordAction(trx, { actor, action: 'update', resourceType: 'station_settings', resourceId: 1, resourceName: input.name, details: { changed } });
    return getStationInfo(trx, config);
  });
  return saved;
}

// ------------------------------------------------------------------ First-run setup

function rawSettings(knex: Knex | Knex.Transaction): Promise<Record<string, unknown>> {
  return stationSettingsJson(knex);
}

/**
 * Whether the station still waits for its first-run setup: nothing saved yet.
 * Done once General Settings (or the setup) are saved or the setup is skipped;
 * the demo seed marks it done, and an install that saved its settings before
 * the flag existed counts as set up.
 */
export async function isSetupNeeded(knex: Knex): Promise<boolean> {
  const raw = await rawSettings(knex);
  return !(raw.setupCompleted === true || raw.demo === true || typeof raw.name === 'string');
}

/** Skips the first-run setup: the settings stay as they are; recorded in the audit log. */
export async function skipSetup(knex: Knex, actor: AuditActor): Promise<void> {
  await knex.transaction(async (trx) => {
    const raw = await rawSettings(trx);
    await writeStationSettingsJson(trx, { ...raw, setupCompleted: true }, actor.id);
    await recordAction(trx, { actor, action: 'update', resourceType: 'station_settings', resourceId: 1, resourceName: 'First-run setup', details: { skipped: true } });
  });
}

// ------------------------------------------------------------------ Discord

/** The plain Discord credentials, for the integrations that call Discord; null when not configured or unreadable. */
export async function getDiscordCredentials(knex: Knex, box: SecretBox): Promise<{ botToken: string; clientId: string; clientSecret: string } | null> {
  const row = await discordConfigRow(knex);
  if (!row) return null;
  const botToken = box.open(row.bot_token_enc);
  const clientSecret = box.open(row.client_secret_enc);
  if (botToken === null || clientSecret === null) return null;
  return { botToken, clientId: row.client_id, clientSecret };
}

/** The owner's view: masked secrets; 'no row' means not configured (spec 001 §8). */
export async function getDiscordView(knex: Knex, box: SecretBox): Promise<DiscordConfigView> {
  const row = await discordConfigRow(knex);
  if (!row) return { configured: false };
  return presentDiscord(row, box);
}

function presentDiscord(row: DiscordRow, box: SecretBox): DiscordConfigView {
  const token = box.open(row.bot_token_enc);
  const secret = box.open(row.client_secret_enc);
  return {
    configured: true,
    bot_token: token === null ? '••••••••' : maskSecret(token),
    client_id: row.client_id,
    client_secret: secret === null ? '••••••••' : maskSecret(secret),
    updated_at: new Date(row.updated_at).toISOString(),
    readable: token !== null && secret !== null,
  };
}

/** Creates or replaces the whole configuration (all three values given). */
export async function saveDiscordConfig(
  knex: Knex,
  box: SecretBox,
  input: { bot_token: string; client_id: string; client_secret: string },
  actor: AuditActor,
): Promise<{ view: DiscordConfigView; created: boolean }> {
  return knex.transaction(async (trx) => {
    const existed = await discordConfigExists(trx);
    const row = await upsertDiscordConfig(trx, { bot_token_enc: box.seal(input.bot_token), client_id: input.client_id, client_secret_enc: box.seal(input.client_secret), updated_by: actor.id });
    await recordAction(trx, { actor, action: existed ? 'update' : 'create', resourceType: 'discord_config', resourceId: 1, resourceName: 'Discord integration', details: { fields: ['bot_token', 'client_id', 'client_secret'] } });
    return { view: presentDiscord(row!, box), created: !existed };
  });
}

/** Changes some values; a missing secret keeps the stored one. 404 when not configured. */
export async function updateDiscordConfig(
  knex: Knex,
  box: SecretBox,
  input: { bot_token?: string | undefined; client_id?: string | undefined; client_secret?: string | undefined },
  actor: AuditActor,
): Promise<DiscordConfigView> {
  return knex.transaction(async (trx) => {
    const patch: { bot_token_enc?: string; client_id?: string; client_secret_enc?: string; updated_by: string } = { updated_by: actor.id };
    const fields: string[] = [];
    if (input.bot_token !== undefined) {
      patch.bot_token_enc = box.seal(input.bot_token);
      fields.push('bot_token');
    }
    if (input.client_id !== undefined) {
      patch.client_id = input.client_id;
      fields.push('client_id');
    }
    if (input.client_secret !== undefined) {
      patch.client_secret_enc = box.seal(input.client_secret);
      fields.push('client_secret');
    }
    const row = await updateDiscordConfigRow(trx, patch);
    if (!row) throw fail.notFound('Discord is not configured yet. Save the bot token, client ID and client secret first.');
    await recordAction(trx, { actor, action: 'update', resourceType: 'discord_config', resourceId: 1, resourceName: 'Discord integration', details: { fields } });
    return presentDiscord(row, box);
  });
}
