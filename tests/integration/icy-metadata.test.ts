import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs } from '../../server/src/jobs';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * Issue 39 item 7: the demo stream carries its title in band, as Icecast
 * does, for players that ask (`Icy-MetaData: 1`): VLC, car radios,
 * TuneIn-style apps. Read with the real ffprobe (its ICY support), and by
 * hand from the bytes.
 */
let t: TestServer;
const hasFfprobe = spawnSync('ffprobe', ['-version']).status === 0;

beforeAll(async () => {
  t = await startTestServer({ seed: true, env: { STATION_SOURCE: 'demo' }, jobs: startJobs });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const onAir = async () => {
  await expect.poll(async () => (await request(t.url, '/api/now-playing')).body.now_playing.song.title, { timeout: 15_000 }).toBeTruthy();
  const song = (await request(t.url, '/api/now-playing')).body.now_playing.song as { title: string; artist: string };
  return `${song.artist} - ${song.title}`;
};

describe('ICY metadata on the demo stream', () => {
  it.skipIf(!hasFfprobe)('ffprobe with ICY metadata reads the current title', async () => {
    const expected = await onAir();
    // Not spawnSync: the server answering ffprobe runs in this process.
    const probe = await promisify(execFile)('ffprobe', ['-v', 'error', '-icy', '1', '-show_entries', 'format_tags', '-of', 'json', `${t.url}/api/stream`], { encoding: 'utf8', timeout: 30_000 });
    expect(probe.stderr).toBe('');
    const tags = (JSON.parse(probe.stdout) as { format: { tags: Record<string, string> } }).format.tags;
    expect(tags.StreamTitle).toBe(expected);
    expect(tags['icy-name']).toBe('Airdeck Radio'); // the demo seed's station name (issue 36: directories read it)
  });

  it('answers Icy-MetaData: 1 with icy-metaint, and a StreamTitle block after every icy-metaint bytes; plain requests get plain audio', async () => {
    const expected = await onAir();
    const ctl = new AbortController();
    const res = await fetch(`${t.url}/api/stream`, { headers: { 'Icy-MetaData': '1' }, signal: ctl.signal });
    expect(res.status).toBe(200);
    const metaint = Number(res.headers.get('icy-metaint'));
    expect(metaint).toBe(8000);
    const reader = res.body!.getReader();
    let buf = Buffer.alloc(0);
    while (buf.length < metaint + 1 + 255 * 16) {
      const { value, done } = await reader.read();
      if (done) break;
      buf = Buffer.concat([buf, Buffer.from(value)]);
    }
    ctl.abort();
    // The audio before the block is MPEG audio (a frame sync at the start).
    expect(buf[0]).toBe(0xff);
    const len = buf[metaint]! * 16;
    expect(len).toBeGreaterThan(0);
    const meta = buf.subarray(metaint + 1, metaint + 1 + len).toString('utf8').replace(/\0+$/, '');
    expect(meta).toBe(`StreamTitle='${expected}';`);

    const plain = new AbortController();
    const p = await fetch(`${t.url}/api/stream`, { signal: plain.signal });
    expect(p.headers.get('icy-metaint')).toBeNull();
    plain.abort();
  });
});
