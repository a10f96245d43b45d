import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DESKTOP_TEXTS } from '../../server/src/desktop/routes';
import { REMINDER_TEXTS, runShowReminders, showRemindersJob } from '../../server/src/schedule/reminders';
import { buildShow, clearSchedule, createPresenter, FIXED_NOW, type TestPresenter } from '../support/schedule';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * The desktop studio's server side: the update feed at /desktop/… (served
 * from DESKTOP_UPDATES_DIR) and the presenter reminders that reach the
 * studio and the browser as notification pushes.
 */
let t: TestServer;
let bare: TestServer;
let dir: string;
let presenter: TestPresenter;
let other: TestPresenter;
const installer = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'airdeck-desktop-'));
  fs.writeFileSync(path.join(dir, 'latest.yml'), 'version: 0.2.0\npath: airdeck-studio-0.2.0-win-x64.exe\n');
  fs.writeFileSync(path.join(dir, 'airdeck-studio-0.2.0-win-x64.exe'), installer);
  fs.writeFileSync(path.join(dir, '.env'), 'SECRET=1');
  fs.writeFileSync(path.join(path.dirname(dir), 'outside-secret.yml'), 'secret: yes');
  fs.symlinkSync('/etc/hostname', path.join(dir, 'linked.yml'));
  t = await startTestServer({ env: { DESKTOP_UPDATES_DIR: dir }, now: () => FIXED_NOW });
  bare = await startTestServer();
  presenter = await createPresenter(t, 'presenter', 'Leah Lunchtime');
  other = await createPresenter(t, 'presenter', 'Other Presenter');
});
afterAll(async () => {
  await t?.close();
  await bare?.close();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(path.join(path.dirname(dir), 'outside-secret.yml'), { force: true });
});

