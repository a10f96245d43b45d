import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/auth';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * Issue 36 item 3: `/listen.m3u` and `/listen.pls` give the station's public
 * stream to players and directories, read here with small parsers written
 * from the formats (extended M3U; PLS version 2), and the demo station's own
 * stream carries the `icy-*` headers directories read.
 */
const PUBLIC = 'https://radio.example.org';

/** Extended M3U: `#EXTM3U` first, `#EXTINF:<seconds>,<title>` before each address. */
function parseM3u(text: string): { title: string; seconds: number; url: string }[] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  expect(lines[0]).toBe('#EXTM3U');
  const out: { title: string; seconds: number; url: string }[] = [];
  let info: { title: string; seconds: number } | null = null;
  for (const line of lines.slice(1)) {
    const m = /^#EXTINF:(-?\d+),(.*)$/.exec(line);
    if (m) info = { seconds: Number(m[1]), title: m[2]! };
    else if (!line.startsWith('#')) {
      out.push({ title: info?.title ?? '', seconds: info?.seconds ?? -1, url: line });
      info = null;
    }
  }
  return out;
}

/** PLS: an INI file with one `[playlist]` section. */
function parsePls(text: string): Record<string, string> {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  expect(lines[0]).toBe('[playlist]');
  const out: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const i = line.indexOf('=');
    out[line.slice(0, i)] = line.slice(i + 1);
  }
  return out;
}

describe('playlist files of the demo station (PUBLIC_URL set)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ seed: true, env: { STATION_SOURCE: 'demo', PUBLIC_URL: PUBLIC } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('/listen.m3u is an extended M3U with the stream at its absolute address, titled with the station name', async () => {
    const res = await fetch(`${t.url}/listen.m3u`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^audio\/x-mpegurl/);
    const text = await res.text();
    expect(text).toBe('#EXTM3U\r\n#EXTINF:-1,Airdeck Radio\r\nhttps://radio.example.org/api/stream\r\n');
    expect(parseM3u(text)).toEqual([{ title: 'Airdeck Radio', seconds: -1, url: `${PUBLIC}/api/stream` }]);
  });

  it('/listen.pls is a version 2 PLS with one endless entry', async () => {
    const res = await fetch(`${t.url}/listen.pls`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^audio\/x-scpls/);
    expect(parsePls(await res.text())).toEqual({ File1: `${PUBLIC}/api/stream`, Title1: 'Airdeck Radio', Length1: '-1', NumberOfEntries: '1', Version: '2' });
  });

  it('the demo stream answers with the icy-* headers directories read', async () => {
    const res = await request(t.url, '/api/stream', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('icy-name')).toBe('Airdeck Radio');
    expect(res.headers.get('icy-description')).toBe('Community radio from the UK to the world');
    expect(res.headers.get('icy-url')).toBe(PUBLIC);
    expect(res.headers.get('icy-pub')).toBe('1');
    expect(res.headers.get('icy-genre')).toBeTruthy();
    // The demo loop: MPEG-2 Layer III at 22.05 kHz (server/src/radio/stream.ts DEMO_SAMPLE_RATE); its bitrate is a standard one.
    expect(res.headers.get('icy-sr')).toBe('22050');
    expect([8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]).toContain(Number(res.headers.get('icy-br')));
    expect(res.headers.get('icy-audio-info')).toMatch(/^ice-samplerate=22050;ice-bitrate=\d+;ice-channels=[12]$/);
  });

  it('a station name saved in General Settings reaches the playlists and the stream headers', async () => {
    // Saved through the real settings API by the owner; a line break cannot split the playlist entry.
    const owner = await createUser(t, { role: 'owner' });
    const station = (await request(t.url, '/api/settings/station', { token: owner.token })).body as Record<string, unknown>;
    const saved = await request(t.url, '/api/settings/station', { method: 'PUT', token: owner.token, body: { ...station, name: 'Radio Süd 101' } });
    expect(saved.status).toBe(200);
    await expect.poll(async () => parseM3u(await (await fetch(`${t.url}/listen.m3u`)).text())[0]?.title, { timeout: 15_000 }).toBe('Radio Süd 101');
    expect(parsePls(await (await fetch(`${t.url}/listen.pls`)).text()).Title1).toBe('Radio Süd 101');
    expect((await request(t.url, '/api/stream', { method: 'HEAD' })).headers.get('icy-name')).toBe('Radio S\u00fcd 101');
  });
});

describe('playlist files without PUBLIC_URL and with a station stream elsewhere', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ seed: true, env: { STATION_SOURCE: 'demo', STREAM_URL: 'https://stream.example.net/live.mp3' } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('gives the station stream as configured', async () => {
    expect(parseM3u(await (await fetch(`${t.url}/listen.m3u`)).text())).toEqual([{ title: 'Airdeck Radio', seconds: -1, url: 'https://stream.example.net/live.mp3' }]);
    expect(parsePls(await (await fetch(`${t.url}/listen.pls`)).text()).File1).toBe('https://stream.example.net/live.mp3');
  });
});
