import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import { addDays, todayInZone, weekBounds } from '../shared/schedule';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/knex';
import { migrateLatest } from '../server/src/db/migrate';
import { createLogger } from '../server/src/log';
import { startServer } from '../server/src/server';

const CONCURRENCY = 32;

/** 200 shows in this week (the station's zone), spread over its seven days, as the benchmarks read them. */
export async function insertBenchShows(knex: Knex, zone: string): Promise<void> {
  const monday = weekBounds(todayInZone(Date.now(), zone)).start;
  const rows = Array.from({ length: 200 }, (_, i) => {
    const day = i % 7;
    const slot = Math.floor(i / 7);
    const minutes = slot * 45;
    const t = (m: number) => `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00`;
    return {
      title: `Bench Show ${i + 1}`,
      description: 'A show inserted for the benchmark, with a description of a realistic length for a listing.',
      type: 'show',
      event_date: addDays(monday, day),
      start_time: t(minutes),
      end_time: t(minutes + 40),
      status: 'scheduled',
      presenter_name: `Presenter ${i % 12}`,
      presenter_bio: 'Plays records, talks a little.',
      host: `Presenter ${i % 12}`,
      image_url: i % 3 === 0 ? `/media/show-images/bench/image_${i}.png` : null,
    };
  });
  await knex.batchInsert('schedule_events', rows, 100);
}


const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/** One GET on a kept-alive connection, reading the bytes as sent (compressed answers are not decoded). */
function get(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { 'Accept-Encoding': 'gzip, deflate, br' } }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

/** Fires `n` GETs with `CONCURRENCY` in flight; returns requests per second. */
async function load(urlFor: (i: number) => string, n: number): Promise<number> {
  let started = 0;
  let done = 0;
  const t0 = performance.now();
  await new Promise<void>((resolve, reject) => {
    const next = (): void => {
      if (started >= n) return;
      const i = started++;
      get(urlFor(i))
        .then((status) => {
          if (status !== 200) throw new Error(`status ${status}`);
          done++;
          if (done === n) resolve();
          else next();
        })
        .catch(reject);
    };
    for (let i = 0; i < CONCURRENCY; i++) next();
  });
  return n / ((performance.now() - t0) / 1000);
}

/**
 * Requests per second for GET /schedule-api?week=current with 200 events in
 * the week, beside a bare Node HTTP server answering the same bytes (same
 * status, type and encoding) in the same run, and the ratio. Also the cold
 * path (every request a new query, so every answer is built from the database).
 */
export async function run(): Promise<void> {
  const db = await openDatabase({ kind: 'pglite', dataDir: null });
  await migrateLatest(db.knex);
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
  const server = await startServer({ config, db, log: createLogger({ level: 'silent', pretty: false }) });
  await insertBenchShows(db.knex, config.STATION_TIMEZONE);
  const monday = weekBounds(todayInZone(Date.now(), config.STATION_TIMEZONE)).start;

  const cases = [
    { label: 'GET /schedule-api?week=current (default limit 50)', path: '/schedule-api?week=current' },
    { label: 'GET /schedule-api?week=current&limit=200 (the whole week)', path: '/schedule-api?week=current&limit=200' },
  ];
  const n = 4000;
  for (const c of cases) {
    const sample = await fetch(server.url + c.path);
    const bytes = Buffer.from(await sample.arrayBuffer());
    // The exact bytes the app sends to this load generator (compressed), for the bare server to send too.
    const raw = await new Promise<{ body: Buffer; encoding: string | undefined; type: string }>((resolve, reject) => {
      http
        .get(server.url + c.path, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (d: Buffer) => chunks.push(d));
          res.on('end', () => resolve({ body: Buffer.concat(chunks), encoding: res.headers['content-encoding'], type: res.headers['content-type'] ?? 'application/json' }));
        })
        .on('error', reject);
    });
    const headers: Record<string, string> = { 'Content-Type': raw.type };
    if (raw.encoding) headers['Content-Encoding'] = raw.encoding;
    const bare = http.createServer((_req, res) => {
      res.writeHead(200, { ...headers, 'Content-Length': raw.body.length });
      res.end(raw.body);
    });
    await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
    const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}${c.path}`;

    await load(() => server.url + c.path, 300);
    await load(() => bareUrl, 300);
    const app = await load(() => server.url + c.path, n);
    const plain = await load(() => bareUrl, n);
    console.log(c.label);
    console.log(`  body ${bytes.length} bytes JSON, ${raw.body.length} bytes on the wire (${raw.encoding ?? 'identity'}), ${n} requests, ${CONCURRENCY} concurrent`);
    console.log(`  Airdeck:          ${Math.round(app)} req/s`);
    console.log(`  bare Node server: ${Math.round(plain)} req/s (same bytes)`);
    console.log(`  ratio:            ${(app / plain).toFixed(2)} (Airdeck / bare)`);
    bare.close();
  }

  // Cold: a different range each time (each ending with this week, so each answer holds 50 of its shows):
  // every answer is queried from the database and built.
  const cold = await load((i) => `${server.url}/schedule-api?start_date=${addDays(monday, -i)}&end_date=${addDays(monday, 6)}`, 360);
  console.log(`GET /schedule-api, every request a new query (no cache hit): ${Math.round(cold)} req/s`);
  agent.destroy();
  await server.close();
}
