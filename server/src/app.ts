import { randomUUID } from 'node:crypto';
import path from 'node:path';
import zlib from 'node:zlib';
import bodyParser from '@koa/bodyparser';
import cors from '@koa/cors';
import Router from '@koa/router';
import Koa from 'koa';
import compress from 'koa-compress';
import helmet from 'koa-helmet';
import { isKnownClientRoute } from '../../shared/routes';
import type { ErrorBody } from '../../shared/errors';
import type { NowPlaying } from '../../shared/radio';
import { emptyNowPlaying } from './radio/routes';
import type { AppRouter } from './http/router';
import type { AppContext, RequestState } from './context';
import { isDatabaseUnavailable } from './db/knex';
import { embedFraming } from './embed/service';
import { contentSecurityPolicy } from './http/csp';
import { publicImages } from './http/public-images';
import { staffWriteLimits } from './http/write-limits';
import { hasMalformedText } from './http/text';
import { fail, HttpError } from './http/errors';
import { pageHeadRenderer } from './http/page-meta';
import { errorLocale, localizeErrorBody } from './i18n/errors';
import { serveWeb } from './http/static';
import { createRequestLane, laneHandoff, type RequestLane } from './requests/fast-lane';
import { domainRouters } from './routes';
import { httpMetrics, metricsHandler } from './metrics';

export { hasMalformedText } from './http/text';

/** Koa typed with our request state. */
export type App = Koa<RequestState>;

/** The app plus the routers it mounted, so tests can enumerate every route. */
export interface BuiltApp {
  app: App;
  routers: AppRouter[];
  /** The request listener: the fast lane of the public reads (http/fast-lane.ts), the song-request lane (requests/fast-lane.ts), then the app. */
  callback: import('node:http').RequestListener;
  /** The song-request lane (requests/fast-lane.ts). */
  requestLane: RequestLane;
}

const REQUEST_ID_RE = /^[A-Za-z0-9._-]{1,64}$/;
/** The desktop studio's page origin (its custom app protocol). */
export const STUDIO_ORIGIN = 'app://airdeck';

/**
 * The app factory: every middleware and domain router, wired to the given
 * context. Tests call it with a fresh database and listen on a random port.
 */
