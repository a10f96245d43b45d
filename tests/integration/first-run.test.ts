import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../support/auth';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * Issue 17 item 5: a real install (SEED_DEMO=false) starts clean. None of the
 * demo station's details (its name, Discord invite, social accounts, app,
 * contact and donation addresses) reaches a listener, a crawler or a player
 * reading the AzuraCast-compatible feed; and the owner's first-run setup
 * (saved through General Settings, or skipped) is tracked by the server.
 */
const DEMO_TRACES = /airdeck-demo|airdeck\.demo|airdeck_demo|airdeck\.example|play\.google|Airdeck Radio|Community radio from the UK/i;

/** Every listener page of the spec's route list (000 §2), plus a custom page path and the not-found page. */
const LISTENER_PAGES = [
  '/', '/shows', '/djs', '/mobile-app', '/request', '/song-request', '/shoutout-request', '/general-request', '/presenter-application', '/become-a-dj',
  '/donate', '/terms-of-service', '/privacy-policy', '/auth', '/profile', '/api-docs', '/page/about', '/no-such-page',
];

let t: TestServer;
let dist: string;
let owner: TestUser;
let manager: TestUser;
let presenter: TestUser;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'airdeck-first-run-'));
  // A stand-in build (what matters is what the server writes into it), with the build's neutral title.
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><meta charset="UTF-8" /><title>Airdeck</title></head><body><div id="root"></div></body></html>');
  t = await startTestServer({ seed: false, env: { WEB_DIST_DIR: dist, STATION_TIMEZONE: 'America/Toronto' } });
  owner = await createUser(t, { role: 'owner' });
  manager = await createUser(t, { role: 'manager' });
  presenter = await createUser(t, { role: 'presenter' });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const text = async (p: string) => {
  const res = await fetch(t.url + p);
  return { status: res.status, body: await res.text() };
};

describe('a real install (SEED_DEMO=false)', () => {
  it('shows no demo detail in any listener page, its head, first screen or boot data', async () => {
    for (const p of LISTENER_PAGES) {
      const page = await text(p);
      expect(page.body, p).toContain('<div id="root">');
      expect(page.body.match(DEMO_TRACES)?.[0], p).toBeUndefined();
    }
    const home = (await text('/')).body;
    expect(/<title>([^<]*)<\/title>/.exec(home)?.[1]).toBe('Airdeck');
    const boot = JSON.parse(/<script type="application\/json" id="airdeck-boot">([^<]*)<\/script>/.exec(home)![1]!) as { station: Record<string, unknown> };
    expect(boot.station).toMatchObject({ name: 'Airdeck', tagline: '', contactEmail: '', googlePlayUrl: null, chatInviteUrl: null });
    // The first screen has no Join Community link without an invite (the boot data's message catalogue
    // carries the label's text for when an invite is set; the drawn page must not show it).
    const drawn = home.replace(/<script type="application\/json" id="airdeck-boot">[^<]*<\/script>/, '');
    expect(drawn).not.toContain('Join Community');
  });

  it('answers the public station info with a neutral name and no links, app, contact or donation account', async () => {
    const station = await request(t.url, '/api/station');
    expect(station.status).toBe(200);
    expect(station.body).toEqual({
      name: 'Airdeck',
      tagline: '',
      logoUrl: '/favicon.svg',
      streamUrl: '/api/stream',
      contactEmail: '',
      timezone: 'America/Toronto',
      social: { chat: null, streaming: null, instagram: null, facebook: null, x: null },
      googlePlayUrl: null,
      chatInviteUrl: null,
      donation: { providerUrl: null, account: null, currency: 'GBP' },
      requestsOpen: true,
      approvedImageHosts: [],
      singleDayLeave: false,
      compliance_mode: 'none',
      // The station's languages (issue 35 item 6): English by default, no content in other languages yet.
      language: 'en',
      contentLanguages: [],
      taglineTranslations: {},
    });
  });

  it('keeps demo details out of the feeds and documents players, crawlers and apps read', async () => {
    for (const p of ['/api/nowplaying', '/api/nowplaying/1', '/api/openapi.json', '/manifest.webmanifest', '/schedule-api', '/api/schedule.ics', '/api/settings/station']) {
      const res = await fetch(t.url + p, { headers: p === '/api/settings/station' ? { Authorization: `Bearer ${owner.token}` } : {} });
      expect(res.status, p).toBe(200);
      expect((await res.text()).match(DEMO_TRACES)?.[0], p).toBeUndefined();
    }
    const feed = await request(t.url, '/api/nowplaying/1');
    expect(feed.body.station.name).toBe('Airdeck');
  });
});

