import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../shared/permissions';
import { createUser, type TestUser } from '../support/auth';
import { connectRealtime } from '../support/radio';
import { request, startTestServer, type TestServer } from '../support/server';
import { startMailCatcher, type Mail } from '../support/smtp';

/**
 * Staff accounts that a stolen password cannot open (issue 37 items 4 and 5),
 * through the real server and a real local SMTP server. TOTP codes come from
 * the otpauth library's own generator at chosen instants, against a server
 * whose clock is held still, so the ±1 step window is exact.
 */

const PASSWORD = 'correct horse battery';
/** The server's clock: real time, held at `frozen` when set. */
let frozen: number | null = null;
const now = () => frozen ?? Date.now();

const inbox: Mail[] = [];
let smtp: Awaited<ReturnType<typeof startMailCatcher>> | null = null;
let t: TestServer;


beforeAll(async () => {
  smtp = await startMailCatcher(inbox);
  t = await startTestServer({
    now,
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Airdeck Radio <radio@station.example>', PUBLIC_URL: 'https://radio.station.example', SIGNIN_IP_LIMIT: '1000', SIGNIN_SLOWDOWN_MS: '0' },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const signIn = (email: string, password: string, client: 'web' | 'desktop' = 'web') => request(t.url, '/api/auth/token', { method: 'POST', body: { email, password, client } });
const verify = (mfa_token: string, code: string) => request(t.url, '/api/auth/mfa/verify', { method: 'POST', body: { mfa_token, code } });
const me = (token: string) => request(t.url, '/api/me', { token });
/** The code a standard authenticator shows at `at` (otpauth's own generator, not the server's check). */
const codeAt = (secret: string, at: number) => TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: at });

/** An account with TOTP turned on through My Profile's routes; answers its secret and recovery codes. */
async function withTotp(role: Role): Promise<{ user: TestUser; secret: string; recovery: string[] }> {
  const user = await createUser(t, { role, password: PASSWORD });
  const setup = await request(t.url, '/api/auth/mfa/totp/setup', { method: 'POST', token: user.token, body: {} });
  expect(setup.status).toBe(200);
  const secret = setup.body.secret as string;
  expect(setup.body.otpauth_url).toMatch(/^otpauth:\/\/totp\//);
  expect(new URL(setup.body.otpauth_url as string).searchParams.get('secret')).toBe(secret);
  const enabled = await request(t.url, '/api/auth/mfa/totp/enable', { method: 'POST', token: user.token, body: { code: codeAt(secret, now()) } });
  expect(enabled.status).toBe(200);
  return { user, secret, recovery: enabled.body.recovery_codes as string[] };
}

describe('TOTP sign-in (issue 37 item 4)', () => {
  it('asks for a code after the right password, and the code from an authenticator completes the usual sign-in', async () => {
    const { user, secret, recovery } = await withTotp('manager');
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    const status = await request(t.url, '/api/me/mfa', { token: user.token });
    expect(status.body).toEqual({ enabled: true, recovery_codes_left: 10, required: false });

    const first = await signIn(user.email, PASSWORD);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ mfa_required: true, expires_in: 300 });
    expect(first.body.access_token).toBeUndefined();
    expect(first.headers.getSetCookie().some((c) => c.startsWith('airdeck_refresh='))).toBe(false);

    // A later step's code: the user waits a little (the previous one was spent enabling).
    frozen = Date.now() + 30_000;
    try {
      const done = await verify(first.body.mfa_token, codeAt(secret, now()));
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ token_type: 'bearer', user: { id: user.id, email: user.email, role: 'manager' } });
      expect(done.headers.getSetCookie().some((c) => c.startsWith('airdeck_refresh='))).toBe(true);
      expect((await me(done.body.access_token)).status).toBe(200);
      // The token is spent with the sign-in.
      expect((await verify(first.body.mfa_token, codeAt(secret, now() + 30_000))).status).toBe(401);
    } finally {
      frozen = null;
    }
  });

  it('accepts a code one step early or late, refuses two steps off, and never takes the same step twice', async () => {
    const { user, secret } = await withTotp('admin');
    frozen = Date.now() + 5 * 60_000;
    try {
      const attempt = async (at: number) => verify((await signIn(user.email, PASSWORD)).body.mfa_token, codeAt(secret, at));
      expect((await attempt(now() - 60_000)).status).toBe(400); // two steps early
      expect((await attempt(now() - 30_000)).status).toBe(200); // one step early (a slow phone)
      expect((await attempt(now())).status).toBe(200);
      const late = codeAt(secret, now() + 30_000);
      const ok = await verify((await signIn(user.email, PASSWORD)).body.mfa_token, late); // one step late (a fast phone)
      expect(ok.status).toBe(200);
      const reused = await verify((await signIn(user.email, PASSWORD)).body.mfa_token, late);
      expect(reused.status).toBe(400);
      expect(reused.body.error.message).toBe('That code is not right. Check your authenticator app and try again.');
      // An earlier step than one already used is refused too (a code seen over a shoulder a minute ago).
      expect((await attempt(now())).status).toBe(400);
      expect((await attempt(now() + 90_000)).status).toBe(400); // three steps late
    } finally {
      frozen = null;
    }
  });

  it('takes each recovery code once, whatever its case and dashes', async () => {
    const { user, recovery } = await withTotp('owner');
    const code = recovery[3]!;
    const once = await verify((await signIn(user.email, PASSWORD)).body.mfa_token, code.toLowerCase().replace('-', ' '));
    expect(once.status).toBe(200);
    const twice = await verify((await signIn(user.email, PASSWORD)).body.mfa_token, code);
    expect(twice.status).toBe(400);
    expect((await request(t.url, '/api/me/mfa', { token: once.body.access_token })).body.recovery_codes_left).toBe(9);
  });

  it('gives the desktop studio its refresh token in the body after the second step', async () => {
    const { user, recovery } = await withTotp('moderator');
    const first = await signIn(user.email, PASSWORD, 'desktop');
    const done = await verify(first.body.mfa_token, recovery[0]!);
    expect(done.status).toBe(200);
    expect(typeof done.body.refresh_token).toBe('string');
    expect(done.headers.getSetCookie()).toEqual([]);
    const refreshed = await request(t.url, '/api/auth/refresh', { method: 'POST', body: { refresh_token: done.body.refresh_token } });
    expect(refreshed.status).toBe(200);
  });

  it('answers a wrong password the same for an account with TOTP, one without and an unknown address', async () => {
    const { user } = await withTotp('presenter');
    const plain = await createUser(t, { role: 'presenter', password: PASSWORD });
    const withMfa = await signIn(user.email, 'not the password');
    const without = await signIn(plain.email, 'not the password');
    const unknown = await signIn(`nobody-${randomBytes(3).toString('hex')}@test.airdeck`, 'not the password');
    expect(withMfa.status).toBe(400);
    expect(without.body).toEqual(withMfa.body);
    expect(unknown.body).toEqual(withMfa.body);
    expect(withMfa.body.mfa_token).toBeUndefined();
  });

  it('ends a challenge after five wrong codes, and limits codes per account across challenges (429)', async () => {
    const { user } = await withTotp('guest');
    const first = await signIn(user.email, PASSWORD);
    for (let i = 0; i < 5; i++) expect((await verify(first.body.mfa_token, '000000')).status).toBe(400);
    const dead = await verify(first.body.mfa_token, '000000');
    expect(dead.status).toBe(401);
    expect(dead.body.error.message).toBe('This sign-in has expired. Please sign in again.');
    // New challenges do not give new guesses: the account's codes are counted across them (10 per 15 minutes).
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await verify((await signIn(user.email, PASSWORD)).body.mfa_token, '111111')).status);
    expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 400]);
    expect(statuses.slice(4)).toContain(429);
    // The failures are in the audit trail as wrong codes, not wrong passwords.
    const logs = await t.server.ctx.knex('user_action_logs').where({ action_type: 'login_failed', user_id: user.id }).select('details');
    expect(logs.map((l: { details: { reason: string } }) => l.details.reason)).toContain('wrong_code');
  });

  it('lets the owner require two-factor for chosen roles: such an account sets it up to finish signing in', async () => {
    const { user: owner } = await withTotp('owner');
    const policy = await request(t.url, '/api/auth/mfa/policy', { token: owner.token });
    expect(policy.body).toEqual({ enforced: false, roles: ['owner', 'manager', 'admin'] });
    const put = await request(t.url, '/api/auth/mfa/policy', { method: 'PUT', token: owner.token, body: { enforced: true, roles: ['owner', 'manager', 'admin', 'presenter'] } });
    expect(put.status).toBe(200);
    try {
      const presenter = await createUser(t, { role: 'presenter', password: PASSWORD });
      const guest = await createUser(t, { role: 'guest', password: PASSWORD });
      expect((await signIn(guest.email, PASSWORD)).body.access_token).toBeTruthy();
      const first = await signIn(presenter.email, PASSWORD);
      expect(first.body).toMatchObject({ mfa_setup_required: true });
      expect(first.body.access_token).toBeUndefined();
      const setup = await request(t.url, '/api/auth/mfa/totp/setup', { method: 'POST', body: { mfa_token: first.body.mfa_token } });
      expect(setup.status).toBe(200);
      const wrong = await request(t.url, '/api/auth/mfa/totp/enable', { method: 'POST', body: { mfa_token: first.body.mfa_token, code: '123456' === codeAt(setup.body.secret, now()) ? '654321' : '123456' } });
      expect(wrong.status).toBe(400);
      const done = await request(t.url, '/api/auth/mfa/totp/enable', { method: 'POST', body: { mfa_token: first.body.mfa_token, code: codeAt(setup.body.secret, now()) } });
      expect(done.status).toBe(200);
      expect(done.body.recovery_codes).toHaveLength(10);
      expect((await me(done.body.access_token)).status).toBe(200);
      // Required for the role: it cannot be turned off.
      const off = await request(t.url, '/api/auth/mfa/totp/disable', { method: 'POST', token: done.body.access_token, body: { password: PASSWORD } });
      expect(off.status).toBe(403);
      // Only the owner sets the policy.
      const manager = await createUser(t, { role: 'manager' });
      expect((await request(t.url, '/api/auth/mfa/policy', { method: 'PUT', token: manager.token, body: { enforced: false, roles: [] } })).status).toBe(403);
    } finally {
      await request(t.url, '/api/auth/mfa/policy', { method: 'PUT', token: owner.token, body: { enforced: false, roles: ['owner', 'manager', 'admin'] } });
    }
  });

  it('refuses to require it of owners while the owner setting it has none', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const put = await request(t.url, '/api/auth/mfa/policy', { method: 'PUT', token: owner.token, body: { enforced: true, roles: ['owner'] } });
    expect(put.status).toBe(400);
  });

  it('turns off with the password, after which the password alone signs in', async () => {
    const { user } = await withTotp('presenter');
    expect((await request(t.url, '/api/auth/mfa/totp/disable', { method: 'POST', token: user.token, body: { password: 'wrong one' } })).status).toBe(400);
    expect((await request(t.url, '/api/auth/mfa/totp/disable', { method: 'POST', token: user.token, body: { password: PASSWORD } })).status).toBe(204);
    expect((await signIn(user.email, PASSWORD)).body.access_token).toBeTruthy();
  });
});

