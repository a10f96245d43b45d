import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs } from '../../server/src/jobs';
import { createLogger } from '../../server/src/log';
import { request, startTestServer } from '../support/server';
import { createEarsReader, type EarsReader } from '../../server/src/radio/ears/reader';
import type { LevelReading } from '../../server/src/radio/ears/types';

/**
 * The station's ears against real MP3 audio made by ffmpeg and served over HTTP as a stream: the
 * reader decodes it in-process (mpg123 in WebAssembly) and measures a level per second.
 */
const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const log = createLogger({ level: 'silent', pretty: false });
let dir: string;
let server: http.Server;
let base: string;

/** An MP3 of `parts` (a tone at ffmpeg's default amplitude 1/8, i.e. −18 dBFS peak, or digital silence). */
export function makeMp3(file: string, parts: { tone: boolean; seconds: number }[]): void {
  const inputs: string[] = [];
  parts.forEach((p) => inputs.push('-f', 'lavfi', '-i', p.tone ? `sine=frequency=440:sample_rate=44100:duration=${p.seconds}` : `anullsrc=r=44100:cl=mono:d=${p.seconds}`));
  const filter = `${parts.map((_p, i) => `[${i}:a]`).join('')}concat=n=${parts.length}:v=0:a=1[a]`;
  const r = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...inputs, '-filter_complex', filter, '-map', '[a]', '-ac', '1', '-c:a', 'libmp3lame', '-b:a', '64k', file]);
  if (r.status !== 0) throw new Error(`ffmpeg failed: ${r.stderr.toString()}`);
}

const readings = (reader: EarsReader): LevelReading[] => {
  const got: LevelReading[] = [];
  reader.onLevel((l) => got.push(l));
  return got;
};

beforeAll(async () => {
  if (!has('ffmpeg')) throw new Error('These tests need ffmpeg (Debian/Ubuntu: sudo apt-get install -y ffmpeg).');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'airdeck-ears-'));
  makeMp3(path.join(dir, 'tone-silence.mp3'), [
    { tone: true, seconds: 3 },
    { tone: false, seconds: 3 },
    { tone: true, seconds: 2 },
  ]);
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
});
