import http from 'node:http';
import path from 'node:path';
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '../server/src/config';
import { openDatabase, type Database } from '../server/src/db/knex';
import { migrateLatest } from '../server/src/db/migrate';
import { createLogger } from '../server/src/log';
import { startServer } from '../server/src/server';
import { pct, type LoadJob, type LoadResult } from './song-load-client';

/**
 * Song-request creation under every fairness rule, beside a bare reference in the same run: a plain Node HTTP
 * server that parses the same JSON and does one `pg` INSERT per request into a table of the same shape (no
 * rules, no notification, no push). Figures: acknowledged requests per second at full load (32 in flight), the
 * latency percentiles at a steady 200 requests per second (open loop: requests leave on schedule whether or not
 * earlier ones have answered), one song asked for by 200 listeners at once (exactly one 201), and library search.
 */

type Call = (i: number) => Promise<number>;

/**
 * Closed loop from the load client in its own process (bench/song-load-client.ts): the rate, and the CPU this
 * process (the server under test, alone) spent per request.
 */
async function saturateFromOutside(job: LoadJob): Promise<LoadResult & { cpu: number }> {
  const child = fork(path.resolve(import.meta.dirname, 'song-load-client.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise<void>((r) => child.once('spawn', () => r()));
  // The child's own start-up (loading tsx) must not count: give it a moment, then start the clock.
  const answer = new Promise<LoadResult | { error: string }>((resolve) => child.once('message', (m) => resolve(m as LoadResult | { error: string })));
  const cpu0 = process.cpuUsage();
  child.send(job);
  const result = await answer;
  const used = process.cpuUsage(cpu0);
  child.kill();
  if ('error' in result) throw new Error(result.error);
  return { ...result, cpu: Math.round(((used.user + used.system) / 1000 / job.n) * 100) / 100 };
}

/** Closed loop: n calls, `concurrency` in flight. */
async function saturate(n: number, concurrency: number, call: Call): Promise<{ rps: number; p50: number; p99: number; cpu: number; statuses: Record<number, number> }> {
  const cpu0 = process.cpuUsage();
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
  const ok = (statuses[201] ?? 0) + (statuses[200] ?? 0);
  const used = process.cpuUsage(cpu0);
  // This process's CPU per request (server and load client together; the client's share is the same for both servers).
  const cpu = Math.round(((used.user + used.system) / 1000 / n) * 100) / 100;
  return { rps: Math.round(ok / secs), p50: pct(times, 0.5), p99: pct(times, 0.99), cpu, statuses };
}

/** Open loop: `rate` calls per second for `seconds`, each timed from its scheduled start. */
async function steady(rate: number, seconds: number, call: Call): Promise<{ p50: number; p99: number; max: number; statuses: Record<number, number> }> {
  const times: number[] = [];
  const statuses: Record<number, number> = {};
  const n = rate * seconds;
  const start = performance.now();
  const inflight: Promise<void>[] = [];
  for (let i = 0; i < n; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    inflight.push(
      call(i).then((status) => {
        times.push(performance.now() - due);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }),
    );
  }
  await Promise.all(inflight);
  return { p50: pct(times, 0.5), p99: pct(times, 0.99), max: pct(times, 1), statuses };
}


const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** POSTs JSON over a keep-alive connection (the same client for both servers). */
function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<number> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data), ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(data);
  });
}

function getStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

/** The bare reference: JSON in, one INSERT through a `pg` pool of the same size, 201 out. */
async function startBare(url: string, poolMax: number): Promise<{ url: string; close(): Promise<void> }> {
  const pool = new pg.Pool({ connectionString: url, max: poolMax, application_name: 'bench-bare' });
  pool.on('error', (err) => console.error('bare server pool:', err.message));
  // pool.end() resolves before its connections have closed: wait for them, or the DROP DATABASE that follows ends them.
  const open = new Set<pg.Client>();
  pool.on('connect', (c) => {
    open.add(c);
    c.once('end', () => open.delete(c));
  });
  await pool.query(`CREATE TABLE IF NOT EXISTS bare_requests (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), title text NOT NULL, artist text NOT NULL, requester text NOT NULL, client_key text UNIQUE, created_at timestamptz NOT NULL DEFAULT now())`);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { title: string; artist: string; requester: string };
      pool
        .query('INSERT INTO bare_requests (title, artist, requester, client_key) VALUES ($1, $2, $3, $4) RETURNING id, created_at', [body.title, body.artist, body.requester, req.headers['idempotency-key'] ?? null])
        .then((r) => {
          res.writeHead(201, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ success: true, data: { request_id: r.rows[0].id, status: 'pending', submitted_at: r.rows[0].created_at } }));
        })
        .catch(() => {
          res.writeHead(500);
          res.end();
        });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await new Promise((r) => server.close(r));
      const ended = [...open].map((c) => new Promise((r) => c.once('end', r)));
      await pool.end();
      await Promise.all(ended);
    },
  };
}

const songBody = (run: string, i: number) => ({ artist: `Artist ${i % 50}`, title: `Song ${run} ${i}`, requester: 'Bench' });

