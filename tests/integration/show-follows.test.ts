import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { localDateTime } from '../../shared/time';
import { startJobs } from '../../server/src/jobs';
import { stationTimezone } from '../../server/src/settings/service';
import { notifyShowLive } from '../../server/src/reach/follows';
import { createUser } from '../support/auth';
import { startPushServiceStandIn, type PushServiceStandIn } from '../support/push-service';
import { createPresenter, type TestPresenter } from '../support/schedule';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * Issue 36 item 2: follow a show without an account. A listener's browser
 * subscription (made as a browser makes it: a P-256 key pair and an auth
 * secret) follows a show booked through the booking API; the presenter goes
 * live through the real producer (the go-live ticket and the live console's
 * WebSocket on the demo station); a local push service that speaks RFC 8030,
 * checks the RFC 8292 VAPID signature and decrypts the RFC 8291 payload
 * receives exactly one notification per follower for the episode. An
 * unfollowed browser gets nothing; an expired subscription (410) is removed.
 */
let t: TestServer;
let push: PushServiceStandIn;
let presenter: TestPresenter;

beforeAll(async () => {
  push = await startPushServiceStandIn();
  t = await startTestServer({ env: { POLL_INTERVAL_MS: '1000', PUSH_SERVICE_ORIGINS: push.origin, PUSH_SERVICE_CA_FILE: push.caFile }, jobs: (ctx) => startJobs(ctx) });
  presenter = await createPresenter(t, 'presenter', 'Dana Day');
}, 60_000);

afterAll(async () => {
  await t?.close();
  await push?.close();
});

/** Books a show through the booking API starting `startInMin` minutes from now. */
async function book(who: { token: string }, startInMin: number, minutes: number, title: string): Promise<string> {
  const zone = await stationTimezone(t.server.ctx);
  const start = Date.now() + startInMin * 60_000;
  const s = localDateTime(start, zone);
  const e = localDateTime(start + minutes * 60_000, zone);
  const res = await request(t.url, '/api/schedule/bookings', {
    method: 'POST',
    token: who.token,
    body: { mode: 'daily', title, event_date: s.date, start_time: s.time.slice(0, 5), end_time: e.date === s.date ? e.time.slice(0, 5) : '23:59' },
  });
  expect(res.status).toBe(201);
  return (res.body?.events?.[0]?.id ?? res.body?.event?.id) as string;
}

/** Goes live as the presenter and connects the live console; resolves when the console is told "On air". */
async function goLiveAndConnect(): Promise<{ ws: WebSocket; onAirAt: number; sessionId: string }> {
  const res = await request(t.url, '/api/live/sessions', { method: 'POST', token: presenter.token, body: {} });
  expect(res.status).toBe(201);
  const ws = new WebSocket(`${t.url.replace('http', 'ws')}/api/live/socket?ticket=${encodeURIComponent(res.body.ticket as string)}`);
  const onAirAt = await new Promise<number>((resolve, reject) => {
    ws.on('message', (d, binary) => {
      if (binary) return;
      const msg = JSON.parse(String(d)) as { type: string; state?: string };
      if (msg.type === 'state' && msg.state === 'On air') resolve(Date.now());
    });
    ws.once('error', reject);
  });
  return { ws, onAirAt, sessionId: res.body.session_id as string };
}

