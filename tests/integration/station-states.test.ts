import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs } from '../../server/src/jobs';
import { startAzuraCastStandIn, type AzuraCastStandIn } from '../support/azuracast-standin';
import { request, startTestServer, type TestServer } from '../support/server';
import { buildShow, clearSchedule } from '../support/schedule';

/**
 * The station's stream and its four states (on air, live, off air, stopped)
 * from a real poller reading a local AzuraCast stand-in that serves
 * AzuraCast's own documents (../shared/fixtures/azuracast), through
 * GET /api/now-playing, /api/stream and the AzuraCast-compatible feed. No
 * STREAM_URL: the stream must come from the source.
 */
let standin: AzuraCastStandIn;
let t: TestServer;
let dist: string;

const np = async () => (await request(t.url, '/api/now-playing')).body;
const stateSoon = (state: string) => expect.poll(async () => (await np()).station.state, { timeout: 8000, interval: 200 }).toBe(state);

beforeAll(async () => {
  standin = await startAzuraCastStandIn('autodj');
  // A minimal built site, so the server's first screen (what a new visitor sees before any script) is drawn.
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'airdeck-states-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Airdeck</title></head><body><div id="root"></div></body></html>');
  t = await startTestServer({
    env: { WEB_DIST_DIR: dist, STATION_SOURCE: 'azuracast', STATION_URL: standin.url, STATION_ID: 'riverside_community_radio', POLL_INTERVAL_MS: '1000', STATION_TIMEOUT_MS: '800' },
    jobs: startJobs,
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await standin?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('a station on AzuraCast, without STREAM_URL', () => {
  it('on air (Auto DJ): plays the station’s own stream, advertised the same way by /api/stream and the AzuraCast-compatible feed', async () => {
    standin.serve('autodj');
    await stateSoon('on_air');
    const doc = await np();
    expect(doc.station).toEqual({ name: 'Riverside Community Radio', listen_url: standin.streamUrl, is_online: true, state: 'on_air' });
    expect(doc.now_playing.song).toMatchObject({ title: 'Tenere Taqhim Tossam', artist: 'Tinariwen' });
    expect(doc.now_playing.duration).toBe(279);
    expect(doc.now_playing.duration).toBeGreaterThan(0);
    expect(doc.live.is_live).toBe(false);
    // An unknown album is null in the API, never "Unknown Album".
    expect(JSON.stringify(doc)).not.toMatch(/Unknown (Album|Artist|Track)/);

    const stream = await fetch(`${t.url}/api/stream`, { redirect: 'manual' });
    expect(stream.status).toBe(302);
    expect(stream.headers.get('location')).toBe(standin.streamUrl);
    const head = await fetch(`${t.url}/api/stream`, { method: 'HEAD', redirect: 'manual' });
    expect(head.headers.get('location')).toBe(standin.streamUrl);
    // Following it gets real audio from the station.
    const audio = await fetch(`${t.url}/api/stream`);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(1000);

    const feed = (await request(t.url, '/api/nowplaying/1')).body;
    expect(feed.station.listen_url).toBe(standin.streamUrl);
    expect(feed.station.mounts[0].url).toBe(standin.streamUrl);
    expect(feed.is_online).toBe(true);
    expect(feed.now_playing.sh_id).not.toBe(0);
    // What the source queued, and the lengths of what it played.
    expect(feed.playing_next).toMatchObject({ song: { title: 'Afrique Victime', artist: 'Mdou Moctar' }, duration: 445 });
    expect(feed.song_history.length).toBeGreaterThan(0);
    expect(feed.song_history.every((h: { duration: number }) => h.duration > 0)).toBe(true);
  });

  it('live: the presenter with an unknown track length (elapsed only), and the DJ’s picture in the feed', async () => {
    standin.serve('live');
    await stateSoon('live');
    const doc = await np();
    expect(doc.live).toMatchObject({ is_live: true, streamer_name: 'Ngozi Adébáyọ̀' });
    expect(doc.live.art).toBe(`${standin.url}/api/station/riverside_community_radio/streamer/3/art-1779264764.jpg`);
    expect(doc.now_playing).toMatchObject({ duration: null, duration_is_estimate: true });
    expect(doc.now_playing.elapsed).toBeGreaterThanOrEqual(289);
    // AzuraCast keeps the AutoDJ's stale queue item during a show: not "up next".
    expect(doc.playing_next).toBeNull();
    const feed = (await request(t.url, '/api/nowplaying/1')).body;
    expect(feed.live).toMatchObject({ is_live: true, streamer_name: 'Ngozi Adébáyọ̀', art: doc.live.art });
    expect(feed.now_playing.duration).toBe(0);
  });

  it('off air: the source says so; nothing is shown as playing, the feed says offline as AzuraCast does, the stream address stays known', async () => {
    standin.serve('offline');
    await stateSoon('off_air');
    const doc = await np();
    expect(doc.station).toMatchObject({ is_online: false, state: 'off_air', listen_url: standin.streamUrl });
    expect(doc.now_playing.song).toEqual({ id: null, title: null, artist: null, album: null, art: null });
    expect(doc.now_playing.duration).toBeNull();
    expect(doc.live.is_live).toBe(false);
    const feed = (await request(t.url, '/api/nowplaying/1')).body;
    expect(feed.is_online).toBe(false);
    expect(feed.now_playing).toMatchObject({ sh_id: 0, played_at: 0, duration: 0, playlist: null, streamer: null, song: { id: '5a6a865199cf5df73b1417326d2ff24f', title: 'Station Offline', text: 'Station Offline' } });
    expect(feed.playing_next).toBeNull();
    expect((await fetch(`${t.url}/api/stream`, { redirect: 'manual' })).headers.get('location')).toBe(standin.streamUrl);
  });

  it('stopped: an AutoDJ whose last song ended long ago is not shown as playing', async () => {
    standin.serve('autodj', { frozen: true });
    await stateSoon('stopped');
    const doc = await np();
    expect(doc.station.is_online).toBe(true);
    expect(doc.now_playing.song.title).toBeNull();
    standin.serve('autodj');
    await stateSoon('on_air');
  });

  it('stopped, not live: a frozen "live" document whose show started months ago is not shown as live with thousands of hours elapsed (issue 39)', async () => {
    standin.serve('live', { frozen: true });
    await stateSoon('stopped');
    const doc = await np();
    expect(doc.live.is_live).toBe(false);
    expect(doc.now_playing.song.title).toBeNull();
    expect(doc.now_playing.elapsed).toBe(0);
    const feed = (await request(t.url, '/api/nowplaying/1')).body;
    expect(feed.live.is_live).toBe(false);
    expect(feed.now_playing.elapsed).toBe(0);
    standin.serve('autodj');
    await stateSoon('on_air');
  });

  it('metadata unavailable, not off air (issue 39): AzuraCast’s API answers 500 for several polls while its stream plays; Play stays offered, the feed does not say Station Offline', async () => {
    standin.serve('autodj');
    await stateSoon('on_air');
    standin.fail(500);
    await expect.poll(async () => (await np()).stale, { timeout: 5000, interval: 200 }).toBe(true);
    await stateSoon('metadata_unavailable');
    const doc = await np();
    // The stream is the station's own, as before; nothing is claimed about what plays on it.
    expect(doc.station).toMatchObject({ is_online: true, listen_url: standin.streamUrl, state: 'metadata_unavailable' });
    expect(doc.now_playing.song.title).toBeNull();
    expect(doc.live.is_live).toBe(false);
    // A new visitor's player follows the listen URL to real audio.
    const audio = await fetch(doc.station.listen_url);
    expect(audio.status).toBe(200);
    expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const feed = (await request(t.url, '/api/nowplaying/1')).body;
    expect(feed.is_online).toBe(true);
    expect(JSON.stringify(feed)).not.toContain('Station Offline');
    expect(feed.station.listen_url).toBe(standin.streamUrl);
    // The first screen a new visitor gets says so, with Play enabled.
    const html = await (await fetch(`${t.url}/`)).text();
    expect(html).toContain('Now playing unavailable');
    expect(html).not.toMatch(/>Off air</);
    standin.serve('autodj');
    await stateSoon('on_air');
    expect((await np()).stale).toBe(false);
  });

  it('stopped: the source failing for several polls in a row and its stream silent too; back on air when it answers again', async () => {
    standin.serve('autodj');
    await stateSoon('on_air');
    standin.fail(500);
    standin.streamDown(true);
    try {
      await expect.poll(async () => (await np()).stale, { timeout: 5000, interval: 200 }).toBe(true);
      await stateSoon('stopped');
      const doc = await np();
      expect(doc.now_playing.song.title).toBeNull();
      const feed = (await request(t.url, '/api/nowplaying/1')).body;
      expect(feed.is_online).toBe(false);
    } finally {
      standin.streamDown(false);
    }
    standin.serve('autodj');
    await stateSoon('on_air');
    expect((await np()).stale).toBe(false);
  });
});

/** The station's wall clock now: its date and hour (the schedule is written in it). */
function stationWallNow(zone: string): { date: string; hour: number } {
  const p = Object.fromEntries(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit' }).formatToParts(new Date()).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, hour: Number(p.hour) };
}

describe('LIVE only from a live session, never from a booking alone (issue 38 item 5)', () => {
  it('a show booked now is the live show only while its own presenter is live: not on Auto DJ, off air, stopped, or while someone else is live', async () => {
    const { date, hour } = stationWallNow(t.config.STATION_TIMEZONE);
    const slot = { event_date: date, start_time: `${String(hour).padStart(2, '0')}:00`, end_time: `${String((hour + 1) % 24).padStart(2, '0')}:00` };
    const liveShow = async () => {
      const doc = await np();
      return { state: doc.station.state as string, current: (doc.current_show?.id ?? null) as string | null, live: (doc.live.show_id ?? null) as string | null };
    };
    // What the stand-in's live DJ (Ngozi Adébáyọ̀) is booked for; the now-playing document follows bookings at the next poll.
    const ngozis = await buildShow(t, { ...slot, title: 'Afrobeat Hour', presenter_name: 'Ngozi Adébáyọ̀' });
    try {
      // On air (Auto DJ, a song of known length): the booking is the current show, but nobody is live in it.
      standin.serve('autodj');
      await stateSoon('on_air');
      await expect.poll(liveShow, { timeout: 8000, interval: 200 }).toEqual({ state: 'on_air', current: ngozis, live: null });
      // Live, the song's length unknown (the live fixture): the booked presenter is on air, so this show is live.
      standin.serve('live');
      await expect.poll(liveShow, { timeout: 8000, interval: 200 }).toEqual({ state: 'live', current: ngozis, live: ngozis });
      expect((await np()).now_playing.duration).toBeNull();
      // Off air and stopped: the booking stays, nothing is live.
      standin.serve('offline');
      await expect.poll(liveShow, { timeout: 8000, interval: 200 }).toEqual({ state: 'off_air', current: ngozis, live: null });
      standin.serve('autodj', { frozen: true });
      await expect.poll(liveShow, { timeout: 8000, interval: 200 }).toEqual({ state: 'stopped', current: ngozis, live: null });

      // Someone else's slot: the same live DJ during another presenter's booking is live, but that show is not.
      await clearSchedule(t);
      const others = await buildShow(t, { ...slot, title: 'Morning Folk', presenter_name: 'Mari Kovač' });
      standin.serve('live');
      await expect.poll(liveShow, { timeout: 8000, interval: 200 }).toEqual({ state: 'live', current: others, live: null });
      expect((await np()).live.is_live).toBe(true);
    } finally {
      await clearSchedule(t);
      standin.serve('autodj');
      await stateSoon('on_air');
    }
  });
});

describe('before the source has told us a stream', () => {
  it('GET /api/stream answers 503 with a clear message, and the now-playing document claims nothing', async () => {
    const quiet = await startTestServer({ env: { STATION_SOURCE: 'icecast', STATION_URL: 'http://127.0.0.1:9' }, jobs: () => [] });
    try {
      const res = await request(quiet.url, '/api/stream');
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('15');
      expect(res.body.error.message).toBe("The station's stream address is not known yet: the Icecast server has not told us one. Set STREAM_URL, or check STATION_URL.");
      const doc = (await request(quiet.url, '/api/now-playing')).body;
      expect(doc.station).toMatchObject({ state: 'stopped', is_online: false });
      expect(doc.now_playing.song.title).toBeNull();
    } finally {
      await quiet.close();
    }
  });

  it('STREAM_URL overrides what the source says', async () => {
    const s = await startAzuraCastStandIn('autodj');
    const over = await startTestServer({ env: { STATION_SOURCE: 'azuracast', STATION_URL: s.url, STREAM_URL: 'https://cdn.station.example/live.mp3', POLL_INTERVAL_MS: '1000' }, jobs: startJobs });
    try {
      await expect.poll(async () => (await request(over.url, '/api/now-playing')).body.station.state, { timeout: 8000 }).toBe('on_air');
      expect((await request(over.url, '/api/now-playing')).body.station.listen_url).toBe('https://cdn.station.example/live.mp3');
      expect((await fetch(`${over.url}/api/stream`, { redirect: 'manual' })).headers.get('location')).toBe('https://cdn.station.example/live.mp3');
      expect((await request(over.url, '/api/nowplaying/1')).body.station.listen_url).toBe('https://cdn.station.example/live.mp3');
    } finally {
      await over.close();
      await s.close();
    }
  });
});