describe('the desktop update feed at /desktop/', () => {
  it('serves the feed file uncached and the installer as a download', async () => {
    const yml = await fetch(`${t.url}/desktop/latest.yml`);
    expect(yml.status).toBe(200);
    expect(yml.headers.get('content-type')).toBe('text/yaml; charset=utf-8');
    expect(yml.headers.get('cache-control')).toBe('no-cache');
    expect(await yml.text()).toContain('version: 0.2.0');
    const exe = await fetch(`${t.url}/desktop/airdeck-studio-0.2.0-win-x64.exe`);
    expect(exe.status).toBe(200);
    expect(exe.headers.get('content-disposition')).toContain('attachment');
    expect(Buffer.from(await exe.arrayBuffer()).equals(installer)).toBe(true);
  });

  it('answers byte ranges (differential downloads) and refuses unsatisfiable ones', async () => {
    const part = await fetch(`${t.url}/desktop/airdeck-studio-0.2.0-win-x64.exe`, { headers: { Range: 'bytes=100-199', 'Accept-Encoding': 'gzip, br' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/4096');
    expect(part.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await part.arrayBuffer()).equals(installer.subarray(100, 200))).toBe(true);
    const tail = await fetch(`${t.url}/desktop/airdeck-studio-0.2.0-win-x64.exe`, { headers: { Range: 'bytes=-10' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(installer.subarray(4086))).toBe(true);
    const bad = await fetch(`${t.url}/desktop/airdeck-studio-0.2.0-win-x64.exe`, { headers: { Range: 'bytes=5000-' } });
    expect(bad.status).toBe(416);
    expect(bad.headers.get('content-range')).toBe('bytes */4096');
  });

  it('answers HEAD with the size and no body', async () => {
    const head = await fetch(`${t.url}/desktop/airdeck-studio-0.2.0-win-x64.exe`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('4096');
  });

  it('refuses traversal, dot files, symbolic links and unknown files with a JSON 404', async () => {
    for (const p of ['/desktop/..%2foutside-secret.yml', '/desktop/%2e%2e%2foutside-secret.yml', '/desktop/..%5coutside-secret.yml', '/desktop/.env', '/desktop/linked.yml', '/desktop/missing.yml', '/desktop/%00latest.yml']) {
      const res = await request(t.url, p);
      expect(res.status, p).toBe(404);
      expect(JSON.stringify(res.body), p).not.toContain('secret');
    }
    const res = await request(t.url, '/desktop/missing.yml');
    expect(res.body).toEqual({ error: { code: 'not_found', message: DESKTOP_TEXTS.notFound, key: 'error.desktopNoFile' } });
    // A path with a folder never reaches the feed at all.
    const nested = await fetch(`${t.url}/desktop/../desktop/latest.yml`);
    expect(await nested.text()).not.toContain('outside');
  });

  it('says so when the station publishes no updates', async () => {
    const res = await request(bare.url, '/desktop/latest.yml');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not_found', message: DESKTOP_TEXTS.notPublished, key: 'error.desktopNotPublished' } });
  });
});

/** A staff WebSocket subscribed to the notifications channel. */
async function listen(user: { token: string }) {
  const ws = new WebSocket(`${t.url.replace('http', 'ws')}/api/realtime`);
  const frames: { type: string; name?: string; channel?: string; data?: { title: string; message: string; related_id: string } }[] = [];
  ws.on('message', (m) => frames.push(JSON.parse(m.toString())));
  await new Promise((r) => ws.once('open', r));
  ws.send(JSON.stringify({ type: 'hello', token: user.token }));
  await expect.poll(() => frames.filter((f) => f.type === 'welcome').length).toBe(2);
  ws.send(JSON.stringify({ type: 'subscribe', channel: 'notifications' }));
  await expect.poll(() => frames.some((f) => f.type === 'subscribed')).toBe(true);
  return { ws, events: () => frames.filter((f) => f.type === 'event' && f.name === 'notification.created') };
}

describe('presenter reminders', () => {
  beforeEach(async () => {
    await clearSchedule(t);
    await t.server.ctx.knex('admin_notifications').delete();
  });

  it('tells the presenter, and only them, once that their show starts in 10 minutes', async () => {
    // FIXED_NOW is 12:00 London; the show starts at 12:08.
    const id = await buildShow(t, { event_date: '2026-03-25', start_time: '12:08', end_time: '13:00', title: 'Lunchtime Live', presenter_id: presenter.presenterId });
    await buildShow(t, { event_date: '2026-03-25', start_time: '12:30', end_time: '13:30', title: 'Later', presenter_id: other.presenterId });
    const mine = await listen(presenter);
    const theirs = await listen(other);
    expect(await runShowReminders(t.server.ctx, FIXED_NOW)).toEqual({ startsSoon: 1, notLive: 0, emailed: 0 });
    await expect.poll(() => mine.events().length).toBe(1);
    expect(mine.events()[0]!.data).toMatchObject({ title: REMINDER_TEXTS.startsSoonTitle(8), message: 'Lunchtime Live starts at 12:08. Get ready to go live.', related_id: id });
    // Again a minute later, or from a second server instance: nothing new.
    expect(await runShowReminders(t.server.ctx, FIXED_NOW + 60_000)).toEqual({ startsSoon: 0, notLive: 0, emailed: 0 });
    const stored = await t.server.ctx.knex('admin_notifications').select('title', 'target_user_ids', 'target_roles');
    expect(stored).toEqual([{ title: 'Your show starts in 8 minutes', target_user_ids: [presenter.id], target_roles: [] }]);
    expect(theirs.events()).toEqual([]);
    mine.ws.close();
    theirs.ws.close();
  });

  it('tells the presenter once when their show has started and they are not live', async () => {
    await buildShow(t, { event_date: '2026-03-25', start_time: '11:58', end_time: '13:00', title: 'Lunchtime Live', presenter_id: presenter.presenterId });
    const mine = await listen(presenter);
    expect(await runShowReminders(t.server.ctx, FIXED_NOW)).toEqual({ startsSoon: 0, notLive: 1, emailed: 0 });
    await expect.poll(() => mine.events().length).toBe(1);
    expect(mine.events()[0]!.data).toMatchObject({ title: REMINDER_TEXTS.notLiveTitle, message: REMINDER_TEXTS.notLiveMessage('Lunchtime Live', '11:58') });
    expect(await runShowReminders(t.server.ctx, FIXED_NOW + 120_000)).toEqual({ startsSoon: 0, notLive: 0, emailed: 0 });
    mine.ws.close();
  });

  it('stays quiet when the presenter is live, for shows without an account, and for cancelled shows', async () => {
    const live = await buildShow(t, { event_date: '2026-03-25', start_time: '11:55', end_time: '13:00', title: 'On air', presenter_id: presenter.presenterId });
    await t.server.ctx.knex('broadcast_sessions').insert({ presenter_id: presenter.presenterId, schedule_event_id: live, started_at: new Date(FIXED_NOW - 5 * 60_000), streamer_name: 'leah' });
    await buildShow(t, { event_date: '2026-03-25', start_time: '12:05', end_time: '12:50', title: 'Nobody', presenter_id: null, presenter_name: 'Guest DJ' });
    await buildShow(t, { event_date: '2026-03-25', start_time: '12:06', end_time: '12:50', title: 'Cancelled', presenter_id: other.presenterId, status: 'cancelled' });
    expect(await runShowReminders(t.server.ctx, FIXED_NOW)).toEqual({ startsSoon: 0, notLive: 0, emailed: 0 });
    await t.server.ctx.knex('broadcast_sessions').delete();
  });

  it('runs as a background job that stops cleanly', async () => {
    await buildShow(t, { event_date: '2026-03-25', start_time: '12:09', end_time: '13:00', title: 'Job show', presenter_id: presenter.presenterId });
    const job = showRemindersJob(t.server.ctx);
    await expect.poll(async () => (await t.server.ctx.knex('admin_notifications').where({ title: 'Your show starts in 9 minutes' })).length).toBe(1);
    await job.stop();
  });
});

describe('the end-of-show summary (GET /api/on-air/summary)', () => {
  it('sums up the presenter’s latest session: tracks with the votes cast during it, requests handled, shoutouts read', async () => {
    const knex = t.server.ctx.knex;
    const start = new Date(FIXED_NOW - 60 * 60_000);
    const [session] = await knex('broadcast_sessions').insert({ presenter_id: presenter.presenterId, started_at: start, ended_at: new Date(FIXED_NOW - 5 * 60_000), streamer_name: 'leah' }).returning<{ id: string }[]>('id');
    const [a, b] = await knex('tracks')
      .insert([
        { track_key: `a-${Date.now()}`, title: 'Alpha', artist: 'One' },
        { track_key: `b-${Date.now()}`, title: 'Beta', artist: 'Two' },
      ])
      .returning<{ id: string }[]>('id');
    await knex('play_history').insert([
      { track_id: a!.id, played_at: new Date(start.getTime() + 60_000), broadcast_session_id: session!.id, is_live: true },
      { track_id: b!.id, played_at: new Date(start.getTime() + 5 * 60_000), broadcast_session_id: session!.id, is_live: true },
      // Another session's play is not counted.
      { track_id: b!.id, played_at: new Date(start.getTime() - 3600_000), is_live: false },
    ]);
    const during = new Date(start.getTime() + 10 * 60_000);
    await knex('track_votes').insert([
      { track_id: a!.id, user_session: 'v1', vote_type: 'up', created_at: during },
      { track_id: a!.id, user_session: 'v2', vote_type: 'up', created_at: during },
      { track_id: a!.id, user_session: 'v3', vote_type: 'down', created_at: during },
      // Before the show: not this session's verdict.
      { track_id: b!.id, user_session: 'v4', vote_type: 'down', created_at: new Date(start.getTime() - 86400_000) },
    ]);
    await knex('song_requests').insert([
      { title: 'S1', artist: 'A', requester: 'R', status: 'played', handled_by: presenter.id, updated_at: during },
      { title: 'S2', artist: 'A', requester: 'R', status: 'rejected', handled_by: presenter.id, updated_at: during },
      { title: 'S3', artist: 'A', requester: 'R', status: 'played', handled_by: other.id, updated_at: during },
      { title: 'S4', artist: 'A', requester: 'R', status: 'pending', updated_at: during },
    ]);
    await knex('shoutout_requests').insert([
      { requester_name: 'R', recipient_name: 'Mum', message: 'Hi', status: 'completed', handled_by: presenter.id, updated_at: during },
      { requester_name: 'R', recipient_name: 'Dad', message: 'Hi', status: 'approved', handled_by: presenter.id, updated_at: during },
    ]);
    const res = await request(t.url, '/api/on-air/summary', { token: presenter.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      session: { id: session!.id, show_title: null, started_at: Math.floor(start.getTime() / 1000), ended_at: Math.floor((FIXED_NOW - 5 * 60_000) / 1000) },
      tracks: [
        { played_at: Math.floor(start.getTime() / 1000) + 60, title: 'Alpha', artist: 'One', up_votes: 2, down_votes: 1 },
        { played_at: Math.floor(start.getTime() / 1000) + 300, title: 'Beta', artist: 'Two', up_votes: 0, down_votes: 0 },
      ],
      requests_handled: 2,
      shoutouts_read: 1,
      // No listener readings during this session: no peak or average, no listening hours.
      audience: { peak: null, average: null, listening_hours: 0 },
    });
    // Someone who has never been live gets the empty summary; anonymous callers are refused.
    expect((await request(t.url, '/api/on-air/summary', { token: other.token })).body).toEqual({ session: null, tracks: [], requests_handled: 0, shoutouts_read: 0 });
    expect((await request(t.url, '/api/on-air/summary')).status).toBe(401);
    await knex('broadcast_sessions').delete();
  });
});
