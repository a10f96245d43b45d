import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import knexFactory from 'knex';
import { loadConfig } from '../server/src/config';
import { openDatabase, type Database } from '../server/src/db/knex';
import { migrateLatest } from '../server/src/db/migrate';
import { startJobs } from '../server/src/jobs';
import { createLogger } from '../server/src/log';
import { startServer } from '../server/src/server';
import { insertBenchShows } from './schedule-api';

/**
 * Issue 20 item 3: the public reads against a bare Node server sending the
 * same bytes (status, type, encoding, body) in the same run, on both engines.
 * Load comes from autocannon in its own process (50 connections, keep-alive,
 * `Accept-Encoding: gzip, deflate, br`), so the generator does not share the
 * server's event loop. Goal: every ratio ≥ 0.6.
 *
 * Three interleaved rounds of BENCH_SECONDS (default 3) per side, the best round of each; PostgreSQL at BENCH_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres), skipped when it does not answer.
 */
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = 3;
const ENCODING = 'gzip, deflate, br';
const PATHS = ['/schedule-api?week=current', '/api/now-playing', '/api/nowplaying/1', '/api/health'];

/** Requests per second from autocannon in a child process; throws on errors or non-2xx answers. */
export function autocannon(url: string, seconds = SECONDS, connections = CONNECTIONS): Promise<number> {
  const bin = path.join(process.cwd(), 'node_modules', 'autocannon', 'autocannon.js');
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [bin, '-c', String(connections), '-d', String(seconds), '-j', '-H', `accept-encoding=${ENCODING}`, url], { maxBuffer: 16 << 20 }, (err, stdout) => {
      if (err) return reject(err);
      const r = JSON.parse(stdout) as { requests: { average: number }; non2xx: number; errors: number; timeouts: number; '2xx': number; duration: number };
      if (r.non2xx || r.errors || r.timeouts) return reject(new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`));
      resolve(r['2xx'] / r.duration);
    });
  });
}

/** The bytes the app sends to the load generator, and a bare server sending exactly those. */
async function bareTwin(url: string): Promise<{ server: http.Server; url: string; wire: number; encoding: string }> {
  const raw = await new Promise<{ body: Buffer; status: number; encoding: string | undefined; type: string }>((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': ENCODING } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => resolve({ body: Buffer.concat(chunks), status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], type: res.headers['content-type'] ?? 'application/json' }));
      })
      .on('error', reject);
  });
  if (raw.status !== 200) throw new Error(`${url}: status ${raw.status}`);
  const headers: Record<string, string | number> = { 'Content-Type': raw.type, 'Content-Length': raw.body.length };
  if (raw.encoding) headers['Content-Encoding'] = raw.encoding;
  const server = http.createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(raw.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const u = new URL(url);
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${u.pathname}${u.search}`, wire: raw.body.length, encoding: raw.encoding ?? 'identity' };
}

async function openEngine(engine: 'pglite' | 'postgres'): Promise<{ db: Database; drop: () => Promise<void> } | null> {
  if (engine === 'pglite') return { db: await openDatabase({ kind: 'pglite', dataDir: null }), drop: async () => undefined };
  const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const k = knexFactory({ client: 'pg', connection: { connectionString: admin, connectionTimeoutMillis: 2000 }, pool: { min: 0, max: 1 } });
  const name = `bench_reads_${process.pid}`;
  try {
    await k.raw(`CREATE DATABASE ${name}`);
  } catch {
    await k.destroy();
    return null;
  }
  const u = new URL(admin);
  u.pathname = `/${name}`;
  const db = await openDatabase({ kind: 'postgres', url: u.toString(), poolMax: 10 });
  return {
    db,
    drop: async () => {
      await k.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await k.destroy();
    },
  };
}

export async function run(): Promise<void> {
  for (const engine of ['pglite', 'postgres'] as const) {
    const opened = await openEngine(engine);
    if (!opened) {
      console.log(`${engine}: not reachable, skipped`);
      continue;
    }
    const { db, drop } = opened;
    await migrateLatest(db.knex);
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SEED_DEMO: 'false', STATION_SOURCE: 'demo' });
    await insertBenchShows(db.knex, config.STATION_TIMEZONE);
    const server = await startServer({ config, db, log: createLogger({ level: 'silent', pretty: false }), jobs: startJobs, closeDatabase: false });
    // The demo station's first reading, so now-playing answers a real document.
    for (let i = 0; i < 100 && !server.ctx.radio.store.current; i++) await new Promise((r) => setTimeout(r, 100));
    // Let the start-up work of the jobs (first polls, schedulers) settle: it shares this process.
    await new Promise((r) => setTimeout(r, 3000));
    console.log(`${engine}: ${CONNECTIONS} connections, ${SECONDS} s each, Accept-Encoding: ${ENCODING}`);
    for (const p of PATHS) {
      const twin = await bareTwin(server.url + p);
      await autocannon(server.url + p, 1);
      await autocannon(twin.url, 1);
      // Interleaved rounds, the best of each side: a busy machine's bursts hit one round, not one side.
      let app = 0;
      let bare = 0;
      for (let round = 0; round < ROUNDS; round++) {
        app = Math.max(app, await autocannon(server.url + p));
        bare = Math.max(bare, await autocannon(twin.url));
      }
      const ratio = app / bare;
      console.log(`  GET ${p.padEnd(28)} ${String(twin.wire).padStart(6)} B ${twin.encoding.padEnd(8)} Airdeck ${String(Math.round(app)).padStart(6)} req/s  bare ${String(Math.round(bare)).padStart(6)} req/s  ${ratio.toFixed(2)}× ${ratio >= 0.6 ? '(goal ≥ 0.6 met)' : '(goal ≥ 0.6 NOT met)'}`);
      twin.server.close();
    }
    await server.close();
    await db.close();
    await drop();
  }
}
