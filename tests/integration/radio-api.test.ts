import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPoller, type Poller } from '../../server/src/radio/poller';
import { announceRequestHandled } from '../../server/src/radio/requests';
import { parseAzuraCastNowPlaying } from '../../server/src/radio/sources/azuracast';
import { readMp3Frame } from '../../server/src/radio/stream';
import { connectRealtime, scriptedSource, snapshot, snapTrack } from '../support/radio';
import { request, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let poller: Poller;
const source = scriptedSource(snapshot({ track: snapTrack({ title: 'Teardrop', artist: 'Massive Attack', startedAt: Date.now() - 30_000, durationSeconds: 330, sourceId: '1' }) }));
let trackId: string;

beforeAll(async () => {
  t = await startTestServer({
    jobs: (ctx) => {
      poller = startPoller(ctx, ctx.radio, { source, intervalMs: 3_600_000 });
      return [poller];
    },
  });
  await poller.pollNow();
  trackId = (await request(t.url, '/api/now-playing')).body.now_playing.song.id;
});
afterAll(async () => t?.close());

const session = (i: number | string) => `session_test${i}xyz`;

describe('GET /api/now-playing', () => {
  it('answers the spec shape with listeners, shows and the track id, cacheable with an ETag', async () => {
    const res = await request(t.url, '/api/now-playing');
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toMatch(/max-age=5/);
    expect(res.body).toMatchObject({
      now_playing: { song: { id: trackId, title: 'Teardrop', artist: 'Massive Attack', album: 'Mezzanine', art: null }, duration: 330, duration_is_estimate: false },
      live: { is_live: false, streamer_name: null, broadcast_start: null },
      presenter: 'Auto DJ',
      listeners: { current: 3, unique: 2 },
      next_show: null,
      stale: false,
    });
    expect(res.body.now_playing.elapsed).toBeGreaterThanOrEqual(29);
    const etag = res.headers.get('etag')!;
    // fetch() adds Cache-Control: no-cache to conditional requests, so ask as a plain HTTP client (a browser cache or proxy) would.
    const status = await new Promise<number>((resolve, reject) => {
      http.get(`${t.url}/api/now-playing`, { headers: { 'If-None-Match': etag } }, (r) => {
        r.resume();
        resolve(r.statusCode ?? 0);
      }).on('error', reject);
    });
    expect(status).toBe(304);
  });

  it('changes its ETag when the station changes, and applies the fallbacks', async () => {
    const before = (await fetch(`${t.url}/api/now-playing`)).headers.get('etag');
    source.next = snapshot({ track: snapTrack({ title: '', artist: '', album: '', durationSeconds: null, sourceId: '2', startedAt: Date.now() }) });
    await poller.pollNow();
    const res = await request(t.url, '/api/now-playing');
    expect(res.headers.get('etag')).not.toBe(before);
    // Unknown text and length are null in the API (the UI shows the spec's fallbacks), never placeholder words.
    expect(res.body.now_playing).toMatchObject({ song: { id: null, title: null, artist: null, album: null }, duration: null, duration_is_estimate: true });
    source.next = snapshot({ track: snapTrack({ title: 'Teardrop', artist: 'Massive Attack', startedAt: Date.now() - 30_000, sourceId: '3' }) });
    await poller.pollNow();
  });

  it('pushes the current state at once to a new subscriber, then every change', async () => {
    const ws = await connectRealtime(t.url);
    ws.send({ type: 'subscribe', channel: 'now-playing' });
    await expect.poll(() => ws.events('now-playing').length).toBe(1);
    expect(ws.events('now-playing')[0]).toMatchObject({ snapshot: true, name: 'now-playing.updated', data: { now_playing: { song: { title: 'Teardrop' } } } });
    // An unchanged reading pushes nothing; a new track does.
    await poller.pollNow();
    source.next = snapshot({ track: snapTrack({ title: 'Glory Box', artist: 'Portishead', startedAt: Date.now(), sourceId: '4' }) });
    await poller.pollNow();
    await expect.poll(() => ws.events('now-playing').length).toBe(2);
    const pushed = ws.events('now-playing')[1]!.data as { now_playing: { song: { title: string } }; song_history: { song: { title: string } }[] };
    expect(pushed.now_playing.song.title).toBe('Glory Box');
    expect(pushed.song_history[0]?.song.title).toBe('Teardrop');
    ws.close();
  });

  it('serves an AzuraCast-compatible document that AzuraCast clients (and our own adapter) read', async () => {
    const res = await request(t.url, '/api/nowplaying/1');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ is_online: true, live: { is_live: false }, now_playing: { song: { title: 'Glory Box', artist: 'Portishead', custom_fields: [] } } });
    expect(typeof res.body.now_playing.song.art).toBe('string');
    const snap = parseAzuraCastNowPlaying(res.body, Date.now());
    expect(snap.track).toMatchObject({ title: 'Glory Box', artist: 'Portishead' });
    expect(snap.history[0]).toMatchObject({ title: 'Teardrop' });
    // Without PUBLIC_URL the document's links are relative to the site, never the request's Host (issue 18).
    expect(snap.streamUrl).toBe('/api/stream');
    const list = await request(t.url, '/api/nowplaying');
    expect(list.body).toHaveLength(1);
    const unknown = await request(t.url, '/api/nowplaying/nope');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ type: 'NotFoundException', message: 'Station not found.' });
  });
});

