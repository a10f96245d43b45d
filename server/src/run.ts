import path from 'node:path';
import { openConfiguredDatabase, prepareDatabase } from './bootstrap';
import type { Config } from './config';
import { DataDirLockedError, heldDataDirLock } from './db/data-dir-lock';
import { startEmbeddedDatabase, type EmbeddedStart } from './db/embedded';
import { createLogger } from './log';
import { startServer } from './server';
import { buildOutputProblems } from './build-check';
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

/**
 * The server's start after its entry (main.ts): open the database (the embedded one is already
 * opening: `started`), migrate, seed, serve, and stop gracefully on SIGTERM/SIGINT.
 * `phases`: what the entry measured (ms), completed here and logged once on air, so a slow start
 * says where it went: `boot` (node and the entry), `config` (read, lock taken), `code` (loading the
 * rest of the server, while the embedded database opens), `open` (the rest of the opening),
 * `prepare` (migrations checked, demo seed), `reopen` (after a first setup), `listen` (the app built,
 * listening). `wasm`: PGlite's compiled WebAssembly, for the reopen.
 */
export async function run(config: Config, started: EmbeddedStart | undefined, phases: Record<string, number>, wasm?: Promise<WebAssembly.Module>): Promise<void> {
  let mark = performance.now();
  const log = createLogger({ level: config.LOG_LEVEL, pretty: config.LOG_PRETTY });
  const phase = (name: string): void => {
    const t = performance.now();
    phases[name] = Math.round(t - mark);
    mark = t;
  };
  let db;
  try {
    db = await openConfiguredDatabase(config, 'server', started);
    phase('open');
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      process.stderr.write(`Airdeck cannot start: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const takeover = db.engine === 'pglite' ? heldDataDirLock(config.DATA_DIR)?.takenOver : null;
  if (takeover) {
    const o = takeover.owner;
    log.warn({ lock: path.join(path.resolve(config.DATA_DIR), 'airdeck.lock'), previous: { pid: o.pid, command: o.command, startedAt: o.startedAt } }, `took over the data folder's lock left by pid ${o.pid} (${o.command}, started ${o.startedAt}): ${takeover.reason}`);
  }
  const changed = await prepareDatabase(db, config, log);
  phase('prepare');
  if (changed && db.engine === 'pglite') {
    // PGlite's WebAssembly memory grows during migrations and seeding and never
    // shrinks: reopening after first-time setup roughly halves the idle footprint.
    await db.close();
    db = await openConfiguredDatabase(config, 'server', startEmbeddedDatabase(config.DATA_DIR, 'server', wasm));
    phase('reopen');
  }
  const server = await startServer({ config, db, log, jobs: startJobs });
  phase('listen');
  heldDataDirLock(config.DATA_DIR)?.setUrl(server.url);
  log.info({ url: server.url, database: db.engine, source: config.STATION_SOURCE, phases }, 'Airdeck is on air');
  process.stdout.write(banner(config, server.url, db.engine));
  // A production server says at every start when the build it serves is not whole or not of one build.
  if (config.NODE_ENV === 'production') {
    for (const problem of buildOutputProblems(config.rootDir, config.WEB_DIST_DIR ? path.resolve(config.rootDir, config.WEB_DIST_DIR) : path.join(config.rootDir, 'web', 'dist'))) log.warn({ check: 'build output' }, problem);
  }

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
