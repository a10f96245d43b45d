import { openConfiguredDatabase, prepareDatabase } from './bootstrap';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from './config';
import { DataDirLockedError, heldDataDirLock } from './db/data-dir-lock';
import { createLogger } from './log';
import { startServer } from './server';
import { startJobs } from './jobs';

/** The human banner at start: where the site is, which database, which station source. */
function banner(config: Config, url: string, engine: string): string {
  const where = (raw: string) => {
    try {
      const u = new URL(raw);
      return `${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname !== '/' ? u.pathname : ''}`;
    } catch {
      return 'PostgreSQL';
    }
  };
  const database = engine === 'pglite' ? `embedded PostgreSQL (PGlite) in ${path.resolve(config.DATA_DIR)}` : `PostgreSQL at ${where(config.DATABASE_URL ?? '')}`;
  const station =
    config.STATION_SOURCE === 'demo'
      ? 'the built-in demo station (its stream at /api/stream)'
      : `${config.STATION_SOURCE === 'azuracast' ? `AzuraCast station ${config.STATION_ID}` : `Icecast${config.STATION_MOUNT ? ` mount ${config.STATION_MOUNT}` : ''}`} at ${config.STATION_URL}` +
        (config.STREAM_URL ? ` (stream: ${config.STREAM_URL})` : ' (stream: as the station says)');
  const site = config.PUBLIC_URL && config.PUBLIC_URL !== url ? `${url}  (public address ${config.PUBLIC_URL})` : url;
  return `\n  Airdeck is running at ${site}\n  Database: ${database}\n  Station:  ${station}\n  Stop with Ctrl-C (or SIGTERM).\n\n`;
}

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
  // How long each step of the start took (ms), logged once on air: where a slow start goes.
  const phases: Record<string, number> = { boot: Math.round(performance.now()) };
  let mark = performance.now();
  const phase = (name: string): void => {
    const t = performance.now();
    phases[name] = Math.round(t - mark);
    mark = t;
  };
  let db;
  try {
    db = await openConfiguredDatabase(config);
    phase('open');
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      process.stderr.write(`Airdeck cannot start: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const changed = await prepareDatabase(db, config, log);
  phase('prepare');
  if (changed && db.engine === 'pglite') {
    // PGlite's WebAssembly memory grows during migrations and seeding and never
    // shrinks: reopening after first-time setup roughly halves the idle footprint.
    await db.close();
    db = await openConfiguredDatabase(config);
    phase('reopen');
  }
  const server = await startServer({ config, db, log, jobs: startJobs });
  phase('listen');
  heldDataDirLock(config.DATA_DIR)?.setUrl(server.url);
  log.info({ url: server.url, database: db.engine, source: config.STATION_SOURCE, phases }, 'Airdeck is on air');
  process.stdout.write(banner(config, server.url, db.engine));

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
