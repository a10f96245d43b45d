import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../support/auth';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * An audit log that stays useful (issue 18 §6): failed sign-ins are one row
 * per (email, address) per window, counting the attempts, and however many
 * there are they never push staff actions out of the Logs screen's newest
 * 100; the screen can hide them.
 */
let t: TestServer;
let admin: TestUser;

beforeAll(async () => {
  t = await startTestServer({ env: { TRUST_PROXY: 'true', SIGNIN_IP_LIMIT: '10000', SIGNIN_EMAIL_LIMIT: '10000', SIGNIN_SLOWDOWN_MS: '0' } });
  admin = await createUser(t, { role: 'admin', email: 'alice.admin@station.test' });
});
afterAll(() => t?.close());

const knex = () => t.server.ctx.knex;
const wrong = (email: string, ip: string) => request(t.url, '/api/auth/token', { method: 'POST', body: { email, password: 'not the password' }, headers: { 'X-Forwarded-For': ip } });

describe('failed sign-ins in the audit log', () => {
  it('are aggregated per email and address: twelve guesses are one row that counts twelve', async () => {
    for (let i = 0; i < 12; i++) expect((await wrong(admin.email, '203.0.113.5')).status).toBe(400);
    await wrong(admin.email, '198.51.100.9');
    await wrong('nobody@station.test', '203.0.113.5');
    const rows = await knex()('user_action_logs').where({ action_type: 'login_failed' }).orderBy('id').select<{ resource_name: string; ip: string; details: { attempts: number; reason: string } }[]>('resource_name', 'ip', 'details');
    const seen = rows.map((r) => [r.resource_name, r.ip, (typeof r.details === 'string' ? JSON.parse(r.details) : r.details).attempts]);
    expect(seen).toEqual([
      [admin.email, '203.0.113.5', 12],
      [admin.email, '198.51.100.9', 1],
      ['nobody@station.test', '203.0.113.5', 1],
    ]);
  });

  it('never crowd staff actions out of the newest 100, and can be hidden', async () => {
    // Three real staff actions.
    for (const name of ['Alice A', 'Alice B', 'Alice C']) expect((await request(t.url, '/api/me', { method: 'PATCH', token: admin.token, body: { username: name } })).status).toBe(200);
    // Then a flood: 300 strangers' emails from 300 addresses, all newer than the staff actions.
    const later = Date.now() + 60_000;
    await knex()('user_action_logs').insert(
      Array.from({ length: 300 }, (_, i) => ({ user_email: `guess${i}@evil.example`, action_type: 'login_failed', resource_type: 'session', resource_name: `guess${i}@evil.example`, ip: `10.1.${i >> 8}.${i & 255}`, details: JSON.stringify({ attempts: 1 }), created_at: new Date(later + i) })),
    );
    const list = await request(t.url, '/api/logs?days=7', { token: admin.token });
    expect(list.status).toBe(200);
    const entries = list.body.logs as { action_type: string; resource_type: string; details: { username?: { to: string } } }[];
    const renamed = entries.filter((e) => e.action_type === 'update' && e.resource_type === 'profile').map((e) => e.details.username?.to);
    expect(renamed).toEqual(['Alice C', 'Alice B', 'Alice A']);
    expect(entries.filter((e) => e.action_type === 'login_failed')).toHaveLength(20);

    const hidden = await request(t.url, '/api/logs?days=7&failed=hide', { token: admin.token });
    expect((hidden.body.logs as { action_type: string }[]).filter((e) => e.action_type === 'login_failed')).toEqual([]);
    const csv = await fetch(`${t.url}/api/logs/export?days=7&failed=hide`, { headers: { Authorization: `Bearer ${admin.token}` } });
    expect(await csv.text()).not.toContain('login_failed');
    const bad = await request(t.url, '/api/logs?failed=maybe', { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('Failed sign-ins must be show or hide');
  });
});
