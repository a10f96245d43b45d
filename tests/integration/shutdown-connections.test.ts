import { Writable } from 'node:stream';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../server/src/config';
import { openDatabase, type Database } from '../../server/src/db/knex';
import { createPgBus } from '../../server/src/realtime/bus';
import { startServer, type RunningServer } from '../../server/src/server';
import type { ChannelEvent } from '../../shared/realtime';
import { createTestDatabase, type TestDatabase } from '../support/db';
import { request } from '../support/server';

/**
 * A server on PostgreSQL lets go of every connection it opened when it stops: the database's own pool, the event
 * bus (its listening connection and the pool it publishes through) and the station poller's lock. Nothing of the
 * server is left connected once close() has returned, so the database can be dropped at once (an operator's
 * `DROP DATABASE … WITH (FORCE)` right after a stop ended a bus connection the server still held, and the stopped
 * process crashed on the error).
 * PostgreSQL only: the embedded database has no connections.
 */
const postgres = inject('dbEngine') === 'postgres';

let database: TestDatabase;
let admin: Database;
let server: RunningServer;
const warnings: string[] = [];
let sink: Writable;

/** The application names of the sessions connected to the database `name`. */
const sessionsOf = async (name: string): Promise<string[]> => {
  const result = await admin.knex.raw<{ rows: { application_name: string }[] }>('SELECT application_name FROM pg_stat_activity WHERE datname = ? ORDER BY 1', [name]);
  return result.rows.map((r) => r.application_name);
};

beforeAll(async () => {
  if (!postgres) return;
  database = await createTestDatabase();
  admin = await openDatabase({ kind: 'postgres', url: process.env.TEST_DATABASE_URL!, poolMax: 1 });
  sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      warnings.push(chunk.toString());
      done();
    },
  });
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'false', DATA_DIR: '.test-data' });
  // The database pool is closed by the test, after it has looked at what the rest of the server left.
  server = await startServer({ config, db: database.db, log: pino({ level: 'warn' }, sink), closeDatabase: false });
}, 60_000);

afterAll(async () => {
  if (!postgres) return;
  await server.close();
  await database.drop();
  await admin.close();
});

describe.skipIf(!postgres)('stopping a server on PostgreSQL', () => {
  it('sends the events it was given before it stopped to the other instances (a 201 does not wait for its push)', async () => {
    // Another instance's view: a plain connection listening on the bus's channel.
    const other = new pg.Client({ connectionString: database.url! });
    await other.connect();
    const heard: string[] = [];
    other.on('notification', (msg) => heard.push(msg.payload ?? ''));
    await other.query('LISTEN airdeck_events');
    const bus = createPgBus(database.url!, pino({ level: 'warn' }, sink));
    // As the request service does: published without waiting, then the server stops at once.
    const sent: ChannelEvent[] = Array.from({ length: 30 }, (_, i) => ({ channel: 'counters', name: 'counters.updated', data: { id: 'bubble_clicks', count: 1000 + i } }));
    for (const event of sent) void bus.publish(event);
    await bus.close();
    await new Promise((r) => setTimeout(r, 300));
    await other.end();
    const counts = heard.map((payload) => (JSON.parse(payload) as { event: { data: { count: number } } }).event.data.count);
    expect(counts).toEqual(Array.from({ length: 30 }, (_, i) => 1000 + i));
  });

  it('closes every connection it opened before close() returns, and the database can be dropped at once', async () => {
    const name = new URL(database.url!).pathname.slice(1);
    // The bus listens, and has published (a song request notifies the staff and the open queues).
    for (let i = 0; i < 100 && !(await sessionsOf(name)).includes('airdeck-bus'); i++) await new Promise((r) => setTimeout(r, 50));
    const res = await request(server.url, '/song-request-api', { method: 'POST', body: { title: 'Shutdown Song', artist: 'The Closers', requester: 'Sam' } });
    expect(res.status).toBe(201);
    expect(await sessionsOf(name)).toContain('airdeck-bus');

    // Checked straight after close(): a connection that is only on its way out still counts.
    await server.close();
    expect((await sessionsOf(name)).filter((app) => app !== 'airdeck')).toEqual([]);
    await database.db.close();
    expect(await sessionsOf(name)).toEqual([]);
    await admin.knex.raw(`DROP DATABASE "${name}" WITH (FORCE)`);
    await new Promise((r) => setTimeout(r, 200));
    expect(warnings.join('')).toBe('');
  });
});
