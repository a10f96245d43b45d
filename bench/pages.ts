import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { prepareDatabase } from '../server/src/bootstrap';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/knex';
import { createLogger } from '../server/src/log';
import { startJobs } from '../server/src/jobs';
import { startServer } from '../server/src/server';
import { advanced, bareAudioPage, clickSitePlay, GOAL_MS as SOUND_GOAL_MS, GOAL_RATIO as SOUND_GOAL_RATIO, launchForSound, measure, type Sample } from './first-sound';

/**
 * `npm run bench -- pages`: Lighthouse (mobile, its default config: 4× CPU slowdown, the machine's Chromium) over
 * every listener page the server draws (issue 20 item 2, issue 36 item 4), beside a bare static page as the
 * machine's own reference: performance / accessibility / best practices / SEO, LCP, TBT, and the initial
 * JavaScript (gzip). LIGHTHOUSE_RUNS (default 1) runs per page, the median printed. Then, per page, the time to
 * first sound (the listener's click on the page's Play → the audio's currentTime advancing, as in
 * `bench -- first-sound`) beside a bare `<audio>` on the same stream, alternating, FIRST_SOUND_RUNS each (default
 * 3, median; 0 leaves it out). Each figure with its goal beside it. Needs a web build.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const KB = (n: number) => `${Math.round(n / 102.4) / 10} KB`;
const GOALS = { performance: 0.95, accessibility: 1, 'best-practices': 1, seo: 1, lcpMs: 1500, tbtMs: 150, initialKb: 200 };

interface Lhr {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; score: number | null; title: string; displayValue?: string; details?: { items?: Record<string, unknown>[] } }>;
}
type LighthouseFn = (url: string, flags: Record<string, unknown>) => Promise<{ lhr: Lhr } | undefined>;

/** The JavaScript every listener page loads to start the app (the boot script's files), gzip. */
function initialJavaScript(dist: string): number | null {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const boot = /<script src="\/(assets\/boot-[^"]+\.js)"><\/script>/.exec(html)?.[1];
  if (!boot) return null;
  const bootJs = fs.readFileSync(path.join(dist, boot), 'utf8');
  const files = [boot, ...new Set([...bootJs.matchAll(/"\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!))];
  return files.reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 6 }).length, 0);
}

