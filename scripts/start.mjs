#!/usr/bin/env node
/**
 * `npm start` and `npm run serve`: run the production build with plain `node`.
 *
 * The server runs in this very process (no child, no tsx), so the SIGTERM a
 * process manager sends to `npm start` reaches the server's own graceful stop.
 *
 * - `npm run serve` (`--serve`): the build must exist (`npm run build`); this is
 *   what a production install with `npm ci --omit=dev` runs.
 * - `npm start`: the same, but on a fresh clone (no build yet), or when the
 *   sources are newer than the build, it first builds the server and the website
 *   (`npm install && npm start` gives the demo station). Without the build tools
 *   (an --omit=dev install) it serves what is there and says so.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serveOnly = process.argv.includes('--serve');
const serverEntry = path.join(root, 'dist-server', 'main.mjs');
const stamp = path.join(root, 'dist-server', 'BUILD');
const webIndex = path.resolve(process.env.WEB_DIST_DIR ?? path.join(root, 'web', 'dist'), 'index.html');

function newestSource() {
  let newest = 0;
  const walk = (d) => {
    if (!fs.existsSync(d)) return;
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name.startsWith('dist')) continue;
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(ts|tsx|css|html|svg|json)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) newest = Math.max(newest, fs.statSync(p).mtimeMs);
    }
  };
  for (const d of ['server/src', 'shared', 'migrations', 'web/src', 'web/public']) walk(path.join(root, d));
  return newest;
}

const canBuild = () => ['esbuild', 'vite'].every((m) => fs.existsSync(path.join(root, 'node_modules', m, 'package.json')));
const built = fs.existsSync(serverEntry) && fs.existsSync(webIndex);
const stale = built && fs.existsSync(stamp) && newestSource() > fs.statSync(stamp).mtimeMs;

if (!built || (stale && !serveOnly)) {
  if (serveOnly || !canBuild()) {
    if (!built) {
      process.stderr.write(
        `No build to serve (${path.relative(root, serverEntry)} and ${path.relative(root, webIndex)} are needed).\n` +
          `Run \`npm run build\` first, on a machine with the dev dependencies (\`npm install\`), then serve with \`npm run serve\`.\n`,
      );
      process.exit(1);
    }
    process.stderr.write('Note: the sources are newer than the build; serving the build as it is (run `npm run build` to update it).\n');
  } else {
    process.stdout.write(built ? 'The sources changed since the last build: rebuilding the server and the website…\n' : 'First start: building the server and the website…\n');
    const r = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), 'site'], { stdio: 'inherit', cwd: root });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}

await import(pathToFileURL(serverEntry).href);
