import { importJWK, SignJWT, UnsecuredJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/auth';
import { request, startTestServer, type TestServer } from '../support/server';
import { byStatus, printFigures } from '../support/stress';

/**
 * Attacks over HTTP that the other suites do not already cover (token replay
 * and rotation: auth-sessions; forged tokens at the verifier: auth-core;
 * lying uploads and GPS: media; the sanitiser in Chromium: browser/sanitizer-xss):
 * tokens properly signed with the station's own key but stripped of a claim,
 * or of the wrong issuer or audience; key confusion and alg none through the
 * API; credentialed CORS from unknown origins, preflights included; the
 * refresh cookie sent cross-site; scripts and HTML posing as images.
 */
let t: TestServer;
const tokenStatuses: number[] = [];
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  printFigures('attacks over HTTP', { 'forged or stripped tokens sent': tokenStatuses.length, 'answers by status': byStatus(tokenStatuses) });
  await t?.close();
});

const me = (token: string) => request(t.url, '/api/me', { token });

describe('tokens that are not what they claim', () => {
  it('refuses tokens signed with the real key but missing a claim, or for another issuer or audience, with 401', async () => {
    const u = await createUser(t, { role: 'owner' });
    const row = await t.server.ctx.knex('signing_keys').whereNull('retired_at').orderBy('created_at', 'desc').first<{ kid: string; private_jwk: JWK }>('kid', 'private_jwk');
    const key = await importJWK(typeof row.private_jwk === 'string' ? JSON.parse(row.private_jwk) : row.private_jwk, 'ES256');
    const now = Math.floor(Date.now() / 1000);
    const full = { sub: u.id, sid: u.sessionId, role: 'owner', email: u.email, iss: 'airdeck', aud: 'airdeck-api', iat: now, exp: now + 600 };
    const sign = (claims: Record<string, unknown>, header: Record<string, unknown> = {}) => new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: row.kid, typ: 'JWT', ...header }).sign(key);
    // The control: the complete token is accepted, so the refusals below are about the claim.
    const good = await me(await sign(full));
    expect(good.status).toBe(200);
    const without = (claim: keyof typeof full) => Object.fromEntries(Object.entries(full).filter(([k]) => k !== claim));
    const cases: Array<[string, Promise<string>]> = [
      ['no exp', sign(without('exp'))],
      ['no sub', sign(without('sub'))],
      ['no sid', sign(without('sid'))],
      ['no iat', sign(without('iat'))],
      ['no iss', sign(without('iss'))],
      ['no aud', sign(without('aud'))],
      ['another issuer', sign({ ...full, iss: 'someone-else' })],
      ['another audience', sign({ ...full, aud: 'another-api' })],
      ['expired', sign({ ...full, iat: now - 7200, exp: now - 3600 })],
      ['not yet valid', sign({ ...full, nbf: now + 3600 })],
      ['a session that does not exist', sign({ ...full, sid: '00000000-0000-4000-8000-000000000000' })],
      ['a jwk header pointing at the attacker key', sign(full, { kid: undefined, jwk: { kty: 'EC', crv: 'P-256', x: 'x', y: 'y' } })],
      ['a jku header', sign(full, { kid: undefined, jku: 'https://evil.example/jwks.json' })],
    ];
    for (const [what, token] of cases) {
      const res = await me(await token);
      tokenStatuses.push(res.status);
      expect(res.status, what).toBe(401);
      expect(res.body.error.code, what).toBe('unauthorized');
    }
  });

  it('answers alg none, key confusion (HS256 with the public key) and garbage with 401, never 500', async () => {
    const u = await createUser(t, { role: 'owner' });
    const jwks = (await request(t.url, '/.well-known/jwks.json')).body as { keys: Array<JWK & { kid: string }> };
    const pub = jwks.keys[0]!;
    const claims = { sid: u.sessionId, role: 'owner', email: u.email };
    const tokens = [
      new UnsecuredJWT(claims).setSubject(u.id).setIssuer('airdeck').setAudience('airdeck-api').setIssuedAt().setExpirationTime('10m').encode(),
      await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid: pub.kid, typ: 'JWT' }).setSubject(u.id).setIssuer('airdeck').setAudience('airdeck-api').setIssuedAt().setExpirationTime('10m').sign(new TextEncoder().encode(JSON.stringify(pub))),
      await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(u.id).setIssuer('airdeck').setAudience('airdeck-api').setIssuedAt().setExpirationTime('10m').sign(new TextEncoder().encode(`${pub.x}${pub.y}`)),
      'a.b.c',
      '....',
      'x'.repeat(10_000),
      `${u.token.split('.').slice(0, 2).join('.')}.`,
      `${u.token}x`,
    ];
    for (const token of tokens) {
      const res = await me(token);
      tokenStatuses.push(res.status);
      expect(res.status, token.slice(0, 40)).toBe(401);
    }
  });
});

