import { openConfiguredDatabase, prepareDatabase } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './log';
import { startServer } from './server';
import { startJobs } from './jobs';

/** Entry point of `npm start`: validate config, migrate, seed, serve, and stop gracefully on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78);
    }
    throw err;
  }
  const log = createLogger({ level: config.LOG_LEVEL, pretty: config.LOG_PRETTY });
  let db = await openConfiguredDatabase(config);
  if ((await prepareDatabase(db, config, log)) && db.engine === 'pglite') {
    // PGlite's WebAssembly memory grows during migrations and seeding and never
    // shrinks: reopening after first-time setup roughly halves the idle footprint.
    await db.close();
    db = await openConfiguredDatabase(config);
  }
  const server = await startServer({ config, db, log, jobs: startJobs });
  log.info({ url: server.url, database: db.engine }, 'Airdeck is on air');
  process.stdout.write(`\n  Airdeck is running at ${server.url}\n  Database: ${db.engine === 'pglite' ? `embedded (${config.DATA_DIR})` : 'PostgreSQL'}\n\n`);

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const hard = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS + 5_000);
    hard.unref();
    server
      .close()
      .then(() => {
        log.info('stopped');
        process.exit(0);
      })
      .catch((err: unknown) => {
        log.error({ err }, 'error while stopping');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  process.stderr.write(`Airdeck failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
