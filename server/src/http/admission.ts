import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Logger } from '../log';

/**
 * The door of the HTTP server (issue 39 items 5 and shutdown): every request passes here before the fast lanes
 * and Koa. It refuses early, with a 503 and `Retry-After`, instead of taking on work the server cannot finish in
 * time (clients that gave up while the server went on answering them) or work a stopping server would cut off:
 *
 * - **overloaded**: `maxInFlight` requests are being answered; or, while at least an eighth of that many wait (a
 *   lone slow moment of an idle server sheds nothing), the event loop is late by `maxEventLoopDelayMs` (the worst
 *   delay of the last half second: the CPU is the bottleneck), or even the quickest answer of the last half second
 *   took `maxLatencyMs` (requests queue for something else, such as the database pool: work piles up that clients
 *   will have given up on before it is done);
 * - **draining**: the server is stopping; requests that arrive on connections still open (a proxy's keep-alive
 *   connection) get 503 with `Connection: close`, while those already in flight finish.
 *
 * `/api/health` and `/metrics` are always let through (a load balancer and Prometheus must see the truth), and so
 * are long answers that stream for minutes (the demo stream, exports, desktop downloads), which are not counted as
 * waiting work either.
 */
export interface Admission {
  /** The request listener with the door in front of it. */
  wrap(next: RequestListener): RequestListener;
  /** From now on, every new request is refused with 503 (shutdown). */
  drain(): void;
  /** Requests being answered now (streams excepted). */
  inFlight(): number;
  /** Requests refused so far, by reason. */
  readonly shed: { overloaded: number; draining: number };
  /** The event loop's latest delay reading (ms). */
  eventLoopDelayMs(): number;
  /** The quickest answer of the latest half second (ms; 0 when nothing waits). */
  latencyMs(): number;
  close(): void;
}

export interface AdmissionOptions {
  maxInFlight: number;
  /** 0 turns the event-loop signal off. */
  maxEventLoopDelayMs: number;
  /** Past this, the quickest answer of the last half second says requests queue (a busy database pool); 0 turns it off. */
  maxLatencyMs: number;
  retryAfterSeconds: number;
  log: Logger;
  /** Told of each refusal (metrics). */
  onShed?: (reason: 'overloaded' | 'draining') => void;
}

/** Paths always let in and never counted: health and metrics, and answers that stream for a long time. */
export function isExempt(url: string): boolean {
  const p = url.split('?', 1)[0]!;
  return p === '/api/health' || p === '/metrics' || p === '/api/stream' || p.startsWith('/desktop/') || p.endsWith('/export') || p.startsWith('/api/live/');
}

const SAMPLE_MS = 500;

export function createAdmission(opts: AdmissionOptions): Admission {
  let inFlight = 0;
  let draining = false;
  let delayMs = 0;
  const shed = { overloaded: 0, draining: 0 };
  const lagFloor = Math.max(2, Math.floor(opts.maxInFlight / 8));
  const histogram = opts.maxEventLoopDelayMs > 0 ? monitorEventLoopDelay({ resolution: 20 }) : null;
  histogram?.enable();
  // The quickest answer finished in the current half second, and what the latest complete half second gave.
  let windowMin = Infinity;
  let latencyMs = 0;
  const sampler = setInterval(() => {
    if (histogram) {
      delayMs = histogram.max / 1e6;
      histogram.reset();
    }
    // No answer finished in the half second while work waits: it waits longer than that (keep the last reading).
    if (windowMin !== Infinity) latencyMs = windowMin;
    else if (inFlight < lagFloor) latencyMs = 0;
    windowMin = Infinity;
  }, SAMPLE_MS);
  sampler.unref();
  let lastShedLog = 0;

  const started = new WeakMap<ServerResponse, number>();
  const done = function (this: ServerResponse): void {
    inFlight -= 1;
    const t = started.get(this);
    if (t !== undefined) {
      const ms = performance.now() - t;
      if (ms < windowMin) windowMin = ms;
    }
  };
  const overloaded = (): boolean =>
    inFlight >= opts.maxInFlight ||
    (inFlight >= lagFloor && ((histogram !== null && delayMs >= opts.maxEventLoopDelayMs) || (opts.maxLatencyMs > 0 && latencyMs >= opts.maxLatencyMs)));

  const refuse = (req: IncomingMessage, res: ServerResponse, reason: 'overloaded' | 'draining'): void => {
    shed[reason] += 1;
    opts.onShed?.(reason);
    const retry = String(opts.retryAfterSeconds);
    const message = reason === 'draining' ? 'This server is restarting. Please try again in a moment.' : 'The station is busy right now. Please try again in a moment.';
    const body = JSON.stringify({ error: { code: 'unavailable', message, details: { retryAfter: opts.retryAfterSeconds, reason } } });
    const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=utf-8', 'Retry-After': retry, 'Cache-Control': 'no-store', 'Content-Length': String(Buffer.byteLength(body)) };
    if (reason === 'draining') headers.Connection = 'close';
    // The body is not read: a refused upload is not waited for.
    res.writeHead(503, headers);
    res.end(body);
    const now = Date.now();
    if (now - lastShedLog > 1000) {
      lastShedLog = now;
      opts.log.warn({ reason, inFlight, eventLoopDelayMs: Math.round(delayMs), latencyMs: Math.round(latencyMs), shed: { ...shed }, method: req.method, url: req.url }, reason === 'draining' ? 'refusing requests while shutting down (503)' : 'shedding load (503)');
    }
  };

  return {
    wrap(next) {
      return (req, res) => {
        const url = req.url ?? '/';
        if (isExempt(url)) return next(req, res);
        if (draining) return refuse(req, res, 'draining');
        if (overloaded()) return refuse(req, res, 'overloaded');
        inFlight += 1;
        started.set(res, performance.now());
        res.once('close', done);
        next(req, res);
      };
    },
    drain() {
      draining = true;
    },
    inFlight: () => inFlight,
    shed,
    eventLoopDelayMs: () => delayMs,
    latencyMs: () => latencyMs,
    close() {
      clearInterval(sampler);
      histogram?.disable();
    },
  };
}
