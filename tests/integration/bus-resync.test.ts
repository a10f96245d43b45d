import { Writable } from 'node:stream';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../server/src/db/knex';
import { createPgBus, type EventBus } from '../../server/src/realtime/bus';
import type { RealtimeEvent } from '../../shared/realtime';
import { createTestDatabase, type TestDatabase } from '../support/db';

/**
 * Cross-instance events are never silently dropped (issue 39 item 5). Two buses on one PostgreSQL database, as
 * two instances hold them. When the publishing instance cannot reach the database for a moment, its events are
 * sent again and arrive late, in order; when it has to give some up, the numbers it skipped make the other
 * instance tell every subscriber to resync (`bus.resync` on every channel), even when nothing else is published
 * after them. A gap seen on the wire (an event another instance numbered but this one never got) does the same.
 * PostgreSQL only: the embedded database is one process.
 */
const postgres = inject('dbEngine') === 'postgres';

let database: TestDatabase;
let admin: Database;
let dbName: string;
let a: EventBus;
let b: EventBus;
const received: RealtimeEvent[] = [];
const logs: string[] = [];
const counter = (clicks: number) => ({ channel: 'counters', name: 'counters.updated', data: { id: 'bubble_clicks', count: clicks } }) as const;

const logger = () =>
  pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _enc, done) {
        logs.push(chunk.toString());
        done();
      },
    }),
  );

/** Refuses (or allows again) every new connection to the test database, and ends the publishing connections of the buses. */
async function cutPublishing(): Promise<void> {
  await admin.knex.raw(`ALTER DATABASE "${dbName}" ALLOW_CONNECTIONS false`);
  await admin.knex.raw(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ? AND application_name = 'airdeck-bus' AND query NOT LIKE 'LISTEN%'`, [dbName]);
}
async function restorePublishing(): Promise<void> {
  await admin.knex.raw(`ALTER DATABASE "${dbName}" ALLOW_CONNECTIONS true`);
}

const counts = () => received.filter((e) => e.name === 'counters.updated').map((e) => (e.data as { count: number }).count);
const resyncs = () => received.filter((e) => e.name === 'bus.resync');

beforeAll(async () => {
  if (!postgres) return;
  database = await createTestDatabase();
  dbName = new URL(database.url!).pathname.slice(1);
  admin = await openDatabase({ kind: 'postgres', url: process.env.TEST_DATABASE_URL!, poolMax: 1 });
  // Short retries here, so that giving up takes a moment, not the production 12 s.
  a = createPgBus(database.url!, logger(), { maxAttempts: 4, retryBaseMs: 200 });
  b = createPgBus(database.url!, logger());
  b.subscribe((e) => received.push(e));
  // Both listening before anything is published.
  for (let i = 0; i < 100; i++) {
    const listening = await admin.knex.raw<{ rows: unknown[] }>(`SELECT 1 FROM pg_stat_activity WHERE datname = ? AND query = 'LISTEN airdeck_events'`, [dbName]);
    if (listening.rows.length === 2) break;
    await new Promise((r) => setTimeout(r, 100));
  }
}, 60_000);

afterAll(async () => {
  if (!postgres) return;
  await restorePublishing().catch(() => undefined);
  await a?.close();
  await b?.close();
  await database.drop();
  await admin.close();
});

describe.skipIf(!postgres)('events between instances', () => {
  it('arrive late and in order, without a resync, when the publisher loses the database for a moment', async () => {
    await a.publish(counter(1));
    await expect.poll(counts).toEqual([1]);
    await cutPublishing();
    // Published while no new connection is allowed: the first tries fail.
    await a.publish(counter(2));
    await a.publish(counter(3));
    await expect.poll(() => logs.some((l) => l.includes('event bus publish failed; retrying'))).toBe(true);
    expect(counts()).toEqual([1]);
    await restorePublishing();
    await expect.poll(counts, { timeout: 10_000 }).toEqual([1, 2, 3]);
    expect(resyncs()).toEqual([]);
  });

  it('make the other instance resync every channel when the publisher gave some up, even with nothing published after them', async () => {
    received.length = 0;
    await cutPublishing();
    await a.publish(counter(4));
    await expect.poll(() => logs.some((l) => l.includes('event bus gave up a batch of events')), { timeout: 10_000 }).toBe(true);
    await restorePublishing();
    // The gap marker goes out once the database takes connections again: every channel is told to refetch.
    await expect.poll(() => new Set(resyncs().map((e) => e.channel)), { timeout: 10_000 }).toEqual(new Set(['now-playing', 'counters', 'schedule', 'votes', 'content', 'notifications', 'requests', 'bookings']));
    expect(counts()).toEqual([]);
    // And the next event arrives as usual.
    await a.publish(counter(5));
    await expect.poll(counts).toEqual([5]);
  });

  it('make the other instance resync when a numbered event never reached it', async () => {
    received.length = 0;
    const other = new pg.Client({ connectionString: database.url! });
    await other.connect();
    const notify = (payload: unknown) => other.query('SELECT pg_notify($1, $2)', ['airdeck_events', JSON.stringify(payload)]);
    await notify({ from: 'elsewhere', seq: 1, event: counter(10) });
    await notify({ from: 'elsewhere', seq: 2, event: counter(11) });
    await expect.poll(counts).toEqual([10, 11]);
    expect(resyncs()).toEqual([]);
    // Number 3 never arrives.
    await notify({ from: 'elsewhere', seq: 4, event: counter(13) });
    await expect.poll(counts).toEqual([10, 11, 13]);
    expect(resyncs().length).toBeGreaterThanOrEqual(5);
    expect(logs.some((l) => l.includes('missed events from another instance'))).toBe(true);
    await other.end();
  });
});
