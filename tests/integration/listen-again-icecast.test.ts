import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Parser from 'rss-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTime } from '../../shared/time';
import { startJobs } from '../../server/src/jobs';
import { stationTimezone } from '../../server/src/settings/service';
import { hasCommand } from '../support/audio';
import { createUser, type TestUser } from '../support/auth';
import { probeDuration, SOURCE_PW, startToneStation, toneShares, type ToneStation } from '../support/icecast-feed';
import { createPresenter, type TestPresenter } from '../support/schedule';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * Listen again from the real producers (issue 32): a real Icecast 2.4 fed by ffmpeg with a 440 Hz tone,
 * read by the station's ears of a real server whose recorder writes it to disk; a show booked through the
 * booking API, its presenter going live through the go-live API and a manager ending the session; the
 * song changed on Icecast as a station's automation does. The episode is then checked as a listener and a
 * podcast app get it: its audio decoded with ffprobe and ffmpeg (length and the tone), its chapters, a
 * byte range, and the podcast feeds parsed with rss-parser.
 * SKIP_ICECAST_TESTS=1 skips on purpose (as tests/integration/icecast.test.ts).
 */
const skip = process.env.SKIP_ICECAST_TESTS === '1';
let station: ToneStation;
let t: TestServer;
let owner: TestUser;
let presenter: TestPresenter;
let dir: string;
let recordings: string;

beforeAll(async () => {
  if (skip) return;
  if (!hasCommand('icecast2') || !hasCommand('ffmpeg') || !hasCommand('ffprobe')) throw new Error('These tests need icecast2 and ffmpeg (sudo apt-get install -y icecast2 ffmpeg); SKIP_ICECAST_TESTS=1 skips them on purpose.');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'airdeck-listen-again-'));
  recordings = path.join(dir, 'recordings');
  station = await startToneStation();
  await station.setSong('Artist A - Song One');
  t = await startTestServer({
    env: { STATION_SOURCE: 'icecast', STATION_URL: station.base, STATION_MOUNT: '/live', POLL_INTERVAL_MS: '1000', STATION_EARS: 'on', RECORDINGS_DIR: recordings, PUBLIC_URL: 'https://radio.station.example' },
    jobs: startJobs,
  });
  owner = await createUser(t, { role: 'owner' });
  presenter = await createPresenter(t, 'presenter', 'DJ Tone');
}, 90_000);

