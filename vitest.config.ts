import { defineConfig } from 'vitest/config';

/**
 * Four suites, one runner. `unit` is pure code, `integration` starts the real
 * server against a real database (PGlite, or PostgreSQL when TEST_DATABASE_URL
 * is set), `browser` drives Chromium against a real server. `stress` holds the
 * fault, bad-input and load suites (in `npm test`, sampled; STRESS_FULL=1 for
 * the full length; alone with `npm run test:stress`).
 *
 * Speed on two cores (README "Tests"): the integration, browser and stress files run with `isolate: false`,
 * so a worker loads the server's modules (Koa, knex, PGlite's WebAssembly, sharp…) once instead of once per
 * file; that loading was more than half of the integration run. Every file still starts its own servers on
 * its own fresh database, and no test file mocks modules or changes process.env, so nothing a file asserts
 * depends on the files before it. Integration and browser files run two at a time: most of their time is
 * spent waiting on servers, polls, Chromium and child processes, not on the CPU.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'server/**/*.unit.test.ts', 'electron/**/*.test.ts', 'web/src/**/*.test.ts', 'tests/lint/**/*.test.ts'],
          environment: 'node',
          // One module graph per worker rather than per file: a little over a third of the CPU the unit files took
          // (measured here: 24 s of CPU against 61 s). The few files that stub globals or fake timers undo it in their
          // own afterEach (vi.unstubAllGlobals, vi.useRealTimers).
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['server/**/*.int.test.ts', 'tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-db.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          isolate: false,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-browser.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at a time, each with its own server, database and Chromium (a browser test spends much of
          // its time waiting on polls and page loads); all 125 tests passed this way at load average 15-20.
          // BROWSER_WORKERS sets another number (README "Tests").
          maxWorkers: Number(process.env.BROWSER_WORKERS) > 0 ? Number(process.env.BROWSER_WORKERS) : 2,
          isolate: false,
          // A page reached on a busy machine (lazy chunks, idle-time sections) can take seconds: expect.poll waits
          // up to 10 s (vitest's default is 1 s) before it calls an assertion failed.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        test: {
          name: 'stress',
          include: ['tests/stress/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-db.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          isolate: false,
        },
      },
    ],
  },
});