describe('sessions and password reset (issue 37 item 5)', () => {
  it('lists the account’s live sessions and ends one at once, its realtime feed included', async () => {
    const user = await createUser(t, { role: 'moderator', password: PASSWORD });
    const desktop = await signIn(user.email, PASSWORD, 'desktop');
    const list = await request(t.url, '/api/me/sessions', { token: user.token });
    expect(list.status).toBe(200);
    expect(list.body.sessions).toHaveLength(2);
    const other = list.body.sessions.find((s: { current: boolean }) => !s.current);
    expect(other).toMatchObject({ client: 'desktop', ip: expect.stringMatching(/127\.0\.0\.1/) });
    expect(list.body.sessions.find((s: { current: boolean }) => s.current).id).toBe(user.sessionId);

    const socket = await connectRealtime(t.url);
    socket.send({ type: 'hello', token: desktop.body.access_token });
    socket.send({ type: 'subscribe', channel: 'requests' });
    await expect.poll(() => socket.frames.some((f) => f.type === 'subscribed')).toBe(true);
    const end = await request(t.url, `/api/me/sessions/${other.id}`, { method: 'DELETE', token: user.token });
    expect(end.status).toBe(204);
    await expect.poll(() => socket.frames.some((f) => f.type === 'error' && f.code === 'session_ended'), { timeout: 2000 }).toBe(true);
    socket.close();
    expect((await me(desktop.body.access_token)).status).toBe(401);
    expect((await request(t.url, '/api/auth/refresh', { method: 'POST', body: { refresh_token: desktop.body.refresh_token } })).status).toBe(401);
    expect((await me(user.token)).status).toBe(200);
    // Another account's session is not this account's to end.
    const stranger = await createUser(t, { role: 'owner' });
    expect((await request(t.url, `/api/me/sessions/${user.sessionId}`, { method: 'DELETE', token: stranger.token })).status).toBe(404);
  });

  it('e-mails a single-use link that sets a new password and ends every session; the same answer for an unknown address', async () => {
    const user = await createUser(t, { role: 'presenter', password: PASSWORD });
    const desktop = await signIn(user.email, PASSWORD, 'desktop');
    const known = await request(t.url, '/api/auth/password-reset', { method: 'POST', body: { email: user.email.toUpperCase() } });
    const unknown = await request(t.url, '/api/auth/password-reset', { method: 'POST', body: { email: `nobody-${randomBytes(3).toString('hex')}@test.airdeck` } });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await expect.poll(() => inbox.filter((m) => m.to.includes(user.email)).length, { timeout: 5000 }).toBe(1);
    const mail = inbox.find((m) => m.to.includes(user.email))!;
    expect(mail.subject).toMatch(/new password/i);
    const link = /https:\/\/radio\.station\.example\/auth\/reset#token=([\w-]+)/.exec(mail.text);
    expect(link, mail.text).not.toBeNull();
    expect(mail.text).toMatch(/30 minutes/);
    const token = link![1]!;

    const reset = await request(t.url, '/api/auth/password-reset/confirm', { method: 'POST', body: { token, password: 'a brand new passphrase' } });
    expect(reset.status).toBe(204);
    expect((await me(user.token)).status).toBe(401);
    expect((await me(desktop.body.access_token)).status).toBe(401);
    expect((await signIn(user.email, PASSWORD)).status).toBe(400);
    expect((await signIn(user.email, 'a brand new passphrase')).status).toBe(200);
    // Once only.
    const again = await request(t.url, '/api/auth/password-reset/confirm', { method: 'POST', body: { token, password: 'yet another passphrase' } });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe('This link has expired or was already used. Ask for a new one.');
    // Nothing was mailed to the unknown address.
    expect(inbox.filter((m) => m.to.includes('nobody-'))).toEqual([]);
  });

  it('refuses a link after 30 minutes', async () => {
    const user = await createUser(t, { role: 'guest', password: PASSWORD });
    await request(t.url, '/api/auth/password-reset', { method: 'POST', body: { email: user.email } });
    await expect.poll(() => inbox.filter((m) => m.to.includes(user.email)).length, { timeout: 5000 }).toBe(1);
    const token = /#token=([\w-]+)/.exec(inbox.find((m) => m.to.includes(user.email))!.text)![1]!;
    frozen = Date.now() + 31 * 60_000;
    try {
      const late = await request(t.url, '/api/auth/password-reset/confirm', { method: 'POST', body: { token, password: 'a brand new passphrase' } });
      expect(late.status).toBe(400);
    } finally {
      frozen = null;
    }
    expect((await me(user.token)).status).toBe(200);
  });
});