/** A page's path as printed: a presenter's id is long. */
const shown = (p: string) => p.replace(/^\/djs\/[^/]+$/, '/djs/{id}');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function run(): Promise<void> {
  const dist = path.resolve(process.env.WEB_DIST_DIR ?? 'web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    console.log(`pages: no web build in ${dist}; run npm run build:web first.`);
    return;
  }
  let lighthouse: LighthouseFn;
  let launcher: { launch(opts: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): Promise<void> | void }> };
  try {
    // Imported by name at run time: the bench still runs without them.
    const names = ['lighthouse', 'chrome-launcher'];
    lighthouse = ((await import(names[0]!)) as { default: LighthouseFn }).default;
    launcher = (await import(names[1]!)) as typeof launcher;
  } catch (err) {
    console.log(`pages: Lighthouse not available (${(err as Error).message.split('\n')[0]}).`);
    return;
  }
  const db = await openDatabase({ kind: 'pglite', dataDir: null });
  // A free port, so that the station's public address (its pages' canonical links) is where Lighthouse reads them.
  const port = await new Promise<number>((resolve) => {
    const probe = http.createServer().listen(0, '127.0.0.1', () => {
      const { port: p } = probe.address() as { port: number };
      probe.close(() => resolve(p));
    });
  });
  const external = process.env.FIRST_SOUND_STREAM_URL;
  const config = loadConfig({ PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'silent', SEED_DEMO: 'true', WEB_DIST_DIR: dist, NODE_ENV: 'production', STATION_EARS: 'off', POLL_INTERVAL_MS: '5000', ...(external ? { STREAM_URL: external } : {}) });
  const log = createLogger({ level: 'silent', pretty: false });
  await prepareDatabase(db, config, log);
  // With the station poller (the player's Play waits for the station to be on air), without the ears.
  const server = await startServer({ config, db, log, jobs: startJobs });
  // The machine's reference: a bare static page (a heading and a paragraph), no script.
  const bare = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="A bare page"><title>Bare</title></head><body><main><h1>A bare static page</h1><p>The reference: no script, no style sheet.</p></main></body></html>');
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as { port: number }).port}/`;
  const launched = await launcher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  let killed = false;
  const chrome = { port: launched.port, kill: async () => void (killed || ((killed = true), await launched.kill())) };
  try {
    const initial = initialJavaScript(dist);
    if (initial !== null) console.log(`initial JavaScript (every listener page): ${KB(initial)} gzip (goal ≤ ${GOALS.initialKb} KB) ${initial <= GOALS.initialKb * 1024 ? 'ok' : 'ABOVE GOAL'}`);
    const presenters = ((await (await fetch(server.url + '/api/presenters')).json()) as { presenters: { id: string }[] }).presenters;
    const only = process.env.PAGES?.split(',');
    const paths = [
      '/', '/shows', '/djs', ...(presenters[0] ? [`/djs/${presenters[0].id}`] : []), '/request', '/song-request', '/shoutout-request', '/general-request',
      '/mobile-app', '/donate', '/listen-again', '/presenter-application', '/terms-of-service', '/privacy-policy', '/page/about',
    ].filter((p) => !only || only.includes(p));
    const lighthouseRows = new Map<string, { perf: number; tbt: number }>();
    const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
    console.log(`Lighthouse mobile, median of ${RUNS} run(s) per page; goals: perf ≥ ${GOALS.performance}, a11y/bp/SEO ${GOALS.accessibility}, LCP ≤ ${GOALS.lcpMs} ms, TBT ≤ ${GOALS.tbtMs} ms`);
    console.log('page                     perf  a11y  bp    seo   LCP ms  TBT ms');
    for (const [label, url] of [['(bare static page)', bareUrl] as const, ...paths.map((p) => [p, server.url + p] as const)]) {
      // Warm: the first page loads the server's render module (a cold start is not what a listener meets).
      await fetch(url).then((r) => r.text()).catch(() => undefined);
      const got: Record<string, number[]> = {};
      const below = new Map<string, string>();
      const tasks: string[] = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
        if (!result || result.lhr.runtimeError) {
          console.log(`${label}: run failed ${result?.lhr.runtimeError?.code ?? ''}`);
          continue;
        }
        const { lhr } = result;
        for (const [k, c] of Object.entries(lhr.categories)) (got[k] ??= []).push(c.score ?? 0);
        (got.lcp ??= []).push(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN);
        (got.tbt ??= []).push(lhr.audits['total-blocking-time']?.numericValue ?? NaN);
        for (const [id, a] of Object.entries(lhr.audits)) if (a.score !== null && a.score < 0.9) below.set(id, `${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
        // The longest main-thread tasks (the ones TBT counts beyond 50 ms) and the script each is attributed to.
        if (i === RUNS - 1) {
          for (const t of (lhr.audits['long-tasks']?.details?.items ?? []).slice(0, 8)) {
            const url = String(t.url ?? '').replace(/^https?:\/\/[^/]+/, '');
            tasks.push(`${Math.round(Number(t.duration))} ms at ${Math.round(Number(t.startTime))} ms: ${url || '(unattributed)'}`);
          }
        }
      }
      if (!got.performance) continue;
      const f = (k: string) => median(got[k]!).toFixed(2).padEnd(6);
      const ms = (k: string) => String(Math.round(median(got[k]!))).padEnd(8);
      const ok =
        median(got.performance) >= GOALS.performance &&
        median(got.accessibility!) >= GOALS.accessibility &&
        median(got['best-practices']!) >= GOALS['best-practices'] &&
        median(got.seo!) >= GOALS.seo &&
        median(got.lcp!) <= GOALS.lcpMs &&
        median(got.tbt!) <= GOALS.tbtMs;
      console.log(`${shown(label).padEnd(25)}${f('performance')}${f('accessibility')}${f('best-practices')}${f('seo')}${ms('lcp')}${ms('tbt')}${ok ? 'ok' : 'BELOW GOAL'}`);
      lighthouseRows.set(label, { perf: median(got.performance), tbt: median(got.tbt!) });
      if (!ok && process.env.PAGES_DETAIL) for (const [id, t] of below) console.log(`    ${id}: ${t}`);
      if (process.env.PAGES_DETAIL) for (const t of tasks) console.log(`    long task ${t}`);
    }
    await chrome.kill();
    await firstSound(server.url, paths, external, lighthouseRows);
  } finally {
    await chrome.kill();
    bare.close();
    await server.close();
  }
}

