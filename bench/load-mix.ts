import { seedDemo } from '../server/src/db/seed/demo';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/knex';
import { migrateLatest } from '../server/src/db/migrate';
import { createLogger } from '../server/src/log';
import { startServer } from '../server/src/server';
import { describeLoad, rampUp, runLoad } from './load';

/**
 * The listener mix of the load suite (tests/stress/load.test.ts) as a quick
 * figure: a ramp to the highest rate with p99 under 250 ms on the embedded
 * database (server in this process), then 10 s at that rate.
 * BENCH_LOAD_SECONDS changes the length of the run.
 */
export async function run(): Promise<void> {
  const db = await openDatabase({ kind: 'pglite', dataDir: null });
  await migrateLatest(db.knex);
  await seedDemo(db.knex, { timezone: 'Europe/London' });
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SEED_DEMO: 'false', TRUST_PROXY: 'true' });
  const server = await startServer({ config, db, log: createLogger({ level: 'silent', pretty: false }) });
  const trackIds = (await db.knex('tracks').limit(50).pluck('id')) as string[];
  await runLoad({ url: server.url, rate: 100, seconds: 2, trackIds });
  const ramp = await rampUp({ url: server.url, trackIds, steps: [25, 50, 100, 150, 200, 300, 450, 600, 800, 1000], stepSeconds: 2, p99GoalMs: 250 });
  for (const s of ramp.steps) console.log(`ramp  ${describeLoad(s)}`);
  const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
  const main = await runLoad({ url: server.url, rate: Math.max(25, Math.round(ramp.best * 0.8)), seconds, trackIds });
  console.log(`run   ${describeLoad(main)}  (PGlite, server and load in one process)`);
  await server.close();
}
