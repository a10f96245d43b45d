import { SignJWT, generateKeyPair, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identify } from '../../server/src/auth/middleware';
import { createUser } from '../support/auth';
import { request, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

const who = (token: string) => identify({ tokens: t.server.ctx.tokens, knex: t.server.ctx.knex }, `Bearer ${token}`);

describe('access tokens', () => {
  it('publishes the public keys and accepts its own tokens for a live session', async () => {
    const jwks = await request(t.url, '/.well-known/jwks.json');
    expect(jwks.status).toBe(200);
    expect(jwks.body.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(jwks.body.keys[0].d).toBeUndefined();
    const u = await createUser(t, { role: 'moderator' });
    expect(await who(u.token)).toEqual({ id: u.id, role: 'moderator', email: u.email, sessionId: u.sessionId });
  });

  it('refuses unsigned, tampered, foreign-key and key-confused tokens', async () => {
    const u = await createUser(t, { role: 'owner' });
    const none = new UnsecuredJWT({ sid: u.sessionId, role: 'owner', email: u.email }).setSubject(u.id).setIssuer('airdeck').setAudience('airdeck-api').setIssuedAt().setExpirationTime('10m').encode();
    expect(await who(none)).toBeNull();
    const [h, p, s] = u.token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...payload, role: 'owner', sub: 'someone-else' })).toString('base64url')}.${s}`;
    expect(await who(forged)).toBeNull();
    const { privateKey } = await generateKeyPair('ES256');
    const kid = JSON.parse(Buffer.from(h!, 'base64url').toString()).kid as string;
    const foreign = await new SignJWT({ sid: u.sessionId, role: 'owner', email: u.email }).setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' }).setSubject(u.id).setIssuer('airdeck').setAudience('airdeck-api').setIssuedAt().setExpirationTime('10m').sign(privateKey);
    expect(await who(foreign)).toBeNull();
    const pub = t.server.ctx.tokens.jwks().keys[0]!;
    const confused = await new SignJWT({ sid: u.sessionId, role: 'owner', email: u.email }).setProtectedHeader({ alg: 'HS256', kid, typ: 'JWT' }).setSubject(u.id).setIssuer('airdeck').setAudience('airdeck-api').setIssuedAt().setExpirationTime('10m').sign(new TextEncoder().encode(JSON.stringify(pub)));
    expect(await who(confused)).toBeNull();
    expect(await who('garbage')).toBeNull();
  });

  it('refuses an expired token and a token without exp', async () => {
    const u = await createUser(t, { role: 'presenter' });
    const old = await t.server.ctx.tokens.sign({ userId: u.id, sessionId: u.sessionId, role: 'presenter', email: u.email }, Date.now() - 3600_000);
    expect(await who(old.token)).toBeNull();
  });

  it('ends access at once when the session is revoked or the account deactivated', async () => {
    const a = await createUser(t, { role: 'admin' });
    await t.server.ctx.knex('auth_sessions').where({ id: a.sessionId }).update({ revoked_at: new Date(), revoked_reason: 'sign_out' });
    expect(await who(a.token)).toBeNull();
    const b = await createUser(t, { role: 'admin' });
    await t.server.ctx.knex('profiles').where({ id: b.id }).update({ is_active: false });
    expect(await who(b.token)).toBeNull();
  });

  it('reads the role fresh, so a demotion applies before the token expires', async () => {
    const u = await createUser(t, { role: 'manager' });
    await t.server.ctx.knex('profiles').where({ id: u.id }).update({ role: 'presenter' });
    expect((await who(u.token))?.role).toBe('presenter');
  });
});
