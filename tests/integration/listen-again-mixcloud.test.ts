import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mixcloudRound } from '../../server/src/listen-again/mixcloud';
import { insertEpisode } from '../../server/src/listen-again/repo';
import { createUser, type TestUser } from '../support/auth';
import { startMixcloudStandIn, type MixcloudStandIn } from '../support/mixcloud-standin';
import { createPresenter, type TestPresenter } from '../support/schedule';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * Mixcloud publishing (issue 32 item 6) against a local stand-in of Mixcloud's upload API that parses the
 * multipart body as Mixcloud does (tests/support/mixcloud-standin.ts). Episodes are put in the database
 * as the episode job leaves them (each with its audio file); the upload round is run as the leader runs it,
 * under a clock the test moves (Mixcloud's rate limit asks to wait two minutes).
 */
let t: TestServer;
let mc: MixcloudStandIn;
let owner: TestUser;
let presenter: TestPresenter;
let images: http.Server;
let dir: string;
let offset = 0;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
// Four 417-byte MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz) of silence: what the episode file holds.
const AUDIO = Buffer.concat(Array.from({ length: 40 }, () => Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)])));

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'airdeck-mixcloud-'));
  mc = await startMixcloudStandIn();
  images = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(PNG);
  });
  await new Promise<void>((r) => images.listen(0, '127.0.0.1', () => r()));
  t = await startTestServer({ env: { MIXCLOUD_API_URL: mc.url, RECORDINGS_DIR: dir }, now: () => Date.now() + offset });
  owner = await createUser(t, { role: 'owner' });
  presenter = await createPresenter(t, 'presenter', 'DJ Night');
  await t.server.ctx.knex('presenters').where({ id: presenter.presenterId }).update({ image_url: `http://127.0.0.1:${(images.address() as AddressInfo).port}/night.png` });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await mc?.close();
  images?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const tracks = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `Song ${i + 1}`, artist: `Artist ${i + 1}`, played_at: new Date().toISOString(), offset_seconds: i === 0 ? 0 : i * 600 + 0.7 }));

/** An episode as the episode job leaves it, with its audio on disk. */
async function episode(fields: { title: string; status?: 'published' | 'pending' | 'not_recorded'; seconds?: number; tracks?: number; gapSeconds?: number; presenter?: string | null; agoHours?: number; description?: string | null }): Promise<string> {
  const id = randomUUID();
  const seconds = fields.seconds ?? 3600;
  const to = Date.now() - (fields.agoHours ?? 1) * 3_600_000;
  const from = to - seconds * 1000;
  const recorded = fields.status !== 'not_recorded';
  if (recorded) {
    fs.mkdirSync(path.join(dir, 'episode-audio'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'episode-audio', `${id}.mp3`), AUDIO);
  }
  await insertEpisode(t.server.ctx.knex, {
    id,
    show_id: randomUUID(),
    show_key: randomUUID(),
    presenter_id: fields.presenter ?? null,
    title: fields.title,
    description: fields.description ?? null,
    aired_from: new Date(from),
    aired_to: new Date(to),
    trim_start_seconds: 0,
    trim_end_seconds: 0,
    status: fields.status ?? 'published',
    hidden: false,
    file: recorded ? `episode-audio/${id}.mp3` : null,
    content_type: recorded ? 'audio/mpeg' : null,
    bytes: recorded ? AUDIO.length : null,
    duration_seconds: recorded ? seconds - (fields.gapSeconds ?? 0) : null,
    gaps: fields.gapSeconds ? [{ at_seconds: 0, seconds: fields.gapSeconds, from: new Date(from).toISOString(), to: new Date(from + fields.gapSeconds * 1000).toISOString() }] : recorded ? [] : [{ at_seconds: 0, seconds, from: new Date(from).toISOString(), to: new Date(to).toISOString() }],
    tracks: recorded ? tracks(fields.tracks ?? 4) : [],
    cut_at: new Date(),
  });
  return id;
}

interface Upload { episode_id: string; state: string; reason: string | null; message: string | null; url: string | null; next_attempt_at: string }
const status = async () => (await request(t.url, '/api/listen-again/mixcloud', { token: owner.token })).body as { configured: boolean; readable: boolean; token: string | null; tags: string[]; paused_until: string | null; uploads: Upload[] };
const stateOf = async (id: string) => (await status()).uploads.find((u) => u.episode_id === id);

