import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import WebSocket from 'ws';
import { localDateTime } from '../../shared/time';
import { startJobs } from '../../server/src/jobs';
import { mp3Frames } from '../../server/src/live/confirm';
import { stationTimezone } from '../../server/src/settings/service';
import { createUser } from '../support/auth';
import { makeTone } from '../support/audio';
import { startAzuraCastStandIn, type AzuraCastStandIn, type StandInDj } from '../support/azuracast-standin';
import { createPresenter } from '../support/schedule';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * Confirmation on an AzuraCast station (issue 31): AzuraCast re-encodes the
 * DJ's audio, so the frames the relay sends never come back out of the
 * public stream. The console is told "heard" when the station's own API
 * (now playing, read by the poller after the connection) says the
 * presenter's streamer is live and the public stream carries sound, and
 * otherwise why not: the station still says AutoDJ, or it says someone else
 * is live. Against the AzuraCast stand-in with a DJ port (Liquidsoap's
 * harbor: PUT, Basic auth with the presenter's streamer account).
 */

const PRESENTER = 'Ngozi Adébáyọ̀';
const dj: StandInDj = { username: 'dj_ngozi', password: 'harbor-pw-31', displayName: PRESENTER, reportsLive: false };
let standin: AzuraCastStandIn;
let t: TestServer;
let dir: string;
let frames: Buffer[];

beforeAll(async () => {
  standin = await startAzuraCastStandIn('autodj', { dj });
  t = await startTestServer({
    seed: false,
    env: { STATION_SOURCE: 'azuracast', STATION_URL: standin.url, STATION_ID: 'riverside_community_radio', POLL_INTERVAL_MS: '1000', STATION_EARS: 'on' },
    jobs: (ctx) => startJobs(ctx),
  });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'airdeck-live-az-'));
  const mp3 = path.join(dir, 'tone.mp3');
  // The station format the console encodes for Icecast and AzuraCast: 44.1 kHz stereo 128 kbps.
  await makeTone(mp3, { hz: 1000, seconds: 30, rate: 44_100, channels: 2, mp3Kbps: 128 });
  frames = mp3Frames(fs.readFileSync(mp3)).frames;
}, 120_000);

afterAll(async () => {
  await t?.close();
  await standin?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('going live on AzuraCast', () => {
  it('is confirmed by the station reporting the presenter live plus sound on the public stream, and says why when not', async () => {
    const manager = await createUser(t, { role: 'manager' });
    const presenter = await createPresenter(t, 'presenter', PRESENTER);
    const djPort = Number(new URL(standin.djUrl!).port);
    const saved = await request(t.url, '/api/settings/live-input', {
      method: 'PUT',
      token: manager.token,
      body: { lead_minutes: 5, grace_minutes: 2, azuracast_server: standin.url, azuracast_dj_port: djPort, azuracast_dj_mount: '/', streamers: [{ presenter_id: presenter.presenterId, username: dj.username, password: dj.password }] },
    });
    expect(saved.status).toBe(200);
    const zone = await stationTimezone(t.server.ctx);
    const s = localDateTime(Date.now() + 60_000, zone);
    const e = localDateTime(Date.now() + 31 * 60_000, zone);
    const booked = await request(t.url, '/api/schedule/bookings', { method: 'POST', token: presenter.token, body: { mode: 'daily', title: 'Harbour Hour', event_date: s.date, start_time: s.time.slice(0, 5), end_time: e.date === s.date ? e.time.slice(0, 5) : '23:59' } });
    expect(booked.status).toBe(201);

    const ticket = await request(t.url, '/api/live/sessions', { method: 'POST', token: presenter.token, body: { channels: 2 } });
    expect(ticket.status).toBe(201);
    expect(ticket.body.format).toEqual({ sampleRate: 44_100, channels: 2, kbps: 128 });
    expect(JSON.stringify(ticket.body)).not.toContain(dj.password);

    const messages: Array<Record<string, unknown>> = [];
    const ws = new WebSocket(`${t.url.replace('http', 'ws')}/api/live/socket?ticket=${encodeURIComponent(ticket.body.ticket as string)}`);
    ws.on('message', (d, binary) => {
      if (!binary) messages.push(JSON.parse(String(d)) as Record<string, unknown>);
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    // The console's pace: real time, from the tone's frames.
    const frameMs = (1152 / 44_100) * 1000;
    const started = Date.now();
    let next = 0;
    const pacer = setInterval(() => {
      const due = Math.floor((Date.now() - started) / frameMs) + 10;
      const batch: Buffer[] = [];
      while (next < due) batch.push(frames[next++ % frames.length]!);
      if (batch.length > 0 && ws.readyState === ws.OPEN) ws.send(Buffer.concat(batch));
    }, 100);
    onTestFailed(() => console.log(`console messages: ${JSON.stringify(messages)}`));
    try {
      await expect.poll(() => messages.some((m) => m.type === 'state' && m.state === 'On air'), { timeout: 15_000 }).toBe(true);
      expect(standin.dj().connected).toBe(true);
      const heard = () => messages.filter((m) => m.type === 'heard').at(-1);

      // The DJ port took the source but AzuraCast's API still says AutoDJ: not switched (no guess from a timer).
      await expect.poll(heard, { timeout: 20_000 }).toEqual({ type: 'heard', heard: false, why: 'not_switched', message: 'Not on air yet: the station still reports its AutoDJ, not your live stream.' });

      // AzuraCast says another streamer is live: the console says who.
      dj.displayName = 'Kofi Night';
      dj.reportsLive = true;
      await expect.poll(heard, { timeout: 10_000 }).toEqual({ type: 'heard', heard: false, why: 'other_streamer', streamer: 'Kofi Night', message: 'Not on air: the station reports Kofi Night live, not you.' });

      // AzuraCast reports the presenter live, and its public stream carries sound: heard.
      dj.displayName = PRESENTER;
      await expect.poll(heard, { timeout: 10_000 }).toEqual({ type: 'heard', heard: true, message: 'On air ✓ heard on the public stream' });
      expect(standin.dj().bytes).toBeGreaterThan(16_000);
      const np = await request(t.url, '/api/now-playing');
      expect(np.body.live).toMatchObject({ is_live: true, streamer_name: PRESENTER });
      // The streamer's password reaches neither the console nor a listener.
      expect(JSON.stringify(messages)).not.toContain(dj.password);
      expect(JSON.stringify(np.body)).not.toContain(dj.password);
    } finally {
      clearInterval(pacer);
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: 'stop' }));
    }
    await expect.poll(() => messages.find((m) => m.type === 'state' && m.state === 'Stopped')?.reason, { timeout: 10_000 }).toBe('stopped');
    await expect.poll(() => standin.dj().connected, { timeout: 10_000 }).toBe(false);
    ws.terminate();
  }, 60_000);
});
