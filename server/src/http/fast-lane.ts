import { randomUUID } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeader, RequestListener, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import type Koa from 'koa';

/**
 * The fast lane of the public reads (issue 20): a route whose answer is the
 * same for everyone who asks the same way (the public schedule, now playing,
 * health) marks it replayable with a `valid()` check. The exact answer the
 * whole middleware chain sent (status, every header: CSP, CORS, nosniff,
 * ETag, Vary…, and the body bytes, already compressed) is kept, keyed by
 * what can change it: the URL, Accept-Encoding, whether an Origin was sent,
 * If-None-Match and Cache-Control. The next identical request is answered
 * from those bytes before Koa runs, with its own X-Request-Id, as long as
 * `valid()` holds; the route's own caches decide that (schedule version,
 * now-playing version, settings, the second), so an answer is dropped by the
 * same events as the route's cache.
 *
 * Only GET, only 200 and 304 answers sent in one piece without a cookie.
 */
export interface FastLane {
  /** Wraps the app's request listener: a replayable request is answered here, any other goes on. */
  wrap(next: RequestListener): RequestListener;
  /** Marks the answer being built as replayable while `valid()` holds (call from a route, before it answers). */
  mark(c: Koa.Context, valid: () => boolean): void;
  /** Answers kept. */
  readonly size: number;
}

export interface FastLaneOptions {
  /** The HTTP metrics: called once per kept answer with its route template and status, the function it returns after each answer from the lane with the seconds taken. */
  observer?: (route: string, status: number) => (seconds: number) => void;
  /** The access log line (the chain logs every request but health; so does the lane). */
  log?: { info(obj: object, msg: string): void; isLevelEnabled?(level: string): boolean };
  /** Most answers kept (the oldest go first). */
  max?: number;
}

interface Replay {
  status: number;
  /** Raw header pairs as the chain sent them, then `X-Request-Id` and a slot for its value (filled per answer). */
  headers: string[];
  observe: ((seconds: number) => void) | undefined;
  body: Buffer;
  valid: () => boolean;
  route: string;
  logged: boolean;
}

const REQUEST_ID_RE = /^[A-Za-z0-9._-]{1,64}$/;

function keyOf(req: IncomingMessage): string {
  const h = req.headers;
  return `${req.url ?? ''}\n${h['accept-encoding'] ?? ''}\n${h.origin === undefined ? '' : 'o'}\n${h['if-none-match'] ?? ''}\n${h['cache-control'] ?? ''}`;
}

/** Requests the lane never answers: conditional on dates, or preflight-like. */
function eligible(req: IncomingMessage): boolean {
  return req.method === 'GET' && req.headers['if-modified-since'] === undefined && req.headers.range === undefined;
}

function flatHeaders(res: ServerResponse): string[] {
  const out: string[] = [];
  // getRawHeaderNames keeps the names' case as the chain set them (Node ≥ 15; not in @types/node's typings).
  for (const name of (res as ServerResponse & { getRawHeaderNames(): string[] }).getRawHeaderNames()) {
    const lower = name.toLowerCase();
    if (lower === 'x-request-id' || lower === 'date' || lower === 'connection' || lower === 'keep-alive') continue;
    const value: OutgoingHttpHeader | undefined = res.getHeader(name);
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) out.push(name, v);
    else out.push(name, String(value));
  }
  return out;
}

export function createFastLane(opts: FastLaneOptions = {}): FastLane {
  const max = opts.max ?? 2000;
  const entries = new Map<string, Replay>();

  const store = (key: string, replay: Replay): void => {
    if (entries.size >= max && !entries.has(key)) entries.delete(entries.keys().next().value!);
    entries.set(key, replay);
  };

  return {
    get size() {
      return entries.size;
    },
    wrap(next) {
      return (req, res) => {
        if (entries.size === 0 || !eligible(req)) return next(req, res);
        const key = keyOf(req);
        const hit = entries.get(key);
        if (hit === undefined) return next(req, res);
        if (!hit.valid()) {
          entries.delete(key);
          return next(req, res);
        }
        const started = performance.now();
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && REQUEST_ID_RE.test(incoming) ? incoming : randomUUID();
        // writeHead copies the pairs at once, so the entry's own array serves every answer.
        const headers = hit.headers;
        headers[headers.length - 1] = id;
        res.writeHead(hit.status, headers);
        res.end(hit.body);
        if (hit.observe) hit.observe((performance.now() - started) / 1000);
        if (hit.logged && opts.log && (!opts.log.isLevelEnabled || opts.log.isLevelEnabled('info'))) {
          opts.log.info({ reqId: id, method: 'GET', url: req.url, status: hit.status, ms: Math.round((performance.now() - started) * 10) / 10 }, 'request');
        }
      };
    },
    mark(c, valid) {
      const req = c.req;
      const res = c.res;
      if (!eligible(req)) return;
      const key = keyOf(req);
      const route = (c as unknown as { _matchedRoute?: unknown })._matchedRoute;
      const path = c.path;
      let wrote = false;
      const write = res.write;
      const end = res.end;
      res.write = function (this: ServerResponse, ...args: unknown[]) {
        wrote = true;
        return (write as (...a: unknown[]) => boolean).apply(this, args);
      } as typeof res.write;
      res.end = function (this: ServerResponse, ...args: unknown[]) {
        const chunk = args[0];
        const status = res.statusCode;
        if (!wrote && (status === 200 || status === 304) && !res.hasHeader('set-cookie')) {
          const body = chunk === undefined || chunk === null || typeof chunk === 'function' ? Buffer.alloc(0) : typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.isBuffer(chunk) ? chunk : null;
          if (body && valid()) {
            const name = typeof route === 'string' ? route : path;
            const headers = flatHeaders(res);
            headers.push('X-Request-Id', '');
            store(key, { status, headers, observe: opts.observer?.(name, status), body, valid, route: name, logged: path !== '/api/health' });
          }
        }
        return (end as (...a: unknown[]) => ServerResponse).apply(this, args);
      } as typeof res.end;
    },
  };
}

/** Compressed forms of one body, made once each on first use (the same settings as the app's compression). */
export class Encoded {
  private gz: Buffer | undefined;
  private brotli: Buffer | undefined;
  constructor(readonly identity: Buffer) {}

  get gzip(): Buffer {
    return (this.gz ??= zlib.gzipSync(this.identity, { level: 6 }));
  }

  get br(): Buffer {
    return (this.brotli ??= zlib.brotliCompressSync(this.identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.identity.length } }));
  }
}

/**
 * Answers a ready body in the best encoding the client accepts (br, gzip,
 * else as is), as the app's compression would, but from bytes made once.
 * Small bodies (under 1 KiB) are sent as is.
 */
export function sendEncoded(c: Koa.Context, body: Encoded, type: string): void {
  c.type = type;
  c.vary('Accept-Encoding');
  const enc = body.identity.length >= 1024 ? c.acceptsEncodings('br', 'gzip', 'identity') : 'identity';
  if (enc === 'br') {
    c.set('Content-Encoding', 'br');
    c.body = body.br;
  } else if (enc === 'gzip') {
    c.set('Content-Encoding', 'gzip');
    c.body = body.gzip;
  } else {
    c.body = body.identity;
  }
}
