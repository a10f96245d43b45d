import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { describeLoad, rampUp, runLoad, type LoadResult } from '../../bench/load';
import { openDatabase } from '../../server/src/db/knex';
import { pgUrlFor } from '../support/global-db';
import { startServerProcess, type ServerProcess } from '../support/processes';
import { mb, printFigures, STRESS_FULL } from '../support/stress';

/**
 * Load: the listener mix (now-playing and the week's schedule, 1% song
 * requests and votes) on loopback against a real server process, with the
 * embedded database and (when TEST_DATABASE_URL is set) PostgreSQL. A short
 * ramp finds the highest rate with p99 under 250 ms (by default doubling from
 * the warm-up's 100/s in 2 s steps; with STRESS_FULL=1 finer, from 25/s in 3 s
 * steps); the load then runs 15 s (60 s with STRESS_FULL=1; or
 * STRESS_LOAD_SECONDS) at 80% of it (once more at half that if the machine,
 * shared with other work, could not hold the goal). Rates and latencies are
 * printed, not asserted; errors in the final run and memory growth are. Memory is read after a full GC before
 * and after; its growth must stay within the bounds below.
 */
const P99_GOAL_MS = 250;
const SECONDS = Number(process.env.STRESS_LOAD_SECONDS ?? (STRESS_FULL ? 60 : 15));
const STEP_SECONDS = STRESS_FULL ? 3 : 2;
const WARM_UP_SECONDS = STRESS_FULL ? 3 : 2;
const STEPS = STRESS_FULL ? [25, 50, 100, 150, 200, 300, 450, 600, 800, 1000, 1300, 1600, 2000] : [100, 200, 400, 800, 1600];
/** The rate of the long run when not even the ramp's first step met the goal. */
const MIN_RATE = 25;
/** Growth allowed over the run: live JS heap after GC, and resident memory (PGlite's WebAssembly memory grows and never shrinks). */
const HEAP_GROWTH_BOUND = 32 * 1024 * 1024;
const RSS_GROWTH_BOUND = 160 * 1024 * 1024;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'airdeck-load-'));
const baseUrl = process.env.TEST_DATABASE_URL ?? null;
const pgName = `airdeck_load_${process.pid}_${randomBytes(3).toString('hex')}`;
let server: ServerProcess | null = null;
afterAll(async () => {
  await server?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
  if (baseUrl) {
    const admin = await openDatabase({ kind: 'postgres', url: baseUrl, poolMax: 1 });
    await admin.knex.raw(`DROP DATABASE IF EXISTS "${pgName}" WITH (FORCE)`).catch(() => undefined);
    await admin.close();
  }
});

const engines: Array<{ name: string; env: () => Promise<Record<string, string>> }> = [
  { name: 'PGlite (embedded)', env: async () => ({ DATA_DIR: path.join(tmp, 'data') }) },
];
if (baseUrl) {
  engines.push({
    name: 'PostgreSQL',
    env: async () => {
      const admin = await openDatabase({ kind: 'postgres', url: baseUrl, poolMax: 1 });
      await admin.knex.raw(`CREATE DATABASE "${pgName}"`);
      await admin.close();
      return { DATABASE_URL: pgUrlFor(baseUrl, pgName) };
    },
  });
}

describe('mixed listener load', () => {
  for (const engine of engines) {
    it(`carries the listener mix for ${SECONDS} s at the highest rate with p99 under ${P99_GOAL_MS} ms on ${engine.name}, without errors or memory growth`, async () => {
      server = await startServerProcess({ ...(await engine.env()), SEED_DEMO: 'true', TRUST_PROXY: 'true', LOG_LEVEL: 'error', REQUEST_REPEAT_MINUTES: '0' });
      const url = server.url;
      const search = (await (await fetch(`${url}/api/tracks/search?q=e&limit=50`)).json()) as { tracks: Array<{ id: string }> };
      const trackIds = search.tracks.map((t) => t.id);
      expect(trackIds.length).toBeGreaterThan(0);

      // Warm up (JIT, pool, caches), then the baseline.
      await runLoad({ url, rate: 100, seconds: WARM_UP_SECONDS, trackIds });
      const before = await server.memory();

      const ramp = await rampUp({ url, trackIds, steps: STEPS, stepSeconds: STEP_SECONDS, p99GoalMs: P99_GOAL_MS });
      // A margin below the ramp's best: a ramp step is a sample, the long run must hold the goal throughout.
      let rate = Math.max(MIN_RATE, Math.round(ramp.best * 0.8));
      let main: LoadResult = await runLoad({ url, rate, seconds: SECONDS, trackIds });
      const attempts = [main];
      // The machine is shared: if the long run misses the goal, step down once and run again.
      if (main.p99 >= P99_GOAL_MS || main.errors > 0) {
        rate = Math.max(10, Math.round(rate * 0.5));
        main = await runLoad({ url, rate, seconds: SECONDS, trackIds });
        attempts.push(main);
      }
      const after = await server.memory();
      const met = attempts.find((a) => a.p99 < P99_GOAL_MS && a.errors === 0);
      const health = await fetch(`${url}/api/health`);
      await server.stop();
      server = null;

      printFigures(`load on ${engine.name}`, {
        mode: STRESS_FULL ? 'full (STRESS_FULL=1)' : 'default: doubling ramp, 2 s steps (STRESS_FULL=1: finer 3 s steps, 60 s run)',
        ...Object.fromEntries(ramp.steps.map((s, i) => [`ramp step ${i + 1} (${STEP_SECONDS} s)`, describeLoad(s)])),
        'highest rate meeting the goal in the ramp': `${ramp.best}/s`,
        ...Object.fromEntries(attempts.map((a, i) => [`${SECONDS} s run${attempts.length > 1 ? ` #${i + 1}` : ''}`, describeLoad(a)])),
        'machine load average (1 min) at the end': os.loadavg()[0]!.toFixed(1),
        [`sustained rate with p99 < ${P99_GOAL_MS} ms`]: met ? `${met.rate} requests/s` : 'not reached on this machine at this time (shared; see load average)',
        p50: `${main.p50} ms`,
        p99: `${main.p99} ms`,
        errors: main.errors,
        'answers by status': Object.entries(main.statuses).map(([k, v]) => `${k}×${v}`).join('  '),
        'server RSS before / after': `${mb(before.rss)} / ${mb(after.rss)} (growth ${mb(after.rss - before.rss)}, bound ${mb(RSS_GROWTH_BOUND)})`,
        'server heap after GC before / after': `${mb(before.heapUsed)} / ${mb(after.heapUsed)} (growth ${mb(after.heapUsed - before.heapUsed)}, bound ${mb(HEAP_GROWTH_BOUND)})`,
      });

      // Speed is a figure, not a verdict (the machine is shared): what must hold is that the server
      // answers everything at a rate it can carry, and does not grow.
      expect(health.status).toBe(200);
      expect(main.errors).toBe(0);
      expect(after.heapUsed - before.heapUsed).toBeLessThan(HEAP_GROWTH_BOUND);
      expect(after.rss - before.rss).toBeLessThan(RSS_GROWTH_BOUND);
    }, (SECONDS * 2 + 120) * 1000);
  }
});
