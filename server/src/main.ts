import { compilePgliteWasm } from './db/pglite-wasm';

/**
 * Entry point of `npm start`. Kept light on purpose, so that the embedded database opens while the
 * server's code loads (two cores' worth of work at once, where one followed the other):
 * 1. PGlite's WebAssembly starts compiling (on V8's background threads) unless DATABASE_URL is set;
 * 2. the configuration is read and validated (exit 78 when it is wrong), DATA_DIR's lock is taken and
 *    PGlite starts opening;
 * 3. the rest of the server (./run: migrations, seed, the app) loads meanwhile and takes over.
 * In the build, steps 2 and 3 are chunks of their own, loaded by the dynamic imports below.
 */
async function main(): Promise<void> {
  const boot = Math.round(performance.now());
  const wasm = process.env.DATABASE_URL ? undefined : compilePgliteWasm();
  // Not awaited until PGlite needs it; a failure makes PGlite load the file itself.
  wasm?.catch(() => undefined);
  const [{ ConfigError, loadConfig }, { DataDirLockedError }, { startEmbeddedDatabase }] = await Promise.all([import('./config'), import('./db/data-dir-lock'), import('./db/embedded')]);
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
  let started;
  try {
    started = config.DATABASE_URL ? undefined : startEmbeddedDatabase(config.DATA_DIR, 'server', wasm);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      process.stderr.write(`Airdeck cannot start: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const entered = performance.now();
  const { run } = await import('./run');
  await run(config, started, { boot, config: Math.round(entered - boot), code: Math.round(performance.now() - entered) }, wasm);
}

main().catch((err: unknown) => {
  process.stderr.write(`Airdeck failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
