import { SignJWT, UnsecuredJWT, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneSessions } from '../../server/src/auth/prune';
import { createUser, type TestUser } from '../support/auth';
import { request, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

const knex = () => t.server.ctx.knex;

/** Signs in over HTTP; returns the reply, the refresh cookie (web) and the Set-Cookie line. */
async function signIn(email: string, password: string, client: 'web' | 'desktop' = 'web', headers: Record<string, string> = {}) {
  const res = await request(t.url, '/api/auth/token', { method: 'POST', body: { email, password, client }, headers });
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('airdeck_refresh=')) ?? null;
  const cookie = setCookie ? setCookie.split(';')[0]! : null;
  return { ...res, cookie, setCookie };
}

const refreshBody = (token: string) => request(t.url, '/api/auth/refresh', { method: 'POST', body: { refresh_token: token } });
const refreshCookie = (cookie: string, headers: Record<string, string> = {}) => request(t.url, '/api/auth/refresh', { method: 'POST', body: {}, headers: { Cookie: cookie, ...headers } });
const me = (token: string) => request(t.url, '/api/me', { token });

describe('password sign-in', () => {
  it('gives the website an access token and an httpOnly SameSite=Strict refresh cookie scoped to the auth path', async () => {
    const u = await createUser(t, { role: 'presenter' });
    const res = await signIn(u.email.toUpperCase(), u.password);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: 'bearer', expires_in: 900, user: { id: u.id, email: u.email, role: 'presenter' } });
    expect(res.body.refresh_token).toBeUndefined();
    expect(res.body.expires_at).toBeGreaterThan(Date.now() / 1000 + 800);
    expect(res.setCookie).toMatch(/; path=\/api\/auth/i);
    expect(res.setCookie).toMatch(/; httponly/i);
    expect(res.setCookie).toMatch(/; samesite=strict/i);
    expect(res.setCookie).not.toMatch(/; secure/i);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const who = await me(res.body.access_token);
    expect(who.status).toBe(200);
    expect(who.body.profile).toMatchObject({ id: u.id, email: u.email, role: 'presenter', is_active: true });
    expect(who.body.profile.password_hash).toBeUndefined();
  });

  it('uses a __Host- Secure cookie when served over https (behind a trusted proxy)', async () => {
    const s = await startTestServer({ env: { TRUST_PROXY: 'true' } });
    try {
      const u = await createUser(s, { role: 'guest' });
      const res = await request(s.url, '/api/auth/token', { method: 'POST', body: { email: u.email, password: u.password }, headers: { 'X-Forwarded-Proto': 'https' } });
      expect(res.status).toBe(200);
      const line = res.headers.getSetCookie().find((c) => c.startsWith('__Host-airdeck_refresh='));
      expect(line).toMatch(/; path=\/;/i);
      expect(line).toMatch(/; secure/i);
      expect(line).toMatch(/; httponly/i);
      expect(line).not.toMatch(/domain=/i);
    } finally {
      await s.close();
    }
  });

  it('gives the desktop app its refresh token in the body and no cookie', async () => {
    const u = await createUser(t, { role: 'moderator' });
    const res = await signIn(u.email, u.password, 'desktop');
    expect(res.status).toBe(200);
    expect(typeof res.body.refresh_token).toBe('string');
    expect(res.body.refresh_token.length).toBeGreaterThanOrEqual(40);
    expect(res.cookie).toBeNull();
    // Only a hash of the refresh token is stored.
    const stored = await knex()('refresh_tokens').pluck('token_hash');
    expect(stored).not.toContain(res.body.refresh_token);
  });

  it('answers an unknown email and a wrong password the same way, and writes both to the audit trail', async () => {
    const u = await createUser(t, { role: 'presenter' });
    const wrong = await signIn(u.email, 'not the password');
    const unknown = await signIn('nobody-here@test.airdeck', 'not the password');
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.error.message).toBe('Invalid login credentials');
    const logs = await knex()('user_action_logs').where({ action_type: 'login_failed' }).whereIn('user_email', [u.email, 'nobody-here@test.airdeck']).select('user_email', 'details');
    expect(logs).toHaveLength(2);
  });

  it('refuses a website sign-in posted from another site', async () => {
    const u = await createUser(t, { role: 'presenter' });
    const res = await signIn(u.email, u.password, 'web', { Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.cookie).toBeNull();
    expect((await signIn(u.email, u.password, 'web', { Origin: t.url, 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
  });

  it('needs an email and a password', async () => {
    const res = await request(t.url, '/api/auth/token', { method: 'POST', body: { email: 'a@b.co' } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('You must provide either an email or phone number and a password');
  });

  it('writes every successful sign-in to the audit trail', async () => {
    const u = await createUser(t, { role: 'admin' });
    await signIn(u.email, u.password);
    const row = await knex()('user_action_logs').where({ action_type: 'login', user_id: u.id }).first();
    expect(row).toMatchObject({ user_email: u.email, resource_type: 'session' });
    const profile = await knex()('profiles').where({ id: u.id }).first('last_sign_in_at');
    expect(profile.last_sign_in_at).not.toBeNull();
  });

  it('refuses an inactive account, even with the right password', async () => {
    const u = await createUser(t, { role: 'presenter', isActive: false });
    const res = await signIn(u.email, u.password);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('This account has been deactivated. Please contact an administrator.');
    expect(res.cookie).toBeNull();
  });
});

describe('access tokens over HTTP', () => {
  let u: TestUser;
  beforeAll(async () => {
    u = await createUser(t, { role: 'owner' });
  });
  const claims = () => ({ sid: u.sessionId, role: 'owner', email: u.email });

  it('accepts a valid token and refuses a missing one', async () => {
    expect((await me(u.token)).status).toBe(200);
    const anon = await request(t.url, '/api/me');
    expect(anon.status).toBe(401);
    expect(anon.body.error.code).toBe('unauthorized');
  });

  it('refuses expired, tampered, wrongly signed and alg:none tokens with 401', async () => {
    const expired = await t.server.ctx.tokens.sign({ userId: u.id, sessionId: u.sessionId, role: 'owner', email: u.email }, Date.now() - 16 * 60_000);
    const [h, p, s] = u.token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, exp: Math.floor(Date.now() / 1000) + 86400 })).toString('base64url')}.${s}`;
    const kid = (JSON.parse(Buffer.from(h!, 'base64url').toString()) as { kid: string }).kid;
    const { privateKey } = await generateKeyPair('ES256');
    const wronglySigned = await new SignJWT(claims()).setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' }).setSubject(u.id).setIssuer('airdeck').setAudience('airdeck-api').setIssuedAt().setExpirationTime('10m').sign(privateKey);
    const none = new UnsecuredJWT(claims()).setSubject(u.id).setIssuer('airdeck').setAudience('airdeck-api').setIssuedAt().setExpirationTime('10m').encode();
    const pub = t.server.ctx.tokens.jwks().keys[0]!;
    const hs256 = await new SignJWT(claims()).setProtectedHeader({ alg: 'HS256', kid, typ: 'JWT' }).setSubject(u.id).setIssuer('airdeck').setAudience('airdeck-api').setIssuedAt().setExpirationTime('10m').sign(new TextEncoder().encode(JSON.stringify(pub)));
    const wrongAudience = await new SignJWT(claims()).setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' }).setSubject(u.id).setIssuer('airdeck').setAudience('someone-else').setIssuedAt().setExpirationTime('10m').sign(privateKey);
    for (const token of [expired.token, tampered, wronglySigned, none, hs256, wrongAudience, 'not.a.token']) {
      const res = await me(token);
      expect(res.status, token.slice(0, 30)).toBe(401);
    }
  });
});

describe('refresh tokens', () => {
  it('rotate on every use: each token works once and the new one works next', async () => {
    const u = await createUser(t, { role: 'presenter' });
    const first = await signIn(u.email, u.password, 'desktop');
    const r1 = await refreshBody(first.body.refresh_token);
    expect(r1.status).toBe(200);
    expect(r1.body.refresh_token).not.toBe(first.body.refresh_token);
    expect((await me(r1.body.access_token)).status).toBe(200);
    const r2 = await refreshBody(r1.body.refresh_token);
    expect(r2.status).toBe(200);
    expect(r2.body.user).toEqual({ id: u.id, email: u.email, role: 'presenter' });
  });

  it('revoke the whole session when an already-used token comes back after the grace period', async () => {
    const u = await createUser(t, { role: 'presenter' });
    const first = await signIn(u.email, u.password, 'desktop');
    const r1 = await refreshBody(first.body.refresh_token);
    expect(r1.status).toBe(200);
    // The first token was spent a minute ago: presenting it again is theft or a replay.
    await knex()('refresh_tokens').whereNotNull('used_at').update({ used_at: new Date(Date.now() - 60_000) });
    const replay = await refreshBody(first.body.refresh_token);
    expect(replay.status).toBe(401);
    expect(replay.body.error.message).toBe('Invalid Refresh Token: Already Used');
    // The whole family is dead: the newest refresh token and the live access token too.
    expect((await refreshBody(r1.body.refresh_token)).status).toBe(401);
    expect((await me(r1.body.access_token)).status).toBe(401);
    const session = await knex()('auth_sessions').where({ user_id: u.id, client: 'desktop' }).first('revoked_reason');
    expect(session.revoked_reason).toBe('reuse_detected');
  });

  it('let tabs that refresh with the same token at once all carry on with the one new token (reuse grace)', async () => {
    const u = await createUser(t, { role: 'guest' });
    const first = await signIn(u.email, u.password, 'desktop');
    const replies = await Promise.all(Array.from({ length: 5 }, () => refreshBody(first.body.refresh_token)));
    for (const r of replies) expect(r.status).toBe(200);
    // Exactly one live token: every racer got the same child, and only one row was added.
    expect(new Set(replies.map((r) => r.body.refresh_token)).size).toBe(1);
    const session = await knex()('auth_sessions').where({ user_id: u.id, client: 'desktop' }).first('id');
    const rows = await knex()('refresh_tokens').where({ session_id: session.id }).select('used_at');
    expect(rows.length).toBe(2);
    expect(rows.filter((r: { used_at: unknown }) => r.used_at === null).length).toBe(1);
    expect((await refreshBody(replies[0]!.body.refresh_token)).status).toBe(200);
  });

  it('refuse an unknown token and a missing one', async () => {
    expect((await refreshBody('x'.repeat(43))).status).toBe(401);
    const none = await request(t.url, '/api/auth/refresh', { method: 'POST', body: {} });
    expect(none.status).toBe(401);
  });

  it('rotate the website cookie, and refuse cookie refreshes from another site', async () => {
    const u = await createUser(t, { role: 'presenter' });
    const first = await signIn(u.email, u.password);
    const cross = await refreshCookie(first.cookie!, { Origin: 'https://evil.example' });
    expect(cross.status).toBe(403);
    const crossFetch = await refreshCookie(first.cookie!, { 'Sec-Fetch-Site': 'cross-site' });
    expect(crossFetch.status).toBe(403);
    const same = await refreshCookie(first.cookie!, { Origin: t.url, 'Sec-Fetch-Site': 'same-origin' });
    expect(same.status).toBe(200);
    expect(same.body.refresh_token).toBeUndefined();
    const next = same.headers.getSetCookie().find((c) => c.startsWith('airdeck_refresh='))!.split(';')[0]!;
    expect(next).not.toBe(first.cookie);
    expect((await refreshCookie(next)).status).toBe(200);
  });
});

describe('sign-out', () => {
  it('ends the session at once, clears the cookie, and ignores an already-dead session', async () => {
    const u = await createUser(t, { role: 'presenter' });
    const s = await signIn(u.email, u.password);
    const out = await request(t.url, '/api/auth/sign-out', { method: 'POST', body: {}, token: s.body.access_token, headers: { Cookie: s.cookie! } });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie().some((c) => /^airdeck_refresh=;/.test(c) && /expires=Thu, 01 Jan 1970/i.test(c))).toBe(true);
    expect((await me(s.body.access_token)).status).toBe(401);
    expect((await refreshCookie(s.cookie!)).status).toBe(401);
    const again = await request(t.url, '/api/auth/sign-out', { method: 'POST', body: {}, token: s.body.access_token, headers: { Cookie: s.cookie! } });
    expect(again.status).toBe(204);
    expect((await request(t.url, '/api/auth/sign-out', { method: 'POST' })).status).toBe(204);
    const logs = await knex()('user_action_logs').where({ action_type: 'logout', user_id: u.id });
    expect(logs).toHaveLength(1);
  });

  it('signs the desktop app out by its refresh token', async () => {
    const u = await createUser(t, { role: 'presenter' });
    const s = await signIn(u.email, u.password, 'desktop');
    expect((await request(t.url, '/api/auth/sign-out', { method: 'POST', body: { refresh_token: s.body.refresh_token } })).status).toBe(204);
    expect((await refreshBody(s.body.refresh_token)).status).toBe(401);
    expect((await me(s.body.access_token)).status).toBe(401);
  });

  it('refuses a cookie sign-out forced by another site', async () => {
    const u = await createUser(t, { role: 'presenter' });
    const s = await signIn(u.email, u.password);
    const res = await request(t.url, '/api/auth/sign-out', { method: 'POST', body: {}, headers: { Cookie: s.cookie!, Origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect((await me(s.body.access_token)).status).toBe(200);
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After once an IP has made too many attempts', async () => {
    const s = await startTestServer({ env: { SIGNIN_IP_LIMIT: '3', SIGNIN_EMAIL_LIMIT: '50' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await request(s.url, '/api/auth/token', { method: 'POST', body: { email: `x${i}@test.airdeck`, password: 'wrong-password' } })).status);
      }
      expect(statuses).toEqual([400, 400, 400, 429]);
      const blocked = await request(s.url, '/api/auth/token', { method: 'POST', body: { email: 'y@test.airdeck', password: 'wrong-password' } });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(blocked.body.error.code).toBe('rate_limited');
      expect(blocked.body.error.message).toMatch(/Too many sign-in attempts/);
      // On PostgreSQL the counters are shared by every server instance through the database.
      const shared = Number((await s.server.ctx.knex('auth_rate_limits').count<{ n: number }[]>({ n: '*' }))[0]!.n);
      expect(shared > 0).toBe(s.database.engine === 'postgres');
    } finally {
      await s.close();
    }
  });

  it('refuses the address that failed too often on an email, not the account: a clean address still signs in (issue 18)', async () => {
    const s = await startTestServer({ env: { SIGNIN_IP_LIMIT: '100', SIGNIN_EMAIL_LIMIT: '2', SIGNIN_SLOWDOWN_MS: '50', TRUST_PROXY: 'true' } });
    try {
      const u = await createUser(s, { role: 'manager' });
      const attempt = (password: string, ip: string) => request(s.url, '/api/auth/token', { method: 'POST', body: { email: u.email, password }, headers: { 'X-Forwarded-For': ip } });
      expect((await attempt('wrong-1', '10.0.0.1')).status).toBe(400);
      expect((await attempt('wrong-2', '10.0.0.1')).status).toBe(400);
      const locked = await attempt(u.password, '10.0.0.1');
      expect(locked.status).toBe(429);
      expect(locked.headers.get('retry-after')).toBeTruthy();
      // The owner of the account, from elsewhere, is not locked out.
      expect((await attempt(u.password, '10.0.0.3')).status).toBe(200);
      // Another account is not affected.
      const other = await createUser(s, { role: 'guest' });
      expect((await request(s.url, '/api/auth/token', { method: 'POST', body: { email: other.email, password: other.password } })).status).toBe(200);
    } finally {
      await s.close();
    }
  });
});

describe('deactivation and password changes end sessions', () => {
  it('an inactive user loses live sessions and cannot refresh or sign in', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const u = await createUser(t, { role: 'presenter' });
    const web = await signIn(u.email, u.password);
    const desk = await signIn(u.email, u.password, 'desktop');
    const res = await request(t.url, `/api/users/${u.id}`, { method: 'PATCH', token: owner.token, body: { is_active: false } });
    expect(res.status).toBe(200);
    expect(res.body.is_active).toBe(false);
    expect((await me(web.body.access_token)).status).toBe(401);
    expect((await me(u.token)).status).toBe(401);
    const deskRefresh = await refreshBody(desk.body.refresh_token);
    expect(deskRefresh.status).toBe(401);
    // Told why (issue 30 item 7), in the spec's words, so the sign-in page can say it.
    expect(deskRefresh.body.error.message).toBe('This account has been deactivated. Please contact an administrator.');
    const webRefresh = await refreshCookie(web.cookie!);
    expect(webRefresh.status).toBe(401);
    expect(webRefresh.body.error.message).toBe('This account has been deactivated. Please contact an administrator.');
    expect((await signIn(u.email, u.password)).status).toBe(403);
  });

  it('a new password set by staff ends every session of that user', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const u = await createUser(t, { role: 'presenter' });
    const s = await signIn(u.email, u.password, 'desktop');
    const res = await request(t.url, `/api/users/${u.id}`, { method: 'PATCH', token: admin.token, body: { password: 'brand-new-secret' } });
    expect(res.status).toBe(200);
    expect((await me(s.body.access_token)).status).toBe(401);
    expect((await refreshBody(s.body.refresh_token)).status).toBe(401);
    expect((await signIn(u.email, u.password)).status).toBe(400);
    expect((await signIn(u.email, 'brand-new-secret')).status).toBe(200);
  });

  it('changing your own password keeps this session and ends the others', async () => {
    const u = await createUser(t, { role: 'presenter' });
    const here = await signIn(u.email, u.password);
    const elsewhere = await signIn(u.email, u.password, 'desktop');
    const change = (body: Record<string, unknown>) => request(t.url, '/api/me/password', { method: 'POST', token: here.body.access_token, body });
    const mismatch = await change({ current_password: u.password, password: 'abcdefgh', confirm_password: 'abcdefgi' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.message).toBe('Passwords do not match.');
    const ok = await change({ current_password: u.password, password: 'a-new-one-here', confirm_password: 'a-new-one-here' });
    expect(ok.status).toBe(204);
    expect((await me(here.body.access_token)).status).toBe(200);
    expect((await refreshCookie(here.cookie!)).status).toBe(200);
    expect((await me(elsewhere.body.access_token)).status).toBe(401);
    expect((await refreshBody(elsewhere.body.refresh_token)).status).toBe(401);
    expect((await signIn(u.email, 'a-new-one-here')).status).toBe(200);
  });

  it('a stolen access token alone cannot change the password: the current one is required, and the new one must be 8+ and not common', async () => {
    const u = await createUser(t, { role: 'presenter' });
    const s = await signIn(u.email, u.password);
    const other = await signIn(u.email, u.password, 'desktop');
    const change = (body: Record<string, unknown>) => request(t.url, '/api/me/password', { method: 'POST', token: s.body.access_token, body });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ password: 'taken-over-for-good', confirm_password: 'taken-over-for-good' }, 'Enter your current password.'],
      [{ current_password: 'a guess', password: 'taken-over-for-good', confirm_password: 'taken-over-for-good' }, 'Your current password is incorrect.'],
      [{ current_password: u.password, password: 'abc1234', confirm_password: 'abc1234' }, 'Password must be at least 8 characters long.'],
      [{ current_password: u.password, password: 'password1', confirm_password: 'password1' }, 'This password is too common. Choose one that is harder to guess.'],
      [{ current_password: u.password, password: 'Iloveyou123', confirm_password: 'Iloveyou123' }, 'This password is too common. Choose one that is harder to guess.'],
    ];
    for (const [body, message] of cases) {
      const res = await change(body);
      expect(res.status, message).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    // Nothing changed: the old password still signs in and the other session lives.
    expect((await signIn(u.email, u.password)).status).toBe(200);
    expect((await me(other.body.access_token)).status).toBe(200);
    // 64 characters and more are accepted.
    const long = 'x'.repeat(40) + ' a long passphrase ok';
    expect(long.length).toBeGreaterThan(60);
    expect((await change({ current_password: u.password, password: long + long, confirm_password: long + long })).status).toBe(204);
    expect((await signIn(u.email, long + long)).status).toBe(200);
  });
});

describe('housekeeping', () => {
  it('prunes sessions that ended more than 30 days ago, with their refresh tokens, and keeps live ones', async () => {
    const u = await createUser(t, { role: 'guest' });
    const live = await signIn(u.email, u.password, 'desktop');
    const old = Date.now() - 40 * 86400_000;
    const [expired] = await knex()('auth_sessions').insert({ user_id: u.id, expires_at: new Date(old) }).returning<{ id: string }[]>('id');
    const [revoked] = await knex()('auth_sessions').insert({ user_id: u.id, expires_at: new Date(Date.now() + 86400_000), revoked_at: new Date(old), revoked_reason: 'sign_out' }).returning<{ id: string }[]>('id');
    await knex()('refresh_tokens').insert({ session_id: expired!.id, token_hash: 'a'.repeat(64) });
    expect(await pruneSessions(knex(), Date.now())).toBeGreaterThanOrEqual(2);
    expect(await knex()('auth_sessions').whereIn('id', [expired!.id, revoked!.id])).toHaveLength(0);
    expect(await knex()('refresh_tokens').where({ token_hash: 'a'.repeat(64) })).toHaveLength(0);
    expect((await refreshBody(live.body.refresh_token)).status).toBe(200);
  });
});
