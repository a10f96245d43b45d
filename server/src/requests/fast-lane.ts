import { randomUUID } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeader, RequestListener, ServerResponse } from 'node:http';
import type Koa from 'koa';
import type { z } from 'zod';
import { SongRequestApiBodySchema, type SongRequestApiResponse } from '../../../shared/song-request-api';
import { IDEMPOTENCY_KEY_RE, SESSION_ID_RE, SongRequestInputSchema, type SongRequestView } from '../../../shared/requests';
import type { AppContext } from '../context';
import { hasMalformedText } from '../http/text';
import { createSongRequest } from './service';

/**
 * The song-request lane (issue 20): `POST /song-request-api` (and its
 * `/api/public/` alias) and the website's `POST /api/requests/song` are
 * answered before Koa's middleware chain when nothing about them needs it.
 *
 * It never decides anything the chain would decide differently:
 * - only a plain JSON body (Content-Type `application/json`, an optional
 *   `charset=utf-8`, a Content-Length within the JSON limit, no
 *   Content-Encoding) is read here; any other request goes to the chain untouched;
 * - the body is parsed as the body parser would (BOM dropped, an object or an
 *   array, proto-poisoning refused); when it is not valid JSON, has a lone
 *   surrogate, fails its schema, or a header (X-Session-Id,
 *   Idempotency-Key) is malformed, the request goes to the chain with the
 *   parsed body ({@link laneHandoff}), which answers it as always;
 * - the request itself is made by the same `createSongRequest` (every
 *   fairness rule, limit, Idempotency-Key rule, notification and bus event);
 * - only a 201 is answered here, with the exact headers the chain sent for
 *   the last 201 of the same route, Origin and replay (security headers,
 *   CSP, CORS, Vary…), kept from the chain's own answer; the body is the
 *   route's own. Any other outcome (a refusal, an error), a first answer,
 *   or a body big enough to be compressed, goes to the chain with the outcome
 *   already made ({@link laneOutcome}), so the chain answers it as always
 *   and the request is not made twice.
 * The HTTP metrics, the accepted-request counter and the access log line are
 * the chain's.
 */

/** What the lane hands the chain for a request it read. */
interface Handoff {
  /** The parsed body, or `undefined` when it was not valid JSON. */
  body: unknown;
  raw: string;
  /** The request's outcome, when the lane made it. */
  outcome?: Promise<{ request: SongRequestView; replayed: boolean }>;
  /** Keeps the chain's 201 headers for the next ones. */
  capture?: (res: ServerResponse) => void;
}

const HANDOFF = Symbol('airdeck.requestLane');
type WithHandoff = IncomingMessage & { [HANDOFF]?: Handoff };

