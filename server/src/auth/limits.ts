import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config } from '../config';
import type { Database } from '../db/knex';
import { fail } from '../http/errors';
import { dummyHashOnce } from './passwords';
import { RATE_LIMIT_TABLE } from './repo';

/**
 * Sign-in throttling that an attacker cannot aim at someone else's account
 * (issue 18). Three counters over one window (SIGNIN_WINDOW_SECONDS):
 *
 * - per address, every attempt (SIGNIN_IP_LIMIT): then 429 for that address;
 * - per (email, address), failures (SIGNIN_EMAIL_LIMIT): then 429 for that
 *   address on that email, even with the right password; a success clears it;
 * - per email across all addresses, failures: never a refusal, a growing
 *   delay. From SIGNIN_EMAIL_LIMIT failures on, every attempt on that email
 *   waits SIGNIN_SLOWDOWN_MS, doubling with each further SIGNIN_EMAIL_LIMIT
 *   failures up to SIGNIN_SLOWDOWN_MAX_MS, and attempts on one email are
 *   spaced by that delay (one at a time per server process), so guessing
 *   from many addresses gets about one guess per delay, while the owner's
 *   correct password from a clean address still signs in, only later.
 *
 * On PostgreSQL the counters live in the database so every server instance
 * shares them, with an in-memory limiter as insurance when the database does
 * not answer; with the embedded database (one process) they live in memory.
 */
export interface SignInLimiter {
  /** Counts one attempt; throws a 429 when the address or the (email, address) pair is over its limit; waits out the email's slow-down. */
  attempt(ip: string, email: string): Promise<void>;
  /** Records a failed attempt for this email from this address. */
  failed(ip: string, email: string): Promise<void>;
  /** Clears the (email, address) failures after a successful sign-in. */
  succeeded(ip: string, email: string): Promise<void>;
}

type LimitConfig = Pick<Config, 'SIGNIN_IP_LIMIT' | 'SIGNIN_EMAIL_LIMIT' | 'SIGNIN_WINDOW_SECONDS' | 'SIGNIN_SLOWDOWN_MS' | 'SIGNIN_SLOWDOWN_MAX_MS'>;

/** The delay before an attempt on an email with `failures` failures in the window (ms). */
export function slowdownMs(failures: number, config: Pick<LimitConfig, 'SIGNIN_EMAIL_LIMIT' | 'SIGNIN_SLOWDOWN_MS' | 'SIGNIN_SLOWDOWN_MAX_MS'>): number {
  if (failures < config.SIGNIN_EMAIL_LIMIT || config.SIGNIN_SLOWDOWN_MS === 0) return 0;
  const doublings = Math.min(20, Math.floor((failures - config.SIGNIN_EMAIL_LIMIT) / config.SIGNIN_EMAIL_LIMIT));
  return Math.min(config.SIGNIN_SLOWDOWN_MAX_MS, config.SIGNIN_SLOWDOWN_MS * 2 ** doublings);
}

/** Builds the sign-in limiter for the configured database and limits. */
export function createSignInLimiter(db: Database, config: LimitConfig, sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms))): SignInLimiter {
  const duration = config.SIGNIN_WINDOW_SECONDS;
  const make = (keyPrefix: string, points: number): RateLimiterAbstract => {
    const memory = new RateLimiterMemory({ keyPrefix, points, duration });
    if (db.engine !== 'postgres') return memory;
    return new RateLimiterPostgres({ storeClient: db.knex, storeType: 'knex', tableName: RATE_LIMIT_TABLE, tableCreated: true, keyPrefix, points, duration, insuranceLimiter: memory });
  };
  const byIp = make('signin_ip', config.SIGNIN_IP_LIMIT);
  const byPair = make('signin_pair', config.SIGNIN_EMAIL_LIMIT);
  // Counted, never refused: its points only bound the counter.
  const byEmail = make('signin_email_any', 1_000_000_000);
  const emailKey = (email: string) => email.trim().toLowerCase().slice(0, 320);
  const pairKey = (ip: string, email: string) => `${emailKey(email)}|${(ip || 'unknown').slice(0, 100)}`;
  /** When the next slowed attempt on each email may run (this process). */
  const nextSlot = new Map<string, number>();
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
      const pair = await byPair.get(pairKey(ip, email));
      if (pair && pair.consumedPoints >= config.SIGNIN_EMAIL_LIMIT) throw tooMany(pair.msBeforeNext);
      const all = await byEmail.get(emailKey(email));
      const delay = slowdownMs(all?.consumedPoints ?? 0, config);
      if (delay === 0) return;
      // Attempts on a guessed-at email are spaced by the delay: many addresses in parallel do not multiply the guesses.
      const key = emailKey(email);
      const now = Date.now();
      const slot = Math.max(now + delay, (nextSlot.get(key) ?? 0) + delay);
      nextSlot.set(key, slot);
      if (nextSlot.size > 10_000) for (const [k, at] of nextSlot) if (at < now) nextSlot.delete(k);
      // The queue is bounded: nobody waits longer than 30 s, the owner included.
      await sleep(Math.min(slot - now, 30_000));
    },
    async failed(ip, email) {
      await byPair.penalty(pairKey(ip, email), 1);
      await byEmail.penalty(emailKey(email), 1);
    },
    async succeeded(ip, email) {
      await byPair.delete(pairKey(ip, email));
    },
  };
}

/** The instance's sign-in guard (`ctx.signIn`): the limiter and the timing equaliser's hash. */
export interface SignInGuard {
  limiter: SignInLimiter;
  /** The hash an unknown email's password is checked against (see passwords.ts `dummyHashOnce`). */
  dummyHash: () => Promise<string>;
}

/** Builds the sign-in guard once per server (startServer); the dummy hash is computed now, so the first unknown-email sign-in takes no longer than any other. */
export function createSignInGuard(db: Database, config: LimitConfig): SignInGuard {
  const dummyHash = dummyHashOnce();
  void dummyHash();
  return { limiter: createSignInLimiter(db, config), dummyHash };
}
