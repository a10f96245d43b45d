import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { demoPlaysBetween } from '../../server/src/radio/sources/demo';
import { createTestDatabase, type TestDatabase } from '../support/db';
import { startServerProcess, type ServerProcess } from '../support/processes';
import { connectRealtime } from '../support/radio';
import { request } from '../support/server';

/**
 * Two Airdeck server processes on one PostgreSQL database: every event
 * reaches the clients of both (LISTEN/NOTIFY), exactly one polls the station,
 * and when it dies the other takes over without losing or repeating a play.
 * PostgreSQL only: the embedded database is one process by design.
 */
const postgres = inject('dbEngine') === 'postgres';
const TRACK_SECONDS = 3;

let database: TestDatabase;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  if (!postgres) return;
  database = await createTestDatabase();
  const env = { DATABASE_URL: database.url!, STATION_SOURCE: 'demo', DEMO_TRACK_SECONDS: String(TRACK_SECONDS), POLL_INTERVAL_MS: '1000', DATA_DIR: '.test-data', LOG_LEVEL: 'info' };
  a = await startServerProcess(env);
  for (let i = 0; i < 200 && !a.logged(/now runs the station poller/); i++) await new Promise((r) => setTimeout(r, 100));
  b = await startServerProcess(env);
}, 120_000);

afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await database?.drop();
});

describe.skipIf(!postgres)('two server processes on one PostgreSQL', () => {
  it('deliver an event caused through one to the WebSocket clients of both', async () => {
    const onA = await connectRealtime(a.url);
    const onB = await connectRealtime(b.url);
    for (const c of [onA, onB]) {
      c.send({ type: 'subscribe', channel: 'counters' });
      c.send({ type: 'subscribe', channel: 'now-playing' });
    }
    await expect.poll(() => onA.events('counters').length + onB.events('counters').length).toBe(2);
    const viaA = await request(a.url, '/api/counters/bubble_clicks/increment', { method: 'POST' });
    const viaB = await request(b.url, '/api/counters/bubble_clicks/increment', { method: 'POST' });
    for (const c of [onA, onB]) {
      await expect.poll(() => c.events('counters', 'counters.updated').filter((e) => !e.snapshot).map((e) => (e.data as { count: number }).count), { timeout: 10_000 }).toEqual([viaA.body.count, viaB.body.count]);
    }
    // The station changes track every few seconds; both instances push the same change, though only one polls.
    const changes = (c: typeof onA) => c.events('now-playing').filter((e) => !e.snapshot).map((e) => (e.data as { now_playing: { song: { title: string } } }).now_playing.song.title);
    await expect.poll(() => changes(onA).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await expect.poll(() => changes(onB).slice(0, 1), { timeout: 10_000 }).toEqual(changes(onA).slice(0, 1));
    expect(a.logged(/now runs the station poller/)).not.toBe(b.logged(/now runs the station poller/));
    onA.close();
    onB.close();
  }, 90_000);

  it('hands the poller over when the leader dies, without losing or repeating a play', async () => {
    const knex = database.db.knex;
    expect(b.logged(/now runs the station poller/)).toBe(false);
    const before = Number((await knex('play_history').count<{ c: string }[]>({ c: '*' }))[0]!.c);
    await a.kill();
    await expect.poll(() => b.logged(/now runs the station poller/), { timeout: 10_000 }).toBe(true);
    // B records new plays as the demo station moves on.
    await expect.poll(async () => Number((await knex('play_history').count<{ c: string }[]>({ c: '*' }))[0]!.c), { timeout: 20_000 }).toBeGreaterThan(before + 2);
    const rows = await knex('play_history').orderBy('played_at').select<{ source_play_id: string | null; played_at: Date }[]>('source_play_id', 'played_at');
    const ids = rows.map((r) => r.source_play_id);
    expect(new Set(ids).size).toBe(ids.length);
    // Every play of the rotation from the first recorded one to the last is there exactly once.
    const first = rows[0]!.played_at.getTime();
    const last = rows[rows.length - 1]!.played_at.getTime();
    const expected = demoPlaysBetween(first, last + 1, TRACK_SECONDS).map((p) => `demo:${p.playId}`);
    expect(ids).toEqual(expected);
    // B's clients keep getting changes.
    const onB = await connectRealtime(b.url);
    onB.send({ type: 'subscribe', channel: 'now-playing' });
    await expect.poll(() => onB.events('now-playing').filter((e) => !e.snapshot).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    onB.close();
  }, 90_000);
});
