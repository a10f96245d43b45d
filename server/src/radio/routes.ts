import Router from '@koa/router';
import { z } from 'zod';
import { RADIO_LIMITS, SessionIdSchema, VoteInputSchema, type NowPlaying } from '../../../shared/radio';
import type { AppRouter } from '../http/router';
import type { AppContext, RequestState } from '../context';
import { can, isRole } from '../../../shared/permissions';
import { addDays, isValidDate, todayInZone, zonedInstant } from '../../../shared/time';
import { fail } from '../http/errors';
import { Encoded, sendEncoded } from '../http/fast-lane';
import { siteOrigin } from '../http/public-url';
import { parse } from '../http/validate';
import { toAzuraCastNowPlaying } from './azuracast-compat';
import { loadCountryTable } from '../reports/geo';
import { createListenerSessionRecorder } from '../reports/service';
import { blankDocument, historyBefore } from './nowplaying';
import { getCounter, incrementCounter, mostLiked, mostPlayed, recentPlays } from './service';
import { trackExists } from './repo';
import { presenterExists, presenterIdByPanelId } from '../presenters/repo';
import { cachedStationInfo, getStationInfo, stationTimezone } from '../settings/service';
import { listenUrl, OWN_STREAM_PATH } from './sources';
import { attendanceBetween, djStats } from './stats';
import { castVote, UnknownTrackError, voteStates } from './votes';

const UuidSchema = z.uuid('Not a valid id');
const LimitSchema = (max: number, def: number) => z.coerce.number().int().min(1).max(max).default(def);

/** Query of GET /api/radio/history (parsed here, documented in the OpenAPI document from the same schema). */
export const HistoryQuerySchema = z.object({
  limit: LimitSchema(RADIO_LIMITS.maxHistory, RADIO_LIMITS.fullHistory).describe('How many plays, newest first.'),
  np: z.coerce.number().int().min(0).optional().describe("The `updated_at` of the now-playing document the caller shows, so the list matches it (the song on air is never listed)."),
});
/** Query of GET /api/radio/most-played. */
export const MostPlayedQuerySchema = z.object({ limit: LimitSchema(20, 5).describe('How many tracks.'), days: LimitSchema(365, 30).describe('Over how many days.') });
/** Query of GET /api/radio/most-liked. */
export const MostLikedQuerySchema = z.object({ limit: LimitSchema(20, 5).describe('How many tracks.') });

/**
 * A small per-address limiter for anonymous writes (votes, bubbles): at most
 * `max` in a rolling minute window. In memory, per instance: enough to stop a
 * script, not meant as an accounting.
 */
function perMinuteLimiter(max: number, message: string) {
  const slots = new Map<string, { count: number; resetAt: number }>();
  return (ip: string, now: number): void => {
    const slot = slots.get(ip);
    if (slot && slot.resetAt > now && slot.count >= max) throw fail.tooMany(message, (slot.resetAt - now) / 1000);
    if (!slot || slot.resetAt <= now) slots.set(ip, { count: 1, resetAt: now + 60_000 });
    else slot.count++;
    if (slots.size > 10_000) for (const [k, v] of slots) if (v.resetAt <= now) slots.delete(k);
  };
}

/** A stand-in document before the station has ever been read. */
/** The document before the station's first reading: what /api/now-playing answers then, and what pages are drawn from. */
export function emptyNowPlaying(ctx: AppContext): NowPlaying {
  return blankDocument({ listenUrl: listenUrl(ctx), source: ctx.config.STATION_SOURCE, at: ctx.now() });
}

/**
 * Public radio API: now playing (Airdeck's document and an AzuraCast-compatible
 * one), the demo audio stream, history and rankings, votes, the bubbles
 * counter and DJ stats. Everything here is anonymous; listeners are told apart
 * only by their browser session id.
 */
