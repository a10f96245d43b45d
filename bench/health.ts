import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/knex';
import { migrateLatest } from '../server/src/db/migrate';
import { createLogger } from '../server/src/log';
import { startServer } from '../server/src/server';

/** Start-up time and requests per second for GET /api/health on the embedded database. */
export async function run(): Promise<void> {
  const t0 = performance.now();
  const db = await openDatabase({ kind: 'pglite', dataDir: null });
  await migrateLatest(db.knex);
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
  const server = await startServer({ config, db, log: createLogger({ level: 'silent', pretty: false }) });
  console.log(`start to listening (PGlite, migrations): ${Math.round(performance.now() - t0)} ms`);
  const rssBefore = process.memoryUsage().rss;
  const n = 2000;
  const start = performance.now();
  let inflight = 0;
  let done = 0;
  await new Promise<void>((resolve) => {
    const next = (): void => {
      if (done + inflight >= n) return;
      inflight++;
      void fetch(`${server.url}/api/health`).then(async (r) => {
        await r.arrayBuffer();
        inflight--;
        done++;
        if (done === n) resolve();
        else next();
      });
    };
    for (let i = 0; i < 32; i++) next();
  });
  const secs = (performance.now() - start) / 1000;
  console.log(`GET /api/health: ${Math.round(n / secs)} req/s over ${n} requests (32 concurrent)`);
  console.log(`server RSS: ${Math.round(rssBefore / 1048576)} MiB before, ${Math.round(process.memoryUsage().rss / 1048576)} MiB after`);
  await server.close();
}
