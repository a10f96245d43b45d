import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '../../shared/realtime';
import { ROLES } from '../../shared/permissions';
import { createUser } from '../support/auth';
import { request, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let clock = Date.parse('2025-03-10T12:00:00Z');
const events: RealtimeEvent[] = [];
const trackIds: Record<string, string> = {};

const session = () => `session_${randomBytes(6).toString('hex')}`;
const song = (over: Record<string, unknown> = {}) => ({ title: `Song ${randomBytes(4).toString('hex')}`, artist: 'Test Artist', requester: 'Sam', user_session: session(), ...over });

beforeAll(async () => {
  t = await startTestServer({ env: { REQUEST_LIMIT_SESSION: '3', REQUEST_LIMIT_IP: '1000', REQUEST_REPEAT_MINUTES: '60', SEARCH_LIMIT_PER_MINUTE: '1000' }, now: () => clock });
  t.server.ctx.bus.subscribe((e) => events.push(e));
  const rows = await t.server.ctx.knex('tracks')
    .insert([
      { track_key: 'k1', title: 'Mr. Brightside', artist: 'The Killers', album: 'Hot Fuss' },
      { track_key: 'k2', title: 'Hot Stuff', artist: 'Donna Summer', album: 'Bad Girls' },
      { track_key: 'k3', title: 'Somebody Told Me', artist: 'The Killers', album: 'Hot Fuss' },
      { track_key: 'k4', title: '100% Pure Love', artist: 'Crystal Waters', album: 'Storyteller' },
      { track_key: 'k5', title: 'Hyperballad', artist: 'Björk', album: 'Post' },
      { track_key: 'k6', title: 'Àṣẹ', artist: 'Ngozi Adébáyọ̀', album: 'Ọmọ' },
    ])
    .returning<{ id: string; title: string }[]>(['id', 'title']);
  for (const r of rows) trackIds[r.title] = r.id;
  for (const role of ['moderator', 'presenter'] as const) staffIds.push((await createUser(t, { role })).id);
});
afterAll(() => t?.close());
const staffIds: string[] = [];

const post = (path: string, body: unknown, headers: Record<string, string> = {}) => request(t.url, path, { method: 'POST', body, headers });

describe('local track search', () => {
  it('finds tracks by title, artist or album, case-insensitively, best title matches first', async () => {
    const byAlbum = await request(t.url, '/api/tracks/search?q=hot%20FUSS');
    expect(byAlbum.status).toBe(200);
    expect(byAlbum.body.tracks.map((x: { title: string }) => x.title).sort()).toEqual(['Mr. Brightside', 'Somebody Told Me']);
    const hot = await request(t.url, '/api/tracks/search?q=hot');
    expect(hot.body.tracks[0].title).toBe('Hot Stuff');
    expect(hot.body.tracks).toHaveLength(3);
    expect(Object.keys(hot.body.tracks[0]).sort()).toEqual(['album', 'artist', 'artwork_url', 'id', 'title']);
  });

  it('ignores accents both ways (issue 38 item 9): "bjork" finds Björk, "BJÖRK" too, "adebayo" finds Adébáyọ̀', async () => {
    const titles = async (q: string) => (await request(t.url, `/api/tracks/search?q=${encodeURIComponent(q)}`)).body.tracks.map((x: { title: string }) => x.title);
    expect(await titles('bjork')).toEqual(['Hyperballad']);
    expect(await titles('BJÖRK')).toEqual(['Hyperballad']);
    expect(await titles('adebayo')).toEqual(['Àṣẹ']);
    expect(await titles('ase')).toEqual(['Àṣẹ']);
    expect(await titles('omo')).toEqual(['Àṣẹ']);
  });

  it('takes % and _ literally and needs non-empty text', async () => {
    expect((await request(t.url, '/api/tracks/search?q=100%25')).body.tracks.map((x: { title: string }) => x.title)).toEqual(['100% Pure Love']);
    expect((await request(t.url, '/api/tracks/search?q=%25')).body.tracks).toHaveLength(1);
    const empty = await request(t.url, '/api/tracks/search?q=%20%20');
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('Please enter something to search for.');
    expect((await request(t.url, `/api/tracks/search?q=${'a'.repeat(101)}`)).status).toBe(400);
  });
});

describe('song requests from the website', () => {
  it('creates a pending request with the session id, notifies every role that manages requests, and pushes it to the queues', async () => {
    events.length = 0;
    const body = song({ message: 'For my mum' });
    const res = await post('/api/requests/song', body);
    expect(res.status).toBe(201);
    expect(res.body.request).toMatchObject({ title: body.title, artist: 'Test Artist', requester: 'Sam', message: 'For my mum', status: 'pending', request_type: 'song', source: 'website' });
    expect(res.body.request.user_session).toBeUndefined();
    const row = await t.server.ctx.knex('song_requests').where({ id: res.body.request.id }).first();
    expect(row.user_session).toBe(body.user_session);
    const note = await t.server.ctx.knex('admin_notifications').where({ related_id: res.body.request.id }).first();
    expect(note).toMatchObject({ type: 'song_request', related_type: 'song_request', title: 'New Song Request' });
    expect([...note.target_roles].sort()).toEqual([...ROLES].sort());
    await expect.poll(() => events.length).toBeGreaterThanOrEqual(2);
    expect(events.find((e) => e.channel === 'requests')).toMatchObject({ name: 'request.created', data: { kind: 'song', request: { id: res.body.request.id } } });
    const pushed = events.find((e) => e.channel === 'notifications');
    expect(pushed).toMatchObject({ name: 'notification.created', data: { type: 'song_request', related_id: res.body.request.id } });
    // Pushed to exactly the active staff accounts (every role may manage requests).
    expect([...pushed!.userIds!].sort()).toEqual([...staffIds].sort());
  });

  it('answers each bad field with a clear 400', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ requester: '' }, 'Please enter your name'],
      [{ requester: undefined }, 'Please enter your name'],
      [{ title: '  ' }, 'Please enter both song title and artist'],
      [{ artist: '' }, 'Please enter both song title and artist'],
      [{ user_session: 'x' }, 'The session id is not valid.'],
      [{ user_session: undefined }, 'A session id is required.'],
      [{ title: 'a'.repeat(201) }, 'Song title must be at most 200 characters.'],
      [{ requester: 'a'.repeat(101) }, 'Name must be at most 100 characters.'],
      [{ message: 'a'.repeat(501) }, 'Message must be at most 500 characters.'],
      [{ requester: 'Sam\u0000' }, 'Name contains characters that are not allowed.'],
      [{ request_type: 'album' }, "Request type must be 'song' or 'custom'."],
      [{ spotify_url: 'https://evil.example/track/abc' }, 'The Spotify link must be an open.spotify.com track link.'],
      [{ track_id: 'nope' }, 'The chosen track is not valid.'],
    ];
    for (const [over, message] of cases) {
      const res = await post('/api/requests/song', song(over));
      expect(res.status, message).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
  });

  it('refuses a 5 MB name before reading it', async () => {
    const res = await post('/api/requests/song', song({ requester: 'a'.repeat(5 * 1024 * 1024) }));
    expect(res.status).toBe(413);
  });

  it('appends the chosen Spotify link to the message and keeps it', async () => {
    const url = 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC';
    const res = await post('/api/requests/song', song({ message: 'Loud please', spotify_url: url }));
    expect(res.status).toBe(201);
    expect(res.body.request.message).toBe(`Loud please\n\nSpotify: ${url}`);
    expect(res.body.request.external_url).toBe(url);
    const bare = await post('/api/requests/song', song({ spotify_url: url }));
    expect(bare.body.request.message).toBe(`Spotify: ${url}`);
  });

  it('takes title and artist from the library for a picked track; an unknown track is refused', async () => {
    const res = await post('/api/requests/song', song({ track_id: trackIds['Hot Stuff'], title: 'whatever', artist: 'whoever' }));
    expect(res.status).toBe(201);
    expect(res.body.request).toMatchObject({ title: 'Hot Stuff', artist: 'Donna Summer', track_id: trackIds['Hot Stuff'] });
    const gone = await post('/api/requests/song', song({ track_id: '00000000-0000-4000-8000-000000000000' }));
    expect(gone.status).toBe(400);
    expect(gone.body.error.message).toBe('The chosen track is no longer in our library. Please search again.');
  });

  it('accepts a custom song', async () => {
    const res = await post('/api/requests/song', song({ request_type: 'custom', title: 'Unreleased Demo', artist: 'Local Band' }));
    expect(res.status).toBe(201);
    expect(res.body.request.request_type).toBe('custom');
  });
});

