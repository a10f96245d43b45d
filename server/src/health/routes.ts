import Router from '@koa/router';
import { stationStateOf } from '../../../shared/radio-display';
import type { AppRouter } from '../http/router';
import { API_VERSION } from '../config';
import type { AppContext, RequestState } from '../context';
import { stationHealthRow } from '../radio/repo';


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
  // The database and the station's last good reading, checked at most once a second (one short query,
  // shared by every request in that second) rather than on every call: a load balancer polling hard, or
  // many of them, costs the database nothing more.
  interface Check {
    at: number;
    dbOk: boolean;
    latencyMs: number;
    lastGood: number | null;
    lastError: string | null;
  }
  let last: Check | null = null;
  let pending: Promise<Check> | null = null;
  const check = (): Promise<Check> =>
    (pending ??= (async () => {
      const started = performance.now();
      let dbOk = true;
      let row: { last_success_at: Date | null; last_error: string | null } | undefined;
      try {
        row = await stationHealthRow(ctx.knex);
      } catch {
        dbOk = false;
      }
      const latencyMs = Math.round((performance.now() - started) * 10) / 10;
      last = { at: Date.now(), dbOk, latencyMs, lastGood: row?.last_success_at ? new Date(row.last_success_at).getTime() : null, lastError: row?.last_error ?? null };
      return last;
    })().finally(() => {
      pending = null;
    }));
  const fresh = (k: Check | null): k is Check => k !== null && Date.now() - k.at < CHECK_MS;
  // The first check is made as the server starts, before it listens: a load balancer's (or the operator's) first
  // health request is then answered from it, not queued behind the station poller's catch-up after a restart
  // (on PGlite's single connection that wait was most of the time from listening to the first 200).
  void check();

  // The answer of a second, made once from the last check.
  let made: { check: Check; second: number; status: number; body: string; deadAir: unknown } | null = null;
  const answer = (k: Check): { status: number; body: string; second: number } => {
    const now = ctx.now();
    const second = Math.floor(now / 1000);
    if (made && made.check === k && made.second === second && made.deadAir === ctx.radio.deadAir.view().last_incident) return made;
    const { dbOk, lastGood } = k;
    const ageSeconds = lastGood === null ? null : Math.max(0, Math.round((now - lastGood) / 1000));
    const window = ctx.config.POLL_INTERVAL_MS * 3 + ctx.config.STATION_TIMEOUT_MS;
    const isFresh = lastGood !== null && now - lastGood <= window;
    // Just started and not read yet: not a fault (yet).
    const starting = lastGood === null && now - ctx.startedAt <= window;
    const doc = ctx.radio.store.current;
    const deadAir = ctx.radio.deadAir.view();
    const stationOk = dbOk && (isFresh || starting);
    const body = JSON.stringify({
      status: dbOk && stationOk ? 'ok' : 'degraded',
      name: 'airdeck',
      version: ctx.config.version,
      apiVersion: API_VERSION,
      uptimeSeconds: Math.round((now - ctx.startedAt) / 1000),
      database: { engine: ctx.db.engine, ok: dbOk, latencyMs: k.latencyMs },
      station: {
        source: ctx.config.STATION_SOURCE,
        status: !stationOk ? 'degraded' : isFresh ? 'ok' : 'starting',
        state: doc ? stationStateOf(doc) : null,
        lastGoodReadingAt: lastGood === null ? null : new Date(lastGood).toISOString(),
        ageSeconds,
        error: isFresh || starting ? null : (k.lastError ?? (lastGood === null ? 'No good reading of the station yet.' : null)),
        // What the station's ears hear (issue 33): ok, silence, off_air, stuck or live_silent, and the latest incident.
        condition: deadAir.condition,
        last_incident: deadAir.last_incident ? { kind: deadAir.last_incident.kind, started_at: deadAir.last_incident.started_at, ended_at: deadAir.last_incident.ended_at } : null,
      },
    });
    made = { check: k, second, status: dbOk ? 200 : 503, body, deadAir: deadAir.last_incident };
    return made;
  };

  router.get('/api/health', async (c) => {
    const k = fresh(last) ? last : await check();
    const { status, body, second } = answer(k);
    const doc = ctx.radio.store.current;
    const lastIncident = ctx.radio.deadAir.view().last_incident;
    // Replayed as sent (http/fast-lane.ts) within the second, while the check and the station's document hold.
    if (status === 200) ctx.fastLane.mark(c, () => last === k && fresh(k) && ctx.radio.store.current === doc && ctx.radio.deadAir.view().last_incident === lastIncident && Math.floor(ctx.now() / 1000) === second);
    c.set('Cache-Control', 'no-store');
    c.status = status;
    if (status !== 200) c.set('Retry-After', '5');
    c.type = 'application/json';
    c.body = body;
  });
  return router;
}

/** How long one check of the database and the station's reading answers health. */
const CHECK_MS = 1000;
