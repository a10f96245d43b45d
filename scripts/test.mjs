#!/usr/bin/env node
/**
 * `npm test`: every suite, on every database engine this machine offers, with
 * one closing line a person (and CI) can read: "N passed, N failed".
 *
 *   0. lint                      (ESLint: the import boundaries, eslint.config.js; one check, a failure per file with errors)
 *      typecheck                 (tsc --noEmit, strict, the whole tree: started first, runs beside the suites, one check)
 *   1. unit                      (pure code)
 *   2. integration on PGlite     (real server, embedded database)
 *   3. integration on PostgreSQL (when TEST_DATABASE_URL is set; side by side with 2, TEST_SERIAL=1 for one after the other)
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
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const extra = process.argv.slice(2);
const started = Date.now();
const full = process.env.TEST_FULL === '1';
console.log(full ? '▶ TEST_FULL=1: every matrix in full, stress suites at full length' : '▶ sampled matrices (TEST_FULL=1 runs them in full)');
// The integration files whose subject is not the database: audio through real icecast2, ffmpeg and the desktop source
// client; the production start, the nginx proxy, HTTP headers (CSP, Host), the demo stream's ICY metadata and playlist
// files, the realtime and load budgets, shutdown, image processing and the embedded database's own lock. They write a
// few rows any engine takes the same way, and run once. Every file whose rules live in queries, transactions,
// constraints or migrations runs on both engines (listen-again's recorder and crash tests included). TEST_FULL=1 runs
// every file on both.
const ONE_ENGINE = [
  'listen-again-sources', 'dead-air-icecast', 'desktop-live-source', 'live-azuracast', 'production', 'nginx', 'icecast', 'station-ears', 'csp',
  'icy-metadata', 'live-source-client', 'realtime-budget', 'host-header', 'quiet-logs', 'reach-playlists', 'data-dir-lock', 'load-shedding',
  'shutdown-connections', 'media',
].map((name) => `tests/integration/${name}.test.ts`);
// Three of them (the longest: recording from real sources, dead air through icecast2, the desktop's live source) run on
// PostgreSQL when it is there, so that the two passes, side by side, end at about the same time; the rest on PGlite.
const ON_POSTGRES = ['listen-again-sources', 'dead-air-icecast', 'desktop-live-source'].map((name) => `tests/integration/${name}.test.ts`);
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
const exclude = (files) => (full ? [] : files.flatMap((f) => ['--exclude', f]));
const runs = [
  { label: 'unit', project: 'unit', env: {} },
  { label: 'integration (PGlite)', project: 'integration', env: { TEST_DB_ENGINE: 'pglite' }, args: withPostgres ? exclude(ON_POSTGRES) : [] },
];
if (withPostgres) runs.push({ label: 'integration (PostgreSQL)', project: 'integration', env: { TEST_DB_ENGINE: 'postgres' }, args: exclude(ONE_ENGINE.filter((f) => !ON_POSTGRES.includes(f))) });
runs.push({ label: 'stress', project: 'stress', env: {} });
runs.push({ label: 'browser', project: 'browser', env: {} });

// The strict type check (npm run typecheck) runs beside the first suites, on its own core-share, and is counted as one
// check at the end: one pass when clean, one failure when not (its errors printed then).
const typecheck = new Promise((resolve) => {
  const t0 = Date.now();
  const child = spawn('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  child.on('close', (status) => resolve({ status, output, seconds: (Date.now() - t0) / 1000 }));
});

// One production build of the server and the website (`node scripts/build.mjs site`, what `npm start` serves) for
// the browser suite and for the production-start test, which checks this build's one-line summary (handed to it in
// AIRDECK_TEST_SITE_BUILD) instead of building it again. Without the browser suite that test builds on its own.
let siteBuild = null;
if (process.env.SKIP_BROWSER_TESTS !== '1') {
  console.log('\n▶ building the server and the web app (node scripts/build.mjs site)');
  const build = spawnSync(process.execPath, ['scripts/build.mjs', 'site'], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  process.stdout.write(build.stdout ?? '');
  if (build.status !== 0) {
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  siteBuild = build.stdout;
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const summary = [];
/** One line per failed test, printed again after the summary. */
const failures = [];
const firstLine = (text) => String(text ?? '').replace(/\x1b\[[0-9;]*m/g, '').split('\n').map((l) => l.trim()).find((l) => l !== '')?.slice(0, 300) ?? '';
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
/** One vitest run; `capture` sends its output to a file printed once it ends (for runs that share the machine). */
function runVitest(run, capture) {
  const out = path.join(os.tmpdir(), `airdeck-vitest-${process.pid}-${run.project}-${run.env.TEST_DB_ENGINE ?? 'x'}.json`);
  const log = capture ? path.join(os.tmpdir(), `airdeck-vitest-${process.pid}-${run.project}-${run.env.TEST_DB_ENGINE ?? 'x'}.log`) : null;
  const t0 = Date.now();
  if (!capture) console.log(`\n▶ ${run.label}`);
  return new Promise((resolve) => {
    const fd = log ? fs.openSync(log, 'w') : null;
    const child = spawn('npx', ['vitest', 'run', '--project', run.project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...(run.args ?? []), ...extra], {
      stdio: fd === null ? 'inherit' : ['ignore', fd, fd],
      env: { ...process.env, ...run.env, ...(capture ? { FORCE_COLOR: '1' } : {}), ...(siteBuild !== null ? { AIRDECK_TEST_SITE_BUILD: siteBuild } : {}) },
    });
    child.on('close', (status) => {
      let printed = null;
      if (fd !== null) {
        fs.closeSync(fd);
        printed = fs.readFileSync(log, 'utf8');
        fs.rmSync(log, { force: true });
      }
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
        // What failed, said again in the closing summary: CI shows only the end of the log.
        for (const file of report.testResults ?? []) {
          const where = path.relative(process.cwd(), file.name ?? '');
          const tests = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
          if (file.status === 'failed' && tests.length === 0) failures.push(`${run.label}: ${where}: ${firstLine(file.message)}`);
          for (const a of tests) failures.push(`${run.label}: ${where} > ${a.fullName ?? a.title}: ${firstLine((a.failureMessages ?? [])[0])}`);
        }
        fs.rmSync(out, { force: true });
      } catch {
        if (status !== 0) failed += 1;
      }
      if (status !== 0 && failed === 0) failed = 1;
      resolve({ run, status, passed, failed, skipped, seconds: (Date.now() - t0) / 1000, printed });
    });
  });
}

