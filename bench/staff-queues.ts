import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { loadConfig } from '../server/src/config';
import { openDatabase, type Database } from '../server/src/db/knex';
import { migrateLatest } from '../server/src/db/migrate';
import { createLogger } from '../server/src/log';
import { listQueueJson } from '../server/src/requests/repo';
import { startServer } from '../server/src/server';
import { pct, timed } from './measure';

const STORED = Number(process.env.BENCH_STORED_REQUESTS ?? 100_000);

/** The goal (issue 20): the song queue's newest 500 of 100,000 stored requests, one at a time, p50 ≤ 20 ms. */
const GOAL_MS = 20;
const summary: string[] = [];
const load = () => `load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} on ${os.cpus().length} cores`;

/**
 * The staff song queue of a big station: STORED song requests (100,000 by default) over many months, the queue
 * showing the newest 500 (all, and pending only), one staff member at a time (the goal: p50 ≤ 20 ms) and 8 at once,
 * then one-click status changes (audited, pushed). The query alone (the repository's call, no HTTP) is timed too,
 * to show where the time goes.
 */
async function benchOn(label: string, db: Database): Promise<void> {
  await migrateLatest(db.knex);
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
  const server = await startServer({ config, db, log: createLogger({ level: 'silent', pretty: false }) });
  const [user] = await db.knex('profiles').insert({ email: 'bench@staff.example', username: 'bench', role: 'presenter', password_hash: 'x', is_active: true }).returning<{ id: string }[]>('id');
  const [session] = await db.knex('auth_sessions').insert({ user_id: user!.id, expires_at: new Date(Date.now() + 86400_000) }).returning<{ id: string }[]>('id');
  const { token } = await server.ctx.tokens.sign({ userId: user!.id, sessionId: session!.id, role: 'presenter', email: 'bench@staff.example' });
  const auth = { Authorization: `Bearer ${token}` };
  const t0 = performance.now();
  await db.knex.raw(
    `INSERT INTO song_requests (title, artist, requester, message, status, request_type, song_key, created_at, updated_at)
     SELECT 'Song ' || g, 'Artist ' || (g % 40), 'Listener ' || g, CASE WHEN g % 3 = 0 THEN 'Shout to the night shift' END,
            (ARRAY['played','approved','rejected','pending'])[1 + (g % 4)], 'song', 'artist ' || (g % 40) || '|song ' || g,
            now() - g * interval '1 minute', now() - g * interval '1 minute'
     FROM generate_series(1, ?) AS g`,
    [STORED],
  );
  await db.knex.raw('ANALYZE song_requests');
  const ids = (await db.knex('song_requests').orderBy('created_at', 'desc').limit(300).select<{ id: string }[]>('id')).map((r) => r.id);
  console.log(`${label}: ${STORED.toLocaleString('en')} stored song requests (made in ${Math.round(performance.now() - t0)} ms)`);

  const url = `${server.url}/api/requests/song`;
  await timed(50, 4, () => fetch(url, { headers: auth }));
  const bytes = (await (await fetch(url, { headers: auth })).text()).length;
  const query: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    await listQueueJson(db.knex, db.engine, 'song', undefined, 500);
    query.push(performance.now() - t);
  }
  console.log(`${label} the query alone (newest 500 as JSON, ${Math.round(bytes / 1024)} KB, no HTTP): p50 ${pct(query, 50)} ms, p95 ${pct(query, 95)} ms`);
  const one = await timed(200, 1, () => fetch(url, { headers: auth }));
  console.log(`${label} GET /api/requests/song (newest 500), one at a time: p50 ${pct(one.ms, 50)} ms, p95 ${pct(one.ms, 95)} ms (goal p50 ≤ ${GOAL_MS} ms)`);
  summary.push(`${label} ${pct(one.ms, 50)} ms ${pct(one.ms, 50) <= GOAL_MS ? '✓' : '✗'} (query alone ${pct(query, 50)} ms; ${load()})`);
  const list = await timed(200, 8, () => fetch(url, { headers: auth }));
  console.log(`${label} GET /api/requests/song (newest 500), 8 at once: ${Math.round(200 / list.secs)} req/s, p50 ${pct(list.ms, 50)} ms, p95 ${pct(list.ms, 95)} ms`);
  const filtered = await timed(200, 1, () => fetch(`${url}?status=pending`, { headers: auth }));
  console.log(`${label} GET /api/requests/song?status=pending (newest 500), one at a time: p50 ${pct(filtered.ms, 50)} ms, p95 ${pct(filtered.ms, 95)} ms`);
  const patch = await timed(300, 8, (i) => fetch(`${url}/${ids[i]}`, { method: 'PATCH', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ status: i % 2 ? 'approved' : 'played' }) }));
  console.log(`${label} PATCH /api/requests/song/:id (audited, pushed): ${Math.round(300 / patch.secs)} req/s, p50 ${pct(patch.ms, 50)} ms, p95 ${pct(patch.ms, 95)} ms (8 at once)`);
  await server.close();
}

/** On the embedded database; on PostgreSQL too when TEST_DATABASE_URL is set. */
export async function run(): Promise<void> {
  if (process.env.BENCH_ENGINE !== 'postgres') await benchOn('PGlite', await openDatabase({ kind: 'pglite', dataDir: null }));
  const base = process.env.TEST_DATABASE_URL;
  if (base) await benchPostgres(base);
  else console.log('PostgreSQL: skipped (set TEST_DATABASE_URL to measure it too)');
  console.log(`staff song queue, newest 500 of ${STORED.toLocaleString('en')}, one at a time, p50 (goal ≤ ${GOAL_MS} ms): ${summary.join(' · ')}`);
}

async function benchPostgres(base: string): Promise<void> {
  const name = `airdeck_bench_${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ kind: 'postgres', url: base, poolMax: 1 });
  await admin.knex.raw(`CREATE DATABASE "${name}"`);
  try {
    const u = new URL(base);
    u.pathname = `/${name}`;
    await benchOn('PostgreSQL', await openDatabase({ kind: 'postgres', url: u.toString(), poolMax: 10 }));
  } finally {
    await admin.knex.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.close();
  }
}
