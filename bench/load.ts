import { randomUUID } from 'node:crypto';
import http from 'node:http';

/**
 * The listener mix as an open-loop load generator (requests are sent on a
 * schedule, not one after another, so a slow server shows up as latency
 * rather than as fewer requests): listeners reading now-playing and the week's
 * schedule, and 1% sending song requests and votes. Every listener has its own
 * address (X-Forwarded-For: the server must run with TRUST_PROXY=true) so the
 * per-address limits behave as with real listeners. Used by the load suite
 * (tests/stress/load.test.ts) and `npm run bench load`.
 */
export interface LoadResult {
  /** Target and achieved rate (requests per second). */
  target: number;
  rate: number;
  sent: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  /** Answers by status (network errors as 'network', timeouts as 'timeout'). */
  statuses: Record<string, number>;
  writes: number;
}

export interface LoadOptions {
  url: string;
  rate: number;
  seconds: number;
  /** Track ids to vote on. */
  trackIds: string[];
  /** Share of requests that write (default 1%). */
  writeShare?: number;
  listeners?: number;
}

// Idle sockets are dropped after 4 s, before the server's 5 s keep-alive timeout, so the client never
// reuses a socket the server is closing (the keep-alive race, which a browser would retry silently).
const agent = new http.Agent({ keepAlive: true, maxSockets: 256, keepAliveMsecs: 1_000, timeout: 4_000 });

/** One request on the keep-alive pool: the status, or throws (name 'TimeoutError' on timeout). */
function send(url: string, method: string, headers: Record<string, string>, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: body ? { ...headers, 'Content-Length': String(Buffer.byteLength(body)) } : headers, agent, timeout: 5_000 }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('timeout', () => {
      const err = new Error('timeout');
      err.name = 'TimeoutError';
      req.destroy(err);
    });
    req.on('error', reject);
    req.end(body);
  });
}

export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  const writeShare = opts.writeShare ?? 0.01;
  const listeners = opts.listeners ?? 5_000;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let sent = 0;
  let writes = 0;
  let inFlight = 0;
  const pending = new Set<Promise<void>>();
  const count = (k: string) => (statuses[k] = (statuses[k] ?? 0) + 1);

  const one = async (): Promise<void> => {
    const who = Math.floor(Math.random() * listeners);
    const headers: Record<string, string> = { 'X-Forwarded-For': `10.${(who >> 16) & 255}.${(who >> 8) & 255}.${who & 255}` };
    const r = Math.random();
    let path: string;
    let init: { method?: string; body?: string } = {};
    if (r < writeShare / 2) {
      writes++;
      path = '/song-request-api';
      headers['Content-Type'] = 'application/json';
      init = { method: 'POST', body: JSON.stringify({ artist: 'Load Test', title: `load ${randomUUID()}`, requester: `listener ${who}` }) };
    } else if (r < writeShare) {
      writes++;
      const id = opts.trackIds[who % opts.trackIds.length]!;
      path = `/api/tracks/${id}/votes`;
      headers['Content-Type'] = 'application/json';
      init = { method: 'POST', body: JSON.stringify({ user_session: `listener-${who}-session`, vote_type: Math.random() < 0.7 ? 'up' : 'down' }) };
    } else if (r < writeShare + (1 - writeShare) / 2) {
      path = '/api/now-playing';
    } else {
      path = '/api/schedule/week';
    }
    const t0 = performance.now();
    inFlight++;
    try {
      const status = await send(opts.url + path, init.method ?? 'GET', headers, init.body);
      latencies.push(performance.now() - t0);
      count(String(status));
      if (status >= 400) errors++;
    } catch (err) {
      latencies.push(performance.now() - t0);
      count((err as Error).name === 'TimeoutError' ? 'timeout' : `network:${(err as NodeJS.ErrnoException).code ?? 'error'}`);
      errors++;
    } finally {
      inFlight--;
    }
  };

  const started = performance.now();
  const end = started + opts.seconds * 1000;
  let due = 0;
  await new Promise<void>((resolve) => {
    const tick = (): void => {
      const now = performance.now();
      if (now >= end) return resolve();
      const target = Math.floor(((now - started) / 1000) * opts.rate);
      for (; due < target; due++) {
        // The generator itself must not become the bottleneck: beyond 4000 open requests, count the rest as errors.
        if (inFlight > 4_000) {
          count('generator-overload');
          errors++;
          continue;
        }
        sent++;
        const p = one();
        pending.add(p);
        void p.finally(() => pending.delete(p));
      }
      setTimeout(tick, 5);
    };
    tick();
  });
  const elapsed = (performance.now() - started) / 1000;
  await Promise.all(pending);
  const sorted = latencies.sort((a, b) => a - b);
  const pct = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : NaN);
  return {
    target: opts.rate,
    rate: Math.round(sent / elapsed),
    sent,
    p50: Math.round(pct(0.5) * 10) / 10,
    p99: Math.round(pct(0.99) * 10) / 10,
    max: Math.round((sorted[sorted.length - 1] ?? NaN) * 10) / 10,
    errors,
    statuses,
    writes,
  };
}

/** Steps up the rate until p99 reaches the goal or errors appear; returns every step and the highest rate that met the goal. */
export async function rampUp(opts: Omit<LoadOptions, 'rate' | 'seconds'> & { steps: number[]; stepSeconds: number; p99GoalMs: number }): Promise<{ steps: LoadResult[]; best: number }> {
  const steps: LoadResult[] = [];
  let best = 0;
  for (const rate of opts.steps) {
    const r = await runLoad({ ...opts, rate, seconds: opts.stepSeconds });
    steps.push(r);
    const ok = r.p99 < opts.p99GoalMs && r.errors === 0 && r.rate >= rate * 0.95;
    if (!ok) break;
    best = rate;
  }
  return { steps, best };
}

/** One line for a result. */
export function describeLoad(r: LoadResult): string {
  return `target ${r.target}/s  achieved ${r.rate}/s  p50 ${r.p50} ms  p99 ${r.p99} ms  max ${r.max} ms  errors ${r.errors}  sent ${r.sent} (${r.writes} writes)`;
}
