import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DENIED } from '../../shared/permissions';
import { startIntegrationJobs } from '../../server/src/integrations/jobs';
import { deliverDueWebhooks } from '../../server/src/integrations/webhooks';
import { createUser, type TestUser } from '../support/auth';
import { startFakeDiscord, startFakeItunes, startFakeOdesli, type FakeDiscord, type FakeItunes, type FakeOdesli } from '../support/fake-services';
import { request, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let discord: FakeDiscord & { apiUrl: string };
let odesli: FakeOdesli;
let itunes: FakeItunes;
let owner: TestUser;
let manager: TestUser;
let admin: TestUser;
let presenter: TestUser;
let clock = Date.parse('2025-06-02T09:00:00Z');

const HOOK_A = { id: '111111111111111111', token: 'tokA_abcdefghijklmnopqrstuvwxyz012345' };
const HOOK_B = { id: '222222222222222222', token: 'tokB_abcdefghijklmnopqrstuvwxyz012345' };
const url = (h: { id: string; token: string }) => `https://discord.com/api/webhooks/${h.id}/${h.token}`;

beforeAll(async () => {
  discord = await startFakeDiscord({ clientId: '1', clientSecret: '2', botToken: '3' });
  discord.webhooks.set(HOOK_A.id, HOOK_A.token);
  discord.webhooks.set(HOOK_B.id, HOOK_B.token);
  odesli = await startFakeOdesli();
  itunes = await startFakeItunes();
  itunes.results.push({ trackName: 'Rhythm Is a Dancer', artistName: 'Snap!', trackViewUrl: 'https://music.apple.com/gb/album/rhythm/1?i=9' });
  odesli.songs.set('https://music.apple.com/gb/album/rhythm/1?i=9', { spotify: 'https://open.spotify.com/track/abc123abc123abc', itunes: 'https://geo.music.apple.com/x' });
  t = await startTestServer({
    env: { DISCORD_API_URL: discord.apiUrl, MUSIC_LINKS_URL: odesli.url, ITUNES_SEARCH_URL: itunes.url, WEBHOOK_MAX_ATTEMPTS: '3', EXTERNAL_TIMEOUT_MS: '3000', APPLICATION_LIMIT_PER_HOUR: '100' },
    now: () => clock,
    jobs: (ctx) => [startIntegrationJobs(ctx)],
  });
  [owner, manager, admin, presenter] = await Promise.all([createUser(t, { role: 'owner' }), createUser(t, { role: 'manager' }), createUser(t, { role: 'admin' }), createUser(t, { role: 'presenter' })]);
});
afterAll(async () => {
  await t?.close();
  await Promise.all([discord?.close(), odesli?.close(), itunes?.close()]);
});
beforeEach(() => {
  discord.webhookFaults.length = 0;
});

const api = (path: string, init: { method?: string; body?: unknown; token?: string } = {}) => request(t.url, path, { token: owner.token, ...init });
const knex = () => t.server.ctx.knex;

async function addHook(h: { id: string; token: string }, events: string[], name = 'Announcements'): Promise<string> {
  const res = await api('/api/webhooks', { method: 'POST', body: { name, url: url(h), events } });
  expect(res.status).toBe(201);
  return res.body.webhook.id;
}

/** The attempts of a delivery once its attempt has finished (not while it is being sent). */
function settled(row: { attempts: number; locked_until: unknown } | undefined): number | null {
  return row && row.locked_until === null ? row.attempts : null;
}

async function clearHooks(): Promise<void> {
  await knex()('webhook_endpoints').del();
  discord.webhookCalls.length = 0;
}

describe('webhook staff API', () => {
  it('is for owners and managers only', async () => {
    expect((await request(t.url, '/api/webhooks')).status).toBe(401);
    const denied = await api('/api/webhooks', { token: admin.token });
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toBe(DENIED.settings);
    expect((await api('/api/webhooks', { token: manager.token })).status).toBe(200);
    expect((await api('/api/webhooks/deliveries', { token: presenter.token })).status).toBe(403);
  });

  it('validates the name, the Discord webhook URL and the events', async () => {
    for (const [body, message] of [
      [{ name: 'x', url: 'https://evil.example/api/webhooks/1/abc', events: ['show.booked'] }, 'Enter a Discord webhook URL (https://discord.com/api/webhooks/…).'],
      [{ name: 'x', url: 'http://discord.com/api/webhooks/111111111111111111/tokA_abcdefghijklmnopqrstuvwxyz', events: ['show.booked'] }, 'Enter a Discord webhook URL (https://discord.com/api/webhooks/…).'],
      [{ name: 'x', url: url(HOOK_A), events: [] }, 'Choose at least one event.'],
      [{ name: 'x', url: url(HOOK_A), events: ['user.deleted'] }, 'Unknown event.'],
      [{ name: '', url: url(HOOK_A), events: ['show.booked'] }, 'Name is required'],
    ] as const) {
      const res = await api('/api/webhooks', { method: 'POST', body });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
  });

  it('adds, changes and deletes a webhook, never showing its token, with an audit trail', async () => {
    await clearHooks();
    const created = await api('/api/webhooks', { method: 'POST', body: { name: 'Studio chat', url: `https://discordapp.com/api/v10/webhooks/${HOOK_A.id}/${HOOK_A.token}`, events: ['show.booked', 'show.booked'] } });
    expect(created.status).toBe(201);
    expect(created.body.webhook).toMatchObject({ name: 'Studio chat', events: ['show.booked'], active: true, url_masked: `https://discord.com/api/webhooks/${HOOK_A.id}/••••2345` });
    expect(JSON.stringify(created.body)).not.toContain(HOOK_A.token);
    const id = created.body.webhook.id;
    const listed = await api('/api/webhooks');
    expect(JSON.stringify(listed.body)).not.toContain(HOOK_A.token);
    const patched = await api(`/api/webhooks/${id}`, { method: 'PATCH', body: { events: ['presenter.live', 'application.received'], active: false }, token: manager.token });
    expect(patched.body.webhook).toMatchObject({ events: ['presenter.live', 'application.received'], active: false });
    expect((await api(`/api/webhooks/${id}`, { method: 'PATCH', body: {} })).body.error.message).toBe('Nothing to change.');
    expect((await api(`/api/webhooks/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(`/api/webhooks/${id}`, { method: 'DELETE' })).status).toBe(404);
    const audit = await knex()('user_action_logs').where({ resource_type: 'webhook', resource_id: id }).orderBy('id');
    expect(audit.map((a: { action_type: string; user_email: string }) => `${a.action_type}:${a.user_email}`)).toEqual([`create:${owner.email}`, `update:${manager.email}`, `delete:${owner.email}`]);
  });
});

describe('webhook deliveries', () => {
  it('delivers a new application to the webhooks that want it, and logs the delivery', async () => {
    await clearHooks();
    const a = await addHook(HOOK_A, ['application.received']);
    await addHook(HOOK_B, ['show.booked']);
    const res = await request(t.url, '/api/applications', {
      method: 'POST',
      body: { name: 'Casey', email: 'casey@example.com', experience: 'Hospital radio for years.', showIdea: 'Late night ambient.', availableTimes: ['weekday-evening'], termsAccepted: true },
    });
    expect(res.status).toBe(201);
    await expect.poll(() => discord.webhookCalls.length).toBe(1);
    const call = discord.webhookCalls[0]!;
    expect(call.id).toBe(HOOK_A.id);
    expect(JSON.stringify(call.body)).toContain('Casey');
    expect(JSON.stringify(call.body)).not.toContain('casey@example.com');
    await expect.poll(async () => (await api('/api/webhooks/deliveries')).body.deliveries[0]?.status).toBe('succeeded');
    const log = (await api(`/api/webhooks/deliveries?endpoint=${a}`)).body.deliveries;
    expect(log).toEqual([expect.objectContaining({ endpoint_id: a, event: 'application.received', status: 'succeeded', attempts: 1, last_status_code: 200, next_attempt_at: null })]);
  });

  it('turns a booking on the bus into one show.booked delivery, even when the event arrives twice', async () => {
    await clearHooks();
    await addHook(HOOK_B, ['show.booked']);
    const show = { id: '0b8f8a5e-2f3c-4c1e-9a55-9d8f52d1e001', title: 'Breakfast Beats', event_date: '2025-06-03', start_time: '07:00:00', end_time: '09:00:00', presenter_name: 'DJ Sunny', status: 'scheduled' };
    await t.server.ctx.bus.publish({ channel: 'bookings', name: 'booking.created', data: { events: [show] } });
    await t.server.ctx.bus.publish({ channel: 'bookings', name: 'booking.created', data: show });
    await expect.poll(() => discord.webhookCalls.length).toBe(1);
    expect(JSON.stringify(discord.webhookCalls[0]!.body)).toContain('Breakfast Beats');
    expect(await knex()('webhook_deliveries').where({ event: 'show.booked' }).count({ n: '*' }).first()).toEqual({ n: 1 });
  });

  it('announces a presenter going live only where asked, and ignores inactive webhooks', async () => {
    await clearHooks();
    await addHook(HOOK_A, ['presenter.live']);
    const off = await addHook(HOOK_B, ['presenter.live']);
    await api(`/api/webhooks/${off}`, { method: 'PATCH', body: { active: false } });
    await t.server.ctx.bus.publish({ channel: 'now-playing', name: 'presenter.live', data: { sessionId: 'live-1', presenterName: 'DJ Nova', showTitle: 'Night Drive' } });
    await expect.poll(() => discord.webhookCalls.length).toBe(1);
    expect(discord.webhookCalls[0]!.id).toBe(HOOK_A.id);
    expect((discord.webhookCalls[0]!.body as { content: string }).content).toContain('DJ Nova');
  });

  it('retries a failed delivery later (5xx, then success) and gives up after the last attempt', async () => {
    await clearHooks();
    const id = await addHook(HOOK_A, ['show.booked']);
    discord.webhookFaults.push({ kind: 'status', status: 500 }, { kind: 'status', status: 502 });
    await t.server.ctx.bus.publish({ channel: 'bookings', name: 'booking.created', data: { id: '0b8f8a5e-2f3c-4c1e-9a55-9d8f52d1e002', title: 'Retry Show', event_date: '2025-06-04', start_time: '10:00', end_time: '11:00' } });
    const row = () => knex()('webhook_deliveries').where({ endpoint_id: id }).first();
    await expect.poll(async () => settled(await row())).toBe(1);
    let r = await row();
    expect(r).toMatchObject({ status: 'pending', last_status_code: 500 });
    expect(new Date(r.next_attempt_at).getTime()).toBe(clock + 30_000);
    clock += 31_000;
    await deliverDueWebhooks(t.server.ctx);
    await expect.poll(async () => settled(await row())).toBe(2);
    r = await row();
    expect(r).toMatchObject({ status: 'pending', attempts: 2, last_status_code: 502 });
    clock += 121_000;
    await deliverDueWebhooks(t.server.ctx);
    await expect.poll(async () => settled(await row())).toBe(3);
    expect(await row()).toMatchObject({ status: 'succeeded', attempts: 3 });

    discord.webhookFaults.push(...Array.from({ length: 3 }, () => ({ kind: 'status' as const, status: 503 })));
    const test = await api(`/api/webhooks/${id}/test`, { method: 'POST' });
    expect(test.status).toBe(202);
    const testRow = () => knex()('webhook_deliveries').where({ endpoint_id: id, event: 'test' }).first();
    await expect.poll(async () => settled(await testRow())).toBe(1);
    for (const [step, attempts] of [[31_000, 2], [121_000, 3]] as const) {
      clock += step;
      await deliverDueWebhooks(t.server.ctx);
      await expect.poll(async () => settled(await testRow())).toBe(attempts);
    }
    expect(await testRow()).toMatchObject({ status: 'failed', attempts: 3, last_status_code: 503 });
  });

  it("waits as long as Discord's 429 asks, and stops at once for a webhook Discord no longer knows", async () => {
    await clearHooks();
    const id = await addHook(HOOK_A, ['show.booked']);
    discord.webhookFaults.push({ kind: 'rate-limit', retryAfterSeconds: 7, discordBody: true });
    await api(`/api/webhooks/${id}/test`, { method: 'POST' });
    const row = () => knex()('webhook_deliveries').where({ endpoint_id: id }).first();
    await expect.poll(async () => settled(await row())).toBe(1);
    expect(new Date((await row()).next_attempt_at).getTime()).toBe(clock + 7_000);
    clock += 8_000;
    await deliverDueWebhooks(t.server.ctx);
    await expect.poll(async () => settled(await row())).toBe(2);
    expect(await row()).toMatchObject({ status: 'succeeded', attempts: 2 });

    discord.webhooks.delete(HOOK_A.id);
    try {
      await api(`/api/webhooks/${id}/test`, { method: 'POST' });
      await expect.poll(async () => (await knex()('webhook_deliveries').where({ endpoint_id: id }).orderBy('created_at', 'desc').first())?.status).toBe('failed');
      expect(await knex()('webhook_deliveries').where({ endpoint_id: id, status: 'failed' }).first()).toMatchObject({ attempts: 1, last_status_code: 404 });
    } finally {
      discord.webhooks.set(HOOK_A.id, HOOK_A.token);
    }
  });
});

describe('music links for the staff queue', () => {
  it('needs a signed-in user who manages requests', async () => {
    expect((await request(t.url, '/api/music-links?title=a&artist=b')).status).toBe(401);
  });

  it('finds stream and purchase links by title and artist', async () => {
    const res = await request(t.url, '/api/music-links?title=Rhythm%20Is%20a%20Dancer&artist=Snap!', { token: presenter.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      links: [
        { type: 'stream', platform: 'Spotify', url: 'https://open.spotify.com/track/abc123abc123abc' },
        { type: 'purchase', platform: 'iTunes', url: 'https://geo.music.apple.com/x' },
      ],
      pageUrl: 'https://song.link/s/1',
    });
  });

  it('answers an empty list when no service knows the song', async () => {
    const res = await request(t.url, '/api/music-links?title=Garage%20Demo&artist=Nobody', { token: presenter.token });
    expect(res.body).toEqual({ links: [], pageUrl: null });
  });

  it("answers 502 with 'Search Failed' words when the lookup fails, and 400 without a title", async () => {
    itunes.faults.push({ kind: 'status', status: 500, body: 'oops' }, { kind: 'status', status: 500, body: 'oops' });
    const res = await request(t.url, '/api/music-links?title=Rhythm%20Is%20a%20Dancer&artist=Snap!', { token: presenter.token });
    expect(res.status).toBe(502);
    expect(res.body.error.message).toBe('Failed to search for music links. Please try again.');
    const bad = await request(t.url, '/api/music-links?artist=Snap!', { token: presenter.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Title is required');
  });
});