describe('cross-origin requests', () => {
  it('never reflects an unknown origin with credentials, in preflights or replies', async () => {
    for (const path of ['/api/auth/refresh', '/api/auth/token', '/api/me', '/api/auth/sign-out', '/song-request-api']) {
      for (const origin of ['https://evil.example', 'null', 'http://127.0.0.1.evil.example', `${t.url}.evil.example`]) {
        const pre = await fetch(t.url + path, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' } });
        const post = await fetch(t.url + path, { method: 'POST', headers: { Origin: origin, 'Content-Type': 'application/json' }, body: '{}' });
        for (const res of [pre, post]) {
          expect(res.headers.get('access-control-allow-origin'), `${path} ${origin}`).not.toBe(origin);
          expect(res.headers.get('access-control-allow-credentials'), `${path} ${origin}`).not.toBe('true');
        }
      }
    }
  });

  it('does not let another site use the refresh cookie', async () => {
    const u = await createUser(t, { role: 'presenter' });
    const signIn = await fetch(`${t.url}/api/auth/token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: u.email, password: u.password }) });
    const cookie = signIn.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/HttpOnly/i);
    const jar = cookie.split(';')[0]!;
    // A browser would not send a SameSite=Strict cookie cross-site at all; if one did (or a non-browser replays it), the server still refuses.
    for (const headers of [{ Origin: 'https://evil.example' }, { 'Sec-Fetch-Site': 'cross-site' }, { Origin: 'null' }] as Array<Record<string, string>>) {
      const res = await fetch(`${t.url}/api/auth/refresh`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: jar, ...headers }, body: '{}' });
      expect(res.status, JSON.stringify(headers)).toBe(403);
    }
    // A form post (no JSON) cannot even get that far.
    const form = await fetch(`${t.url}/api/auth/refresh`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: jar }, body: 'a=1' });
    expect(form.status).toBe(415);
    // The cookie still works from the site itself.
    const own = await fetch(`${t.url}/api/auth/refresh`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: jar, 'Sec-Fetch-Site': 'same-origin' }, body: '{}' });
    expect(own.status).toBe(200);
  });
});

describe('files that lie about their type', () => {
  it('refuses scripts and HTML named as images', async () => {
    const u = await createUser(t, { role: 'presenter' });
    for (const [what, bytes, type] of [
      ['script as PNG', 'alert(document.cookie)//', 'image/png'],
      ['HTML as JPEG', '<html><body onload=alert(1)>', 'image/jpeg'],
      ['HTML behind a PNG-looking prefix', '\u0089PNG<script>alert(1)</script>', 'image/png'],
      ['SVG as WebP', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'image/webp'],
    ] as const) {
      const res = await fetch(`${t.url}/api/me/avatar`, { method: 'PUT', headers: { Authorization: `Bearer ${u.token}`, 'Content-Type': type }, body: new TextEncoder().encode(bytes) });
      expect(res.status, what).toBe(415);
    }
  });
});
