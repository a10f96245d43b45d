import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVALID_ACTION_MESSAGE,
  PublicApiErrorSchema,
  SongRequestApiResponseSchema,
  SongRequestApiSearchResponseSchema,
  SongRequestApiSpotifyResponseSchema,
} from '../../shared/song-request-api';
import { startFakeSpotify, type FakeSpotify } from '../support/fake-services';
import { request, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let withSpotify: TestServer;
let spotify: FakeSpotify;

const body = (over: Record<string, unknown> = {}) => ({ artist: 'API Artist', title: `API Song ${randomBytes(4).toString('hex')}`, requester: 'Bot Listener', ...over });
const post = (path: string, b: unknown, headers: Record<string, string> = {}, server = () => t) => request(server().url, path, { method: 'POST', body: b, headers });

function expectPublicError(res: { status: number; body: unknown }, status: number, message: string) {
  expect(res.status).toBe(status);
  const parsed = PublicApiErrorSchema.parse(res.body);
  expect(parsed.message).toBe(message);
  expect(parsed.error.message).toBe(message);
}

beforeAll(async () => {
  t = await startTestServer({ env: { REQUEST_LIMIT_SESSION: '2', REQUEST_LIMIT_IP: '1000', SEARCH_LIMIT_PER_MINUTE: '1000' } });
  await t.server.ctx.knex('tracks').insert([
    { track_key: 'a1', title: 'Wonderwall', artist: 'Oasis', album: "(What's the Story) Morning Glory?" },
    { track_key: 'a2', title: 'Live Forever', artist: 'Oasis', album: 'Definitely Maybe' },
  ]);
  spotify = await startFakeSpotify({
    clientId: 'sp-id',
    clientSecret: 'sp-secret',
    catalog: [
      { id: '5qqabIl2vWzo9ApSC317sa', name: 'Wonderwall', artists: ['Oasis'], album: "(What's The Story) Morning Glory?" },
      { id: '1Dz8iYrCv0yxnnqXSBYOYO', name: 'Wonderwall', artists: ['Ryan Adams'], album: 'Love Is Hell' },
    ],
  });
  withSpotify = await startTestServer({
    env: { SPOTIFY_CLIENT_ID: 'sp-id', SPOTIFY_CLIENT_SECRET: 'sp-secret', SPOTIFY_API_URL: spotify.url, SPOTIFY_ACCOUNTS_URL: spotify.url, EXTERNAL_TIMEOUT_MS: '3000', SEARCH_LIMIT_PER_MINUTE: '1000' },
  });
});
afterAll(async () => {
  await t?.close();
  await withSpotify?.close();
  await spotify?.close();
});

describe('POST /song-request-api', () => {
  it('creates a pending request and answers success, data{request_id, status, submitted_at} and message, at both addresses', async () => {
    for (const path of ['/song-request-api', '/api/public/song-request-api']) {
      const b = body({ message: 'From our Discord bot', request_type: 'custom' });
      const res = await post(path, b);
      expect(res.status).toBe(201);
      const parsed = SongRequestApiResponseSchema.parse(res.body);
      expect(parsed).toEqual({ success: true, data: { request_id: expect.any(String), status: 'pending', submitted_at: expect.any(String) }, message: 'Song request submitted successfully' });
      const row = await t.server.ctx.knex('song_requests').where({ id: parsed.data.request_id }).first();
      expect(row).toMatchObject({ artist: 'API Artist', title: b.title, requester: 'Bot Listener', message: 'From our Discord bot', request_type: 'custom', source: 'api', status: 'pending' });
    }
  });

  it("defaults request_type to 'song'", async () => {
    const res = await post('/song-request-api', body());
    const row = await t.server.ctx.knex('song_requests').where({ id: res.body.data.request_id }).first();
    expect(row.request_type).toBe('song');
  });

  it('answers every validation problem with its message and the public error shape', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ artist: undefined }, 'Artist is required'],
      [{ artist: '   ' }, 'Artist is required'],
      [{ title: undefined }, 'Title is required'],
      [{ title: '' }, 'Title is required'],
      [{ requester: undefined }, 'Requester is required'],
      [{ requester: '' }, 'Requester is required'],
      [{ artist: 'x'.repeat(201) }, 'Artist must be at most 200 characters.'],
      [{ title: 'x'.repeat(201) }, 'Title must be at most 200 characters.'],
      [{ requester: 'x'.repeat(101) }, 'Requester must be at most 100 characters.'],
      [{ message: 'x'.repeat(501) }, 'Message must be at most 500 characters.'],
      [{ message: 42 }, 'Message must be text.'],
      [{ request_type: 'remix' }, "Request type must be 'song' or 'custom'."],
      [{ title: 'Nul\u0000Byte' }, 'Title contains characters that are not allowed.'],
      [{ artist: 12 }, 'Artist is required'],
    ];
    for (const [over, message] of cases) expectPublicError(await post('/song-request-api', body(over)), 400, message);
  });

  it('refuses a body that is not JSON, and broken JSON, in the same shape', async () => {
    const form = await request(t.url, '/song-request-api', { method: 'POST', body: 'artist=a', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expectPublicError(form, 415, 'Send the request body as JSON (Content-Type: application/json).');
    const broken = await request(t.url, '/api/public/song-request-api', { method: 'POST', body: '{"artist":', headers: { 'Content-Type': 'application/json' } });
    expectPublicError(broken, 400, 'The request body is not valid JSON.');
  });

  it('applies the repeat rule, the per-session limit and Requests are closed like the website', async () => {
    const b = body();
    expect((await post('/song-request-api', b)).status).toBe(201);
    expectPublicError(await post('/song-request-api', { ...b, requester: 'Someone Else' }), 409, 'This song was already requested in the last 60 minutes. Please choose another song.');

    const s = { 'X-Session-Id': `session_${randomBytes(6).toString('hex')}` };
    expect((await post('/song-request-api', body(), s)).status).toBe(201);
    expect((await post('/song-request-api', body(), s)).status).toBe(201);
    const limited = await post('/song-request-api', body(), s);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    expect(PublicApiErrorSchema.parse(limited.body).error.details?.retryAfter).toBeGreaterThan(0);
    expectPublicError(await post('/song-request-api', body(), { 'X-Session-Id': 'bad id!' }), 400, 'X-Session-Id must be 8 to 128 letters, digits, - or _.');

    await t.server.ctx.knex('station_settings').where({ id: 1 }).update({ settings: JSON.stringify({ requestsOpen: false }) });
    // Written behind the server's back: announce it as a save does, so every instance drops its cached settings.
    await t.server.ctx.bus.publish({ channel: 'content', name: 'station.updated', data: {} });
    try {
      expectPublicError(await post('/song-request-api', body()), 403, 'Requests are closed');
    } finally {
      await t.server.ctx.knex('station_settings').where({ id: 1 }).update({ settings: JSON.stringify({}) });
    // Written behind the server's back: announce it as a save does, so every instance drops its cached settings.
    await t.server.ctx.bus.publish({ channel: 'content', name: 'station.updated', data: {} });
    }
  });

  it('returns the original request for a repeated Idempotency-Key', async () => {
    const b = body();
    const key = `bot-${randomBytes(8).toString('hex')}`;
    const first = await post('/song-request-api', b, { 'Idempotency-Key': key });
    const again = await post('/song-request-api', b, { 'Idempotency-Key': key });
    expect(again.status).toBe(201);
    expect(again.body.data).toEqual(first.body.data);
    expect(again.body.message).toBe('Song request already received');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expectPublicError(await post('/song-request-api', body(), { 'Idempotency-Key': key }), 409, 'This Idempotency-Key was already used for a different request.');
  });

  it('is open to every origin without credentials, including the preflight for Idempotency-Key', async () => {
    const pre = await fetch(`${t.url}/song-request-api`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://bot.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,idempotency-key,x-session-id' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('idempotency-key');
    expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
    const res = await post('/api/public/song-request-api', body(), { Origin: 'https://bot.example' });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe("the website's Spotify search", () => {
  it('tells the song request page whether Spotify search is set up', async () => {
    expect((await request(t.url, '/api/spotify/status')).body).toEqual({ available: false });
    expect((await request(withSpotify.url, '/api/spotify/status')).body).toEqual({ available: true });
  });

  it("answers 503 not_configured without credentials, so the page can fall back to local search", async () => {
    const res = await request(t.url, '/api/spotify/search?q=wonderwall');
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('not_configured');
  });

  it('returns mapped tracks when configured, and needs text', async () => {
    const res = await request(withSpotify.url, '/api/spotify/search?q=ryan%20adams');
    expect(res.status).toBe(200);
    expect(res.body.tracks.map((x: { artist: string }) => x.artist)).toEqual(['Ryan Adams']);
    expect((await request(withSpotify.url, '/api/spotify/search?q=')).body.error.message).toBe('Please enter something to search for.');
  });
});

describe('GET /song-request-api', () => {
  it('searches the library with action=search', async () => {
    const res = await request(t.url, '/song-request-api?action=search&query=oasis');
    expect(res.status).toBe(200);
    const parsed = SongRequestApiSearchResponseSchema.parse(res.body);
    expect(parsed.data.total).toBe(2);
    expect(parsed.message).toBe('Found 2 tracks');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const none = await request(t.url, '/api/public/song-request-api?action=search&query=zzzz');
    expect(none.body).toEqual({ success: true, data: { tracks: [], total: 0 }, message: 'No tracks found' });
  });

  it('explains a missing or unknown action and missing parameters', async () => {
    expectPublicError(await request(t.url, '/song-request-api'), 400, INVALID_ACTION_MESSAGE);
    expectPublicError(await request(t.url, '/song-request-api?action=delete'), 400, INVALID_ACTION_MESSAGE);
    expectPublicError(await request(t.url, '/song-request-api?action=search'), 400, 'The query parameter is required.');
    expectPublicError(await request(t.url, '/song-request-api?action=search&query=a&limit=500'), 400, 'The limit must be a number from 1 to 50.');
    expectPublicError(await request(t.url, '/song-request-api?action=spotify-search'), 503, 'Spotify search is not configured on this station. Search our library or request a custom song instead.');
  });

  it('searches Spotify by artist and title when configured', async () => {
    const res = await request(withSpotify.url, '/song-request-api?action=spotify-search&artist=Oasis&title=Wonderwall');
    expect(res.status).toBe(200);
    const parsed = SongRequestApiSpotifyResponseSchema.parse(res.body);
    expect(parsed.data.tracks).toEqual([
      { id: '5qqabIl2vWzo9ApSC317sa', title: 'Wonderwall', artist: 'Oasis', album: "(What's The Story) Morning Glory?", art: 'https://i.scdn.co/image/5qqabIl2vWzo9ApSC317sa-300', link: 'https://open.spotify.com/track/5qqabIl2vWzo9ApSC317sa', duration_ms: 215000 },
    ]);
    expect(spotify.requests.at(-1)!.query.get('q')).toBe('track:"Wonderwall" artist:"Oasis"');
    expectPublicError(await request(withSpotify.url, '/song-request-api?action=spotify-search'), 400, 'Give an artist or a title to search for.');
  });

  it('turns Spotify failures into 502, and its rate limit into 503 with Retry-After', async () => {
    spotify.searchFaults.push({ kind: 'status', status: 500 }, { kind: 'status', status: 500 });
    expectPublicError(await request(withSpotify.url, '/song-request-api?action=spotify-search&title=Wonderwall'), 502, 'Failed to search Spotify. Please try again or use local search.');
    spotify.searchFaults.push({ kind: 'rate-limit', retryAfterSeconds: 30 });
    const limited = await request(withSpotify.url, '/song-request-api?action=spotify-search&title=Wonderwall');
    expectPublicError(limited, 503, 'Failed to search Spotify. Please try again or use local search.');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(29);
  });
});

describe('OpenAPI', () => {
  it('documents the body, response and error schemas the route parses with, and both addresses', async () => {
    const doc = (await request(t.url, '/api/openapi.json')).body;
    const item = doc.paths['/song-request-api'];
    expect(item.post.description).toContain('Also served at /api/public/song-request-api.');
    const schema = item.post.requestBody.content['application/json'].schema;
    expect(schema.required.sort()).toEqual(['artist', 'requester', 'title']);
    expect(schema.properties.request_type).toMatchObject({ enum: ['song', 'custom'], default: 'song' });
    expect(schema.properties.artist.maxLength).toBe(200);
    expect(Object.keys(item.post.responses)).toEqual(expect.arrayContaining(['201', '400', '403', '409', '415', '429']));
    expect(item.post.parameters.map((p: { name: string }) => p.name)).toEqual(['Idempotency-Key', 'X-Session-Id']);
    const action = item.get.parameters.find((p: { name: string }) => p.name === 'action');
    expect(action).toMatchObject({ required: true, schema: { enum: ['search', 'spotify-search'] } });
    expect(item.get.parameters.find((p: { name: string }) => p.name === 'query').required).toBe(false);
    expect(JSON.stringify(doc)).not.toContain('$schema');
  });
});
