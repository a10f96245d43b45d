import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPoller, type Poller } from '../../server/src/radio/poller';
import { demoPlayAt, demoPlayRelative } from '../../server/src/radio/sources/demo';
import { createUser, type TestUser } from '../support/auth';
import { connectRealtime, type RealtimeTestClient } from '../support/radio';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * Compliance mode (issue 34 item 4), done-when: "With compliance mode UK or US, no public page, widget, feed or
 * API names an upcoming song; with none, they do as today." The demo station (two-minute tracks under a test
 * clock) is read by the real poller; the mode is set through the settings API as an owner does. Every public
 * surface that carries the now-playing document is fetched as a listener would: the server-drawn pages (the
 * home page's first screen carries the document), the widget pages, the AzuraCast-compatible feed, the public
 * APIs and the realtime push (a client subscribed before the change, and one that subscribes after).
 */

const TRACK_SECONDS = 120;
const S = 1000;

/** A moment whose upcoming demo song has a distinctive title that neither the song on air nor the recent ones share. */
function pickClock(): { clock: number; next: string } {
  for (let at = Date.UTC(2026, 6, 1, 12, 0, 30); ; at += TRACK_SECONDS * S) {
    const now = demoPlayAt(at, TRACK_SECONDS);
    const next = demoPlayRelative(now, 1, TRACK_SECONDS).track.title;
    const around = [-10, -9, -8, -7, -6, -5, -4, -3, -2, -1, 0].map((k) => demoPlayRelative(now, k, TRACK_SECONDS).track);
    const clash = around.some((t) => t.title.toLowerCase().includes(next.toLowerCase()) || next.toLowerCase().includes(t.title.toLowerCase()) || t.artist.toLowerCase().includes(next.toLowerCase()));
    if (next.length >= 6 && !clash) return { clock: at, next };
  }
}

const PUBLIC_PATHS = ['/', '/request', '/embed/now-playing', '/embed/player', '/embed/recent', '/embed/request', '/api/now-playing', '/api/nowplaying', '/api/nowplaying/1', '/api/nowplaying/airdeck', '/api/station', '/api/radio/history'];

describe('compliance mode: upcoming songs on public surfaces', () => {
  let t: TestServer;
  let poller: Poller;
  let owner: TestUser;
  const picked = pickClock();
  let clock = picked.clock;
  const nextTitle = picked.next;
  const sockets: RealtimeTestClient[] = [];

  beforeAll(async () => {
    // The site build's pages as a stand-in (the widget pages are the build's files; the server draws the rest).
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'airdeck-compliance-dist-'));
    fs.mkdirSync(path.join(dist, 'embed'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><meta charset="UTF-8" /><title>Airdeck Radio</title></head><body><div id="root"></div></body></html>');
    for (const w of ['player', 'now-playing', 'recent', 'request']) fs.writeFileSync(path.join(dist, 'embed', `${w}.html`), `<!doctype html><title>${w}</title>`);
    t = await startTestServer({
      env: { WEB_DIST_DIR: dist, STATION_SOURCE: 'demo', DEMO_TRACK_SECONDS: String(TRACK_SECONDS), STATION_TIMEZONE: 'Europe/London' },
      now: () => clock,
      jobs: (ctx) => {
        poller = startPoller(ctx, ctx.radio, { intervalMs: 3_600_000 });
        return [poller];
      },
    });
    owner = await createUser(t, { role: 'owner' });
    await poller.pollNow();
  }, 90_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t?.close();
  });

  const setMode = async (mode: 'none' | 'uk' | 'us') => {
    const current = (await request(t.url, '/api/settings/station', { token: owner.token })).body;
    const saved = await request(t.url, '/api/settings/station', { method: 'PUT', token: owner.token, body: { ...current, compliance_mode: mode } });
    expect(saved.status).toBe(200);
  };
  /** Every public surface's text, by path. */
  const surfaces = async (): Promise<Record<string, string>> => {
    const out: Record<string, string> = {};
    for (const p of PUBLIC_PATHS) {
      const res = await fetch(`${t.url}${p}`, { headers: { Accept: p.startsWith('/api') ? 'application/json' : 'text/html' } });
      out[p] = `${res.status} ${await res.text()}`;
    }
    return out;
  };
  const naming = (texts: Record<string, string>) => Object.keys(texts).filter((p) => texts[p]!.includes(nextTitle));
  const subscribed = async () => {
    const ws = await connectRealtime(t.url);
    sockets.push(ws);
    ws.send({ type: 'subscribe', channel: 'now-playing' });
    await expect.poll(() => ws.events('now-playing').length).toBeGreaterThan(0);
    return ws;
  };
  const named = (ws: RealtimeTestClient) => ws.events('now-playing').map((e) => JSON.stringify(e.data).includes(nextTitle));

  it('none names the upcoming song as today; UK and US name it nowhere, from the save on; none again names it', async () => {
    // None: the document, the AzuraCast-compatible feed (both paths) and the realtime snapshot name it.
    const before = await surfaces();
    expect(Object.values(before).map((v) => v.slice(0, 3))).toEqual(PUBLIC_PATHS.map(() => '200'));
    expect(before['/']).toContain(nextTitle); // the home page's first screen carries the document, as the app reads it
    expect(naming(before)).toEqual(expect.arrayContaining(['/api/now-playing', '/api/nowplaying', '/api/nowplaying/1', '/api/nowplaying/airdeck']));
    expect((await request(t.url, '/api/now-playing')).body.playing_next.song.title).toBe(nextTitle);
    const early = await subscribed();
    expect(named(early)).toEqual([true]);

    for (const mode of ['uk', 'us'] as const) {
      await setMode(mode);
      // At once, before the station is read again: the client already listening is told, and nothing names it.
      await expect.poll(() => named(early).at(-1)).toBe(false);
      expect(naming(await surfaces())).toEqual([]);
      // And after the next reading of the station, and for a client that subscribes now.
      await poller.pollNow();
      expect(naming(await surfaces())).toEqual([]);
      const late = await subscribed();
      expect(named(late)).toEqual([false]);
      expect((await request(t.url, '/api/station')).body.compliance_mode).toBe(mode);
      expect((await request(t.url, '/api/now-playing')).body.playing_next ?? null).toBeNull();
      expect((await request(t.url, '/api/nowplaying/1')).body.playing_next ?? null).toBeNull();
      await setMode('none');
      await poller.pollNow();
      // None again: as before the change, on every surface that named it and in the push.
      expect(naming(await surfaces())).toEqual(naming(before));
      await expect.poll(() => named(early).at(-1)).toBe(true);
    }
    // Nothing pushed to the early client while UK or US was on named the song: only the none-mode frames did.
    const frames = named(early);
    expect(frames[0]).toBe(true);
    expect(frames.at(-1)).toBe(true);
  });

  it('US: a requested song may be marked played only 60 minutes after the request; UK and none: at once', async () => {
    const ask = async (title: string) => {
      const res = await request(t.url, '/api/requests/song', { method: 'POST', body: { title, artist: 'Test Artist', requester: 'Sam', user_session: `session_compliance_${title.length}`, request_type: 'custom' } });
      expect(res.status).toBe(201);
      return String(res.body.id ?? res.body.request?.id ?? res.body.data?.request_id);
    };
    const play = (id: string) => request(t.url, `/api/requests/song/${id}`, { method: 'PATCH', token: owner.token, body: { status: 'played' } });
    await setMode('us');
    const early = await ask('Early Request');
    const refused = await play(early);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain('60 minutes');
    // Approving it is allowed (a presenter lines it up); playing it 59 minutes on is still too soon.
    expect((await request(t.url, `/api/requests/song/${early}`, { method: 'PATCH', token: owner.token, body: { status: 'approved' } })).status).toBe(200);
    clock += 59 * 60 * S;
    expect((await play(early)).status).toBe(409);
    clock += 60 * S;
    const played = await play(early);
    expect(played.status).toBe(200);
    expect(played.body.status).toBe('played');
    for (const mode of ['uk', 'none'] as const) {
      await setMode(mode);
      expect((await play(await ask(`Request under ${mode}`))).status).toBe(200);
    }
  });
});
