import type { Knex } from 'knex';
import { REQUEST_RULE_MESSAGES } from '../../../shared/song-request-api';
import type { Logger } from '../log';
import { fail } from '../http/errors';
import { flushLimitCounts, purgeExpiredLimits, readLimitCounts } from './repo';

/**
 * Rate limits for the listener-facing endpoints (requests, searches,
 * applications, Discord sign-in), counted in memory without a database write
 * per request.
 *
 * Windows are fixed and aligned to the clock (a window of 600 s runs from
 * 12:00:00 to 12:10:00), so every instance counts the same window. With the
 * embedded database there is one process and the memory is the whole truth.
 * With PostgreSQL each instance also shares its counts: hits are added up
 * locally and written in one statement every FLUSH_MS (all keys at once),
 * and the answer brings back the other instances' counts. A key this
 * instance has not heard about for FRESH_MS is read once (a read, not a
 * write) before its first hit is judged. So an address can exceed its limit
 * across instances only by what the other instances admitted for it in about
 * the last half second (FLUSH_MS + FRESH_MS). When the database cannot be
 * reached, the memory keeps counting on its own: requests are still limited,
 * never let through unlimited.
 *
 * A song, shoutout or general request's per-session limit is exact: it is
 * counted by the request's own statement (repo.ts), in the same table.
 */
export interface Limiter {
  /** Counts one hit for each key; throws 429 with Retry-After when any key is over its limit. */
  consume(...keys: (string | null | undefined)[]): Promise<void>;
}

/** A limit: so many points per so many seconds. */
export interface LimitSpec {
  points: number;
  durationSec: number;
}

/** The instance's counters (`ctx.limits`). */
export interface LimitStore {
  /** The limiter named `name` (the same name shares its counters). */
  limiter(name: string, spec: LimitSpec): Limiter;
  /** Writes the pending counts now (tests, shutdown). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

const FLUSH_MS = 200;
const FRESH_MS = 300;
const PURGE_MS = 5 * 60_000;

interface Entry {
  /** End of the window (epoch ms): the window is [expire - duration, expire). */
  expire: number;
  /** Hits admitted here in this window. */
  local: number;
  /** Of those, not yet written to the shared store. */
  pending: number;
  /** Hits the other instances had admitted, as last read. */
  others: number;
  /** When `others` was last read (epoch ms of this process's clock). */
  heardAt: number;
  /** `local` as it was when the last write was sent: the shared total includes it. */
  sentLocal: number;
}

