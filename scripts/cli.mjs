#!/usr/bin/env node
/**
 * `npm run migrate` and `npm run create-owner`: the server's commands, from the
 * production build (dist-server/<command>.mjs, plain node, what an
 * `npm ci --omit=dev` install has) or, without a build, from the sources
 * through tsx (a development checkout).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [command, ...args] = process.argv.slice(2);
if (command !== 'migrate' && command !== 'create-owner') {
  process.stderr.write('Usage: node scripts/cli.mjs migrate|create-owner [options]\n');
  process.exit(2);
}
const built = path.join(root, 'dist-server', `${command}.mjs`);
const tsx = path.join(root, 'node_modules', 'tsx', 'package.json');
const argv = fs.existsSync(tsx)
  ? ['--import', 'tsx', path.join(root, 'server', 'src', 'cli', `${command}.ts`), ...args]
  : fs.existsSync(built)
    ? [built, ...args]
    : null;
if (!argv) {
  process.stderr.write(`No build of ${command}: run \`npm run build\` first.\n`);
  process.exit(1);
}
const r = spawnSync(process.execPath, argv, { stdio: 'inherit' });
process.exit(r.status ?? 1);
