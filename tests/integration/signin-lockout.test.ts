import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slowdownMs } from '../../server/src/auth/limits';
import { loadConfig } from '../../server/src/config';
import { createUser, type TestUser } from '../support/auth';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * Lockouts an attacker cannot aim (issue 18 §2). Ten wrong passwords from one
 * address do not stop the owner signing in from another; guessing stays
 * expensive: one address is refused after ten failures on an email, and
 * guesses from many addresses are slowed by a growing delay and spaced one
 * at a time. The client address comes from TRUST_PROXY's X-Forwarded-For.
 * Delays are scaled down here (SIGNIN_SLOWDOWN_MS=100); the figures for the
 * defaults are computed from the same rule at the end.
 */
const SLOW = 100;
let t: TestServer;
let owner: TestUser;

beforeAll(async () => {
  t = await startTestServer({ env: { TRUST_PROXY: 'true', SIGNIN_IP_LIMIT: '30', SIGNIN_EMAIL_LIMIT: '10', SIGNIN_SLOWDOWN_MS: String(SLOW), SIGNIN_SLOWDOWN_MAX_MS: String(SLOW * 8) } });
  owner = await createUser(t, { role: 'owner', email: 'owner@station.test' });
});
afterAll(() => t?.close());

const signIn = async (email: string, password: string, ip: string) => {
  const started = performance.now();
  const res = await request(t.url, '/api/auth/token', { method: 'POST', body: { email, password }, headers: { 'X-Forwarded-For': ip } });
  return { status: res.status, ms: performance.now() - started, retryAfter: res.headers.get('retry-after'), message: res.body?.error?.message as string | undefined };
};

describe('sign-in lockouts', () => {
  it('ten wrong passwords from one address refuse that address, and the owner still signs in from another', async () => {
    for (let i = 1; i <= 10; i++) expect((await signIn(owner.email, `wrong-${i}`, '203.0.113.7')).status).toBe(400);
    const attacker = await signIn(owner.email, owner.password, '203.0.113.7');
    expect(attacker.status).toBe(429);
    expect(Number(attacker.retryAfter)).toBeGreaterThan(0);
    expect(attacker.message).toMatch(/^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/);
    const home = await signIn(owner.email, owner.password, '198.51.100.20');
    expect(home.status).toBe(200);
    // The email has ten failures: the owner waits the first step of the slow-down, nothing more.
    expect(home.ms).toBeGreaterThanOrEqual(SLOW - 5);
  });

  it('slows guessing from many addresses with a growing delay, one guess at a time', async () => {
    const target = await createUser(t, { role: 'admin', email: 'admin@station.test' });
    // Ten free failures from ten addresses.
    for (let i = 0; i < 10; i++) expect((await signIn(target.email, 'guess', `192.0.2.${i}`)).status).toBe(400);
    // From now on every attempt waits at least the delay…
    const next = await signIn(target.email, 'guess', '192.0.2.100');
    expect(next.status).toBe(400);
    expect(next.ms).toBeGreaterThanOrEqual(SLOW - 5);
    // …and nine attempts sent together from nine fresh addresses are spaced, not parallel.
    const started = performance.now();
    const burst = await Promise.all(Array.from({ length: 9 }, (_, i) => signIn(target.email, 'guess', `192.0.2.${120 + i}`)));
    const elapsed = performance.now() - started;
    expect(burst.map((b) => b.status)).toEqual(Array(9).fill(400));
    expect(elapsed).toBeGreaterThanOrEqual(9 * SLOW - 10);
    // Past twenty failures the delay has doubled.
    const later = await signIn(target.email, 'guess', '192.0.2.200');
    expect(later.ms).toBeGreaterThanOrEqual(2 * SLOW - 5);
    // The correct password from a clean address is slowed, never refused.
    expect((await signIn(target.email, target.password, '198.51.100.21')).status).toBe(200);
    const perMinute = Math.round((60_000 / (elapsed / 9)) * 10) / 10;
    console.info(`[figures] many addresses, one email, after 10 failures (delay ${SLOW} ms here): ${perMinute} guesses/min measured`);
  });

  it('still refuses one address that tries many emails (per-address limit)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await signIn(`nobody${i}@station.test`, 'guess', '203.0.113.99')).status);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('gives these figures with the default settings', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect([config.SIGNIN_EMAIL_LIMIT, config.SIGNIN_IP_LIMIT, config.SIGNIN_WINDOW_SECONDS, config.SIGNIN_SLOWDOWN_MS, config.SIGNIN_SLOWDOWN_MAX_MS]).toEqual([10, 30, 900, 1000, 10_000]);
    // One email, unlimited addresses, one window of 15 minutes, one server process.
    let failures = 0;
    let spentMs = 0;
    while (spentMs < 900_000) {
      spentMs += slowdownMs(failures, config);
      if (spentMs <= 900_000) failures++;
    }
    const oneAddressPerWindow = config.SIGNIN_EMAIL_LIMIT;
    console.info(
      `[figures] defaults: one address gets ${oneAddressPerWindow} guesses on an email per 15 min (${(oneAddressPerWindow / 15).toFixed(2)}/min) and ${config.SIGNIN_IP_LIMIT} attempts in all; ` +
        `many addresses get ${failures} guesses on one email per 15 min (${(failures / 15).toFixed(1)}/min), then ${60_000 / config.SIGNIN_SLOWDOWN_MAX_MS}/min per server process`,
    );
    expect(failures).toBeLessThan(150);
    expect(slowdownMs(9, config)).toBe(0);
    expect(slowdownMs(10, config)).toBe(1000);
    expect(slowdownMs(20, config)).toBe(2000);
    expect(slowdownMs(45, config)).toBe(8000);
    expect(slowdownMs(500, config)).toBe(10_000);
  });
});
