import { randomBytes } from 'node:crypto';
import { loadConfig } from '../server/src/config';
import { openDatabase, type Database } from '../server/src/db/knex';
import { migrateLatest } from '../server/src/db/migrate';
import { createLogger } from '../server/src/log';
import { startServer } from '../server/src/server';

/** Runs `n` calls, `concurrency` at a time, and reports throughput and latency percentiles. */
async function load(n: number, concurrency: number, call: (i: number) => Promise<number>): Promise<{ rps: number; p50: number; p95: number; statuses: Record<number, number> }> {
  const times: number[] = [];
  const statuses: Record<number, number> = {};
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const i = next++;
        const t = performance.now();
        const status = await call(i);
        times.push(performance.now() - t);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  const secs = (performance.now() - start) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p: number) => Math.round(times[Math.min(times.length - 1, Math.floor(times.length * p))]! * 10) / 10;
  return { rps: Math.round(n / secs), p50: pct(0.5), p95: pct(0.95), statuses };
}

async function benchOn(label: string, db: Database): Promise<void> {
  await migrateLatest(db.knex);
  await db.knex('tracks').insert(Array.from({ length: 2000 }, (_, i) => ({ track_key: `b${i}`, title: `Bench Title ${i}`, artist: `Artist ${i % 50}`, album: `Album ${i % 200}` })));
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SEED_DEMO: 'false', REQUEST_LIMIT_IP: '100000', REQUEST_LIMIT_SESSION: '10000', SEARCH_LIMIT_PER_MINUTE: '100000' });
  const server = await startServer({ config, db, log: createLogger({ level: 'silent', pretty: false }) });
  const run = randomBytes(3).toString('hex');
  const post = await load(1000, 16, async (i) => {
    const r = await fetch(`${server.url}/song-request-api`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `bench-${run}-${i}` },
      body: JSON.stringify({ artist: `Artist ${i % 50}`, title: `Song ${run} ${i}`, requester: 'Bench' }),
    });
    await r.arrayBuffer();
    return r.status;
  });
  console.log(`${label} POST /song-request-api (new songs, 16 concurrent): ${post.rps} req/s, p50 ${post.p50} ms, p95 ${post.p95} ms, statuses ${JSON.stringify(post.statuses)}`);
  const same = await load(200, 16, async (i) => {
    const r = await fetch(`${server.url}/song-request-api`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ artist: 'Hot Artist', title: `Hit ${run}`, requester: `Fan ${i}` }) });
    await r.arrayBuffer();
    return r.status;
  });
  console.log(`${label} POST of one song by 200 listeners at once: statuses ${JSON.stringify(same.statuses)} (exactly one 201 expected), p95 ${same.p95} ms`);
  const search = await load(1000, 16, async (i) => {
    const r = await fetch(`${server.url}/api/tracks/search?q=title%20${i % 100}`);
    await r.arrayBuffer();
    return r.status;
  });
  console.log(`${label} GET /api/tracks/search over 2000 tracks: ${search.rps} req/s, p50 ${search.p50} ms, p95 ${search.p95} ms`);
  const rows = await db.knex('song_requests').count({ n: '*' }).first();
  console.log(`${label} rows: ${JSON.stringify(rows)} (1000 + 1 expected)`);
  await server.close();
}

/** Song-request creation under the fairness rules, and library search, on PGlite (and PostgreSQL when TEST_DATABASE_URL is set). */
export async function run(): Promise<void> {
  await benchOn('PGlite', await openDatabase({ kind: 'pglite', dataDir: null }));
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return;
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
