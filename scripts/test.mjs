#!/usr/bin/env node
/**
 * `npm test`: every suite, on every database engine this machine offers, with
 * one closing line a person (and CI) can read: "N passed, N failed".
 *
 *   0. lint                      (ESLint: the import boundaries, eslint.config.js; one check, a failure per file with errors)
 *   1. unit                      (pure code)
 *   2. integration on PGlite     (real server, embedded database)
 *   3. integration on PostgreSQL (when TEST_DATABASE_URL is set)
 *   4. stress                    (tests/stress, once: faults, bad input, shutdown, load; PostgreSQL when
 *                                 TEST_DATABASE_URL is set, the load suite on both engines; sampled,
 *                                 STRESS_FULL=1 for the full length)
 *   5. browser                   (Chromium against a real server; SKIP_BROWSER_TESTS=1 skips)
 *
 * Large matrices (pages × widths × themes × states: axe, header layout, keyboard focus, staff screens) and the
 * stress suites run a fixed, deterministic sample that still covers every page and screen, the 390 px width
 * and both theme families (tests/support/full.ts). TEST_FULL=1 runs all of them in full (STRESS_FULL=1 and
 * AXE_FULL=1 still work for their own suites). The default run stays well under 20 minutes on two cores
 * (README "Tests" has the figures); the full run takes well over an hour.
 *
 * Extra arguments are passed to vitest (e.g. a file filter).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const extra = process.argv.slice(2);
const started = Date.now();
const full = process.env.TEST_FULL === '1';
console.log(full ? '▶ TEST_FULL=1: every matrix in full, stress suites at full length' : '▶ sampled matrices (TEST_FULL=1 runs them in full)');
const runs = [
  { label: 'unit', project: 'unit', env: {} },
  { label: 'integration (PGlite)', project: 'integration', env: { TEST_DB_ENGINE: 'pglite' } },
];
if (process.env.TEST_DATABASE_URL) runs.push({ label: 'integration (PostgreSQL)', project: 'integration', env: { TEST_DB_ENGINE: 'postgres' } });
runs.push({ label: 'stress', project: 'stress', env: {} });
runs.push({ label: 'browser', project: 'browser', env: {} });

if (process.env.SKIP_BROWSER_TESTS !== '1') {
  console.log('\n▶ building the web app for the browser suite');
  const build = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--mode', 'web', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) {
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const summary = [];
let anyFailure = false;

// Lint first (seconds): the whole tree is one check (one pass when clean); each file with an error is one failure.
// Clean files are not counted as tests, so the closing line counts tests, not files.
{
  console.log('\n▶ lint');
  const t0 = Date.now();
  const out = path.join(os.tmpdir(), `airdeck-eslint-${process.pid}.json`);
  const res = spawnSync('npx', ['eslint', '.', '--format', 'json', '--output-file', out], { stdio: 'inherit' });
  let passed = 0;
  let failed = 0;
  try {
    const files = JSON.parse(fs.readFileSync(out, 'utf8'));
    for (const file of files) {
      if (file.errorCount > 0) {
        failed += 1;
        for (const m of file.messages) console.log(`  ${path.relative(process.cwd(), file.filePath)}:${m.line}:${m.column}  ${m.message}  (${m.ruleId ?? 'eslint'})`);
      }
    }
    if (failed === 0) passed = 1;
    console.log(`  ${files.length} files checked, ${failed} with errors`);
    fs.rmSync(out, { force: true });
  } catch {
    failed = 1;
  }
  if (res.status !== 0 && failed === 0) failed = 1;
  if (failed > 0) anyFailure = true;
  totals.passed += passed;
  totals.failed += failed;
  summary.push(`${'lint'.padEnd(26)} ${String(passed).padStart(5)} passed ${String(failed).padStart(4)} failed ${String(0).padStart(4)} skipped  ${((Date.now() - t0) / 1000).toFixed(1)}s`);
}
for (const run of runs) {
  const out = path.join(os.tmpdir(), `airdeck-vitest-${process.pid}-${run.project}-${run.env.TEST_DB_ENGINE ?? 'x'}.json`);
  console.log(`\n▶ ${run.label}`);
  const t0 = Date.now();
  const res = spawnSync('npx', ['vitest', 'run', '--project', run.project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...extra], {
    stdio: 'inherit',
    env: { ...process.env, ...run.env },
  });
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  try {
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed = report.numPassedTests;
    failed = report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
    skipped = report.numPendingTests + report.numTodoTests;
    // A suite that failed to load counts as a failure even if no test ran.
    for (const file of report.testResults ?? []) if (file.status === 'failed' && (file.assertionResults ?? []).length === 0) failed += 1;
    fs.rmSync(out, { force: true });
  } catch {
    if (res.status !== 0) failed += 1;
  }
  if (res.status !== 0 && failed === 0) failed = 1;
  if (res.status !== 0) anyFailure = true;
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  summary.push(`${run.label.padEnd(26)} ${String(passed).padStart(5)} passed ${String(failed).padStart(4)} failed ${String(skipped).padStart(4)} skipped  ${((Date.now() - t0) / 1000).toFixed(1)}s`);
}

console.log('\n── Airdeck test summary ──');
for (const line of summary) console.log(line);
console.log(`total time ${((Date.now() - started) / 1000).toFixed(1)}s\n`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(anyFailure || totals.failed > 0 ? 1 : 0);