describe('fairness', () => {
  it('refuses the same song again within the interval, whatever the case, accents or punctuation, and allows it after', async () => {
    const first = await post('/api/requests/song', song({ title: 'Déjà Vu', artist: 'Beyoncé & Jay-Z' }));
    expect(first.status).toBe(201);
    const again = await post('/api/requests/song', song({ title: 'deja vu!', artist: 'BEYONCE and jay z' }));
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('This song was already requested in the last 60 minutes. Please choose another song.');
    clock += 61 * 60_000;
    expect((await post('/api/requests/song', song({ title: 'Deja Vu', artist: 'Beyonce & Jay-Z' }))).status).toBe(201);
  });

  it('holds the repeat window for exactly REQUEST_REPEAT_MINUTES (60): refused at 59:59, accepted at 60:00', async () => {
    const title = `Boundary ${randomBytes(3).toString('hex')}`;
    expect((await post('/api/requests/song', song({ title }))).status).toBe(201);
    clock += 59 * 60_000 + 59_000;
    const late = await post('/api/requests/song', song({ title }));
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe('This song was already requested in the last 60 minutes. Please choose another song.');
    clock += 1_000;
    expect((await post('/api/requests/song', song({ title }))).status).toBe(201);
    // And the window starts again from that request.
    clock += 30 * 60_000;
    expect((await post('/api/requests/song', song({ title }))).status).toBe(409);
    clock += 30 * 60_000;
  });

  it('counts the session limit for each kind apart: songs, shoutouts and general requests', async () => {
    const s = session();
    const shoutout = () => ({ requester_name: 'Sam', recipient_name: 'Mum', message: 'Happy birthday', user_session: s });
    const general = () => ({ name: 'Sam', email: 'sam@example.com', subject: 'feedback', message: 'Love the show', user_session: s });
    for (let i = 0; i < 3; i++) expect((await post('/api/requests/song', song({ user_session: s }))).status).toBe(201);
    expect((await post('/api/requests/song', song({ user_session: s }))).status).toBe(429);
    // Three songs used up: shoutouts and general requests still have their own three each.
    for (let i = 0; i < 3; i++) expect((await post('/api/requests/shoutout', shoutout())).status).toBe(201);
    expect((await post('/api/requests/shoutout', shoutout())).status).toBe(429);
    for (let i = 0; i < 3; i++) expect((await post('/api/requests/general', general())).status).toBe(201);
    expect((await post('/api/requests/general', general())).status).toBe(429);
  });

  it('does not count a song refused as a repeat against the session quota (issue #38 item 7)', async () => {
    const taken = `Taken ${randomBytes(3).toString('hex')}`;
    expect((await post('/api/requests/song', song({ title: taken }))).status).toBe(201);
    const s = session();
    // Five refusals from one session: nothing was sent, so nothing is used up (the limit here is 3).
    for (let i = 0; i < 5; i++) {
      const refused = await post('/api/requests/song', song({ title: taken, user_session: s }));
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toBe('This song was already requested in the last 60 minutes. Please choose another song.');
    }
    // The session still has its three requests, and only three.
    for (let i = 0; i < 3; i++) expect((await post('/api/requests/song', song({ user_session: s }))).status).toBe(201);
    expect((await post('/api/requests/song', song({ user_session: s }))).status).toBe(429);
  });

  it('lets only one of several simultaneous requests for the same song in', async () => {
    const title = `Race ${randomBytes(3).toString('hex')}`;
    const results = await Promise.all(Array.from({ length: 6 }, () => post('/api/requests/song', song({ title }))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await t.server.ctx.knex('song_requests').where({ title }).count({ n: '*' }).first()).toEqual({ n: 1 });
  });

  it('limits one session, with Retry-After', async () => {
    const s = session();
    for (let i = 0; i < 3; i++) expect((await post('/api/requests/song', song({ user_session: s }))).status).toBe(201);
    const fourth = await post('/api/requests/song', song({ user_session: s }));
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(fourth.body.error.message).toMatch(/^Too many requests\. Please wait \d+ (seconds?|minutes?) and try again\.$/);
    // Another browser is not held back.
    expect((await post('/api/requests/song', song())).status).toBe(201);
  });

  it('makes a retried POST with the same Idempotency-Key return the original, once', async () => {
    const key = `key-${randomBytes(8).toString('hex')}`;
    const body = song();
    // Three copies at once (within the session's limit of 3), then retries after the session is used up.
    const replies = await Promise.all(Array.from({ length: 3 }, () => post('/api/requests/song', body, { 'Idempotency-Key': key })));
    for (let i = 0; i < 4; i++) replies.push(await post('/api/requests/song', body, { 'Idempotency-Key': key }));
    expect(replies.map((r) => r.status)).toEqual(Array(7).fill(201));
    expect(new Set(replies.map((r) => r.body.request.id)).size).toBe(1);
    expect(replies.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(6);
    expect(await t.server.ctx.knex('song_requests').where({ client_key: key }).count({ n: '*' }).first()).toEqual({ n: 1 });
  });

  it('refuses a key reused for another song, and a malformed key', async () => {
    const key = `key-${randomBytes(8).toString('hex')}`;
    expect((await post('/api/requests/song', song(), { 'Idempotency-Key': key })).status).toBe(201);
    const other = await post('/api/requests/song', song(), { 'Idempotency-Key': key });
    expect(other.status).toBe(409);
    expect(other.body.error.message).toBe('This Idempotency-Key was already used for a different request.');
    const bad = await post('/api/requests/song', song(), { 'Idempotency-Key': 'no spaces allowed' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Idempotency-Key must be 8 to 128 letters, digits or the characters - _ . :');
  });

  it("answers 'Requests are closed' for songs and shoutouts when the station closes them; contact stays open", async () => {
    const knex = t.server.ctx.knex;
    await knex('station_settings').where({ id: 1 }).update({ settings: JSON.stringify({ requestsOpen: false }) });
    // Written behind the server's back: announce it as a save does, so every instance drops its cached settings.
    await t.server.ctx.bus.publish({ channel: 'content', name: 'station.updated', data: {} });
    try {
      const songRes = await post('/api/requests/song', song());
      expect(songRes.status).toBe(403);
      expect(songRes.body.error.message).toBe('Requests are closed');
      const shout = await post('/api/requests/shoutout', { requester_name: 'A', recipient_name: 'B', message: 'Hi', user_session: session() });
      expect(shout.status).toBe(403);
      expect(shout.body.error.message).toBe('Requests are closed');
      const general = await post('/api/requests/general', { name: 'A', email: 'a@example.com', subject: 'feedback', message: 'Still here', user_session: session() });
      expect(general.status).toBe(201);
    } finally {
      await knex('station_settings').where({ id: 1 }).update({ settings: JSON.stringify({}) });
    // Written behind the server's back: announce it as a save does, so every instance drops its cached settings.
    await t.server.ctx.bus.publish({ channel: 'content', name: 'station.updated', data: {} });
    }
  });
});

describe('shoutout requests', () => {
  const shout = (over: Record<string, unknown> = {}) => ({ requester_name: 'Alex', recipient_name: 'Jo', message: 'Happy birthday!', user_session: session(), ...over });

  it('creates a pending shoutout and notifies staff', async () => {
    const res = await post('/api/requests/shoutout', shout());
    expect(res.status).toBe(201);
    expect(res.body.request).toMatchObject({ requester_name: 'Alex', recipient_name: 'Jo', message: 'Happy birthday!', status: 'pending' });
    const note = await t.server.ctx.knex('admin_notifications').where({ related_id: res.body.request.id }).first();
    expect(note.type).toBe('shoutout_request');
  });

  it('treats 250 characters as guidance only, but has a hard limit', async () => {
    expect((await post('/api/requests/shoutout', shout({ message: 'x'.repeat(600) }))).status).toBe(201);
    const long = await post('/api/requests/shoutout', shout({ message: 'x'.repeat(1001) }));
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe('Message must be at most 1000 characters.');
  });

  it('requires every field', async () => {
    for (const [over, message] of [
      [{ requester_name: '' }, 'Please enter your name'],
      [{ recipient_name: ' ' }, 'Please enter who the shoutout is for'],
      [{ message: '' }, 'Please enter your shoutout message'],
    ] as const) {
      const res = await post('/api/requests/shoutout', shout(over));
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
  });
});

describe('general requests', () => {
  const general = (over: Record<string, unknown> = {}) => ({ name: 'Pat', email: 'pat@example.com', subject: 'advertising', message: 'Can we sponsor a show?', user_session: session(), ...over });

  it('creates a pending inquiry and notifies staff', async () => {
    const res = await post('/api/requests/general', general());
    expect(res.status).toBe(201);
    expect(res.body.request).toMatchObject({ name: 'Pat', email: 'pat@example.com', subject: 'advertising', status: 'pending' });
    const note = await t.server.ctx.knex('admin_notifications').where({ related_id: res.body.request.id }).first();
    expect(note).toMatchObject({ type: 'general_request', message: 'Pat wrote about: Advertising' });
  });

  it('checks the email, the subject and every field', async () => {
    for (const [over, message] of [
      [{ email: 'not-an-email' }, 'Please enter a valid email address.'],
      [{ subject: 'complaint' }, 'Please choose a subject.'],
      [{ name: '' }, 'Please enter your name'],
      [{ message: '' }, 'Please enter your message'],
      [{ message: 'x'.repeat(5001) }, 'Message must be at most 5000 characters.'],
    ] as const) {
      const res = await post('/api/requests/general', general(over));
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
  });
});

describe('limits per address', () => {
  let small: TestServer;
  beforeAll(async () => {
    small = await startTestServer({ env: { REQUEST_LIMIT_SESSION: '100', REQUEST_LIMIT_IP: '2' } });
  });
  afterAll(() => small?.close());

  it('holds back one address even when it changes session every time', async () => {
    const go = () => request(small.url, '/api/requests/shoutout', { method: 'POST', body: { requester_name: 'A', recipient_name: 'B', message: 'C', user_session: session() } });
    expect((await go()).status).toBe(201);
    expect((await go()).status).toBe(201);
    const third = await go();
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBeTruthy();
  });
});