async function benchOn(label: string, db: Database, url: string | null): Promise<void> {
  await migrateLatest(db.knex);
  await db.knex('tracks').insert(Array.from({ length: 2000 }, (_, i) => ({ track_key: `b${i}`, title: `Bench Title ${i}`, artist: `Artist ${i % 50}`, album: `Album ${i % 200}` })));
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SEED_DEMO: 'false', REQUEST_LIMIT_IP: '100000', REQUEST_LIMIT_SESSION: '10000', SEARCH_LIMIT_PER_MINUTE: '100000' });
  const server = await startServer({ config, db, log: createLogger({ level: 'silent', pretty: false }) });
  const bare = url ? await startBare(url, 10) : null;
  const run = randomBytes(3).toString('hex');
  const N = Number(process.env.BENCH_REQUESTS ?? 3000);
  // Each listener its own session (X-Session-Id) and Idempotency-Key, as the website and the widget send.
  const airdeck: Call = (i) => postJson(`${server.url}/song-request-api`, songBody(run, i), { 'Idempotency-Key': `bench-${run}-${i}`, 'X-Session-Id': `bench_${run}_${i % 500}` });
  const reference: Call = (i) => postJson(`${bare!.url}/song-request-api`, songBody(`bare${run}`, i), { 'Idempotency-Key': `bare-${run}-${i}` });
  // Warm both (JIT, pools).
  await saturate(1000, 16, (i) => airdeck(N + 10_000 + i));
  if (bare) await saturate(300, 16, (i) => reference(N + 10_000 + i));

  // The full-load figure: the client in its own process, so the server's CPU per request is its own.
  const full = await saturateFromOutside({ url: `${server.url}/song-request-api`, n: N, concurrency: 32, offset: 0, body: { artist: 'Artist {i}', title: `Song ${run} {i}`, requester: 'Bench' }, headers: { 'Idempotency-Key': `bench-${run}-{i}`, 'X-Session-Id': `bench_${run}_{i}` } });
  const fullBare = bare ? await saturateFromOutside({ url: `${bare.url}/song-request-api`, n: N, concurrency: 32, offset: 0, body: { artist: 'Artist {i}', title: `Song bare${run} {i}`, requester: 'Bench' }, headers: { 'Idempotency-Key': `bare-${run}-{i}` } }) : null;
  console.log(
    `${label} POST /song-request-api, 32 in flight (client in its own process): ${full.rps} acknowledged/s (p50 ${full.p50} ms, p99 ${full.p99} ms, server ${full.cpu} ms CPU/request, statuses ${JSON.stringify(full.statuses)})` +
      (fullBare ? ` | bare pg INSERT server ${fullBare.rps}/s (p50 ${fullBare.p50} ms, p99 ${fullBare.p99} ms, ${fullBare.cpu} ms CPU/request) | ratio ${(full.rps / fullBare.rps).toFixed(2)}× (goal ≥ 1,000/s and ≥ 0.3×)` : ''),
  );
  const inProcess = await saturate(N, 32, (i) => airdeck(4 * N + 40_000 + i));
  console.log(`${label} the same with the client in the server's process (as measured before): ${inProcess.rps}/s, ${inProcess.cpu} ms CPU/request (server and client)`);
  const seconds = Number(process.env.BENCH_STEADY_SECONDS ?? 10);
  const at200 = await steady(200, seconds, (i) => airdeck(2 * N + 20_000 + i));
  const at200Bare = bare ? await steady(200, seconds, (i) => reference(2 * N + 20_000 + i)) : null;
  console.log(
    `${label} at a steady 200/s for ${seconds} s: p50 ${at200.p50} ms, p99 ${at200.p99} ms, max ${at200.max} ms, statuses ${JSON.stringify(at200.statuses)}` +
      (at200Bare ? ` | bare p50 ${at200Bare.p50} ms, p99 ${at200Bare.p99} ms, max ${at200Bare.max} ms (goal p99 ≤ 50 ms)` : ''),
  );

  const same = await saturate(200, 16, (i) => postJson(`${server.url}/song-request-api`, { artist: 'Hot Artist', title: `Hit ${run}`, requester: `Fan ${i}` }));
  console.log(`${label} one song asked for by 200 listeners at once: statuses ${JSON.stringify(same.statuses)} (exactly one 201 expected), p99 ${same.p99} ms`);
  const search = await saturate(1000, 16, (i) => getStatus(`${server.url}/api/tracks/search?q=title%20${i % 100}`));
  console.log(`${label} GET /api/tracks/search over 2000 tracks: ${search.rps} req/s, p50 ${search.p50} ms, p99 ${search.p99} ms`);
  await server.close();
  await bare?.close();
}

/** On PGlite always; on PostgreSQL (with the bare reference) when TEST_DATABASE_URL is set. */
export async function run(): Promise<void> {
  if (process.env.BENCH_ENGINE !== 'postgres') await benchOn('PGlite', await openDatabase({ kind: 'pglite', dataDir: null }), null);
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return;
  const name = `airdeck_bench_${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ kind: 'postgres', url: base, poolMax: 1 });
  await admin.knex.raw(`CREATE DATABASE "${name}"`);
  try {
    const u = new URL(base);
    u.pathname = `/${name}`;
    await benchOn('PostgreSQL', await openDatabase({ kind: 'postgres', url: u.toString(), poolMax: 10 }), u.toString());
  } finally {
    await admin.knex.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.close();
  }
}