export function createApp(ctx: AppContext): BuiltApp {
  const app: App = new Koa<RequestState>();
  app.proxy = ctx.config.TRUST_PROXY;
  app.maxIpsCount = ctx.config.TRUST_PROXY ? 1 : 0;
  app.silent = true;

  // Request durations by route, and accepted listener requests (GET /metrics).
  app.use(httpMetrics(ctx.metrics));

  // Request id, per-request logger, access log.
  app.use(async (c, next) => {
    const incoming = c.get('x-request-id');
    c.state.requestId = REQUEST_ID_RE.test(incoming) ? incoming : randomUUID();
    c.set('X-Request-Id', c.state.requestId);
    c.state.log = ctx.log.child({ reqId: c.state.requestId });
    const start = performance.now();
    try {
      await next();
    } finally {
      const ms = Math.round((performance.now() - start) * 10) / 10;
      if (c.path !== '/api/health') c.state.log.info({ method: c.method, url: c.url, status: c.status, ms }, 'request');
    }
  });

  // The one error shape. No stack traces to clients.
  app.use(async (c, next) => {
    try {
      await next();
    } catch (err) {
      const body = toErrorBody(err);
      // In the requester's language, with the message's stable key (i18n/errors.ts).
      body.body = await localizeErrorBody(body.body, errorLocale(c)).catch(() => body.body);
      c.status = body.status;
      if (body.headers) c.set(body.headers);
      // The public APIs' documented shape adds success/message beside the usual error object.
      c.body = isPublicDataApiPath(c.path) ? { success: false, message: body.body.error.message, ...body.body } : body.body;
      // Whatever the route had begun to answer (a file's type, an attachment), the error is JSON.
      c.type = 'application/json';
      c.remove('Content-Disposition');
      // An answer the code chose (a feature not configured, a service unavailable) is an expected condition: logged
      // quietly, without a stack, so anyone asking cannot fill the error log. Only the unexpected is an error.
      if (err instanceof HttpError) {
        if (body.status >= 500) c.state.log[err.code === 'not_configured' ? 'info' : 'warn']({ code: err.code, status: body.status, reason: err.message }, 'request answered with an expected condition');
      } else if (body.status >= 500) c.state.log.error({ err }, 'request failed');
    }
  });

  app.use(
    helmet({
      // The policy is built in one place with the origins in use: http/csp.ts.
      contentSecurityPolicy: false,
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: ctx.config.PUBLIC_URL?.startsWith('https:') ? { maxAge: 15552000 } : false,
    }),
  );
  // Station widgets (/embed/*) alone may be framed: by any site or the station's allow-list (Settings → Widgets).
  app.use(embedFraming(ctx.frameAncestors));
  // The content policy (http/csp.ts) is set as the answer leaves, inside embedFraming, which then widens
  // frame-ancestors for the widgets: one policy, per-route framing.
  app.use(contentSecurityPolicy(ctx, () => ctx.radio.store.current ?? null));

  // CORS: the public APIs are open to every origin without credentials; the
  // rest of the API answers only the station's own origins and the desktop
  // studio. Credentials are never allowed cross-origin.
  const allowed = new Set([STUDIO_ORIGIN, ...ctx.config.CORS_ORIGINS]);
  app.use(
    cors({
      origin: (c) => {
        const origin = c.get('Origin');
        if (isPublicApiPath(c.path)) return '*';
        return allowed.has(origin) ? origin : '';
      },
      credentials: false,
      allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowHeaders: ['Content-Type', 'Authorization', 'X-Request-Id', 'X-Session-Id', 'X-Airdeck-Client', 'If-None-Match', 'Idempotency-Key'],
      exposeHeaders: ['X-Request-Id', 'Retry-After', 'ETag', 'Idempotent-Replayed'],
      maxAge: 600,
    }),
  );

  app.use(
    compress({
      threshold: 1024,
      filter: (type) => !/audio|event-stream|image\/(png|jpeg|webp|gif)/.test(type),
      br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    }),
  );

  app.use(async (c, next) => {
    if (!c.path.startsWith('/api/') && !isPublicApiPath(c.path)) return next();
    const method = c.method;
    if ((method === 'POST' || method === 'PUT' || method === 'PATCH') && c.request.length && !c.is('application/json') && !isRawBodyRoute(c.path)) {
      throw new HttpError('unsupported_media_type', 'Send the request body as JSON (Content-Type: application/json).');
    }
    return next();
  });
  // A body the song-request lane (requests/fast-lane.ts) already read is the request's body.
  app.use(laneHandoff(() => new HttpError('bad_request', 'The request body is not valid JSON.')));
  app.use(
    bodyParser({
      enableTypes: ['json'],
      // DELETE too: DELETE /api/my-data carries its session ids in the body (issue 37's interface).
      parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
      jsonLimit: '256kb',
      encoding: 'utf-8',
      onError: (err: Error) => {
        const status = (err as { status?: number }).status;
        if (status === 413) throw new HttpError('payload_too_large', 'The request body is too large.');
        throw new HttpError('bad_request', 'The request body is not valid JSON.');
      },
    }),
  );

  // JSON may spell a lone UTF-16 surrogate ("\ud83d"), which no database can store as
  // sent (PostgreSQL turns it into U+FFFD): refuse it, so accepted text reads back identical.
  app.use(async (c, next) => {
    if (c.request.body !== undefined && hasMalformedText(c.request.body)) throw fail.badRequest('The request contains text that is not valid Unicode.');
    return next();
  });

  // One router for every domain's routes (their layers in mounting order), not one middleware per domain:
  // a request walks one route table. No domain router has router-level middleware (router.use), so the
  // merged table answers exactly as the routers mounted one after another did.
  const routers = domainRouters(ctx);
  const router = new Router<RequestState>();
  for (const r of routers) router.stack.push(...r.stack);
  // Operators' scrape endpoint, outside /api and the permission table: off without METRICS_TOKEN, else token-only.
  router.get('/metrics', metricsHandler(ctx.metrics, ctx.config.METRICS_TOKEN));
  // Signed-in writes are rate-limited per account (bookings also on their own), before any route runs.
  app.use(staffWriteLimits(ctx));
  // Answers without a signed-in account carry no image outside this site and the approved hosts.
  app.use(publicImages(ctx));
  app.use(router.routes());
  // A known path asked with another method: 405 in the one error shape, with Allow (every router, every alias).
  app.use(methodNotAllowed(routers));

  // Unknown API paths answer JSON, never the web app.
  app.use(async (c, next) => {
    if (c.path === '/api' || c.path.startsWith('/api/')) throw new HttpError('not_found', `No API route for ${c.method} ${c.path}`);
    return next();
  });

  const webDist = ctx.config.WEB_DIST_DIR ?? path.join(ctx.config.rootDir, 'web', 'dist');
  app.use(serveWeb(webDist, isKnownClientRoute, { renderer: pageHeadRenderer(ctx.knex, ctx.settings, { nowPlaying: () => nowPlayingForPage(ctx) }, { distDir: webDist, log: ctx.log, publicUrl: ctx.config.PUBLIC_URL }), publicUrl: ctx.config.PUBLIC_URL }));
  // Public reads replayed (http/fast-lane.ts), song requests answered before the chain when it adds nothing (requests/fast-lane.ts).
  const requestLane = createRequestLane(ctx, app);
  return { app, routers, requestLane, callback: ctx.fastLane.wrap(requestLane.wrap(app.callback())) };
}