export function radioRoutes(ctx: AppContext): AppRouter {
  const runtime = ctx.radio;
  const router = new Router<RequestState>();

  // The document's bytes and their compressed forms, made once per accepted change (not per request).
  let encoded: { version: number; etag: string; body: Encoded } | null = null;
  router.get('/api/now-playing', async (c) => {
    await runtime.ready;
    c.set('Cache-Control', 'public, max-age=5, stale-while-revalidate=10');
    if (!runtime.store.current) {
      c.body = emptyNowPlaying(ctx);
      return;
    }
    const version = runtime.store.version;
    if (encoded?.version !== version) {
      const { body, etag } = runtime.store.serialised;
      encoded = { version, etag, body: new Encoded(Buffer.from(body)) };
    }
    // Replayed as sent (http/fast-lane.ts) until the document changes.
    ctx.fastLane.mark(c, () => runtime.store.version === version);
    c.status = 200;
    c.set('ETag', encoded.etag);
    if (c.fresh) {
      c.status = 304;
      return;
    }
    sendEncoded(c, encoded.body, 'application/json');
  });

  // AzuraCast's own paths, so existing players and bots can read Airdeck. The document counts seconds
  // (elapsed, remaining), so it is made at most once a second per document and settings, and replayed
  // as sent (http/fast-lane.ts) within that second.
  const made: Record<'one' | 'all', { doc: NowPlaying | null; info: Promise<unknown> | undefined; second: number; body: Encoded } | undefined> = { one: undefined, all: undefined };
  const azuracast = async (c: Parameters<Parameters<typeof router.get>[1]>[0], one: boolean) => {
    const zone = await stationTimezone(ctx);
    await runtime.ready;
    const info = ctx.settings.peek();
    const current = runtime.store.current;
    const nowMs = ctx.now();
    const second = Math.floor(nowMs / 1000);
    const key = one ? 'one' : 'all';
    let entry = made[key];
    if (!entry || entry.doc !== current || entry.info !== info || entry.second !== second || !current) {
      const doc = current ?? emptyNowPlaying(ctx);
      const base = siteOrigin(ctx.config);
      const name = (await cachedStationInfo(ctx)).name;
      const named = doc.station.name ? doc : { ...doc, station: { ...doc.station, name } };
      const station = toAzuraCastNowPlaying(named, { nowMs, baseUrl: base, shortcode: 'airdeck', timezone: zone });
      entry = made[key] = { doc: current, info, second, body: new Encoded(Buffer.from(JSON.stringify(one ? station : [station]))) };
    }
    if (current && info) ctx.fastLane.mark(c, () => runtime.store.current === current && ctx.settings.peek() === info && Math.floor(ctx.now() / 1000) === second);
    c.set('Cache-Control', 'public, max-age=5');
    sendEncoded(c, entry.body, 'application/json');
  };
  router.get('/api/nowplaying', (c) => azuracast(c, false));
  router.get('/api/nowplaying/:station', async (c) => {
    const id = c.params.station ?? '';
    if (id !== '1' && id !== 'airdeck' && id !== ctx.config.STATION_ID) {
      c.status = 404;
      // AzuraCast's own error fields, plus the one error object every Airdeck API answers with.
      c.body = { code: 404, type: 'NotFoundException', message: 'Station not found.', formatted_message: 'Station not found.', extra_data: [], success: false, error: { code: 'not_found', message: 'Station not found.' } };
      return;
    }
    await azuracast(c, true);
  });

  // The stream listeners play: the demo stream itself, or a redirect to the station's own stream
  // (the same address the now-playing document and the AzuraCast-compatible feed give).
  const listenerSessions = createListenerSessionRecorder(ctx.knex, loadCountryTable(ctx.config.GEOIP_COUNTRY_CSV), ctx.now, (err) =>
    ctx.log.warn({ err }, 'could not record a listener session'),
    { sweep: ctx.db.engine !== 'postgres' },
  );
  const stream = async (c: Parameters<Parameters<typeof router.get>[1]>[0]) => {
    await runtime.ready;
    const target = ctx.config.STREAM_URL ?? runtime.store.current?.station.listen_url ?? null;
    if (target && target !== OWN_STREAM_PATH) {
      c.set('Cache-Control', 'no-store');
      c.redirect(target);
      return;
    }
    if (ctx.config.STATION_SOURCE === 'demo') {
      const station = await cachedStationInfo(ctx);
      await runtime.stream.serve(c, { name: station.name, description: station.tagline || undefined, url: siteOrigin(ctx.config) || undefined });
      // Each connection is a listener session for the licensing reports (issue 34): its country, never its address.
      if (c.method === 'GET' && c.status === 200 && c.body && !c.res.destroyed) {
        const session = listenerSessions.open(c.ip);
        c.res.on('close', () => session.close());
      }
      return;
    }
    throw fail.unavailable(
      `The station's stream address is not known yet: the ${ctx.config.STATION_SOURCE === 'azuracast' ? 'AzuraCast' : 'Icecast'} server has not told us one. Set STREAM_URL, or check STATION_URL.`,
      Math.ceil(ctx.config.POLL_INTERVAL_MS / 1000),
    );
  };
  router.get('/api/stream', stream);
  router.head('/api/stream', stream);

  router.get('/api/radio/history', async (c) => {
    const { limit, np } = parse(HistoryQuerySchema, { limit: c.query.limit, np: c.query.np });
    // One snapshot (issue 38 item 9): the list stops at the play this instance's now-playing document shows on air.
    // A client names the document it shows (`np`, its updated_at), so each document's list is its own cache entry;
    // an answer for another document than the client's is never cached.
    const doc = runtime.store.current;
    c.set('Cache-Control', np === undefined || np === doc?.updated_at ? 'public, max-age=5' : 'no-store');
    c.body = await recentPlays(ctx.knex, limit, historyBefore(doc));
  });
  router.get('/api/radio/most-played', async (c) => {
    const { limit, days } = parse(MostPlayedQuerySchema, { limit: c.query.limit, days: c.query.days });
    c.set('Cache-Control', 'public, max-age=30');
    c.body = await mostPlayed(ctx.knex, limit, ctx.now() - days * 86_400_000);
  });
  router.get('/api/radio/most-liked', async (c) => {
    const { limit } = parse(MostLikedQuerySchema, { limit: c.query.limit });
    c.set('Cache-Control', 'public, max-age=30');
    c.body = await mostLiked(ctx.knex, limit);
  });

  router.get('/api/tracks/votes', async (c) => {
    const raw = typeof c.query.ids === 'string' ? c.query.ids.split(',').filter(Boolean) : [];
    const ids = parse(z.array(UuidSchema).min(1, 'ids is required').max(50, 'At most 50 ids'), raw);
    const session = c.query.user_session === undefined ? null : parse(SessionIdSchema, c.query.user_session);
    c.set('Cache-Control', 'no-store');
    c.body = await voteStates(ctx.knex, [...new Set(ids)], session);
  });
  router.get('/api/tracks/:id/votes', async (c) => {
    const id = parse(UuidSchema, c.params.id);
    const session = c.query.user_session === undefined ? null : parse(SessionIdSchema, c.query.user_session);
    if (!(await trackExists(ctx.knex, id))) throw fail.notFound('Track not found');
    c.set('Cache-Control', 'no-store');
    c.body = (await voteStates(ctx.knex, [id], session))[0];
  });
  const voteLimit = perMinuteLimiter(120, 'Too many votes. Please wait a moment.');
  router.post('/api/tracks/:id/votes', async (c) => {
    voteLimit(c.ip, ctx.now());
    const id = parse(UuidSchema, c.params.id);
    const input = parse(VoteInputSchema, c.request.body ?? {});
    try {
      const state = await castVote(ctx.knex, id, input.user_session, input.vote_type);
      const { my_vote: _mine, ...counts } = state;
      await ctx.bus.publish({ channel: 'votes', name: 'votes.updated', data: counts });
      c.body = state;
    } catch (err) {
      if (err instanceof UnknownTrackError) throw fail.notFound('Track not found');
      throw err;
    }
  });

  // The button is disabled for 6 s per click; 20 a minute per address is generous for people and stops scripts.
  const bubbleLimit = perMinuteLimiter(20, 'Too many bubbles. Please wait a moment.');
  router.get('/api/counters/bubble_clicks', async (c) => {
    c.set('Cache-Control', 'no-store');
    c.body = await getCounter(ctx.knex);
  });
  router.post('/api/counters/bubble_clicks/increment', async (c) => {
    bubbleLimit(c.ip, ctx.now());
    const counter = await incrementCounter(ctx.knex);
    await ctx.bus.publish({ channel: 'counters', name: 'counters.updated', data: counter });
    c.body = counter;
  });

  router.get('/api/radio/dj-stats/:presenterId', async (c) => {
    const zone = await stationTimezone(ctx);
    const id = parse(UuidSchema, c.params.presenterId);
    if (!(await presenterExists(ctx.knex, id))) throw fail.notFound('DJ not found');
    c.set('Cache-Control', 'public, max-age=30');
    c.body = await djStats(ctx.knex, id, ctx.now(), zone);
  });
  // get-dj-stats {azuracast_id}: the original call, keyed by the station-panel id.
  router.get('/api/radio/dj-stats', async (c) => {
    const zone = await stationTimezone(ctx);
    const panelId = parse(z.string().min(1, 'azuracast_id is required').max(100).regex(/^[^\u0000]*$/), c.query.azuracast_id);
    const presenter = await presenterIdByPanelId(ctx.knex, panelId);
    if (!presenter) throw fail.notFound('DJ not found');
    c.set('Cache-Control', 'public, max-age=30');
    c.body = await djStats(ctx.knex, presenter.id, ctx.now(), zone);
  });

  // Staff: each scheduled show against what really went out (late starts, no-shows, overruns).
  router.get('/api/radio/on-air-report', async (c) => {
    const zone = await stationTimezone(ctx);
    await requireStaff(ctx, c.get('Authorization'));
    const DateSchema = z.string().refine(isValidDate, 'Dates are yyyy-MM-dd');
    const today = todayInZone(ctx.now(), zone);
    const from = c.query.from === undefined ? addDays(today, -7) : parse(DateSchema, c.query.from);
    const to = c.query.to === undefined ? today : parse(DateSchema, c.query.to);
    if (to < from) throw fail.badRequest('to must not be before from');
    if (addDays(from, 62) < to) throw fail.badRequest('At most 62 days at a time');
    c.set('Cache-Control', 'private, no-store');
    c.body = await attendanceBetween(ctx.knex, zonedInstant(from, '00:00:00', zone), zonedInstant(addDays(to, 1), '00:00:00', zone), zone, ctx.now());
  });

  return router;
}

/**
 * Staff-only guard for the radio domain's staff routes, through the same
 * token check the realtime hub uses (filled by the accounts domain). Any role
 * with panel access may read the on-air report.
 */
async function requireStaff(ctx: AppContext, authorization: string): Promise<void> {
  const token = /^Bearer (.+)$/i.exec(authorization)?.[1];
  const identity = token ? await ctx.realtime.verifyToken(token).catch(() => null) : null;
  if (!identity) throw fail.unauthorized();
  if (!isRole(identity.role) || !can(identity.role, 'panel.view')) throw fail.forbidden("You don't have permission to view the on-air report.");
}
