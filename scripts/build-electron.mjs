#!/usr/bin/env node
/**
 * Bundles the Electron main and preload scripts into dist-electron/ as
 * CommonJS. Everything but electron itself is bundled (electron-updater
 * included), so the packaged app needs no node_modules; a package.json with
 * "type": "commonjs" in the folder keeps Electron from reading the bundles as
 * ES modules (the repository's package.json says "type": "module").
 */
import fs from 'node:fs';
import { build } from 'esbuild';

// The public key update manifests must be signed with (README, "Signing"): part of the build, never read at run time.
const updateKey = process.env.AIRDECK_UPDATE_PUBLIC_KEY ?? '';
if (!updateKey) console.warn('AIRDECK_UPDATE_PUBLIC_KEY is not set: Linux and macOS builds will not install updates.');
const common = { bundle: true, platform: 'node', target: 'node22', format: 'cjs', external: ['electron'], sourcemap: false, logLevel: 'info', legalComments: 'none', define: { 'process.env.AIRDECK_UPDATE_PUBLIC_KEY': JSON.stringify(updateKey) } };
await build({ ...common, entryPoints: ['electron/main.ts'], outfile: 'dist-electron/main.js' });
await build({ ...common, entryPoints: ['electron/preload.ts'], outfile: 'dist-electron/preload.js' });
fs.writeFileSync('dist-electron/package.json', JSON.stringify({ type: 'commonjs' }, null, 2) + '\n');
