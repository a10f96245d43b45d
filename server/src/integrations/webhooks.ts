import type { Knex } from 'knex';
import { DISCORD_WEBHOOK_URL_RE, type WebhookDeliveryView, type WebhookEndpointView, type WebhookEvent } from '../../../shared/integrations';
import type { ChannelEvent, RealtimeEvent } from '../../../shared/realtime';
import type { AppContext } from '../context';
import { fail } from '../http/errors';
import { describeUpstream, integrations } from './clients';
import type { DiscordWebhookBody } from './discord';
import type { Translate } from '../../../shared/i18n/format';
import { channelTranslator } from '../i18n/recipients';
import { UpstreamError } from './http';
import { recordAction, type AuditActor } from '../users/audit';
import {
  claimDueDeliveries,
  deleteDeliveriesBefore,
  deleteEndpointRow,
  deliveryRows,
  endpointIdsFor,
  endpointRow,
  endpointRows,
  finishDelivery,
  insertDeliveries,
  insertEndpoint,
  updateEndpointRow,
  type DeliveryRow,
  type EndpointRow,
} from './repo';

/**
 * Outgoing Discord webhooks: staff point a channel webhook at station events
 * (a presenter goes live, a show is booked, an application arrives). Each
 * event becomes one delivery row per subscribed endpoint (unique per endpoint
 * and event key, so several server instances hearing the same bus event
 * deliver it once); a background job sends due deliveries, retries failures
 * with growing delays, honours Discord's 429 Retry-After and keeps the log
 * the staff screen shows.
 */

const iso = (v: Date | string) => new Date(v).toISOString();

