import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import dbSetup from './global-db';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumPath: string;
    skipBrowser: boolean;
  }
}

/**
 * Browser suites need Chromium and a built web app. Without Chromium they
 * fail with the way to install it, unless SKIP_BROWSER_TESTS=1 says to skip.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const skip = process.env.SKIP_BROWSER_TESTS === '1';
  project.provide('chromiumPath', chromium);
  project.provide('skipBrowser', skip);
  if (!skip && !fs.existsSync(chromium)) {
    throw new Error(
      `Chromium was not found at ${chromium}. Install it (Debian/Ubuntu: sudo apt-get install -y chromium) or point CHROMIUM_PATH at a Chromium or Chrome binary. To skip the browser suite on purpose, set SKIP_BROWSER_TESTS=1.`,
    );
  }
  const index = path.resolve('web/dist/index.html');
  if (!skip && !fs.existsSync(index)) {
    execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--mode', 'web', '--logLevel', 'warn'], { stdio: 'inherit' });
  }
  // Browser suites use the embedded database, as a fresh install does.
  process.env.TEST_DB_ENGINE = 'pglite';
  return dbSetup(project);
}