describe('the first-run setup', () => {
  it('is owed on a clean install; settings staff may read its state, nobody else', async () => {
    expect((await request(t.url, '/api/settings/setup')).status).toBe(401);
    const denied = await request(t.url, '/api/settings/setup', { token: presenter.token });
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toBe("Access Denied: You don't have permission to access the settings page.");
    expect((await request(t.url, '/api/settings/setup/skip', { method: 'POST', token: presenter.token })).status).toBe(403);
    const state = await request(t.url, '/api/settings/setup', { token: owner.token });
    expect(state.status).toBe(200);
    expect(state.headers.get('cache-control')).toBe('no-store');
    expect(state.body).toEqual({ needed: true, source: { kind: 'demo', url: null }, streamUrlFromConfig: null, serverTimezone: 'America/Toronto' });
    expect((await request(t.url, '/api/settings/setup', { token: manager.token })).body.needed).toBe(true);
  });

  it('refuses a bad value with the settings message and stays owed; a good save finishes it and shows at once', async () => {
    const current = (await request(t.url, '/api/settings/station', { token: owner.token })).body;
    const bad = await request(t.url, '/api/settings/station', { method: 'PUT', token: owner.token, body: { ...current, name: 'Harbour FM', chatInviteUrl: 'discord.gg/harbour' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Chat community invite must be a valid URL');
    expect((await request(t.url, '/api/settings/setup', { token: owner.token })).body.needed).toBe(true);
    expect((await request(t.url, '/api/station')).body.name).toBe('Airdeck');

    const body = { ...current, name: 'Harbour FM', timezone: 'Europe/Dublin', chatInviteUrl: 'https://discord.gg/harbourfm', social: { ...current.social, chat: 'https://discord.gg/harbourfm', instagram: 'https://instagram.com/harbourfm' } };
    const saved = await request(t.url, '/api/settings/station', { method: 'PUT', token: owner.token, body });
    expect(saved.status).toBe(200);
    expect((await request(t.url, '/api/settings/setup', { token: owner.token })).body.needed).toBe(false);
    const pub = (await request(t.url, '/api/station')).body;
    expect(pub).toMatchObject({ name: 'Harbour FM', timezone: 'Europe/Dublin', chatInviteUrl: 'https://discord.gg/harbourfm', social: { chat: 'https://discord.gg/harbourfm', instagram: 'https://instagram.com/harbourfm', facebook: null, x: null, streaming: null }, googlePlayUrl: null });
  });

  it('can be skipped, leaving the settings as they are, and the skip is in the audit log', async () => {
    const knex = t.server.ctx.knex;
    await knex('station_settings').where({ id: 1 }).update({ settings: JSON.stringify({}) });
    expect((await request(t.url, '/api/settings/setup', { token: owner.token })).body.needed).toBe(true);
    const res = await request(t.url, '/api/settings/setup/skip', { method: 'POST', token: owner.token });
    expect(res.status).toBe(204);
    expect((await request(t.url, '/api/settings/setup', { token: owner.token })).body.needed).toBe(false);
    expect((await knex('station_settings').where({ id: 1 }).first()).settings).toEqual({ setupCompleted: true });
    const log = await knex('user_action_logs').orderBy('id', 'desc').first();
    expect(log).toMatchObject({ action_type: 'update', resource_type: 'station_settings', resource_name: 'First-run setup', user_email: owner.email });
  });

  it('counts an install that saved General Settings before the setup existed as set up', async () => {
    const knex = t.server.ctx.knex;
    await knex('station_settings').where({ id: 1 }).update({ settings: JSON.stringify({ name: 'Old Town Radio' }) });
    expect((await request(t.url, '/api/settings/setup', { token: owner.token })).body.needed).toBe(false);
  });
});

describe("the owner's first-run checklist on the dashboard (issue 30)", () => {
  const checklist = async (who: { token: string }) => (await request(t.url, '/api/dashboard', { token: who.token })).body.first_run as Record<string, boolean> | null | undefined;

  it('ticks add DJs, invite staff, book the first show and set the stream from the station itself, and is gone when all are done', async () => {
    // Other accounts exist (made above), nothing else does yet; only the owner is shown the list.
    expect(await checklist(owner)).toEqual({ djs: false, staff: true, show: false, stream: false });
    expect(await checklist(manager)).toBeUndefined();

    const made = await request(t.url, '/api/users', { method: 'POST', token: owner.token, body: { email: 'first.dj@station.example', username: 'First DJ', password: 'first-dj-secret', role: 'presenter', presenter: { name: 'First DJ' } } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(await checklist(owner)).toEqual({ djs: true, staff: true, show: false, stream: false });

    const dj = await request(t.url, '/api/auth/token', { method: 'POST', body: { email: 'first.dj@station.example', password: 'first-dj-secret' } });
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const booked = await request(t.url, '/api/schedule/bookings', { method: 'POST', token: dj.body.access_token, body: { mode: 'daily', title: 'First Show', event_date: tomorrow, start_time: '19:00', end_time: '20:00' } });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(await checklist(owner)).toEqual({ djs: true, staff: true, show: true, stream: false });

    const current = (await request(t.url, '/api/settings/station', { token: owner.token })).body;
    const saved = await request(t.url, '/api/settings/station', { method: 'PUT', token: owner.token, body: { ...current, streamUrl: 'https://stream.station.example/live.mp3' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await checklist(owner)).toBeNull();
  });
});
