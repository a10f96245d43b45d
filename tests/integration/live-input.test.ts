import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { localDateTime } from '../../shared/time';
import { startJobs } from '../../server/src/jobs';
import { mp3Frames } from '../../server/src/live/confirm';
import { stationTimezone } from '../../server/src/settings/service';
import { createUser } from '../support/auth';
import { listen, makeTone, type Listener } from '../support/audio';
import { createPresenter, type TestPresenter } from '../support/schedule';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * Going live on the demo station (issue 31), through the real producers: a
 * show booked through the booking API, the go-live ticket, the relay's
 * WebSocket fed with real MP3 frames of a 1 kHz tone at the console's pace,
 * and a listener reading /api/stream with ffmpeg, whose decoded audio is
 * checked for the tone (Goertzel). The slot rule, the secrets and the
 * second presenter are checked against the API.
 */

const TONE_HZ = 1000;
const hasFfmpeg = spawnSync('sh', ['-c', 'command -v ffmpeg']).status === 0;

let t: TestServer;
let dir: string;
let toneFrames: Buffer[];
const sockets: WebSocket[] = [];
const listeners: Listener[] = [];

beforeAll(async () => {
  if (!hasFfmpeg) throw new Error('The live-input tests need ffmpeg (Debian/Ubuntu: sudo apt-get install -y ffmpeg).');
  t = await startTestServer({ env: { POLL_INTERVAL_MS: '1000', STATION_EARS: 'on' }, jobs: (ctx) => startJobs(ctx) });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'airdeck-live-'));
  const mp3 = path.join(dir, 'tone.mp3');
  // The demo station's format (22 050 Hz mono 48 kbps), as the console encodes for it.
  await makeTone(mp3, { hz: TONE_HZ, seconds: 40, rate: 22_050, mp3Kbps: 48 });
  toneFrames = mp3Frames(fs.readFileSync(mp3)).frames;
}, 60_000);

afterEach(async () => {
  for (const s of sockets.splice(0)) s.terminate();
  for (const l of listeners.splice(0)) l.stop();
  await t.server.ctx.knex('live_sessions').whereNull('ended_at').update({ ended_at: new Date(), end_reason: 'stopped' });
  await t.server.ctx.knex('schedule_events').delete();
  await expect.poll(() => t.server.ctx.live.activeSessionId(), { timeout: 20_000 }).toBeNull();
});

