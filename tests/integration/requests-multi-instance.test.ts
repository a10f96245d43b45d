import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_STATION } from '../../shared/station';
import { loadConfig } from '../../server/src/config';
import { openDatabase, type Database } from '../../server/src/db/knex';
import { createLogger } from '../../server/src/log';
import { startServer, type RunningServer } from '../../server/src/server';
import { createUser, type TestUser } from '../support/auth';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * Two instances on one PostgreSQL database (a load balancer in front): the
 * request rules hold across them. A session's limit is exact; an address's
 * limit is counted in each instance's memory and shared within a fraction of
 * a second (README: Rate limits); a General Settings save on one instance
 * reaches the other's cached settings through the bus.
 * PostgreSQL only: the embedded database is one process by design.
 */
const postgres = inject('dbEngine') === 'postgres';
const ENV = { REQUEST_LIMIT_SESSION: '3', REQUEST_LIMIT_IP: '4', REQUEST_REPEAT_MINUTES: '60' };

let a: TestServer;
let bDb: Database;
let b: RunningServer;
let manager: TestUser;

beforeAll(async () => {
  if (!postgres) return;
  a = await startTestServer({ env: ENV });
  bDb = await openDatabase({ kind: 'postgres', url: a.database.url!, poolMax: 4 });
  b = await startServer({ config: loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: '.test-data', ...ENV }), db: bDb, log: createLogger({ level: 'silent', pretty: false }) });
  manager = await createUser(a, { role: 'manager' });
}, 60_000);

afterAll(async () => {
  await b?.close();
  await a?.close();
});

const session = () => `multi_${randomBytes(6).toString('hex')}`;
const shoutout = (s: string) => ({ requester_name: 'Sam', recipient_name: 'Jo', message: 'Hello', user_session: s });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!postgres)('requests on two instances of one PostgreSQL', () => {
  it('hold one session to its limit (3) exactly, however its requests are spread', async () => {
    const s = session();
    const urls = [a.url, b.url, a.url, b.url, a.url, b.url];
    const statuses = await Promise.all(urls.map((url) => request(url, '/api/requests/shoutout', { method: 'POST', body: shoutout(s) }).then((r) => r.status)));
    expect(statuses.filter((x) => x === 201)).toHaveLength(3);
    expect(statuses.filter((x) => x === 429)).toHaveLength(3);
  });

  it('hold one address to its limit (4) across instances when its requests are a moment apart', async () => {
    await sleep(500);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      // A new session each time: only the address limit applies (the window is 600 s, aligned; this stays inside one
      // unless the test straddles a boundary, which the first line makes very unlikely).
      const res = await request(i % 2 ? b.url : a.url, '/api/requests/general', { method: 'POST', body: { name: 'Al', email: 'al@example.com', subject: 'feedback', message: 'Hi', user_session: session() } });
      statuses.push(res.status);
      await sleep(400);
    }
    // The earlier test's shoutouts share the address but not the kind: general requests have their own 4.
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
  });

  it('let only one of simultaneous requests for the same song in, whichever instance takes them', async () => {
    const title = `Race ${randomBytes(3).toString('hex')}`;
    const results = await Promise.all(Array.from({ length: 4 }, (_, i) => request(i % 2 ? b.url : a.url, '/api/requests/song', { method: 'POST', body: { title, artist: 'Both', requester: 'Sam', user_session: session() } })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
  });

  it("close requests on the other instance when General Settings are saved on one (its cached settings are dropped)", async () => {
    // Instance B reads (and caches) the open station first.
    const before = await request(b.url, '/api/requests/shoutout', { method: 'POST', body: shoutout(session()) });
    expect([201, 429]).toContain(before.status);
    const saved = await request(a.url, '/api/settings/station', { method: 'PUT', token: manager.token, body: { ...DEFAULT_STATION, requestsOpen: false } });
    expect(saved.status).toBe(200);
    await expect.poll(async () => (await request(b.url, '/api/requests/song', { method: 'POST', body: { title: 'Closed', artist: 'Now', requester: 'Sam', user_session: session() } })).body.error?.message, { timeout: 5_000 }).toBe('Requests are closed');
    await request(a.url, '/api/settings/station', { method: 'PUT', token: manager.token, body: { ...DEFAULT_STATION, requestsOpen: true } });
  });
});
