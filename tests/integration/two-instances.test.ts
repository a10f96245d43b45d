import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ServerFrame } from '../../shared/realtime';
import { createTestDatabase, type TestDatabase } from '../support/db';
import { startReadmeNginx, type RunningNginx } from '../support/nginx';
import { startServerProcess, type ServerProcess } from '../support/processes';
import { connectRealtime, type RealtimeTestClient } from '../support/radio';

/**
 * Two Airdeck processes on one PostgreSQL database behind Debian's nginx, configured as the README shows
 * ("Reverse proxy and TLS" with the "Scaling out" upstream) (issue 39 item 5). nginx spreads the requests over
 * both; what one instance publishes reaches the realtime listeners of the other; and past the instances' capacity
 * (LOAD_MAX_IN_FLIGHT 4 each, three of them held by slow uploads) every request gets an answer in time, a 201 or a
 * 503 with Retry-After, every acknowledged song request is stored once and reaches the staff listening on both
 * instances, and nothing refused was written. Speed is measured by `npm run bench -- two-instances`, not here.
 * PostgreSQL only (the embedded database is one process); SKIP_NGINX_TESTS=1 skips it on purpose.
 */
const run = inject('dbEngine') === 'postgres' && process.env.SKIP_NGINX_TESTS !== '1';
const OWNER = { email: 'owner@two-instances.example', password: 'a long test passphrase' };

let database: TestDatabase;
let a: ServerProcess;
let b: ServerProcess;
let nginx: RunningNginx;
let staffA: RealtimeTestClient;
let staffB: RealtimeTestClient;

/** The most connections the two instances held at once while sampled, all of them and the request pools' alone. */
const peak = { all: 0, pools: 0 };
let sampling: { stop(): void } | null = null;
function sampleConnections(): void {
  const name = new URL(database.url!).pathname.slice(1);
  const sampler = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL!, application_name: 'test-sampler' });
  let stop = false;
  sampling = { stop: () => (stop = true) };
  void (async () => {
    await sampler.connect();
    while (!stop) {
      const { rows } = await sampler.query<{ application_name: string }>("SELECT application_name FROM pg_stat_activity WHERE datname = $1 AND application_name LIKE 'airdeck%'", [name]);
      peak.all = Math.max(peak.all, rows.length);
      peak.pools = Math.max(peak.pools, rows.filter((r) => r.application_name === 'airdeck').length);
      await new Promise((r) => setTimeout(r, 20));
    }
    await sampler.end();
  })().catch(() => undefined);
}

const port = (p: ServerProcess) => Number(new URL(p.url).port);
const accessLines = (p: ServerProcess, url: string) => p.logs.filter((l) => l.msg === 'request' && l.url === url).length;
const created = (c: RealtimeTestClient) => new Set(c.events('requests', 'request.created').map((e) => (e.data as { request: { title: string } }).request.title));

/** A song request sent straight to one instance with half its body: it holds one of the instance's places until `finish()`. */
function hold(p: number, title: string): { finish(): void; status: Promise<number> } {
  const body = JSON.stringify({ artist: 'Slow Uploader', title, requester: 'two instances' });
  const socket = net.connect(p, '127.0.0.1');
  let raw = '';
  socket.setEncoding('utf8');
  const status = new Promise<number>((resolve) => {
    socket.on('data', (d: string) => {
      raw += d;
      const m = /^HTTP\/1\.1 (\d{3})/.exec(raw);
      if (m) {
        resolve(Number(m[1]));
        socket.destroy();
      }
    });
  });
  socket.write(`POST /song-request-api HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`);
  return { finish: () => socket.write(body.slice(10)), status };
}

async function staffListener(url: string, token: string): Promise<RealtimeTestClient> {
  const c = await connectRealtime(url);
  c.send({ type: 'hello', token });
  c.send({ type: 'subscribe', channel: 'requests' });
  for (let i = 0; i < 100 && !c.frames.some((f: ServerFrame) => f.type === 'subscribed' && f.channel === 'requests'); i++) await new Promise((r) => setTimeout(r, 100));
  if (!c.frames.some((f: ServerFrame) => f.type === 'subscribed' && f.channel === 'requests')) throw new Error(`the staff listener was not subscribed: ${JSON.stringify(c.frames)}`);
  return c;
}

