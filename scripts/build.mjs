#!/usr/bin/env node
/**
 * `npm run build`: the production build, summarised in one line.
 *
 * - the server (server/src/main.ts and the migrate and create-owner commands)
 *   compiled and bundled by esbuild into dist-server/*.mjs, with the packages it
 *   loads at every start bundled in (see SERVER_EXTERNAL: node resolving, reading
 *   and wrapping some 650 package files one by one was a third of a restart); the
 *   entry is small and loads the rest (a chunk) while the embedded database opens.
 *   It runs with the production dependencies alone (`npm ci --omit=dev`); plus
 *   dist-server/pglite-template.tar.gz, a fresh migrated embedded database that a
 *   first start unpacks instead of running PostgreSQL's initdb and every migration;
 * - the website (vite --mode web, into web/dist) and the desktop studio's
 *   renderer (vite --mode studio, into web/dist-studio).
 *
 * `node scripts/build.mjs server` builds the server alone, `site` the server
 * and the website (what `npm start` needs). Warnings and errors are printed;
 * the file listings are not.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// A production build whatever the shell's NODE_ENV (a build started from the tests runs under NODE_ENV=test, and
// Vite would then write React's development build and its development JSX into the website).
process.env.NODE_ENV = 'production';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

/** Where the compiled server goes, and its entry points. */
export const SERVER_OUT = 'dist-server';
const SERVER_ENTRIES = {
  main: 'server/src/main.ts',
  migrate: 'server/src/cli/migrate.ts',
  'create-owner': 'server/src/cli/create-owner.ts',
  'pglite-template': 'server/src/cli/pglite-template.ts',
};

/**
 * Packages the server bundle leaves to node_modules: PGlite (it reads its WebAssembly and data files
 * beside its own module), native addons (argon2, sharp), pino (its transports run files of their own
 * in worker threads), the drivers loaded only when configured (pg, and Knex's other dialects' drivers,
 * never installed), and what is loaded only on first use (the HTML sanitizer's jsdom, image checks,
 * the demo stream's MP3 encoder) or is optional (ws's native helpers). Two data packages stay too:
 * iconv-lite's encoding tables (530 KB of code, loaded from node_modules one table when first needed)
 * and mime-db (node reads its JSON once, where bundled it was three copies of a 200 KB object literal
 * to compile at every start).
 */
const SERVER_EXTERNAL = [
  '@electric-sql/pglite',
  'argon2',
  'sharp',
  'file-type',
  'jsdom',
  'dompurify',
  '@breezystack/lamejs',
  'pino',
  'pino-pretty',
  'pg',
  'pg-native',
  'pg-query-stream',
  'mysql',
  'mysql2',
  'mariadb',
  'sqlite3',
  'better-sqlite3',
  'tedious',
  'oracledb',
  'bufferutil',
  'utf-8-validate',
  'iconv-lite',
  'mime-db',
];

function size(dir) {
  let bytes = 0;
  let files = 0;
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else {
        files++;
        bytes += fs.statSync(p).size;
      }
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return { bytes, files };
}
const mb = (b) => `${(b / 1_048_576).toFixed(1)} MB`;

async function buildServer() {
  const { build } = await import('esbuild');
  fs.rmSync(SERVER_OUT, { recursive: true, force: true });
  await build({
    entryPoints: SERVER_ENTRIES,
    outdir: SERVER_OUT,
    bundle: true,
    platform: 'node',
    target: 'node20.19',
    format: 'esm',
    external: SERVER_EXTERNAL,
    // The bundled CommonJS packages require() what stays external: give each file node's own require.
    banner: { js: "import { createRequire as __airdeckRequire } from 'node:module'; const require = __airdeckRequire(import.meta.url);" },
    // The entry's dynamic import of the rest of the server becomes a chunk of its own, beside it
    // (the same folder: modules find the template by their own location).
    splitting: true,
    chunkNames: 'chunk-[hash]',
    outExtension: { '.js': '.mjs' },
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  // The fresh embedded database a first start unpacks (initdb and migrations done here, once).
  const t = spawnSync(process.execPath, [path.join(SERVER_OUT, 'pglite-template.mjs')], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (t.status !== 0) throw new Error('could not make the embedded database template (dist-server/pglite-template.tar.gz)');
  // The build's own stamp: what start.mjs compares the sources with, and (written into web/dist and web/dist-ssr
  // too) what the server compares the website's build with at start (server/src/build-check.ts).
  fs.writeFileSync(path.join(SERVER_OUT, 'BUILD'), STAMP);
  const s = size(SERVER_OUT);
  return `server (${SERVER_OUT}/, ${mb(s.bytes)})`;
}

async function buildWeb(mode) {
  const { build } = await import('vite');
  await build({ configFile: 'web/vite.config.ts', mode, logLevel: 'warn' });
  const dir = mode === 'studio' ? 'web/dist-studio' : 'web/dist';
  if (mode === 'web') for (const d of ['web/dist', 'web/dist-ssr']) if (fs.existsSync(d)) fs.writeFileSync(path.join(d, 'BUILD'), STAMP);
  const s = size(dir);
  return `${mode === 'studio' ? 'studio' : 'website'} (${dir}/, ${s.files} files, ${mb(s.bytes)})`;
}

const started = Date.now();
/** One stamp for everything this run builds. */
const STAMP = `${new Date().toISOString()}\n`;
const only = process.argv[2];
try {
  const parts = [];
  parts.push(await buildServer());
  if (only !== 'server') parts.push(await buildWeb('web'));
  if (only !== 'server' && only !== 'site') parts.push(await buildWeb('studio'));
  process.stdout.write(`Built ${parts.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
} catch (err) {
  process.stderr.write(`Build failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