describe('votes', () => {
  it('follows the spec transitions: none → up, up again → none, up → down switches', async () => {
    const s = session('a');
    const vote = (vote_type: string) => request(t.url, `/api/tracks/${trackId}/votes`, { method: 'POST', body: { user_session: s, vote_type } });
    expect((await vote('up')).body).toMatchObject({ up_votes: 1, down_votes: 0, my_vote: 'up' });
    expect((await vote('up')).body).toMatchObject({ up_votes: 0, down_votes: 0, my_vote: null });
    expect((await vote('up')).body).toMatchObject({ up_votes: 1, my_vote: 'up' });
    expect((await vote('down')).body).toMatchObject({ up_votes: 0, down_votes: 1, my_vote: 'down' });
    const read = await request(t.url, `/api/tracks/${trackId}/votes?user_session=${s}`);
    expect(read.body).toMatchObject({ up_votes: 0, down_votes: 1, my_vote: 'down' });
    const anon = await request(t.url, `/api/tracks/${trackId}/votes`);
    expect(anon.body.my_vote).toBeNull();
    await vote('down');
  });

  it("refuses a vote without a session id ('No session ID'), a bad vote type, NUL and an unknown track", async () => {
    const post = (body: unknown, id = trackId) => request(t.url, `/api/tracks/${id}/votes`, { method: 'POST', body });
    const none = await post({ vote_type: 'up' });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe('No session ID');
    expect((await post({ user_session: session('b'), vote_type: 'sideways' })).status).toBe(400);
    expect((await post({ user_session: 'session_\u0000abcdef', vote_type: 'up' })).status).toBe(400);
    expect((await post({ user_session: session('b'), vote_type: 'up' }, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await post({ user_session: session('b'), vote_type: 'up' }, 'not-a-uuid')).status).toBe(400);
  });

  it('counts correctly under concurrent voters, and one session never holds two votes', async () => {
    const n = 40;
    const results = await Promise.all(
      Array.from({ length: n }, (_v, i) => request(t.url, `/api/tracks/${trackId}/votes`, { method: 'POST', body: { user_session: session(`c${i}`), vote_type: i % 4 === 0 ? 'down' : 'up' } })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const counts = await request(t.url, `/api/tracks/votes?ids=${trackId}`);
    expect(counts.body[0]).toMatchObject({ up_votes: 30, down_votes: 10 });
    // The same session pressing up 9 times at once ends as if pressed 9 times in a row: up.
    const s = session('same');
    const presses = await Promise.all(Array.from({ length: 9 }, () => request(t.url, `/api/tracks/${trackId}/votes`, { method: 'POST', body: { user_session: s, vote_type: 'up' } })));
    expect(presses.map((r) => r.status)).toEqual(Array(9).fill(200));
    const rows = await t.database.db.knex('track_votes').where({ track_id: trackId, user_session: s });
    expect(rows).toHaveLength(1);
    const after = (await request(t.url, `/api/tracks/votes?ids=${trackId}&user_session=${s}`)).body[0];
    expect(after).toMatchObject({ up_votes: 31, down_votes: 10, my_vote: 'up' });
    const real = await t.database.db.knex('track_votes').where({ track_id: trackId }).select('vote_type');
    expect(real.filter((r) => r.vote_type === 'up')).toHaveLength(after.up_votes);
  });

  it('pushes new counts to every listener on the votes channel, with a growing version', async () => {
    const ws = await connectRealtime(t.url);
    ws.send({ type: 'subscribe', channel: 'votes' });
    await expect.poll(() => ws.frames.some((f) => f.type === 'subscribed')).toBe(true);
    await request(t.url, `/api/tracks/${trackId}/votes`, { method: 'POST', body: { user_session: session('push'), vote_type: 'down' } });
    await request(t.url, `/api/tracks/${trackId}/votes`, { method: 'POST', body: { user_session: session('push2'), vote_type: 'down' } });
    await expect.poll(() => ws.events('votes', 'votes.updated').length).toBe(2);
    const [a, b] = ws.events('votes').map((e) => e.data as { down_votes: number; version: number; my_vote?: unknown });
    expect(b!.down_votes).toBe(a!.down_votes + 1);
    expect(b!.version).toBeGreaterThan(a!.version);
    expect(a).not.toHaveProperty('my_vote');
    ws.close();
  });
});

describe('history, rankings, counters, stats', () => {
  it('lists recent plays newest first with the requested length, and ranks most played and most liked', async () => {
    const recent = await request(t.url, '/api/radio/history?limit=4');
    expect(recent.status).toBe(200);
    expect(recent.body.length).toBeLessThanOrEqual(4);
    // Glory Box is on air: not listed as already played (issue 38 item 9); what played before it leads.
    const np = (await request(t.url, '/api/now-playing')).body;
    expect(np.now_playing.song.title).toBe('Glory Box');
    expect(recent.body.some((p: { song: { id: string } }) => p.song.id === np.now_playing.song.id)).toBe(false);
    expect(recent.body[0].song.title).toBe('Teardrop');
    // One snapshot: a newer play recorded before its document is published (the poller's window) is not listed
    // either, so the list never runs ahead of the song the document shows on air.
    const knex = t.server.ctx.knex;
    const [newer] = await knex('play_history').insert({ track_id: trackId, played_at: new Date(Date.now() + 60_000), is_live: false }).returning<{ id: number }[]>('id');
    try {
      const again = await request(t.url, `/api/radio/history?limit=4&np=${np.updated_at}`);
      expect(again.body.map((p: { song: { title: string } }) => p.song.title)).toEqual(recent.body.map((p: { song: { title: string } }) => p.song.title));
      expect(again.headers.get('cache-control')).toMatch(/max-age=5/);
      // A caller showing another document gets an answer no cache keeps.
      expect((await request(t.url, `/api/radio/history?limit=4&np=${np.updated_at - 1}`)).headers.get('cache-control')).toBe('no-store');
    } finally {
      await knex('play_history').where({ id: newer!.id }).del();
    }
    const times = recent.body.map((p: { played_at: number }) => p.played_at);
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect((await request(t.url, '/api/radio/history?limit=500')).status).toBe(400);
    const played = await request(t.url, '/api/radio/most-played?limit=1');
    expect(played.body[0].song.title).toBe('Teardrop');
    expect(played.body[0].plays).toBe(2);
    const liked = await request(t.url, '/api/radio/most-liked');
    expect(liked.body[0]).toMatchObject({ song: { id: trackId }, up_votes: 31 });
  });

  it('increments the bubbles counter atomically and pushes it live', async () => {
    const ws = await connectRealtime(t.url);
    ws.send({ type: 'subscribe', channel: 'counters' });
    await expect.poll(() => ws.events('counters').length).toBe(1);
    const start = (ws.events('counters')[0]!.data as { count: number }).count;
    const results = await Promise.all(Array.from({ length: 15 }, () => request(t.url, '/api/counters/bubble_clicks/increment', { method: 'POST' })));
    expect(new Set(results.map((r) => r.body.count)).size).toBe(15);
    expect((await request(t.url, '/api/counters/bubble_clicks')).body).toEqual({ id: 'bubble_clicks', count: start + 15 });
    await expect.poll(() => ws.events('counters', 'counters.updated').length).toBe(16);
    // More than 20 a minute from one address is refused.
    const more = await Promise.all(Array.from({ length: 8 }, () => request(t.url, '/api/counters/bubble_clicks/increment', { method: 'POST' })));
    expect(more.map((r) => r.status)).toContain(429);
    ws.close();
  });

  it('answers DJ stats by presenter id and by station-panel id, and 404 for an unknown DJ', async () => {
    const [p] = await t.database.db.knex('presenters').insert({ name: 'Stats DJ', azuracast_id: '77' }).returning<{ id: string }[]>('id');
    const knex = t.database.db.knex;
    const day = 86_400_000;
    await knex('broadcast_sessions').insert([
      { presenter_id: p!.id, streamer_name: 'Stats DJ', started_at: new Date(Date.now() - 3 * day), ended_at: new Date(Date.now() - 3 * day + 90 * 60_000) },
      { presenter_id: p!.id, streamer_name: 'Stats DJ', started_at: new Date(Date.now() - 2 * day), ended_at: new Date(Date.now() - 2 * day + 35 * 60_000) },
    ]);
    const stats = await request(t.url, `/api/radio/dj-stats/${p!.id}`);
    expect(stats.body).toMatchObject({ total_plays: 0, avg_session_duration: 63, total_hours_streamed: 2.08 });
    expect(stats.body.recent_shows.map((s: { duration: number }) => s.duration)).toEqual([35, 90]);
    expect((await request(t.url, '/api/radio/dj-stats?azuracast_id=77')).body.presenter_id).toBe(p!.id);
    expect((await request(t.url, '/api/radio/dj-stats?azuracast_id=nobody')).status).toBe(404);
    expect((await request(t.url, '/api/radio/dj-stats/00000000-0000-4000-8000-000000000000')).body.error.message).toBe('DJ not found');
  });
});

describe('the request loop', () => {
  it("tells the listener on their own session channel, and nobody else", async () => {
    const mine = await connectRealtime(t.url);
    const other = await connectRealtime(t.url);
    mine.send({ type: 'subscribe', channel: 'session:session_listener1' });
    other.send({ type: 'subscribe', channel: 'session:session_listener2' });
    await expect.poll(() => mine.frames.some((f) => f.type === 'subscribed') && other.frames.some((f) => f.type === 'subscribed')).toBe(true);
    const at = Date.UTC(2026, 5, 13, 19, 14);
    expect(await announceRequestHandled(t.server.ctx, { kind: 'song', userSession: 'session_listener1', title: 'Teardrop', at })).toBe(true);
    expect(await announceRequestHandled(t.server.ctx, { kind: 'song', userSession: null, title: 'x', at })).toBe(false);
    await expect.poll(() => mine.events('session:session_listener1', 'request.handled').length).toBe(1);
    expect(mine.events('session:session_listener1')[0]!.data).toMatchObject({ kind: 'song', message: 'Your request Teardrop played at 20:14' });
    expect(other.events('session:session_listener2')).toHaveLength(0);
    mine.close();
    other.close();
  });
});

describe('GET /api/stream', () => {
  it('streams real MP3 audio from the live position', async () => {
    const controller = new AbortController();
    const res = await fetch(`${t.url}/api/stream`, { signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    const reader = res.body!.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    while (size < 12_000) {
      const { value, done } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
    controller.abort();
    const bytes = Buffer.concat(chunks);
    const first = readMp3Frame(bytes, 0);
    expect(first).toMatchObject({ sampleRate: 22050, kbps: 48 });
    expect(readMp3Frame(bytes, first!.length)).not.toBeNull();
  });
});