beforeAll(async () => {
  if (!run) return;
  database = await createTestDatabase();
  const env = {
    DATABASE_URL: database.url!,
    DATA_DIR: '.test-data',
    LOG_LEVEL: 'info',
    TRUST_PROXY: 'true',
    PUBLIC_URL: 'https://radio.station.example',
    STATION_EARS: 'off',
    LOAD_MAX_IN_FLIGHT: '4',
    DATABASE_POOL_MAX: '3',
    LOAD_RETRY_AFTER_SECONDS: '2',
    REQUEST_LIMIT_IP: '100000',
    REQUEST_LIMIT_SESSION: '10000',
    OWNER_EMAIL: OWNER.email,
    OWNER_PASSWORD: OWNER.password,
  };
  a = await startServerProcess(env);
  b = await startServerProcess(env);
  nginx = await startReadmeNginx([port(a), port(b)]);
  const signIn = await nginx.call('/api/auth/token', { method: 'POST', body: { ...OWNER, client: 'desktop' } });
  if (signIn.status !== 200) throw new Error(`sign-in through nginx: ${signIn.status} ${signIn.body}`);
  const token = (JSON.parse(signIn.body) as { access_token: string }).access_token;
  staffA = await staffListener(a.url, token);
  staffB = await staffListener(b.url, token);
  sampleConnections();
}, 120_000);

afterAll(async () => {
  if (!run) return;
  sampling?.stop();
  staffA?.close();
  staffB?.close();
  await nginx?.stop();
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
});

describe.skipIf(!run)('two instances behind nginx, as the README configures them', () => {
  it('spread the requests over both instances and deliver what one publishes to the listeners of the other', async () => {
    const titles: string[] = [];
    for (let i = 0; i < 12; i++) {
      const title = `Spread ${i}`;
      const res = await nginx.call('/song-request-api', { method: 'POST', from: `127.0.0.${10 + i}`, body: { artist: 'Round Robin', title, requester: 'two instances' } });
      expect(res.status, res.body).toBe(201);
      titles.push(title);
    }
    // nginx takes turns: each instance answered some of them.
    expect(accessLines(a, '/song-request-api')).toBeGreaterThanOrEqual(3);
    expect(accessLines(b, '/song-request-api')).toBeGreaterThanOrEqual(3);
    // The staff listening on either instance are told of every one, whichever instance took it.
    for (const c of [staffA, staffB]) await expect.poll(() => titles.every((t) => created(c).has(t)), { timeout: 10_000 }).toBe(true);
  });

  it('past their capacity answer every request in time with a 201 or a 503 and Retry-After, and lose no acknowledged request', { timeout: 90_000 }, async () => {
    // Three of each instance's four places are taken by slow uploads.
    const held = [0, 1, 2].flatMap((i) => [hold(port(a), `Held A${i}`), hold(port(b), `Held B${i}`)]);
    await new Promise((r) => setTimeout(r, 300));
    const titles = Array.from({ length: 40 }, (_, i) => `Burst ${i}`);
    const answers = await Promise.all(
      titles.map((title, i) =>
        nginx
          .call('/song-request-api', { method: 'POST', from: `127.0.1.${1 + i}`, body: { artist: 'Burst', title, requester: 'two instances' }, timeoutMs: 20_000 })
          .then((r) => ({ title, status: r.status, retryAfter: r.headers['retry-after'], body: r.body }))
          .catch((err: Error) => ({ title, status: 0, retryAfter: undefined, body: err.message })),
      ),
    );
    for (const r of answers) {
      expect([201, 503], `${r.title}: ${r.status} ${r.body}`).toContain(r.status);
      if (r.status === 503) {
        expect(r.retryAfter).toBe('2');
        expect(JSON.parse(r.body).error).toMatchObject({ code: 'unavailable', details: { reason: 'overloaded' } });
      }
    }
    const acknowledged = answers.filter((r) => r.status === 201).map((r) => r.title);
    const refused = answers.filter((r) => r.status === 503).map((r) => r.title);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const h of held) h.finish();
    expect(await Promise.all(held.map((h) => h.status))).toEqual(Array(6).fill(201));
    const all = [...acknowledged, ...['A', 'B'].flatMap((x) => [0, 1, 2].map((i) => `Held ${x}${i}`))];
    // Every acknowledged request is stored once; nothing refused was written.
    const rows = await database.db.knex('song_requests').whereIn('title', [...all, ...refused]).select<{ title: string }[]>('title');
    expect(rows.map((r) => r.title).sort()).toEqual([...all].sort());
    // And the staff on both instances were told of each.
    for (const c of [staffA, staffB]) await expect.poll(() => all.filter((t) => !created(c).has(t)), { timeout: 15_000 }).toEqual([]);
    expect(a.logged(/shedding load/) || b.logged(/shedding load/)).toBe(true);
  });

  it('never held more database connections than the README budget: DATABASE_POOL_MAX + 3 each', () => {
    sampling?.stop();
    // Sampled through both tests above (one more of the request pools' name: this test's own, reading song_requests).
    expect(peak.pools).toBeGreaterThan(1);
    expect(peak.pools).toBeLessThanOrEqual(2 * 3 + 1);
    expect(peak.all).toBeLessThanOrEqual(2 * (3 + 3) + 1);
  });
});