afterAll(async () => {
  await t?.close();
  station?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(skip)('listen again from a real Icecast stream', () => {
  let episode: { id: string; show_id: string; title: string; starts_at: string; ends_at: string; duration_seconds: number; audio_url: string; download_url: string | null; chapters_url: string; bytes: number; tracks: { title: string; artist: string; offset_seconds: number }[]; gaps: unknown[] };
  let showId: string;
  let audio: Buffer;
  let songTwoAt: number;
  let session: { started_at: Date; ended_at: Date };

  it('a live show airs; within a minute of its end its episode is there, its audio the show as it aired', async () => {
    // The station's live input goes to this Icecast (the presenter's console would stream there).
    const live = await request(t.url, '/api/settings/live-input', { method: 'PUT', token: owner.token, body: { icecast_server: station.base, icecast_mount: '/studio', icecast_password: SOURCE_PW } });
    expect(live.status).toBe(200);
    const zone = await stationTimezone(t.server.ctx);
    const s = localDateTime(Date.now(), zone);
    const e = localDateTime(Date.now() + 30 * 60_000, zone);
    const booked = await request(t.url, '/api/schedule/bookings', { method: 'POST', token: presenter.token, body: { mode: 'daily', title: 'Tone Hour', event_date: s.date, start_time: s.time.slice(0, 5), end_time: e.date === s.date ? e.time.slice(0, 5) : '23:59' } });
    expect(booked.status).toBe(201);
    showId = booked.body.events?.[0]?.id ?? booked.body.event?.id;

    // The recorder hears the stream, and the poller has read the song now on air.
    await expect.poll(async () => (await request(t.url, '/api/listen-again/status', { token: owner.token })).body.recorder?.state, { timeout: 30_000, interval: 250 }).toBe('recording');
    await expect.poll(async () => (await request(t.url, '/api/now-playing')).body?.now_playing?.song?.title, { timeout: 20_000, interval: 250 }).toBe('Song One');

    const started = await request(t.url, '/api/live/sessions', { method: 'POST', token: presenter.token, body: {} });
    expect(started.status).toBe(201);
    const sessionId = started.body.session_id as string;
    await new Promise((r) => setTimeout(r, 6_000));
    await station.setSong('Artist B - Song Two');
    songTwoAt = Date.now();
    await expect.poll(async () => (await request(t.url, '/api/now-playing')).body?.now_playing?.song?.title, { timeout: 15_000, interval: 200 }).toBe('Song Two');
    await expect.poll(() => Date.now() - songTwoAt, { timeout: 20_000, interval: 200 }).toBeGreaterThanOrEqual(6_000);
    expect((await request(t.url, `/api/live/sessions/${sessionId}/end`, { method: 'POST', token: owner.token })).status).toBe(204);
    const endedAt = Date.now();

    const list = async () => (await request(t.url, `/api/episodes?show=${showId}`)).body.episodes as (typeof episode)[];
    await expect.poll(async () => (await list()).length, { timeout: 60_000, interval: 500 }).toBe(1);
    expect(Date.now() - endedAt).toBeLessThan(60_000);
    episode = (await list())[0]!;
    const row = await t.server.ctx.knex('live_sessions').where({ id: sessionId }).first();
    session = { started_at: new Date(row.started_at), ended_at: new Date(row.ended_at) };
    const onAir = (session.ended_at.getTime() - session.started_at.getTime()) / 1000;
    console.log(`episode: ${episode.duration_seconds.toFixed(2)} s for ${onAir.toFixed(2)} s on air, ${episode.bytes} bytes, gaps ${JSON.stringify(episode.gaps)}`);
    expect(episode).toMatchObject({ show_id: showId, title: 'Tone Hour', starts_at: session.started_at.toISOString(), ends_at: session.ended_at.toISOString(), gaps: [] });
    expect(Math.abs(episode.duration_seconds - onAir)).toBeLessThanOrEqual(2);
    expect(episode.audio_url).toBe(`https://radio.station.example/api/episodes/${episode.id}/audio.mp3`);

    // The audio, as a player fetches it: MP3 whose length ffprobe reads as the time on air, the tone throughout.
    const res = await fetch(`${t.url}/api/episodes/${episode.id}/audio.mp3`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    audio = Buffer.from(await res.arrayBuffer());
    expect(audio.length).toBe(episode.bytes);
    const file = path.join(dir, 'episode.mp3');
    fs.writeFileSync(file, audio);
    const probed = probeDuration(file);
    console.log(`ffprobe: ${probed.toFixed(2)} s`);
    expect(Math.abs(probed - onAir)).toBeLessThanOrEqual(2);
    const shares = toneShares(file, 440);
    expect(shares.length).toBeGreaterThanOrEqual(Math.floor(onAir) - 2);
    // Every whole second is the tone (the first may hold the encoder's start-up frame).
    expect(shares.slice(1).every((x) => x > 0.9)).toBe(true);
  }, 150_000);

  it('the chapters are the songs that played, at their moments; a byte range is exactly the bytes asked for', async () => {
    expect(episode).toBeDefined();
    expect(episode.tracks.map((x) => `${x.artist} - ${x.title}`)).toEqual(['Artist A - Song One', 'Artist B - Song Two']);
    expect(episode.tracks[0]!.offset_seconds).toBe(0);
    const expected = (songTwoAt - session.started_at.getTime()) / 1000;
    expect(Math.abs(episode.tracks[1]!.offset_seconds - expected)).toBeLessThanOrEqual(2.5);
    const chapters = await fetch(`${t.url}/api/episodes/${episode.id}/chapters.json`);
    expect(chapters.status).toBe(200);
    expect(chapters.headers.get('content-type')).toMatch(/^application\/json\+chapters/);
    expect(await chapters.json()).toEqual({ version: '1.2.0', chapters: [{ startTime: 0, title: 'Artist A – Song One' }, { startTime: episode.tracks[1]!.offset_seconds, title: 'Artist B – Song Two' }] });

    const part = await fetch(`${t.url}/api/episodes/${episode.id}/audio.mp3`, { headers: { Range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${episode.bytes}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(audio.subarray(1000, 2000))).toBe(true);
    const tail = await fetch(`${t.url}/api/episodes/${episode.id}/audio.mp3`, { headers: { Range: 'bytes=-500' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(audio.subarray(audio.length - 500))).toBe(true);
    expect((await fetch(`${t.url}/api/episodes/${episode.id}/audio.mp3`, { headers: { Range: `bytes=${episode.bytes + 10}-` } })).status).toBe(416);
  }, 30_000);

  it('podcast feeds: none while downloads are off (a real station\'s default); with them on, both parse and list the episode', async () => {
    expect(episode).toBeDefined();
    expect(episode.download_url).toBeNull();
    expect((await fetch(`${t.url}/podcasts/station.xml`)).status).toBe(404);
    expect((await fetch(`${t.url}/api/episodes/${episode.id}/audio.mp3?download=1`)).status).toBe(403);
    const settings = await request(t.url, '/api/listen-again/settings', { method: 'PUT', token: owner.token, body: { downloads_enabled: true } });
    expect(settings.status).toBe(200);
    const parser = new Parser({ customFields: { item: ['podcast:guid', 'itunes:duration'] } });
    for (const feedPath of ['/podcasts/station.xml', `/podcasts/${showId}.xml`, '/podcasts/tone-hour.xml']) {
      const res = await fetch(`${t.url}${feedPath}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
      const xml = await res.text();
      const feed = await parser.parseString(xml);
      expect(feed.items).toHaveLength(1);
      const item = feed.items[0]! as { enclosure?: { url: string; length?: string | number; type?: string }; 'podcast:guid'?: string; 'itunes:duration'?: string };
      expect(item.enclosure).toMatchObject({ url: `https://radio.station.example/api/episodes/${episode.id}/audio.mp3?download=1`, type: 'audio/mpeg' });
      expect(Number(item.enclosure!.length)).toBe(episode.bytes);
      expect(item['podcast:guid']).toBe(episode.id);
      expect(xml).toContain(`<podcast:chapters url="https://radio.station.example/api/episodes/${episode.id}/chapters.json" type="application/json+chapters"/>`);
      expect(xml).toContain(`<podcast:person role="host" href="https://radio.station.example/djs/${presenter.presenterId}">DJ Tone</podcast:person>`);
      expect(xml).toContain('<podcast:funding url="https://radio.station.example/donate">');
    }
    // Downloading is allowed now, byte for byte the same audio.
    const dl = await fetch(`${t.url}/api/episodes/${episode.id}/audio.mp3?download=1`);
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-disposition')).toMatch(/^attachment; filename="Tone Hour \d{4}-\d\d-\d\d\.mp3"/);
    expect(Buffer.from(await dl.arrayBuffer()).equals(audio)).toBe(true);
    // The public window: with a window of 0 days the episode is outside it, in the API and the feeds alike.
    expect((await request(t.url, '/api/listen-again/settings', { method: 'PUT', token: owner.token, body: { public_window_days: 0 } })).status).toBe(200);
    expect((await request(t.url, `/api/episodes?show=${showId}`)).body.episodes).toEqual([]);
    expect((await parser.parseString(await (await fetch(`${t.url}/podcasts/station.xml`)).text())).items).toHaveLength(0);
    expect((await fetch(`${t.url}/api/episodes/${episode.id}/audio.mp3`)).status).toBe(404);
    expect((await request(t.url, '/api/listen-again/settings', { method: 'PUT', token: owner.token, body: { public_window_days: 30 } })).status).toBe(200);
  }, 30_000);

  it('staff: the presenter hides their own episode, a manager trims it (cut again) and retitles it; settings keep the logger minimum', async () => {
    expect(episode).toBeDefined();
    const patch = (who: { token: string }, body: Record<string, unknown>) => request(t.url, `/api/listen-again/episodes/${episode.id}`, { method: 'PATCH', token: who.token, body });
    const listed = async () => (await request(t.url, `/api/episodes?show=${showId}`)).body.episodes as (typeof episode)[];
    // The presenter: hide and show again, but no retitling; another presenter nothing at all.
    expect((await patch(presenter, { hidden: true })).status).toBe(200);
    expect(await listed()).toEqual([]);
    expect((await fetch(`${t.url}/api/episodes/${episode.id}/audio.mp3`)).status).toBe(404);
    expect((await patch(presenter, { hidden: false })).status).toBe(200);
    expect(await listed()).toHaveLength(1);
    expect((await patch(presenter, { title: 'Mine now' })).status).toBe(403);
    const other = await createPresenter(t, 'presenter', 'DJ Other');
    expect((await patch(other, { hidden: true })).status).toBe(403);
    const own = (await request(t.url, '/api/listen-again/episodes', { token: presenter.token })).body.episodes as { id: string; status: string }[];
    expect(own.map((x) => [x.id, x.status])).toEqual([[episode.id, 'published']]);
    expect((await request(t.url, '/api/listen-again/episodes', { token: other.token })).body.episodes).toEqual([]);

    // A manager trims 2 s off each end and retitles: the episode is cut again, 4 s shorter, still the tone.
    const trimmed = await patch(owner, { trim_start_seconds: 2, trim_end_seconds: 2, title: 'Tone Hour (edited)' });
    expect(trimmed.status).toBe(200);
    const [after] = await listed();
    expect(after).toMatchObject({ id: episode.id, title: 'Tone Hour (edited)', starts_at: new Date(Date.parse(episode.starts_at) + 2000).toISOString(), ends_at: new Date(Date.parse(episode.ends_at) - 2000).toISOString() });
    expect(Math.abs(after!.duration_seconds - (episode.duration_seconds - 4))).toBeLessThanOrEqual(0.1);
    const file = path.join(dir, 'trimmed.mp3');
    fs.writeFileSync(file, Buffer.from(await (await fetch(`${t.url}/api/episodes/${episode.id}/audio.mp3`)).arrayBuffer()));
    expect(fs.statSync(file).size).toBe(after!.bytes);
    expect(Math.abs(probeDuration(file) - after!.duration_seconds)).toBeLessThanOrEqual(0.5);
    // The tracklist follows the new start: the second song 2 s earlier.
    expect(after!.tracks[1]!.offset_seconds).toBeCloseTo(episode.tracks[1]!.offset_seconds - 2, 0);

    // A show's rule; the station's settings: retention never below the logger minimum; disk use for staff.
    expect((await request(t.url, `/api/listen-again/shows/${showId}`, { method: 'PUT', token: owner.token, body: { publish: 'approval' } })).body).toEqual({ show_key: showId, publish: 'approval' });
    expect((await request(t.url, `/api/listen-again/shows/${showId}`, { method: 'PUT', token: presenter.token, body: { publish: 'never' } })).status).toBe(403);
    expect((await request(t.url, '/api/listen-again/settings', { method: 'PUT', token: owner.token, body: { logger_min_days: 42, retention_days: 30 } })).status).toBe(400);
    expect((await request(t.url, '/api/listen-again/settings', { method: 'PUT', token: owner.token, body: { logger_min_days: 42 } })).body).toMatchObject({ logger_min_days: 42, retention_days: 90 });
    const status = (await request(t.url, '/api/listen-again/status', { token: owner.token })).body;
    expect(status.recorder.state).toBe('recording');
    expect(status.disk.recordings_bytes).toBeGreaterThan(after!.bytes);
    expect(status.disk.episodes_bytes).toBe(after!.bytes);
    expect(status.disk.free_bytes).toBeGreaterThan(0);
  }, 60_000);
});
