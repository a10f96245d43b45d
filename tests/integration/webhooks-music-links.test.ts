import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DENIED } from '../../shared/permissions';
import type { RealtimeEvent } from '../../shared/realtime';
import { startIntegrationJobs } from '../../server/src/integrations/jobs';
import { deliverDueWebhooks, webhookFromBusEvent } from '../../server/src/integrations/webhooks';
import { startPoller, type Poller } from '../../server/src/radio/poller';
import { createStationSource } from '../../server/src/radio/sources';
import { createAzuraCastSource } from '../../server/src/radio/sources/azuracast';
import type { StationSource } from '../../server/src/radio/sources/types';
import { createUser, type TestUser } from '../support/auth';
import { createPresenter, type TestPresenter } from '../support/schedule';
import { send, startFake, startFakeDiscord, startFakeItunes, startFakeOdesli, type FakeDiscord, type FakeItunes, type FakeOdesli, type FakeServer } from '../support/fake-services';
import { request, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let discord: FakeDiscord & { apiUrl: string };
let odesli: FakeOdesli;
let itunes: FakeItunes;
let owner: TestUser;
let manager: TestUser;
let admin: TestUser;
let presenter: TestPresenter;
let ngozi: string;
let poller: Poller;
/** The station the poller reads: the demo station first, then the AzuraCast stand-in. */
let station: StationSource;
/** AzuraCast stand-in: the real now-playing answer of a station with a DJ live (../shared/fixtures). */
let azuracast: FakeServer;
const AZURACAST_LIVE = fs.readFileSync(path.resolve(__dirname, '../../../shared/fixtures/azuracast/nowplaying_live.json'));
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
    jobs: (ctx) => {
      const runtime = ctx.radio;
      station = createStationSource(ctx, { listeners: () => runtime.stream.listenerCount() });
      poller = startPoller(ctx, runtime, { source: { kind: 'demo', read: (signal) => station.read(signal) }, intervalMs: 3_600_000 });
      return [startIntegrationJobs(ctx), poller];
    },
  });
  azuracast = await startFake((req, res) => (req.path === '/api/nowplaying/riverside_community_radio' ? send(res, 200, JSON.parse(AZURACAST_LIVE.toString('utf8'))) : send(res, 404, { code: 404, type: 'NotFoundException', message: 'Station not found.', success: false })));
  [owner, manager, admin, presenter] = await Promise.all([createUser(t, { role: 'owner' }), createUser(t, { role: 'manager' }), createUser(t, { role: 'admin' }), createPresenter(t, 'presenter', 'DJ Sunny')]);
  // The DJ live in the AzuraCast fixture (streamer 3), as the presenters screen links them.
  const [row] = await knex()('presenters').insert({ name: 'Ngozi Adébáyọ̀', azuracast_id: '3' }).returning<{ id: string }[]>('id');
  ngozi = row!.id;
});
afterAll(async () => {
  await t?.close();
  await Promise.all([discord?.close(), odesli?.close(), itunes?.close(), azuracast?.close()]);
});
beforeEach(() => {
  discord.webhookFaults.length = 0;
});