/** Makes the instance's counters; `shared` is the database that instances share (PostgreSQL), or null. */
export function createLimitStore(deps: { shared: Knex | null; log: Logger; now: () => number }): LimitStore {
  const entries = new Map<string, Entry>();
  const byName = new Map<string, Limiter>();
  let flushTimer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> | null = null;
  let lastWarn = 0;
  let closed = false;
  const warn = (err: unknown, what: string) => {
    const t = Date.now();
    if (t - lastWarn < 60_000) return;
    lastWarn = t;
    deps.log.warn({ err }, `rate limits: ${what}; counting in this instance's memory alone`);
  };

  const entryFor = (key: string, durationMs: number, now: number): Entry => {
    const expire = Math.floor(now / durationMs) * durationMs + durationMs;
    let e = entries.get(key);
    if (!e || e.expire !== expire) {
      e = { expire, local: 0, pending: 0, others: 0, heardAt: 0, sentLocal: 0 };
      entries.set(key, e);
    }
    return e;
  };

  const flush = async (): Promise<void> => {
    if (!deps.shared || closed) return;
    const now = deps.now();
    const batch: { key: string; points: number; expire: number; entry: Entry; local: number }[] = [];
    for (const [key, e] of entries) {
      if (e.expire <= now) {
        entries.delete(key);
        continue;
      }
      if (e.pending > 0) batch.push({ key, points: e.pending, expire: e.expire, entry: e, local: e.local });
    }
    if (batch.length === 0) return;
    for (const b of batch) b.entry.pending = 0;
    try {
      const totals = await flushLimitCounts(deps.shared, batch);
      const heard = Date.now();
      for (const b of batch) {
        const total = totals.get(b.key);
        if (!total || total.expire !== b.expire) continue;
        b.entry.others = Math.max(0, total.points - b.local);
        b.entry.sentLocal = b.local;
        b.entry.heardAt = heard;
      }
    } catch (err) {
      // Not written: keep them for the next round (within their window).
      for (const b of batch) b.entry.pending += b.points;
      warn(err, 'could not share counts');
    }
  };

  const scheduleFlush = () => {
    if (!deps.shared || flushTimer || closed) return;
    flushTimer = setTimeout(() => {
      flushTimer = null;
      flushing = flush().finally(() => {
        flushing = null;
        if ([...entries.values()].some((e) => e.pending > 0)) scheduleFlush();
      });
    }, FLUSH_MS);
    flushTimer.unref();
  };

  const purgeTimer = deps.shared
    ? setInterval(() => {
        void purgeExpiredLimits(deps.shared!, deps.now()).catch((err: unknown) => warn(err, 'could not purge expired counts'));
      }, PURGE_MS)
    : null;
  purgeTimer?.unref();

  /** Reads the other instances' counts of keys this instance has not heard about lately. */
  const hearCold = async (keys: { key: string; entry: Entry }[]): Promise<void> => {
    if (!deps.shared || keys.length === 0) return;
    try {
      const totals = await readLimitCounts(deps.shared, keys.map((k) => k.key));
      const heard = Date.now();
      for (const { key, entry } of keys) {
        const total = totals.get(key);
        // The shared total already holds what this instance sent; what it has not sent yet is its own.
        entry.others = total && total.expire === entry.expire ? Math.max(0, total.points - entry.sentLocal) : 0;
        entry.heardAt = heard;
      }
    } catch (err) {
      warn(err, 'could not read shared counts');
    }
  };

  const makeLimiter = (name: string, spec: LimitSpec): Limiter => {
    const durationMs = spec.durationSec * 1000;
    return {
      async consume(...keys) {
        const full = keys.filter((k): k is string => Boolean(k)).map((k) => `ad_${name}:${k}`);
        if (full.length === 0) return;
        if (deps.shared) {
          const now = deps.now();
          const cold = full.map((key) => ({ key, entry: entryFor(key, durationMs, now) })).filter(({ entry }) => Date.now() - entry.heardAt > FRESH_MS);
          await hearCold(cold);
        }
        const now = deps.now();
        for (const key of full) {
          const e = entryFor(key, durationMs, now);
          if (e.local + e.others + 1 > spec.points) {
            const seconds = Math.max(1, Math.ceil((e.expire - now) / 1000));
            throw fail.tooMany(REQUEST_RULE_MESSAGES.tooMany(seconds), seconds);
          }
        }
        for (const key of full) {
          const e = entryFor(key, durationMs, now);
          e.local++;
          if (deps.shared) e.pending++;
        }
        scheduleFlush();
      },
    };
  };

  return {
    limiter(name, spec) {
      const id = `${name}:${spec.points}:${spec.durationSec}`;
      let found = byName.get(id);
      if (!found) {
        found = makeLimiter(name, spec);
        byName.set(id, found);
      }
      return found;
    },
    async flush() {
      if (flushing) await flushing;
      await flush();
    },
    async close() {
      if (flushTimer) clearTimeout(flushTimer);
      flushTimer = null;
      if (purgeTimer) clearInterval(purgeTimer);
      // The last counts, if the database answers within a second (they only matter for the rest of the window).
      const last = (async () => {
        if (flushing) await flushing.catch(() => undefined);
        await flush().catch(() => undefined);
      })();
      await Promise.race([last, new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
      closed = true;
    },
  };
}

/** The limiter named `name` for this server (the same name shares its counters). */
export function limiter(ctx: { limits: LimitStore }, name: string, spec: LimitSpec): Limiter {
  return ctx.limits.limiter(name, spec);
}
