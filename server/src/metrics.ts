import { timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type Koa from 'koa';
import { fail } from './http/errors';

/**
 * Prometheus metrics (`GET /metrics`, text format 0.0.4): the process (CPU,
 * memory, event loop lag, handles; prom-client's defaults, prefixed
 * `airdeck_`), HTTP request durations by route, realtime connections and
 * frames, station polls and failures, and request submissions. One registry
 * per server instance (tests run several in one process).
 *
 * Off unless `METRICS_TOKEN` is set; then a scrape needs
 * `Authorization: Bearer <token>` (Prometheus: `authorization: { credentials: … }`).
 *
 * The instance's metrics live in its context (`ctx.metrics`, made by
 * `startServer`); this file imports nothing of the context, so the context
 * can name the type without an import circle.
 */
export interface Metrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  realtimeFrames: Counter<'direction'>;
  stationPolls: Counter<'result'>;
  requestSubmissions: Counter<'kind'>;
  /** Requests refused at the door (http/admission.ts) with 503, by reason (overloaded, draining). */
  httpShed: Counter<'reason'>;
  /** Reads the realtime connection count at scrape time. */
  setConnectionCounter(count: () => number): void;
}

/** A new set of metrics for one server instance. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'airdeck_' });
  let connections: () => number = () => 0;
  new Gauge({
    name: 'airdeck_realtime_connections',
    help: 'Open realtime (WebSocket) connections.',
    registers: [registry],
    collect() {
      this.set(connections());
    },
  });
  const metrics: Metrics = {
    registry,
    httpDuration: new Histogram({
      name: 'airdeck_http_request_duration_seconds',
      help: 'HTTP request durations by method, route template and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    realtimeFrames: new Counter({ name: 'airdeck_realtime_messages_total', help: 'Realtime frames received from and sent to clients.', labelNames: ['direction'], registers: [registry] }),
    stationPolls: new Counter({ name: 'airdeck_station_polls_total', help: 'Reads of the station source by result (ok, failed).', labelNames: ['result'], registers: [registry] }),
    requestSubmissions: new Counter({ name: 'airdeck_request_submissions_total', help: 'Listener requests accepted, by kind (song, shoutout, general).', labelNames: ['kind'], registers: [registry] }),
    httpShed: new Counter({ name: 'airdeck_http_shed_total', help: 'Requests refused with 503 and Retry-After before any work: overloaded (load shedding) or draining (shutting down).', labelNames: ['reason'], registers: [registry] }),
    setConnectionCounter(count) {
      connections = count;
    },
  };
  return metrics;
}

/** The route template of a request for the labels (never the raw path: that would grow without bound). */
function routeOf(c: { _matchedRoute?: string | RegExp; path: string; method: string }): string {
  if (typeof c._matchedRoute === 'string') return c._matchedRoute;
  if (c.path.startsWith('/api/')) return 'unmatched';
  return c.method === 'GET' || c.method === 'HEAD' ? 'site' : 'unmatched';
}

const SUBMISSION_ROUTES: Record<string, string> = {
  '/api/requests/song': 'song',
  '/api/requests/shoutout': 'shoutout',
  '/api/requests/general': 'general',
};

/** Times every request; counts accepted listener requests. Installed first, so it sees every answer. */
export function httpMetrics(m: Metrics): Koa.Middleware {
  return async (c, next) => {
    const end = performance.now();
    try {
      await next();
    } finally {
      const route = routeOf(c as unknown as { _matchedRoute?: string; path: string; method: string });
      if (route !== '/metrics') m.httpDuration.observe({ method: c.method, route, status: String(c.status) }, (performance.now() - end) / 1000);
      const kind = c.method === 'POST' && c.status >= 200 && c.status < 300 ? (SUBMISSION_ROUTES[route] ?? (/song-request-api/.test(route) ? 'song' : null)) : null;
      if (kind && c.get('Idempotent-Replayed') !== 'true') m.requestSubmissions.inc({ kind });
    }
  };
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** GET /metrics (mounted by app.ts): 404 while off (no METRICS_TOKEN), else the text format for a bearer of the token. */
export function metricsHandler(m: Metrics, token: string | undefined): Koa.Middleware {
  return async (c) => {
    if (!token) throw fail.notFound('Not found');
    const given = /^Bearer (.+)$/i.exec(c.get('Authorization'))?.[1] ?? '';
    if (!sameToken(given, token)) {
      c.set('WWW-Authenticate', 'Bearer realm="metrics"');
      throw fail.unauthorized('A valid metrics token is required (Authorization: Bearer …).');
    }
    c.set('Cache-Control', 'no-store');
    c.type = m.registry.contentType;
    c.body = await m.registry.metrics();
  };
}