afterAll(async () => {
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Books a show through the booking API, `startInMin` minutes from now, lasting `minutes`. */
async function book(who: { token: string }, startInMin: number, minutes = 60, title = 'Morning Live'): Promise<{ status: number; id: string | null }> {
  const zone = await stationTimezone(t.server.ctx);
  const start = Date.now() + startInMin * 60_000;
  const s = localDateTime(start, zone);
  const e = localDateTime(start + minutes * 60_000, zone);
  const res = await request(t.url, '/api/schedule/bookings', {
    method: 'POST',
    token: who.token,
    body: { mode: 'daily', title, event_date: s.date, start_time: s.time.slice(0, 5), end_time: e.date === s.date ? e.time.slice(0, 5) : '23:59' },
  });
  return { status: res.status, id: res.body?.events?.[0]?.id ?? res.body?.event?.id ?? null };
}

const goLive = (who: { token: string }, body: Record<string, unknown> = {}) => request(t.url, '/api/live/sessions', { method: 'POST', token: who.token, body });

interface Console {
  ws: WebSocket;
  messages: Array<Record<string, unknown>>;
  /** Sends the tone's frames at real pace from `from`; returns the stopper. */
  play(from?: number): { stop(): number };
}

async function openConsole(ticket: string, messages: Array<Record<string, unknown>> = []): Promise<Console> {
  const ws = new WebSocket(`${t.url.replace('http', 'ws')}/api/live/socket?ticket=${encodeURIComponent(ticket)}`);
  sockets.push(ws);
  ws.on('message', (d, binary) => {
    if (!binary) messages.push(JSON.parse(String(d)) as Record<string, unknown>);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    messages,
    play(from = 0) {
      const frameMs = (576 / 22_050) * 1000;
      const started = Date.now();
      let next = from;
      const timer = setInterval(() => {
        const due = from + Math.floor((Date.now() - started) / frameMs) + 10;
        const batch: Buffer[] = [];
        while (next < due) batch.push(toneFrames[next++ % toneFrames.length]!);
        if (batch.length > 0 && ws.readyState === ws.OPEN) ws.send(Buffer.concat(batch));
      }, 100);
      return {
        stop: () => {
          clearInterval(timer);
          return next;
        },
      };
    },
  };
}

describe('live-input settings', () => {
  it('keep the source password sealed at rest and never answer it; presenters cannot read them', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const presenter = await createPresenter(t, 'presenter');
    const secret = 'hackme-source-9f2';
    const saved = await request(t.url, '/api/settings/live-input', {
      method: 'PUT',
      token: owner.token,
      body: { lead_minutes: 10, grace_minutes: 3, icecast_mount: '/live', icecast_password: secret, streamers: [{ presenter_id: presenter.presenterId, username: 'dj_one', password: 'streamer-pw-77' }] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ lead_minutes: 10, grace_minutes: 3, icecast_mount: '/live', icecast_password_set: true, source: 'demo', ready: true });
    expect(saved.body.streamers).toEqual([{ presenter_id: presenter.presenterId, presenter_name: presenter.presenterName, username: 'dj_one', password_set: true }]);
    expect(JSON.stringify(saved.body)).not.toContain(secret);
    expect(JSON.stringify(saved.body)).not.toContain('streamer-pw-77');
    const row = await t.server.ctx.knex('live_input_settings').first();
    expect(row.icecast_password_enc).toMatch(/^v1\./);
    expect(row.icecast_password_enc).not.toContain(secret);

    // A blank password keeps the stored one.
    const again = await request(t.url, '/api/settings/live-input', { method: 'PUT', token: owner.token, body: { lead_minutes: 5, grace_minutes: 2, icecast_mount: '/live', icecast_password: '', streamers: [] } });
    expect(again.body.icecast_password_set).toBe(true);
    expect((await t.server.ctx.knex('live_input_settings').first()).icecast_password_enc).toBe(row.icecast_password_enc);

    // Bad input: the spec's words, nothing changed.
    const bad = await request(t.url, '/api/settings/live-input', { method: 'PUT', token: owner.token, body: { lead_minutes: 5, grace_minutes: 2, icecast_mount: 'live', streamers: [] } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Mount must start with /');
    expect((await request(t.url, '/api/settings/live-input', { token: owner.token })).body.icecast_mount).toBe('/live');

    expect((await request(t.url, '/api/settings/live-input', { token: presenter.token })).status).toBe(403);
    const status = await request(t.url, '/api/live/status', { token: presenter.token });
    expect(JSON.stringify(status.body)).not.toContain(secret);
    const audit = await t.server.ctx.knex('user_action_logs').where({ resource_type: 'live_input' }).select('details');
    expect(audit.length).toBe(2);
    expect(JSON.stringify(audit)).not.toContain(secret);
  });
});

describe('the slot rule (server side)', () => {
  let presenter: TestPresenter;
  beforeAll(async () => {
    presenter = await createPresenter(t, 'presenter', 'Dana Day');
  });

  it('lets a presenter go live from 5 minutes before their booked show, and tells them when otherwise', async () => {
    // No booking at all.
    const none = await goLive(presenter);
    expect(none.status).toBe(403);
    expect(none.body.error.message).toBe('You can go live only inside your booked show, and you have no show booked.');

    // A show in 2 hours: not yet; the refusal says from when.
    expect((await book(presenter, 120)).status).toBe(201);
    const early = await goLive(presenter);
    expect(early.status).toBe(403);
    const zone = await stationTimezone(t.server.ctx);
    const opens = localDateTime(Date.now() + 115 * 60_000, zone).time.slice(0, 5);
    expect(early.body.error.message).toMatch(new RegExp(`^You can go live from ${opens.replace(':', ':')} on .*, 5 minutes before "Morning Live" starts\\.$`));
    const status = await request(t.url, '/api/live/status', { token: presenter.token });
    expect(status.body).toMatchObject({ source: 'demo', configured: true, window: null, can_go_live_anytime: false, on_air: null });
    expect(status.body.next_window.show_title).toBe('Morning Live');

    // A show starting in 3 minutes: inside the 5-minute lead.
    expect((await book(presenter, 3, 30, 'Soon Show')).status).toBe(201);
    const ok = await goLive(presenter);
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ unscheduled: false, format: { sampleRate: 22050, channels: 1, kbps: 48 } });
    expect(ok.body.closes_at).toBeGreaterThan(Date.now() + 30 * 60_000);
    expect(JSON.stringify(ok.body)).not.toMatch(/password/i);
  });

  it('refuses a pending booking, and "unscheduled" to anyone but owners and managers', async () => {
    const probation = await createPresenter(t, 'probation');
    expect((await book(probation, 0, 30)).status).toBe(201);
    expect((await goLive(probation)).status).toBe(403);
    const mod = await createPresenter(t, 'moderator');
    const res = await goLive(mod, { unscheduled: true });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('Only owners and managers can go live outside a booked show.');
  });

  it('lets a manager go live unscheduled, audited, and tells a second presenter who is on air', async () => {
    const manager = await createPresenter(t, 'manager', 'Morgan Manager');
    const res = await goLive(manager, { unscheduled: true });
    expect(res.status).toBe(201);
    expect(res.body.closes_at).toBeNull();
    const audit = await t.server.ctx.knex('user_action_logs').where({ resource_type: 'live_session', resource_id: res.body.session_id }).first();
    expect(audit.resource_name).toBe('Unscheduled live: Morgan Manager');
    const c = await openConsole(res.body.ticket);
    const player = c.play();
    await expect.poll(() => c.messages.some((m) => m.type === 'state' && m.state === 'On air'), { timeout: 10_000 }).toBe(true);

    expect((await book(presenter, 0, 30, 'Clash Show')).status).toBe(201);
    const second = await goLive(presenter);
    expect(second.status).toBe(409);
    expect(second.body.error.message).toMatch(/^Morgan Manager is on air now, since \d\d:\d\d on .+\. You can go live when they stop\.$/);
    const status = await request(t.url, '/api/live/status', { token: presenter.token });
    expect(status.body.on_air).toMatchObject({ name: 'Morgan Manager', unscheduled: true });
    player.stop();
    c.ws.send(JSON.stringify({ type: 'stop' }));
    await expect.poll(() => c.messages.find((m) => m.state === 'Stopped')?.reason, { timeout: 10_000 }).toBe('stopped');
  });
});

describe('the demo station takes the live input', () => {
  it('puts the presenter on /api/stream for a listener who never reconnects, confirms it from the stream, carries "now playing", and gives the AutoDJ back', async () => {
    const presenter = await createPresenter(t, 'presenter', 'Tess Tone');
    expect((await book(presenter, 2, 30, 'Tone Hour')).status).toBe(201);
    const listener = listen(`${t.url}/api/stream`);
    listeners.push(listener);
    await expect.poll(() => listener.seconds(), { timeout: 20_000 }).toBeGreaterThan(1);
    // The demo loop is music, not our tone.
    expect(listener.shareAt(TONE_HZ, 1000)!).toBeLessThan(0.3);

    const ticket = await goLive(presenter);
    expect(ticket.status).toBe(201);
    const c = await openConsole(ticket.body.ticket);
    const player = c.play();
    const wentLive = Date.now();
    await expect.poll(() => (listener.shareAt(TONE_HZ, 500) ?? 0) > 0.8, { timeout: 10_000, interval: 200 }).toBe(true);
    const heardAfterMs = Date.now() - wentLive;
    console.log(`demo live input: a listener heard the tone ${heardAfterMs} ms after the console connected`);
    await expect.poll(() => c.messages.find((m) => m.type === 'heard'), { timeout: 10_000 }).toEqual({ type: 'heard', heard: true, message: 'On air ✓ heard on the public stream' });
    expect(c.messages.filter((m) => m.type === 'state').map((m) => m.state)).toEqual(['Connecting', 'On air']);

    // Now playing: the presenter, live, with their own text.
    c.ws.send(JSON.stringify({ type: 'metadata', text: 'Nina Simone – Feeling Good' }));
    await expect
      .poll(async () => (await request(t.url, '/api/now-playing')).body, { timeout: 10_000 })
      .toMatchObject({ live: { is_live: true, streamer_name: 'Tess Tone' }, now_playing: { song: { artist: 'Nina Simone', title: 'Feeling Good' } } });

    // A 3 s network drop: the console reconnects with the same ticket and the buffered audio.
    const at = player.stop();
    c.ws.terminate();
    await new Promise((r) => setTimeout(r, 3000));
    const again = await openConsole(ticket.body.ticket);
    const player2 = again.play(at);
    await expect.poll(() => again.messages.some((m) => m.type === 'state' && m.state === 'On air'), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => (listener.shareAt(TONE_HZ, 500) ?? 0) > 0.8, { timeout: 10_000, interval: 200 }).toBe(true);
    expect(listener.alive()).toBe(true);

    // Stop: the same listener hears the demo music again.
    player2.stop();
    again.ws.send(JSON.stringify({ type: 'stop' }));
    await expect.poll(() => (listener.shareAt(TONE_HZ, 1000) ?? 1) < 0.3 && (listener.level(1000) ?? 0) > 0.01, { timeout: 10_000, interval: 200 }).toBe(true);
    expect(listener.alive()).toBe(true);
    await expect.poll(async () => (await request(t.url, '/api/now-playing')).body.live.is_live, { timeout: 10_000 }).toBe(false);
    const row = await t.server.ctx.knex('live_sessions').where({ id: ticket.body.session_id }).first();
    expect(row.end_reason).toBe('stopped');
  }, 90_000);
});
