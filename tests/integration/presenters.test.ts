import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/auth';
import { approveImageHosts } from '../support/image-hosts';
import { request, startTestServer, type TestServer } from '../support/server';

/** 2026-03-10 12:00 UTC: 12:00 in Europe/London (before the clocks change). */
const NOW = Date.UTC(2026, 2, 10, 12, 0, 0);

let t: TestServer;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestServer({ now: () => NOW });
  const knex = t.server.ctx.knex;
  const user = await createUser(t, { role: 'presenter' });
  await knex('profiles').where({ id: user.id }).update({ avatar_url: 'https://cdn.example/avatar.png' });
  const insert = async (row: Record<string, unknown>) => {
    const [r] = await knex('presenters').insert(row).returning<{ id: string }[]>('id');
    ids[row.name as string] = r!.id;
  };
  await insert({ name: 'zed', role: 'manager', bio: 'Late nights', image_url: 'https://cdn.example/zed.png' });
  await approveImageHosts(t, ['https://cdn.example']);
  await insert({ name: 'Alice', role: 'presenter', image_url: 'https://cdn.example/alice.png', user_id: user.id, social_links: JSON.stringify({ twitter: 'https://x.com/alice', instagram: 'javascript:alert(1)', unknown: 'https://a.b' }) });
  await insert({ name: 'bob', role: 'guest', image_url: null });
  await insert({ name: 'Carol', role: 'probation' });
  const leave = (presenter: string, start: string, end: string, status: string) =>
    knex('loa_requests').insert({ presenter_id: ids[presenter], presenter_name: presenter, start_date: start, end_date: end, reason: 'vacation', status });
  await leave('bob', '2026-03-08', '2026-03-14', 'approved'); // returns on the 15th: 5 days
  await leave('Carol', '2026-03-08', '2026-03-14', 'pending'); // not approved: not on leave
  await leave('zed', '2026-03-11', '2026-03-20', 'approved'); // starts tomorrow: not on leave yet
});
afterAll(async () => t?.close());

describe('GET /api/presenters', () => {
  it('lists every presenter ordered by name, case-insensitively', async () => {
    const res = await request(t.url, '/api/presenters');
    expect(res.status).toBe(200);
    expect(res.body.presenters.map((p: { name: string }) => p.name)).toEqual(['Alice', 'bob', 'Carol', 'zed']);
  });

  it("shows a linked account's avatar instead of the presenter image, and only safe known social links", async () => {
    const res = await request(t.url, '/api/presenters');
    const alice = res.body.presenters.find((p: { name: string }) => p.name === 'Alice');
    expect(alice.image_url).toBe('https://cdn.example/avatar.png');
    expect(alice.social_links).toEqual({ twitter: 'https://x.com/alice' });
    const zed = res.body.presenters.find((p: { name: string }) => p.name === 'zed');
    expect(zed).toMatchObject({ role: 'manager', bio: 'Late nights', image_url: 'https://cdn.example/zed.png', leave: null });
  });

  it('answers listeners no image from a host staff did not approve (a plain-http tracking pixel, another https host)', async () => {
    for (const url of ['http://tracker.example/p.gif', 'https://elsewhere.example/p.png', 'http://cdn.example/p.png']) {
      await t.server.ctx.knex('presenters').where({ id: ids.bob }).update({ image_url: url });
      await expect.poll(async () => (await request(t.url, '/api/presenters')).body.presenters.find((p: { name: string }) => p.name === 'bob').image_url, { timeout: 8000 }).toBeNull();
      expect((await request(t.url, `/api/presenters/${ids.bob}`)).body.image_url).toBeNull();
    }
  });

  it('marks only approved leave covering today, with the days until return', async () => {
    const res = await request(t.url, '/api/presenters');
    const byName = Object.fromEntries(res.body.presenters.map((p: { name: string; leave: unknown }) => [p.name, p.leave]));
    expect(byName.bob).toEqual({ onLeave: true, returnsInDays: 5, endDate: '2026-03-14' });
    expect(byName.Carol).toBeNull();
    expect(byName.zed).toBeNull();
  });
});

describe('GET /api/presenters/:id', () => {
  it('returns one presenter with the same fields', async () => {
    const res = await request(t.url, `/api/presenters/${ids.bob}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ids.bob, name: 'bob', role: 'guest', bio: null, image_url: null, leave: { returnsInDays: 5 } });
  });

  it("answers 404 'DJ not found' for an unknown or malformed id", async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await request(t.url, `/api/presenters/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('DJ not found');
    }
  });
});
