import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * Issue 20: song requests answered before the middleware chain (server/src/requests/fast-lane.ts) must be
 * indistinguishable from the chain's answers: the same headers, the same texts, every rule applied once.
 */
let t: TestServer;
const ORIGIN = 'https://bot.example';
const song = (over: Record<string, unknown> = {}) => ({ artist: 'Lane Artist', title: `Lane Song ${randomBytes(4).toString('hex')}`, requester: 'Lane Listener', ...over });
const post = (path: string, b: unknown, headers: Record<string, string> = {}) => request(t.url, path, { method: 'POST', body: b, headers });

/** Every header but the ones that differ per answer anyway. */
function stableHeaders(h: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  h.forEach((v, k) => {
    if (k !== 'x-request-id' && k !== 'date' && k !== 'content-length') out[k] = v;
  });
  return out;
}

const answered = () => t.server.built.requestLane.answered;
const stored = (title: string) => t.server.ctx.knex('song_requests').where({ title }).count<{ n: string }[]>({ n: '*' }).then((r) => Number(r[0]!.n));

beforeAll(async () => {
  t = await startTestServer({ env: { REQUEST_LIMIT_SESSION: '2', REQUEST_LIMIT_IP: '1000' } });
});
afterAll(async () => {
  await t?.close();
});

describe('song requests before the middleware chain', () => {
  it('answers the public API with the very headers and body shape the chain sent, each request stored once', async () => {
    const before = answered();
    const first = await post('/song-request-api', song(), { Origin: ORIGIN });
    const s2 = song();
    const second = await post('/song-request-api', s2, { Origin: ORIGIN, 'X-Request-Id': 'lane-test-1' });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(answered()).toBe(before + 1);
    expect(stableHeaders(second.headers)).toEqual(stableHeaders(first.headers));
    expect(second.headers.get('access-control-allow-origin')).toBe('*');
    expect(second.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(second.headers.get('x-content-type-options')).toBe('nosniff');
    expect(second.headers.get('x-request-id')).toBe('lane-test-1');
    expect(second.body).toEqual({ success: true, data: { request_id: expect.any(String), status: 'pending', submitted_at: expect.any(String) }, message: 'Song request submitted successfully' });
    expect(await stored(s2.title)).toBe(1);
    // A request without an Origin gets the chain's answer for that case first, then the lane's, alike.
    const plain = await post('/song-request-api', song());
    const lane = answered();
    const plain2 = await post('/song-request-api', song());
    expect(answered()).toBe(lane + 1);
    expect(stableHeaders(plain2.headers)).toEqual(stableHeaders(plain.headers));
  });

  it('replays an Idempotency-Key as the chain does, and refuses the key for another song', async () => {
    const b = song();
    const key = `lane-key-${randomBytes(4).toString('hex')}`;
    const made = await post('/song-request-api', b, { 'Idempotency-Key': key });
    const again = await post('/song-request-api', b, { 'Idempotency-Key': key });
    const third = await post('/song-request-api', b, { 'Idempotency-Key': key });
    expect([made.status, again.status, third.status]).toEqual([201, 201, 201]);
    expect(made.headers.get('idempotent-replayed')).toBeNull();
    for (const r of [again, third]) {
      expect(r.headers.get('idempotent-replayed')).toBe('true');
      expect(r.body.message).toBe('Song request already received');
      expect(r.body.data.request_id).toBe(made.body.data.request_id);
    }
    expect(stableHeaders(third.headers)).toEqual(stableHeaders(again.headers));
    expect(await stored(b.title)).toBe(1);
    const other = await post('/song-request-api', song(), { 'Idempotency-Key': key });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ success: false, message: 'This Idempotency-Key was already used for a different request.' });
  });

  it('keeps every refusal the chain makes once the lane is warm, in the public error shape', async () => {
    await post('/song-request-api', song());
    await post('/song-request-api', song());
    const notJson = await request(t.url, '/song-request-api', { method: 'POST', body: '{"artist": "A",', headers: { 'Content-Type': 'application/json' } });
    expect(notJson.status).toBe(400);
    expect(notJson.body).toMatchObject({ success: false, message: 'The request body is not valid JSON.' });
    const poisoned = await request(t.url, '/song-request-api', { method: 'POST', body: `{"__proto__": {"x": 1}, "artist": "A", "title": "T", "requester": "R"}`, headers: { 'Content-Type': 'application/json' } });
    expect(poisoned.status).toBe(400);
    expect(poisoned.body.message).toBe('The request body is not valid JSON.');
    const lone = await request(t.url, '/song-request-api', { method: 'POST', body: '{"artist": "A\\ud83d", "title": "T", "requester": "R"}', headers: { 'Content-Type': 'application/json' } });
    expect(lone.status).toBe(400);
    expect(lone.body.message).toBe('The request contains text that is not valid Unicode.');
    const missing = await post('/song-request-api', { title: 'Only a title', requester: 'R' });
    expect(missing.status).toBe(400);
    expect(missing.body.success).toBe(false);
    const badSession = await post('/song-request-api', song(), { 'X-Session-Id': 'no' });
    expect(badSession.status).toBe(400);
    expect(badSession.body.message).toBe('X-Session-Id must be 8 to 128 letters, digits, - or _.');
    const text = await request(t.url, '/song-request-api', { method: 'POST', body: 'artist=A', headers: { 'Content-Type': 'text/plain' } });
    expect(text.status).toBe(415);
  });

  it('counts a session once per request and refuses the third within the window', async () => {
    const session = `lane_${randomBytes(6).toString('hex')}`;
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < 3; i++) {
      last = await post('/song-request-api', song(), { 'X-Session-Id': session });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([201, 201, 429]);
    expect(last!.body.message).toMatch(/^Too many requests\. Please wait \d+ (seconds?|minutes?) and try again\.$/);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses the same song asked for again within the hour', async () => {
    const b = song();
    expect((await post('/song-request-api', b)).status).toBe(201);
    const repeat = await post('/song-request-api', { ...b, requester: 'Someone Else' });
    expect(repeat.status).toBe(409);
    expect(repeat.body.message).toBe('This song was already requested in the last 60 minutes. Please choose another song.');
  });

  it("answers the website's own song request alike", async () => {
    const before = answered();
    const first = await post('/api/requests/song', { ...song(), user_session: `web_${randomBytes(6).toString('hex')}` });
    const b = { ...song(), user_session: `web_${randomBytes(6).toString('hex')}` };
    const second = await post('/api/requests/song', b);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(answered()).toBe(before + 1);
    expect(stableHeaders(second.headers)).toEqual(stableHeaders(first.headers));
    expect(second.body.request).toMatchObject({ title: b.title, artist: 'Lane Artist', requester: 'Lane Listener', status: 'pending' });
    expect(await stored(b.title)).toBe(1);
  });
});