/** The JSON limit of the body parser (app.ts, `jsonLimit: '256kb'`). */
const JSON_LIMIT = 256 * 1024;
/** The body parser's strict mode: an object or an array. */
const STRICT_JSON_RE = /^[\x20\x09\x0a\x0d]*(\[|\{)/;
const JSON_TYPE_RE = /^application\/json\s*(;\s*charset="?utf-8"?\s*)?$/i;
const REQUEST_ID_RE = /^[A-Za-z0-9._-]{1,64}$/;
/** koa-compress's threshold (app.ts): bigger answers are compressed by the chain. */
const COMPRESS_THRESHOLD = 1024;
/** Most header sets kept (one per route, Origin value and replay). */
const MAX_TEMPLATES = 64;

/** `@hapi/bourne`'s pattern of a `__proto__` key, escaped or not. */
const SUSPECT_RE = /"(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff])(?:_|\\u005[Ff])"\s*:/;

/** The same test as the body parser's JSON (co-body, strict, `@hapi/bourne` with proto poisoning an error). */
function parseStrict(text: string): { ok: true; value: unknown } | { ok: false } {
  if (!text) return { ok: true, value: {} };
  if (!STRICT_JSON_RE.test(text)) return { ok: false };
  try {
    const value: unknown = JSON.parse(text);
    if (SUSPECT_RE.test(text) && hasProtoKey(value)) return { ok: false };
    return { ok: true, value };
  } catch {
    return { ok: false };
  }
}

/** bourne's scan: an own `__proto__` key anywhere. */
function hasProtoKey(v: unknown): boolean {
  const stack: unknown[] = [v];
  while (stack.length) {
    const o = stack.pop();
    if (!o || typeof o !== 'object') continue;
    if (Object.prototype.hasOwnProperty.call(o, '__proto__')) return true;
    for (const k in o) stack.push((o as Record<string, unknown>)[k]);
  }
  return false;
}

function flatHeaders(res: ServerResponse): string[] {
  const out: string[] = [];
  for (const name of (res as ServerResponse & { getRawHeaderNames(): string[] }).getRawHeaderNames()) {
    const lower = name.toLowerCase();
    if (lower === 'x-request-id' || lower === 'content-length' || lower === 'date' || lower === 'connection' || lower === 'keep-alive') continue;
    const value: OutgoingHttpHeader | undefined = res.getHeader(name);
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) out.push(name, v);
    else out.push(name, String(value));
  }
  return out;
}

interface LaneRoute {
  schema: z.ZodType;
  /** The route's checks of headers before it makes the request (false: the chain answers). */
  headersOk(req: IncomingMessage): boolean;
  make(ctx: AppContext, input: never, meta: { ip: string; req: IncomingMessage }): Promise<{ request: SongRequestView; replayed: boolean }>;
  /** The route's 201 body. */
  answer(result: { request: SongRequestView; replayed: boolean }): unknown;
}

const header = (req: IncomingMessage, name: string): string => {
  const v = req.headers[name];
  return typeof v === 'string' ? v : Array.isArray(v) ? v.join(', ') : '';
};
const keyOk = (req: IncomingMessage) => {
  const k = header(req, 'idempotency-key');
  return !k || IDEMPOTENCY_KEY_RE.test(k);
};

const api: LaneRoute = {
  schema: SongRequestApiBodySchema,
  headersOk: (req) => {
    const s = header(req, 'x-session-id');
    return (!s || SESSION_ID_RE.test(s)) && keyOk(req);
  },
  make: (ctx, input: z.output<typeof SongRequestApiBodySchema>, { ip, req }) =>
    createSongRequest(ctx, input, { ip, sessionId: header(req, 'x-session-id') || undefined, source: 'api', clientKey: header(req, 'idempotency-key') || undefined }),
  answer: ({ request, replayed }) =>
    ({
      success: true,
      data: { request_id: request.id, status: request.status, submitted_at: request.created_at },
      message: replayed ? 'Song request already received' : 'Song request submitted successfully',
    }) satisfies SongRequestApiResponse,
};

const website: LaneRoute = {
  schema: SongRequestInputSchema,
  headersOk: keyOk,
  make: (ctx, input: z.output<typeof SongRequestInputSchema>, { ip, req }) =>
    createSongRequest(ctx, input, { ip, sessionId: input.user_session, source: 'website', clientKey: header(req, 'idempotency-key') || undefined }),
  answer: ({ request }) => ({ request }),
};

const ROUTES: Record<string, LaneRoute> = {
  '/song-request-api': api,
  '/api/public/song-request-api': api,
  '/api/requests/song': website,
};

/** The request's outcome when the lane already made it (the route uses it instead of making the request again). */
export function laneOutcome(c: Koa.Context): Promise<{ request: SongRequestView; replayed: boolean }> | undefined {
  const h = (c.req as WithHandoff)[HANDOFF];
  if (!h?.outcome) return undefined;
  const outcome = h.outcome;
  h.outcome = undefined;
  if (h.capture) {
    const capture = h.capture;
    const res = c.res;
    const end = res.end;
    res.end = function (this: ServerResponse, ...args: unknown[]) {
      capture(res);
      return (end as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as typeof res.end;
  }
  return outcome;
}

/**
 * The chain's side of the hand-over, mounted just before the body parser: a
 * body the lane read is the request's body (the parser then skips it); one
 * that was not valid JSON gets the parser's own answer.
 */
export function laneHandoff(invalidJson: () => Error): Koa.Middleware {
  return async (c, next) => {
    const h = (c.req as WithHandoff)[HANDOFF];
    if (h) {
      if (h.body === undefined) throw invalidJson();
      c.request.body = h.body;
      (c.request as { rawBody?: string }).rawBody = h.raw;
    }
    return next();
  };
}

export interface RequestLane {
  wrap(next: RequestListener): RequestListener;
  /** Requests answered by the lane itself (not the chain). */
  readonly answered: number;
}

/** The lane; `proxy` and `maxIpsCount` as the Koa app's (the client's address is worked out the same way). */
export function createRequestLane(ctx: AppContext, app: { proxy: boolean; maxIpsCount: number; proxyIpHeader: string }): RequestLane {
  const templates = new Map<string, string[]>();
  let answered = 0;
  const ipOf = (req: IncomingMessage): string => {
    if (app.proxy) {
      const val = header(req, app.proxyIpHeader.toLowerCase());
      if (val) {
        let ips = val.split(',').map((v) => v.trim());
        if (app.maxIpsCount > 0) ips = ips.slice(-app.maxIpsCount);
        if (ips[0]) return ips[0];
      }
    }
    return req.socket.remoteAddress ?? '';
  };

  return {
    get answered() {
      return answered;
    },
    wrap(next) {
      return (req, res) => {
        const route = req.method === 'POST' && req.url !== undefined ? ROUTES[req.url] : undefined;
        if (!route) return next(req, res);
        const h = req.headers;
        const len = Number(h['content-length']);
        if (!JSON_TYPE_RE.test(h['content-type'] ?? '') || h['content-encoding'] !== undefined || h['transfer-encoding'] !== undefined || !(len >= 0 && len <= JSON_LIMIT)) return next(req, res);
        const started = performance.now();
        const chunks: Buffer[] = [];
        req.on('data', (d: Buffer) => chunks.push(d));
        req.on('end', () => {
          let raw = Buffer.concat(chunks).toString('utf8');
          // raw-body's decoder (iconv-lite) drops a byte-order mark.
          if (raw.charCodeAt(0) === 0xfeff) raw = raw.slice(1);
          const parsed = parseStrict(raw);
          const handoff: Handoff = { body: parsed.ok ? parsed.value : undefined, raw };
          const chain = () => {
            (req as WithHandoff)[HANDOFF] = handoff;
            next(req, res);
          };
          if (!parsed.ok) return chain();
          const input = route.schema.safeParse(parsed.value);
          if (!input.success || !route.headersOk(req)) return chain();
          // app.ts refuses a lone surrogate before the route's schema; the schema's output is the same text.
          if (hasMalformedText(parsed.value)) return chain();
          const key = `${req.url}\n${header(req, 'origin')}`;
          const outcome = route.make(ctx, input.data as never, { ip: ipOf(req), req });
          outcome.then(
            (result) => {
              const tkey = `${key}\n${result.replayed ? 'r' : ''}`;
              const template = templates.get(tkey);
              const body = Buffer.from(JSON.stringify(route.answer(result)));
              if (!template || body.length >= COMPRESS_THRESHOLD) {
                handoff.outcome = outcome;
                if (!template && templates.size < MAX_TEMPLATES) {
                  handoff.capture = (r) => {
                    if (r.statusCode === 201 && !r.hasHeader('set-cookie')) templates.set(tkey, flatHeaders(r));
                  };
                }
                return chain();
              }
              const incoming = header(req, 'x-request-id');
              const id = REQUEST_ID_RE.test(incoming) ? incoming : randomUUID();
              const headers = template.slice();
              headers.push('Content-Length', String(body.length), 'X-Request-Id', id);
              res.writeHead(201, headers);
              res.end(body);
              answered++;
              const ms = performance.now() - started;
              const routeName = req.url ?? '';
              ctx.metrics.httpDuration.observe({ method: 'POST', route: routeName, status: '201' }, ms / 1000);
              if (!result.replayed) ctx.metrics.requestSubmissions.inc({ kind: 'song' });
              if (ctx.log.isLevelEnabled('info')) ctx.log.child({ reqId: id }).info({ method: 'POST', url: req.url, status: 201, ms: Math.round(ms * 10) / 10 }, 'request');
            },
            () => {
              handoff.outcome = outcome;
              chain();
            },
          );
        });
      };
    },
  };
}
