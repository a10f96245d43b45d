/**
 * A real Airdeck server as its own OS process, for the multi-instance tests:
 * `npx tsx tests/support/server-process.ts` with DATABASE_URL (and any other
 * configuration) in the environment. It prints one JSON line
 * `{"ready":true,"url":…}` when listening, then its JSON logs, and stops on
 * SIGTERM. Jobs (the station poller) run as in production.
 */
import { openConfiguredDatabase, prepareDatabase } from '../../server/src/bootstrap';
import { loadConfig } from '../../server/src/config';
import { startJobs } from '../../server/src/jobs';
import { createLogger } from '../../server/src/log';
import { startServer } from '../../server/src/server';

const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'info', ...process.env });
const log = createLogger({ level: config.LOG_LEVEL, pretty: false });
const db = await openConfiguredDatabase(config);
await prepareDatabase(db, config, log);
const server = await startServer({ config, db, log, jobs: startJobs });
process.stdout.write(`${JSON.stringify({ ready: true, url: server.url, pid: process.pid })}\n`);
// A line `mem` on stdin answers with the process memory after a full GC (when run with --expose-gc).
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => {
  if (!chunk.includes('mem')) return;
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  process.stdout.write(`${JSON.stringify({ mem: { rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, arrayBuffers: m.arrayBuffers } })}\n`);
});
process.stdin.on('error', () => undefined);
process.on('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
