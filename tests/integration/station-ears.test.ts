import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs } from '../../server/src/jobs';
import { createLogger } from '../../server/src/log';
import { hasCommand, makeMp3 } from '../support/audio';
import { createUser } from '../support/auth';
import { request, startTestServer } from '../support/server';
import { DeadAirDetector, type Transition } from '../../server/src/radio/ears/conditions';
import { createEarsReader, type EarsReader } from '../../server/src/radio/ears/reader';
import type { LevelReading } from '../../server/src/radio/ears/types';

/**
 * The station's ears against real MP3 audio made by ffmpeg and served over HTTP as a stream: the
 * reader decodes it in-process (mpg123 in WebAssembly) and measures a level per second.
 */
const log = createLogger({ level: 'silent', pretty: false });
let dir: string;
let server: http.Server;
let base: string;

const readings = (reader: EarsReader): LevelReading[] => {
  const got: LevelReading[] = [];
  reader.onLevel((l) => got.push(l));
  return got;
};

beforeAll(async () => {
  if (!hasCommand('ffmpeg')) throw new Error('These tests need ffmpeg (Debian/Ubuntu: sudo apt-get install -y ffmpeg).');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'airdeck-ears-'));
  makeMp3(path.join(dir, 'tone-silence.mp3'), [
    { tone: true, seconds: 3 },
    { tone: false, seconds: 3 },
    { tone: true, seconds: 2 },
  ]);
  for (const gap of [9, 11, 15]) makeMp3(path.join(dir, `gap-${gap}.mp3`), [{ tone: true, seconds: 5 }, { tone: false, seconds: gap }, { tone: true, seconds: 5 }]);
  server = http.createServer((req, res) => {
    const name = (req.url ?? '/').slice(1);
    if (name === 'text') {
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>not audio</p>');
      return;
    }
    const file = path.join(dir, path.basename(name));
    if (!fs.existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'audio/mpeg' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => server?.close(r));
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the station ears reader', () => {
  it('decodes the stream and measures one level per second: the tone at −18 dBFS peak, silence at the floor', async () => {
    const reader = createEarsReader({ log });
    const got = readings(reader);
    const states: string[] = [];
    reader.onConnection((c) => states.push(c.state));
    reader.follow(`${base}/tone-silence.mp3`);
    await expect.poll(() => got.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(7);
    await reader.close();
    expect(states.slice(0, 2)).toEqual(['connecting', 'listening']);
    const peaks = got.slice(0, 7).map((l) => l.peakDb);
    // Seconds 0–2: the tone (−18.1 dBFS peak, −21.1 RMS for a sine); 3–5: silence; 6: the tone again.
    for (const i of [0, 1, 6]) expect(peaks[i]).toBeCloseTo(-18.1, 0);
    for (const i of [0, 1]) expect(got[i]!.rmsDb).toBeCloseTo(-21.1, 0);
    expect(peaks[4]).toBe(-120);
    // At 100 ms resolution the 3 s of silence is 3 s (give or take the decoder's few ms of delay at its edges).
    const silentBlocks = got.flatMap((l) => l.blockPeaksDb).filter((db) => db < -50).length;
    expect(silentBlocks).toBeGreaterThanOrEqual(29);
    expect(silentBlocks).toBeLessThanOrEqual(31);
    expect(got[3]!.blockPeaksDb).toHaveLength(10);
    expect(got.map((l) => l.audioSeconds).slice(0, 3)).toEqual([1, 2, 3]);
  });

  it('says unreachable when the stream cannot be opened or is not MP3, and hands on raw chunks unchanged', async () => {
    const closed = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const reader = createEarsReader({ log });
    reader.follow(`http://127.0.0.1:${closed}/live`);
    await expect.poll(() => reader.connection().state, { timeout: 10_000 }).toBe('unreachable');
    reader.follow(`${base}/text`);
    await expect.poll(() => reader.connection().error, { timeout: 10_000 }).toMatch(/text\/html/);
    reader.follow(`${base}/missing.mp3`);
    await expect.poll(() => reader.connection().error, { timeout: 10_000 }).toMatch(/HTTP 404/);
    const bytes: Uint8Array[] = [];
    reader.onChunk((c) => bytes.push(c.bytes));
    reader.follow(`${base}/tone-silence.mp3`);
    // The ears ask whether a sound is heard after a moment: the tone is.
    expect(await reader.heard({ since: 0, timeoutMs: 10_000 })).toBe(true);
    await expect.poll(() => Buffer.concat(bytes).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(fs.statSync(path.join(dir, 'tone-silence.mp3')).size);
    await reader.close();
    expect(Buffer.concat(bytes).subarray(0, fs.statSync(path.join(dir, 'tone-silence.mp3')).size).equals(fs.readFileSync(path.join(dir, 'tone-silence.mp3')))).toBe(true);
    expect(reader.connection().state).toBe('standby');
  });
});

describe('the station ears in a running server (demo station)', () => {
  it('read the demo stream over loopback on the poller’s leader, hear its music, and are not counted as a listener', async () => {
    const t = await startTestServer({ env: { STATION_EARS: 'on', POLL_INTERVAL_MS: '1000' }, jobs: startJobs });
    try {
      const ears = t.server.ctx.radio.ears;
      await expect.poll(() => ears.connection().state, { timeout: 30_000 }).toBe('listening');
      expect(ears.connection().url).toBe(`${t.server.ctx.radio.ownOrigin}/api/stream`);
      expect(await ears.heard({ since: 0, timeoutMs: 15_000 })).toBe(true);
      // The demo stream has one connection (the ears); the station has no listener.
      expect(t.server.ctx.radio.stream.listenerCount()).toBe(1);
      await t.server.ctx.radio.ready;
      await expect.poll(async () => (await request(t.url, '/api/now-playing')).body.listeners?.current, { timeout: 10_000 }).toBe(0);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('listeners are told the truth: while the ears hear nothing on the public stream, the site says it has stopped, whatever the metadata says; on air again once heard', async () => {
    // The public stream the ears read (STATION_EARS_URL): a tone sent in real time, which the test cuts and restores.
    // The demo station's metadata meanwhile says it is on air throughout.
    const toneFile = path.join(dir, 'paced.mp3');
    makeMp3(toneFile, [{ tone: true, seconds: 120 }]);
    const tone = fs.readFileSync(toneFile);
    const bytesPerTick = Math.ceil(tone.length / 120 / 10);
    let up = true;
    const open = new Set<http.ServerResponse>();
    const stream = http.createServer((_req, res) => {
      if (!up) {
        res.writeHead(503).end();
        return;
      }
      res.writeHead(200, { 'Content-Type': 'audio/mpeg' });
      open.add(res);
      // 2 s at once (as Icecast's burst), then a tenth of a second every 100 ms.
      let at = Math.min(tone.length, bytesPerTick * 20);
      res.write(tone.subarray(0, at));
      const timer = setInterval(() => {
        if (at >= tone.length) at = 0;
        res.write(tone.subarray(at, at + bytesPerTick));
        at += bytesPerTick;
      }, 100);
      res.on('close', () => {
        clearInterval(timer);
        open.delete(res);
      });
    });
    await new Promise<void>((r) => stream.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(stream.address() as net.AddressInfo).port}/live`;
    const t = await startTestServer({ env: { STATION_EARS: 'on', STATION_EARS_URL: url, POLL_INTERVAL_MS: '30000' }, jobs: startJobs });
    const state = async () => ((await request(t.url, '/api/now-playing')).body as { station: { state: string } }).station.state;
    try {
      const manager = await createUser(t, { role: 'manager' });
      expect((await request(t.url, '/api/dead-air/settings', { method: 'PUT', token: manager.token, body: { off_air_seconds: 2 } })).status).toBe(200);
      await expect.poll(() => t.server.ctx.radio.ears.connection().state, { timeout: 30_000 }).toBe('listening');
      await expect.poll(async () => ((await request(t.url, '/api/health')).body as { station: { condition: string } }).station.condition, { timeout: 20_000 }).toBe('ok');
      await expect.poll(state, { timeout: 20_000 }).toBe('on_air');
      // The stream goes: within seconds (not at the next poll, 30 s away) the site says it has stopped.
      up = false;
      for (const res of open) res.destroy();
      const cut = Date.now();
      await expect.poll(state, { timeout: 20_000, interval: 200 }).toBe('stopped');
      console.log(`ears off air → now-playing "stopped" after ${Date.now() - cut} ms`);
      expect(((await request(t.url, '/api/health')).body as { station: { condition: string } }).station.condition).toBe('off_air');
      expect((await request(t.url, '/api/now-playing')).body).toMatchObject({ now_playing: { song: { title: null } } });
      // Back: heard again, on air again.
      up = true;
      await expect.poll(state, { timeout: 30_000, interval: 200 }).toBe('on_air');
      expect(((await request(t.url, '/api/health')).body as { station: { condition: string } }).station.condition).toBe('ok');
    } finally {
      await t.close();
      for (const res of open) res.destroy();
      await new Promise((r) => stream.close(r));
    }
  }, 90_000);
});

describe('the silence detector at its edges, fed real decoded audio through the reader', () => {
  /** Reads a whole file through the ears and runs every reading through a detector with the defaults. */
  const detect = async (file: string, seconds: number, live = false): Promise<Transition[]> => {
    const reader = createEarsReader({ log });
    const detector = new DeadAirDetector({ silenceThresholdDb: -50, silenceSeconds: 10, offAirSeconds: 5, stuckFactor: 2, stuckUnknownMinutes: 20 });
    const out: Transition[] = [];
    const got: LevelReading[] = [];
    reader.onLevel((l) => {
      got.push(l);
      out.push(...detector.level(l, live));
    });
    reader.follow(`${base}/${file}`);
    // 5 + gap + 5 seconds of audio; the file is read as fast as it comes (the count is in samples, not wall time).
    await expect.poll(() => got.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(seconds - 1);
    await reader.close();
    return out;
  };

  it('9 s of silence raises nothing', async () => {
    expect(await detect('gap-9.mp3', 19)).toEqual([]);
  });

  it('11 s of silence raises one silence incident, and one recovery once the tone is back', async () => {
    const out = await detect('gap-11.mp3', 21);
    expect(out.map((t) => `${t.type}:${t.kind}`)).toEqual(['open:silence', 'close:silence']);
  });

  it('while a presenter is live the same silence is “live but silent”', async () => {
    const out = await detect('gap-15.mp3', 25, true);
    expect(out.map((t) => `${t.type}:${t.kind}`)).toEqual(['open:live_silent', 'close:live_silent']);
  });
});
