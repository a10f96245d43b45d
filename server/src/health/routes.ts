import Router from '@koa/router';
import { stationStateOf } from '../../../shared/radio-display';
import type { AppRouter } from '../http/router';
import { API_VERSION } from '../config';
import type { AppContext, RequestState } from '../context';


/**
 * Health, for load balancers, operators and the desktop studio's server check.
 *
 * - HTTP 200 while this instance can serve (its database answers); 503 with
 *   Retry-After when the database does not: what a load balancer acts on.
 * - `status` is `ok`, or `degraded` when the database is down or the station
 *   source has not given a good reading for longer than three poll intervals
 *   (plus one read timeout; `station.status` is `starting` in that time after a start)
 *   (the site still serves; now-playing shows the last known state, or
 *   "stopped"). `station` says which source, its state, when the last good
 *   reading was and how old it is, and the last error.
 */
export function healthRoutes(ctx: AppContext): AppRouter {
  const router = new Router<RequestState>();
  router.get('/api/health', async (c) => {
    const started = performance.now();
    let dbOk = true;
    let row: { last_success_at: Date | null; last_error: string | null } | undefined;
    try {
      row = await ctx.knex('station_state').where({ id: 1 }).first('last_success_at', 'last_error');
    } catch {
      dbOk = false;
    }
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    const now = ctx.now();
    const lastGood = row?.last_success_at ? new Date(row.last_success_at).getTime() : null;
    const ageSeconds = lastGood === null ? null : Math.max(0, Math.round((now - lastGood) / 1000));
    const window = ctx.config.POLL_INTERVAL_MS * 3 + ctx.config.STATION_TIMEOUT_MS;
    const fresh = lastGood !== null && now - lastGood <= window;
    // Just started and not read yet: not a fault (yet).
    const starting = lastGood === null && now - ctx.startedAt <= window;
    const doc = ctx.radio.store.current;
    const stationOk = dbOk && (fresh || starting);
    c.set('Cache-Control', 'no-store');
    c.status = dbOk ? 200 : 503;
    if (!dbOk) c.set('Retry-After', '5');
    c.body = {
      status: dbOk && stationOk ? 'ok' : 'degraded',
      name: 'airdeck',
      version: ctx.config.version,
      apiVersion: API_VERSION,
      uptimeSeconds: Math.round((now - ctx.startedAt) / 1000),
      database: { engine: ctx.db.engine, ok: dbOk, latencyMs },
      station: {
        source: ctx.config.STATION_SOURCE,
        status: !stationOk ? 'degraded' : fresh ? 'ok' : 'starting',
        state: doc ? stationStateOf(doc) : null,
        lastGoodReadingAt: lastGood === null ? null : new Date(lastGood).toISOString(),
        ageSeconds,
        error: fresh || starting ? null : (row?.last_error ?? (lastGood === null ? 'No good reading of the station yet.' : null)),
      },
    };
  });
  return router;
}