/** Shows a webhook without its token: the id and the token's last four characters. */
export function presentEndpoint(row: EndpointRow): WebhookEndpointView {
  return {
    id: row.id,
    name: row.name,
    url_masked: `https://discord.com/api/webhooks/${row.webhook_id}/••••${row.webhook_token.slice(-4)}`,
    events: row.events,
    active: row.is_active,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

function presentDelivery(row: DeliveryRow & { endpoint_name: string }): WebhookDeliveryView {
  return {
    id: row.id,
    endpoint_id: row.endpoint_id,
    endpoint_name: row.endpoint_name,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.last_status_code,
    last_error: row.last_error,
    next_attempt_at: row.status === 'pending' && row.next_attempt_at ? iso(row.next_attempt_at) : null,
    created_at: iso(row.created_at),
    delivered_at: row.delivered_at ? iso(row.delivered_at) : null,
  };
}

/** Every webhook, oldest first. */
export async function listEndpoints(db: Knex): Promise<WebhookEndpointView[]> {
  return (await endpointRows(db)).map(presentEndpoint);
}

/** Adds a webhook from a Discord webhook URL (id and token are kept; the URL's host is never used to send). */
export async function createEndpoint(db: Knex | Knex.Transaction, input: { name: string; url: string; events: WebhookEvent[]; active: boolean }, userId: string): Promise<WebhookEndpointView> {
  const m = DISCORD_WEBHOOK_URL_RE.exec(input.url);
  if (!m) throw fail.badRequest('Enter a Discord webhook URL (https://discord.com/api/webhooks/…).');
  return presentEndpoint(await insertEndpoint(db, { name: input.name, webhook_id: m[1]!, webhook_token: m[2]!, events: input.events, is_active: input.active, created_by: userId }));
}

/** Renames a webhook, changes its events or switches it on or off. */
export async function updateEndpoint(db: Knex | Knex.Transaction, id: string, patch: { name?: string | undefined; events?: WebhookEvent[] | undefined; active?: boolean | undefined }): Promise<WebhookEndpointView> {
  const row = await updateEndpointRow(db, id, {
    ...(patch.name !== undefined ? { name: patch.name } : {}),
    ...(patch.events !== undefined ? { events: patch.events } : {}),
    ...(patch.active !== undefined ? { is_active: patch.active } : {}),
  });
  if (!row) throw fail.notFound('Webhook not found');
  return presentEndpoint(row);
}

/** Deletes a webhook and its delivery log; returns its name for the audit log. */
export async function deleteEndpoint(db: Knex | Knex.Transaction, id: string): Promise<string> {
  const name = await deleteEndpointRow(db, id);
  if (name === undefined) throw fail.notFound('Webhook not found');
  return name;
}

/** The most recent deliveries, optionally for one webhook. */
export async function listDeliveries(db: Knex, opts: { endpointId?: string | undefined; limit: number }): Promise<WebhookDeliveryView[]> {
  return (await deliveryRows(db, opts)).map(presentDelivery);
}

/** Who made a staff change, for the audit log. */
export interface WebhookActor {
  actor: AuditActor;
  ip: string | null;
}

async function audit(db: Knex | Knex.Transaction, who: WebhookActor, entry: { action: 'create' | 'update' | 'delete' | 'other'; id: string; name: string; details?: Record<string, unknown> }): Promise<void> {
  await recordAction(db, { actor: who.actor, action: entry.action, resourceType: 'webhook', resourceId: entry.id, resourceName: entry.name, details: entry.details ?? null, ip: who.ip });
}

/** Adds a webhook and audits it, in one transaction. */
export async function addWebhook(knex: Knex, input: Parameters<typeof createEndpoint>[1], who: WebhookActor): Promise<WebhookEndpointView> {
  return knex.transaction(async (trx) => {
    const created = await createEndpoint(trx, input, who.actor.id);
    await audit(trx, who, { action: 'create', id: created.id, name: created.name, details: { events: created.events } });
    return created;
  });
}

/** Changes a webhook and audits it, in one transaction. */
export async function changeWebhook(knex: Knex, id: string, patch: Parameters<typeof updateEndpoint>[2], who: WebhookActor): Promise<WebhookEndpointView> {
  return knex.transaction(async (trx) => {
    const updated = await updateEndpoint(trx, id, patch);
    await audit(trx, who, { action: 'update', id, name: updated.name, details: patch });
    return updated;
  });
}

/** Deletes a webhook and audits it, in one transaction. */
export async function removeWebhook(knex: Knex, id: string, who: WebhookActor): Promise<void> {
  await knex.transaction(async (trx) => {
    const name = await deleteEndpoint(trx, id);
    await audit(trx, who, { action: 'delete', id, name });
  });
}

/** "Send test": queues the test message for one webhook (audited); how many deliveries were queued. 404 when it does not exist. */
export async function testWebhook(ctx: AppContext, id: string, stationName: string, key: string, who: WebhookActor): Promise<number> {
  const found = await endpointRow(ctx.knex, id);
  if (!found) throw fail.notFound('Webhook not found');
  await audit(ctx.knex, who, { action: 'other', id, name: found.name, details: { test: true } });
  return emitWebhookEvent(ctx, 'test', key, testMessage(stationName, await channelTranslator(ctx)), id);
}

/** The delivery job registers how to wake it when something is queued (kept by the app context's integrations). */
export function setWebhookKick(ctx: AppContext, kick: (() => void) | null): void {
  ctx.integrations.webhookKick = kick;
}

/**
 * Queues an event for every active webhook subscribed to it. `key` identifies
 * the event (e.g. the booking id) so the same event is never queued twice for
 * one webhook. Returns how many deliveries were queued. Never throws.
 */
export async function emitWebhookEvent(ctx: AppContext, event: WebhookEvent | 'test', key: string, body: DiscordWebhookBody, onlyEndpointId?: string): Promise<number> {
  try {
    const endpoints = await endpointIdsFor(ctx.knex, event, onlyEndpointId);
    if (endpoints.length === 0) return 0;
    const at = new Date(ctx.now());
    const queued = await insertDeliveries(ctx.knex, endpoints.map((id) => ({ endpoint_id: id, event, dedupe_key: `${event}:${key}`.slice(0, 200), payload: body, at })));
    if (queued) ctx.integrations.webhookKick?.();
    return queued;
  } catch (err) {
    ctx.log.error({ err, event }, 'could not queue webhook deliveries');
    return 0;
  }
}

/** Delay before attempt n+1 after n failed attempts: 30 s, 2 min, 10 min, 30 min, 1 h… */
export function backoffMs(failedAttempts: number): number {
  const steps = [30_000, 120_000, 600_000, 1_800_000, 3_600_000];
  return steps[Math.min(failedAttempts - 1, steps.length - 1)] ?? 3_600_000;
}

/**
 * Sends every due delivery once (claimed with SKIP LOCKED so instances never
 * send the same one together). Returns how many were attempted.
 */
export async function deliverDueWebhooks(ctx: AppContext, batch = 10): Promise<number> {
  const now = new Date(ctx.now());
  const claimed = await claimDueDeliveries(ctx.knex, now, batch);
  const discord = integrations(ctx).discord;
  const maxAttempts = ctx.config.WEBHOOK_MAX_ATTEMPTS;
  for (const d of claimed) {
    const endpoint = await endpointRow(ctx.knex, d.endpoint_id);
    if (!endpoint) continue;
    try {
      const res = await discord.executeWebhook(endpoint.webhook_id, endpoint.webhook_token, d.payload);
      await finishDelivery(ctx.knex, d.id, { status: 'succeeded', last_status_code: res.status, last_error: null, delivered_at: new Date(ctx.now()) });
    } catch (err) {
      const u = err instanceof UpstreamError ? err : null;
      // A webhook Discord does not know (404) or refuses (401/403), or a body it rejects (400), will never work: stop.
      const permanent = u !== null && (u.kind === 'unauthorized' || (u.kind === 'http' && (u.status ?? 0) < 500));
      const giveUp = permanent || d.attempts >= maxAttempts;
      const wait = u?.kind === 'rate_limited' ? Math.max(1000, u.retryAfterMs ?? 5000) : backoffMs(d.attempts);
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      ctx.log.warn({ err: describeUpstream(err), delivery: d.id, attempt: d.attempts, giveUp }, 'webhook delivery failed');
      await finishDelivery(ctx.knex, d.id, { status: giveUp ? 'failed' : 'pending', last_status_code: u?.status ?? null, last_error: message, next_attempt_at: new Date(ctx.now() + wait) });
    }
  }
  return claimed.length;
}

const COLOR = { live: 0xe91e63, show: 0x3f51b5, application: 0x4caf50, test: 0x9e9e9e } as const;

/** The Discord message for a newly booked show, in the station's default language (`t`). */
export function showBookedMessage(show: { title: string; date: string; start: string; end: string; presenter: string | null; series: number }, stationName: string, t: Translate): DiscordWebhookBody {
  return {
    embeds: [
      {
        title: t('webhook.showBooked.title', { show: show.title }).slice(0, 256),
        color: COLOR.show,
        fields: [
          { name: t('webhook.showBooked.date'), value: show.date, inline: true },
          { name: t('webhook.showBooked.time'), value: `${show.start.slice(0, 5)}–${show.end.slice(0, 5)}`, inline: true },
          ...(show.presenter ? [{ name: t('webhook.showBooked.presenter'), value: show.presenter.slice(0, 1024), inline: true }] : []),
          ...(show.series > 1 ? [{ name: t('webhook.showBooked.recurring'), value: t('webhook.showBooked.datesBooked', { count: show.series }), inline: true }] : []),
        ],
        footer: { text: stationName },
      },
    ],
  };
}

/** The Discord message for a presenter going live, in the station's default language. */
export function presenterLiveMessage(live: { presenter: string; show: string | null; listenUrl: string | null }, stationName: string, t: Translate): DiscordWebhookBody {
  return {
    content: t('webhook.presenterLive.content', { presenter: live.presenter, station: stationName, hasShow: live.show ? 'yes' : 'no', show: live.show ?? '' }).slice(0, 2000),
    embeds: live.listenUrl ? [{ title: t('webhook.presenterLive.listen'), url: live.listenUrl, color: COLOR.live }] : [],
  };
}

/** The Discord message for a new application (no email or other contact details go to Discord), in the station's default language. */
export function applicationMessage(app: { name: string; availableTimes: string[]; hasDiscord: boolean }, stationName: string, t: Translate): DiscordWebhookBody {
  return {
    embeds: [
      {
        title: t('webhook.application.title'),
        description: t('webhook.application.description', { name: app.name, station: stationName }).slice(0, 4000),
        color: COLOR.application,
        fields: [
          { name: t('webhook.application.availability'), value: app.availableTimes.join(', ').slice(0, 1024) || '—', inline: false },
          { name: t('webhook.application.discord'), value: app.hasDiscord ? t('webhook.application.yes') : t('webhook.application.no'), inline: true },
        ],
      },
    ],
  };
}

/** The message of "Send test", in the station's default language. */
export function testMessage(stationName: string, t: Translate): DiscordWebhookBody {
  return { embeds: [{ title: t('webhook.test.title'), description: t('webhook.test.description', { station: stationName }), color: COLOR.test }] };
}

/** True for the bus events that become webhooks. */
export function isWebhookSource(e: RealtimeEvent): e is ChannelEvent<'bookings'> | ChannelEvent<'now-playing'> {
  return (e.channel === 'bookings' && e.name === 'booking.created') || (e.channel === 'now-playing' && e.name === 'presenter.live');
}

/**
 * Turns the domain events into webhook deliveries: `bookings`/`booking.created`
 * (published by the schedule when a show is booked: the shows of the booking,
 * oldest first) becomes "New show booked" (`show.booked`, keyed by the first
 * show's id), and `now-playing`/`presenter.live` (published by the station
 * poller when a live session opens, whatever the source) becomes "Presenter
 * goes live" (`presenter.live`, keyed by the session). Both payloads are typed
 * by the channel declarations in `shared/`, and checked against their zod
 * schemas when they arrive from another server process.
 */
export async function webhookFromBusEvent(ctx: AppContext, e: RealtimeEvent, stationName: string, listenUrl: string | null): Promise<void> {
  if (e.channel === 'bookings' && e.name === 'booking.created') {
    const first = e.data.shows[0];
    if (!first) return void ctx.log.warn({ name: e.name }, 'booking.created without a show; no webhook sent');
    if (first.status === 'cancelled') return;
    await emitWebhookEvent(
      ctx,
      'show.booked',
      `booking:${first.id}`,
      showBookedMessage({ title: first.title, date: first.event_date, start: first.start_time, end: first.end_time, presenter: first.presenter_name, series: e.data.shows.length }, stationName, await channelTranslator(ctx)),
    );
    return;
  }
  if (e.channel === 'now-playing' && e.name === 'presenter.live') {
    const d = e.data;
    await emitWebhookEvent(ctx, 'presenter.live', `live:${d.sessionId}`, presenterLiveMessage({ presenter: d.presenterName, show: d.showTitle, listenUrl }, stationName, await channelTranslator(ctx)));
  }
}

/** Deletes delivery log entries older than 30 days (run by the background job). */
export async function pruneDeliveries(db: Knex, now: number): Promise<number> {
  return deleteDeliveriesBefore(db, new Date(now - 30 * 86_400_000));
}
