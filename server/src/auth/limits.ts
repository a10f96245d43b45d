import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config } from '../config';
import type { Database } from '../db/knex';
import { fail } from '../http/errors';

/**
 * Sign-in throttling, per IP (every attempt counts) and per email (failures
 * count; a success clears them). On PostgreSQL the counters live in the
 * database so every server instance shares them, with an in-memory limiter
 * as insurance when the database does not answer; with the embedded database
 * (one process) they live in memory.
 */
export interface SignInLimiter {
  /** Counts one attempt from this IP and throws a 429 when the IP or the email is over its limit. */
  attempt(ip: string, email: string): Promise<void>;
  /** Records a failed attempt for this email. */
  failed(email: string): Promise<void>;
  /** Clears the email's failures after a successful sign-in. */
  succeeded(email: string): Promise<void>;
}

/** Builds the sign-in limiter for the configured database and limits. */
export function createSignInLimiter(db: Database, config: Pick<Config, 'SIGNIN_IP_LIMIT' | 'SIGNIN_EMAIL_LIMIT' | 'SIGNIN_WINDOW_SECONDS'>): SignInLimiter {
  const duration = config.SIGNIN_WINDOW_SECONDS;
  const make = (keyPrefix: string, points: number): RateLimiterAbstract => {
    const memory = new RateLimiterMemory({ keyPrefix, points, duration });
    if (db.engine !== 'postgres') return memory;
    return new RateLimiterPostgres({ storeClient: db.knex, storeType: 'knex', tableName: 'auth_rate_limits', tableCreated: true, keyPrefix, points, duration, insuranceLimiter: memory });
  };
  const byIp = make('signin_ip', config.SIGNIN_IP_LIMIT);
  const byEmail = make('signin_email', config.SIGNIN_EMAIL_LIMIT);
  const emailKey = (email: string) => email.trim().toLowerCase().slice(0, 320);

  const tooMany = (msBeforeNext: number) => {
    const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
    const minutes = Math.ceil(seconds / 60);
    return fail.tooMany(`Too many sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, seconds);
  };

  return {
    async attempt(ip, email) {
      try {
        await byIp.consume(ip || 'unknown');
      } catch (err) {
        if (err instanceof RateLimiterRes) throw tooMany(err.msBeforeNext);
        throw err;
      }
      const state = await byEmail.get(emailKey(email));
      if (state && state.consumedPoints >= config.SIGNIN_EMAIL_LIMIT) throw tooMany(state.msBeforeNext);
    },
    async failed(email) {
      await byEmail.penalty(emailKey(email), 1);
    },
    async succeeded(email) {
      await byEmail.delete(emailKey(email));
    },
  };
}