/**
 * Time to first sound on each page (its Play → the audio advancing) beside a bare `<audio>` on the same stream,
 * alternating, then the summary the issue asks for: per page, performance, TBT and first sound, each by its goal.
 */
async function firstSound(base: string, paths: string[], external: string | undefined, rows: Map<string, { perf: number; tbt: number }>): Promise<void> {
  const runs = Number(process.env.FIRST_SOUND_RUNS ?? 3);
  if (runs <= 0) return;
  const streamUrl = external ?? `${base}/api/stream`;
  const { server: bare, url: bareUrl } = await bareAudioPage(streamUrl);
  const browser = await launchForSound();
  const perPage = new Map<string, Sample[]>();
  const ref: Sample[] = [];
  try {
    // The stream's loop loaded once (the first listener of a fresh server waits for it) before timing anything.
    await (await fetch(streamUrl, { signal: AbortSignal.timeout(60_000) })).body?.cancel();
    for (const p of paths) {
      const xs: Sample[] = [];
      for (let i = 0; i < runs; i++) {
        ref.push(await measure(browser, bareUrl, (page) => page.click('#play')));
        xs.push(await measure(browser, base + p, clickSitePlay).catch(() => ({ playingMs: null, advancedMs: null })));
      }
      perPage.set(p, xs);
    }
  } finally {
    await browser.close();
    bare.close();
  }
  const med = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! : null);
  const bareMs = med(advanced(ref));
  const soundGoal = external ? `≤ ${SOUND_GOAL_RATIO}× bare` : `≤ ${SOUND_GOAL_MS} ms and ≤ ${SOUND_GOAL_RATIO}× bare`;
  console.log(`\nPer page (stream: ${external ?? 'the demo station, /api/stream'}; first sound = click on Play → the audio advancing, median of ${runs}, beside a bare <audio> on the same stream)`);
  console.log(`goals: perf ≥ ${GOALS.performance}, TBT ≤ ${GOALS.tbtMs} ms, first sound ${soundGoal}`);
  console.log('page                     perf        TBT ms        first sound ms     bare <audio> ms   ratio');
  const bareLh = rows.get('(bare static page)');
  if (bareLh) console.log(`${'(bare static page)'.padEnd(25)}${bareLh.perf.toFixed(2).padEnd(12)}${String(Math.round(bareLh.tbt)).padEnd(14)}`);
  for (const p of paths) {
    const lh = rows.get(p);
    const s = med(advanced(perPage.get(p) ?? []));
    const ratio = s !== null && bareMs ? s / bareMs : null;
    const perf = lh ? `${lh.perf.toFixed(2)} ${lh.perf >= GOALS.performance ? 'ok' : 'LOW'}` : 'n/a';
    const tbt = lh ? `${Math.round(lh.tbt)} ${lh.tbt <= GOALS.tbtMs ? 'ok' : 'HIGH'}` : 'n/a';
    const soundOk = s !== null && ratio !== null && ratio <= SOUND_GOAL_RATIO && (external !== undefined || s <= SOUND_GOAL_MS);
    const sound = s === null ? 'never' : `${Math.round(s)} ${soundOk ? 'ok' : 'SLOW'}`;
    console.log(`${shown(p).padEnd(25)}${perf.padEnd(12)}${tbt.padEnd(14)}${sound.padEnd(19)}${String(bareMs === null ? 'never' : Math.round(bareMs)).padEnd(18)}${ratio === null ? '' : `${ratio.toFixed(2)}×`}`);
  }
}
