import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { REQUEST_RULE_MESSAGES } from '../../../shared/song-request-api';
import type { AppContext } from '../context';
import { fail } from '../http/errors';

/**
 * Rate limits for the listener-facing endpoints (requests, searches,
 * applications, Discord sign-in). In memory with the embedded database (one
 * process); in PostgreSQL when the server uses one, so every instance shares
 * the counters, with an in-memory insurance limiter that takes over when the
 * database is unreachable rather than letting requests through unlimited.
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

const cache = new WeakMap<AppContext, Map<string, Limiter>>();

/** The limiter named `name` for this server (made once; the same name shares its counters). */
export function limiter(ctx: AppContext, name: string, spec: LimitSpec): Limiter {
  let byName = cache.get(ctx);
  if (!byName) {
    byName = new Map();
    cache.set(ctx, byName);
  }
  const key = `${name}:${spec.points}:${spec.durationSec}`;
  const found = byName.get(key);
  if (found) return found;
  const made = makeLimiter(ctx, name, spec);
  byName.set(key, made);
  return made;
}

function makeLimiter(ctx: AppContext, name: string, spec: LimitSpec): Limiter {
  const base = { points: spec.points, duration: spec.durationSec, keyPrefix: `ad_${name}` };
  const store: RateLimiterAbstract =
    ctx.db.engine === 'postgres'
      ? new RateLimiterPostgres({
          ...base,
          storeClient: ctx.knex,
          storeType: 'knex',
          tableName: 'request_rate_limits',
          tableCreated: true,
          clearExpiredByTimeout: true,
          insuranceLimiter: new RateLimiterMemory(base),
        })
      : new RateLimiterMemory(base);
  return {
    async consume(...keys) {
      for (const k of keys) {
        if (!k) continue;
        try {
          await store.consume(k);
        } catch (rej) {
          if (rej instanceof RateLimiterRes) {
            const seconds = Math.max(1, Math.ceil(rej.msBeforeNext / 1000));
            throw fail.tooMany(REQUEST_RULE_MESSAGES.tooMany(seconds), seconds);
          }
          // Neither the store nor its insurance could count: refuse rather than let a flood through.
          ctx.log.error({ err: rej, limiter: name }, 'rate limiter failed');
          throw fail.unavailable('The station is briefly unavailable. Please try again in a few seconds.');
        }
      }
    },
  };
}