const api = (path: string, init: { method?: string; body?: unknown; token?: string } = {}) => request(t.url, path, { token: owner.token, ...init });
const knex = () => t.server.ctx.knex;
const book = (user: { token: string }, body: Record<string, unknown>) => api('/api/schedule/bookings', { method: 'POST', token: user.token, body });

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

  it('delivers "New show booked" once for a booking made through the API, even when two instances hear the event', async () => {
    await clearHooks();
    await addHook(HOOK_B, ['show.booked']);
    await addHook(HOOK_A, ['presenter.live']);
    const heard: RealtimeEvent[] = [];
    const stop = t.server.ctx.bus.subscribe((e) => heard.push(e));
    try {
      const res = await book(presenter, { mode: 'weekly', title: 'Breakfast Beats', event_date: '2025-06-03', end_date: '2025-06-17', start_time: '07:00', end_time: '09:00' });
      expect(res.status).toBe(201);
      await expect.poll(() => discord.webhookCalls.length).toBe(1);
      const call = discord.webhookCalls[0]!;
      expect(call.id).toBe(HOOK_B.id);
      const embed = (call.body as { embeds: { title: string; fields: { name: string; value: string }[] }[] }).embeds[0]!;
      expect(embed.title).toBe('New show booked: Breakfast Beats');
      expect(embed.fields).toEqual([
        { name: 'Date', value: '2025-06-03', inline: true },
        { name: 'Time', value: '07:00–09:00', inline: true },
        { name: 'Presenter', value: 'DJ Sunny', inline: true },
        { name: 'Recurring', value: '3 dates booked', inline: true },
      ]);
      // A second server instance hearing the same bus event queues nothing more.
      const created = heard.find((e) => e.channel === 'bookings' && e.name === 'booking.created');
      expect(created).toBeDefined();
      await webhookFromBusEvent(t.server.ctx, created!, 'Another instance', null);
      expect(await knex()('webhook_deliveries').where({ event: 'show.booked' }).count({ n: '*' }).first()).toEqual({ n: 1 });
      // Editing the show is not a new booking.
      const id = res.body.events[0].id as string;
      expect((await api(`/api/schedule/events/${id}`, { method: 'PATCH', token: presenter.token, body: { title: 'Breakfast Beats!', start_time: '07:00', end_time: '09:00', presenter_name: 'DJ Sunny' } })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
      expect(discord.webhookCalls).toHaveLength(1);
    } finally {
      stop();
    }
  });

  it('delivers "Presenter goes live" when a presenter goes live on the demo station, and again for a DJ live on AzuraCast', async () => {
    await clearHooks();
    await addHook(HOOK_A, ['presenter.live']);
    const off = await addHook(HOOK_B, ['presenter.live']);
    await api(`/api/webhooks/${off}`, { method: 'PATCH', body: { active: false } });
    // The demo station puts the presenter of a scheduled show on air while it runs: 09:00 UTC is 10:00 in London.
    const res = await book(presenter, { mode: 'daily', title: 'Morning Live', event_date: '2025-06-02', start_time: '09:30', end_time: '11:00' });
    expect(res.status).toBe(201);
    expect((await poller.pollNow()).record?.sessionOpened).toBe(true);
    await expect.poll(() => discord.webhookCalls.length).toBe(1);
    expect(discord.webhookCalls[0]!.id).toBe(HOOK_A.id);
    expect((discord.webhookCalls[0]!.body as { content: string }).content).toMatch(/^🔴 \*\*DJ Sunny\*\* is live on .+ with Morning Live!$/);
    // Still the same session a poll later: nothing new.
    await poller.pollNow();
    await new Promise((r) => setTimeout(r, 300));
    expect(discord.webhookCalls).toHaveLength(1);

    // The station switches to AzuraCast (the stand-in answers with its real now-playing format), after the show.
    clock = Date.parse('2025-06-02T10:30:00Z');
    station = createAzuraCastSource({ baseUrl: azuracast.url, stationId: 'riverside_community_radio', timeoutMs: 3000, now: () => clock });
    expect((await poller.pollNow()).record?.sessionOpened).toBe(true);
    await expect.poll(() => discord.webhookCalls.length).toBe(2);
    expect((discord.webhookCalls[1]!.body as { content: string }).content).toMatch(/^🔴 \*\*Ngozi Adébáyọ̀\*\* is live on .+!$/);
    expect((discord.webhookCalls[1]!.body as { content: string }).content).not.toContain(' with ');
    const sessions = await knex()('broadcast_sessions').orderBy('started_at').select('presenter_id', 'source');
    expect(sessions).toEqual([
      { presenter_id: presenter.presenterId, source: 'demo' },
      { presenter_id: ngozi, source: 'azuracast' },
    ]);
    expect(await knex()('webhook_deliveries').where({ event: 'presenter.live' }).count({ n: '*' }).first()).toEqual({ n: 2 });
  });

  it('retries a failed delivery later (5xx, then success) and gives up after the last attempt', async () => {
    await clearHooks();
    const id = await addHook(HOOK_A, ['show.booked']);
    discord.webhookFaults.push({ kind: 'status', status: 500 }, { kind: 'status', status: 502 });
    expect((await book(presenter, { mode: 'daily', title: 'Retry Show', event_date: '2025-06-04', start_time: '10:00', end_time: '11:00' })).status).toBe(201);
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