describe('Mixcloud publishing', () => {
  const ids: Record<string, string> = {};

  it('the access token is kept sealed and shown masked; the first save needs one', async () => {
    expect(await status()).toMatchObject({ configured: false, token: null });
    expect((await request(t.url, '/api/listen-again/mixcloud', { method: 'PUT', token: owner.token, body: { min_tracks: 3 } })).status).toBe(400);
    const saved = await request(t.url, '/api/listen-again/mixcloud', { method: 'PUT', token: owner.token, body: { access_token: mc.token, min_minutes: 10, min_tracks: 3, tags: ['Community radio', 'Late night'] } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ configured: true, readable: true, min_minutes: 10, min_tracks: 3, tags: ['Community radio', 'Late night'] });
    expect(saved.body.token).not.toContain(mc.token);
    expect(saved.body.token).toContain(mc.token.slice(-4));
    const row = await t.server.ctx.knex('mixcloud_config').first('token_enc');
    expect(row.token_enc).toMatch(/^v1\./);
    expect(row.token_enc).not.toContain(mc.token);
    // A presenter may not see or change it.
    expect((await request(t.url, '/api/listen-again/mixcloud', { token: presenter.token })).status).toBe(403);
    expect((await request(t.url, '/api/listen-again/mixcloud', { method: 'PUT', token: presenter.token, body: { min_tracks: 0 } })).status).toBe(403);
  });

  it('approved episodes are queued; the rest are skipped with the reason; Mixcloud\'s rate limit pauses every upload until its retry_after', async () => {
    ids.night = await episode({ title: 'Night Shift', presenter: presenter.presenterId, description: 'Three hours of slow techno.' });
    ids.short = await episode({ title: 'Short One', seconds: 300 });
    ids.fewTracks = await episode({ title: 'Talk Hour', tracks: 1 });
    ids.offAir = await episode({ title: 'Mostly Off Air', gapSeconds: 2400 });
    ids.notRecorded = await episode({ title: 'Never Recorded', status: 'not_recorded' });
    ids.pending = await episode({ title: 'Awaiting Approval', status: 'pending', presenter: presenter.presenterId, tracks: 3 });
    ids.old = await episode({ title: 'Last Month', agoHours: 30 * 24 });

    mc.rateLimit(1, 120);
    expect(await mixcloudRound(t.server.ctx)).toBe(1);
    expect(mc.requests()).toBe(1);
    expect(mc.uploads).toHaveLength(0);
    const queued = await stateOf(ids.night!);
    expect(queued).toMatchObject({ state: 'queued', reason: null });
    expect(queued!.message).toMatch(/120 s/);
    expect(Date.parse(queued!.next_attempt_at) - Date.now()).toBeGreaterThan(110_000);
    expect((await status()).paused_until).not.toBeNull();
    expect(await stateOf(ids.short!)).toMatchObject({ state: 'skipped', reason: 'too_short' });
    expect(await stateOf(ids.fewTracks!)).toMatchObject({ state: 'skipped', reason: 'few_tracks' });
    expect(await stateOf(ids.offAir!)).toMatchObject({ state: 'skipped', reason: 'off_air' });
    expect(await stateOf(ids.notRecorded!)).toMatchObject({ state: 'skipped', reason: 'off_air' });
    expect(await stateOf(ids.pending!)).toBeUndefined();
    expect(await stateOf(ids.old!)).toBeUndefined();

    // Within the two minutes nothing is sent at all.
    offset = 60_000;
    expect(await mixcloudRound(t.server.ctx)).toBe(0);
    expect(mc.requests()).toBe(1);
  });

  it('after retry_after the episode is uploaded with its tracklist as sections, tags, description and picture', async () => {
    offset = 125_000;
    expect(await mixcloudRound(t.server.ctx)).toBe(1);
    expect(mc.uploads).toHaveLength(1);
    const up = mc.uploads[0]!;
    const date = new Date(Date.now() - 2 * 3_600_000).toISOString().slice(0, 10);
    expect(up.name).toBe(`Night Shift (${date})`);
    expect(up.description).toBe('Three hours of slow techno.');
    expect(up.tags).toEqual(['Community radio', 'Late night']);
    expect(up.sections).toEqual([
      { artist: 'Artist 1', song: 'Song 1', start_time: 0 },
      { artist: 'Artist 2', song: 'Song 2', start_time: 600 },
      { artist: 'Artist 3', song: 'Song 3', start_time: 1200 },
      { artist: 'Artist 4', song: 'Song 4', start_time: 1800 },
    ]);
    expect(up.mp3).toMatchObject({ bytes: AUDIO.length, type: 'audio/mpeg' });
    expect(up.picture).toEqual({ bytes: PNG.length, type: 'image/png' });
    const done = await stateOf(ids.night!);
    expect(done).toMatchObject({ state: 'uploaded', url: 'https://www.mixcloud.com/airdeck-station/night-shift-' + date.replace(/-/g, '-') + '/' });
    // Staff see it beside the episode.
    const staff = (await request(t.url, '/api/listen-again/episodes', { token: owner.token })).body.episodes as { id: string; mixcloud: { state: string } | null }[];
    expect(staff.find((e) => e.id === ids.night)?.mixcloud?.state).toBe('uploaded');
    // Nothing is sent twice.
    expect(await mixcloudRound(t.server.ctx)).toBe(0);
  });

  it('an episode awaiting approval is published once its presenter approves it; removing the token stops uploads', async () => {
    expect((await request(t.url, `/api/listen-again/episodes/${ids.pending}`, { method: 'PATCH', token: presenter.token, body: { approved: true } })).status).toBe(200);
    expect(await mixcloudRound(t.server.ctx)).toBe(1);
    expect(mc.uploads.map((u) => u.name.replace(/ \(.*/, ''))).toEqual(['Night Shift', 'Awaiting Approval']);
    expect(await stateOf(ids.pending!)).toMatchObject({ state: 'uploaded' });

    expect((await request(t.url, '/api/listen-again/mixcloud', { method: 'DELETE', token: owner.token })).status).toBe(204);
    expect(await status()).toMatchObject({ configured: false, token: null });
    await episode({ title: 'After Removal' });
    expect(await mixcloudRound(t.server.ctx)).toBe(0);
    expect(mc.requests()).toBe(3);
  });
});