describe('following a show, no account', () => {
  let showId: string;
  let publicKey: string;

  it('GET /api/push/key gives one VAPID public key, its private half sealed at rest', async () => {
    const a = await request(t.url, '/api/push/key');
    expect(a.status).toBe(200);
    publicKey = a.body.public_key as string;
    const point = Buffer.from(publicKey, 'base64url');
    expect(point.length).toBe(65);
    expect(point[0]).toBe(4);
    expect((await request(t.url, '/api/push/key')).body.public_key).toBe(publicKey);
    const row = await t.server.ctx.knex('server_secrets').where({ name: 'push.vapid' }).first<{ value: string }>();
    const stored = JSON.parse(row.value) as { public_key: string; private_key: string };
    expect(stored.public_key).toBe(publicKey);
    expect(stored.private_key).toMatch(/^v1\./);
  });

  it('validates follows: the subscription shape, the push service, the show', async () => {
    showId = await book(presenter, 2, 30, 'Soon Show');
    const sub = push.subscribe();
    const bad = await request(t.url, '/api/follows', { method: 'POST', body: { show_id: showId, subscription: { ...sub, keys: { ...sub.keys, p256dh: 'AAAA' } } } });
    expect(bad.status).toBe(400);
    const elsewhere = await request(t.url, '/api/follows', { method: 'POST', body: { show_id: showId, subscription: { ...sub, endpoint: 'https://intranet.example.com/push/1' } } });
    expect(elsewhere.status).toBe(400);
    const internal = await request(t.url, '/api/follows', { method: 'POST', body: { show_id: showId, subscription: { ...sub, endpoint: 'http://127.0.0.1:1/push/1' } } });
    expect(internal.status).toBe(400);
    const unknown = await request(t.url, '/api/follows', { method: 'POST', body: { show_id: '00000000-0000-4000-8000-000000000000', subscription: sub } });
    expect(unknown.status).toBe(404);
    expect((await request(t.url, '/api/follows', { method: 'POST', body: { subscription: sub } })).status).toBe(400);
  });

  it('one decryptable notification per follower when the show actually goes live; none after unfollowing; 410 removes the subscription', async () => {
    const alice = push.subscribe();
    const bob = push.subscribe();
    const leaver = push.subscribe();
    const expired = push.subscribe();
    for (const sub of [alice, bob, leaver, expired]) {
      const res = await request(t.url, '/api/follows', { method: 'POST', body: { show_id: showId, subscription: sub } });
      expect(res.status).toBe(201);
    }
    // Following twice is one follow.
    expect((await request(t.url, '/api/follows', { method: 'POST', body: { show_id: showId, subscription: alice } })).status).toBe(201);

    // Staff see the count (moderator and above); a presenter does not.
    const mod = await createUser(t, { role: 'moderator' });
    expect((await request(t.url, '/api/follows/counts', { token: mod.token })).body).toEqual([{ show_id: showId, title: 'Soon Show', followers: 4 }]);
    expect((await request(t.url, '/api/follows/counts', { token: presenter.token })).status).toBe(403);
    expect((await request(t.url, '/api/follows/counts')).status).toBe(401);

    // One click: unfollow (by the endpoint alone, as the browser knows it).
    const gone = await request(t.url, '/api/follows', { method: 'DELETE', body: { endpoint: leaver.endpoint } });
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ removed: 1 });
    push.expire(expired.endpoint);

    // Nothing is sent at the booked time: only when the presenter is on air.
    expect(push.received).toEqual([]);
    const live = await goLiveAndConnect();
    await expect.poll(() => push.received.length, { timeout: 20_000 }).toBe(2);
    const latencyMs = Math.max(...push.received.map((r) => r.at)) - live.onAirAt;
    console.log(`[show-follows] live → notification received: ${latencyMs} ms`);

    expect(push.received.map((r) => r.endpoint).sort()).toEqual([alice.endpoint, bob.endpoint].sort());
    for (const r of push.received) {
      expect(r.vapidKey).toBe(publicKey);
      expect(r.ttl).toBeGreaterThan(0);
      expect(JSON.parse(r.plaintext)).toEqual({ type: 'show.live', show_id: showId, title: 'Soon Show is live', body: 'Listen now on Airdeck', url: '/?play=1' });
    }
    // The 410 answer removed the expired subscription.
    await expect.poll(async () => (await request(t.url, '/api/follows/counts', { token: mod.token })).body, { timeout: 10_000 }).toEqual([{ show_id: showId, title: 'Soon Show', followers: 2 }]);
    expect(push.refused.map((r) => r.endpoint)).toEqual([expired.endpoint]);

    // Stop and go live again in the same slot: the episode has had its notification.
    live.ws.send(JSON.stringify({ type: 'stop' }));
    await expect.poll(() => t.server.ctx.live.activeSessionId(), { timeout: 20_000 }).toBeNull();
    const again = await goLiveAndConnect();
    const startsAt = (await request(t.url, '/api/live/status', { token: presenter.token })).body.window?.starts_at as number;
    expect(typeof startsAt).toBe('number');
    expect(await notifyShowLive(t.server.ctx, { showId, startsAt })).toBe(0);
    expect(push.received.length).toBe(2);
    again.ws.send(JSON.stringify({ type: 'stop' }));
    await expect.poll(() => t.server.ctx.live.activeSessionId(), { timeout: 20_000 }).toBeNull();

    // Unfollowing every show of a browser: nothing left for alice.
    expect((await request(t.url, '/api/follows', { method: 'DELETE', body: { endpoint: alice.endpoint } })).body).toEqual({ removed: 1 });
    expect((await request(t.url, '/api/follows/counts', { token: mod.token })).body).toEqual([{ show_id: showId, title: 'Soon Show', followers: 1 }]);
  }, 90_000);
});