/**
 * Answers a request whose path some route serves, but not with its method:
 * OPTIONS gets the Allow list (200), anything else a 405 `method_not_allowed`
 * in the one error shape with an Allow header. Replaces the routers' own
 * allowedMethods(), which answer 405 in plain text.
 */
export function methodNotAllowed(routers: AppRouter[]): Koa.Middleware<RequestState> {
  return async (c, next) => {
    const allow = new Set<string>();
    for (const r of routers) {
      const m = r.match(c.path, c.method);
      if (m.route) return next();
      for (const layer of m.path) for (const method of layer.methods) allow.add(method);
    }
    if (allow.size === 0) return next();
    const list = [...allow].join(', ');
    if (c.method === 'OPTIONS') {
      c.status = 200;
      c.set('Allow', list);
      c.body = '';
      return;
    }
    throw new HttpError('method_not_allowed', `${c.method} is not allowed here. Allowed: ${list}.`, { allow: [...allow] }, { Allow: list });
  };
}

/** Paths of the public APIs that are open to any origin. */
export function isPublicApiPath(p: string): boolean {
  return (
    p === '/schedule-api' ||
    p === '/song-request-api' ||
    p.startsWith('/api/public/') ||
    p === '/api/health' ||
    p === '/api/now-playing' ||
    p.startsWith('/api/nowplaying') ||
    p === '/api/openapi.json' ||
    p.startsWith('/api/schedule.ics') ||
    p === '/.well-known/jwks.json'
  );
}

/** The public data APIs (schedule, song requests), whose errors also carry `success: false` and `message`. */
export function isPublicDataApiPath(p: string): boolean {
  return p === '/schedule-api' || p === '/song-request-api' || p.startsWith('/api/public/');
}

/** Routes that take a raw (non-JSON) body, such as image uploads. */
function isRawBodyRoute(p: string): boolean {
  return p.startsWith('/api/media/') || p === '/api/me/avatar' || /^\/api\/users\/[^/]+\/avatar$/.test(p) || p === '/api/schedule/images' || /^\/api\/schedule\/events\/[^/]+\/image$/.test(p);
}

function toErrorBody(err: unknown): { status: number; body: ErrorBody; headers?: Record<string, string> } {
  if (err instanceof HttpError) {
    return {
      status: err.status,
      body: { error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) } },
      ...(err.headers ? { headers: err.headers } : {}),
    };
  }
  if (isDatabaseUnavailable(err)) {
    return {
      status: 503,
      body: { error: { code: 'unavailable', message: 'The station is briefly unavailable. Please try again in a few seconds.', details: { retryAfter: 5 } } },
      headers: { 'Retry-After': '5' },
    };
  }
  const status = (err as { status?: unknown; expose?: unknown }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const message = (err as { expose?: boolean; message?: string }).expose ? String((err as Error).message) : 'Bad request';
    const code = status === 413 ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : status === 404 ? 'not_found' : status === 405 ? 'method_not_allowed' : 'bad_request';
    return { status, body: { error: { code, message } } };
  }
  return { status: 500, body: { error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } } };
}

/** The now-playing document written into each listener page for the player's first screen (null before the first read). */
async function nowPlayingForPage(ctx: AppContext): Promise<NowPlaying | null> {
  const runtime = ctx.radio;
  await runtime.ready;
  // Before the station's first reading, the document /api/now-playing answers then: the page is drawn from what the
  // app will read, not from "nothing yet" (which the app, having fetched, would draw otherwise while adopting it).
  return runtime.store.current ?? emptyNowPlaying(ctx);
}