// The two integration passes run side by side: most of their time is spent waiting on databases, servers and
// child processes, and each file has its own database and ports (TEST_SERIAL=1 runs one after the other).
const groups = [];
for (const run of runs) {
  const last = groups[groups.length - 1];
  if (process.env.TEST_SERIAL !== '1' && last && last[0].project === 'integration' && run.project === 'integration') last.push(run);
  else groups.push([run]);
}
for (const group of groups) {
  if (group.length > 1) console.log(`\n▶ ${group.map((r) => r.label).join(' and ')}, side by side (printed in turn when both have ended)`);
  const results = await Promise.all(group.map((run) => runVitest(run, group.length > 1)));
  for (const r of results) {
    if (r.printed !== null) {
      console.log(`\n▶ ${r.run.label}`);
      process.stdout.write(r.printed);
    }
    if (r.status !== 0) anyFailure = true;
    totals.passed += r.passed;
    totals.failed += r.failed;
    totals.skipped += r.skipped;
    summary.push(`${r.run.label.padEnd(26)} ${String(r.passed).padStart(5)} passed ${String(r.failed).padStart(4)} failed ${String(r.skipped).padStart(4)} skipped  ${r.seconds.toFixed(1)}s`);
  }
}

{
  const tc = await typecheck;
  console.log('\n▶ typecheck (tsc --noEmit, run beside the suites)');
  if (tc.output.trim()) console.log(tc.output.trimEnd());
  const failed = tc.status === 0 ? 0 : 1;
  console.log(failed ? '  type errors: see above' : '  no type errors');
  if (failed) anyFailure = true;
  totals.passed += 1 - failed;
  totals.failed += failed;
  summary.unshift(`${'typecheck'.padEnd(26)} ${String(1 - failed).padStart(5)} passed ${String(failed).padStart(4)} failed ${String(0).padStart(4)} skipped  ${tc.seconds.toFixed(1)}s`);
}

console.log('\n── Airdeck test summary ──');
for (const line of summary) console.log(line);
console.log(`total time ${((Date.now() - started) / 1000).toFixed(1)}s\n`);
if (failures.length > 0) {
  console.log('Failed:');
  for (const line of failures.slice(0, 40)) console.log(`  ${line}`);
  if (failures.length > 40) console.log(`  … and ${failures.length - 40} more`);
  console.log('');
}
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(anyFailure || totals.failed > 0 ? 1 : 0);
