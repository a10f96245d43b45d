import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { prepareDatabase } from '../server/src/bootstrap';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/knex';
import { createLogger } from '../server/src/log';
import { startServer } from '../server/src/server';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const KB = (n: number) => `${Math.round(n / 102.4) / 10} KB`;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * Files of the build that belong to the staff panel: the chunks of every
 * module under an `admin/` folder (and whatever only they import) — read from
 * the build manifest.
 */
function staffFiles(dist: string): Set<string> {
  const manifestPath = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) return new Set();
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const out = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (/(^|\/)admin\//.test(chunk.src ?? key) || /(^|\/)Admin[A-Z]/.test(chunk.src ?? key)) out.add(chunk.file);
  }
  return out;
}

/**
 * The JavaScript every listener page loads to start the app: the files the
 * boot script starts (the entry and its module preloads, which cover the
 * start-up steps' imports; web/boot-plugin.ts), gzip. Pages and
 * below-the-fold parts are lazy chunks on top.
 */
function initialJavaScript(dist: string, staff: Set<string>): { gz: number; files: number; staff: string[] } | null {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const boot = /<script src="\/(assets\/boot-[^"]+\.js)"><\/script>/.exec(html)?.[1];
  if (!boot) return null;
  const bootJs = fs.readFileSync(path.join(dist, boot), 'utf8');
  const files = [boot, ...new Set([...bootJs.matchAll(/"\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!))];
  let gz = 0;
  for (const f of files) gz += zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 6 }).length;
  return { gz, files: files.length, staff: files.filter((f) => staff.has(f)) };
}

/** The part of Lighthouse's result the bench reads. */
interface LighthouseResult {
  lhr: {
    runtimeError?: { code: string; message: string };
    categories: Record<string, { id: string; score: number | null; auditRefs: { id: string; weight: number }[] }>;
    audits: Record<string, { id: string; title: string; score: number | null; displayValue?: string; details?: { items?: Record<string, unknown>[] } }>;
  };
}
type LighthouseFn = (url: string, flags: Record<string, unknown>) => Promise<LighthouseResult | undefined>;

/** Lighthouse (mobile, its default config) against the running page, with the machine's Chromium. */
async function lighthouse(url: string): Promise<void> {
  // Imported by name at run time: the bench still runs (and the project still type-checks) without them.
  let lh: LighthouseFn;
  let launcher: { launch(opts: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): Promise<void> | void }> };
  try {
    const lighthouseName = 'lighthouse';
    const launcherName = 'chrome-launcher';
    lh = ((await import(lighthouseName)) as { default: LighthouseFn }).default;
    launcher = (await import(launcherName)) as typeof launcher;
  } catch (err) {
    console.log(`Lighthouse: not available (${(err as Error).message.split('\n')[0]}); install the lighthouse and chrome-launcher packages to get scores.`);
    return;
  }
  const chrome = await launcher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const runs: Record<string, number[]> = {};
    const failing = new Map<string, string>();
    const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
    for (let i = 0; i < RUNS; i++) {
      const result = await lh(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
      if (!result) continue;
      const { lhr } = result;
      if (lhr.runtimeError) {
        console.log(`Lighthouse run ${i + 1} failed: ${lhr.runtimeError.code} ${lhr.runtimeError.message.split('\n')[0]} (left out of the median)`);
        continue;
      }
      for (const [key, cat] of Object.entries(lhr.categories)) (runs[key] ??= []).push(cat.score ?? 0);
      for (const cat of Object.values(lhr.categories)) {
        for (const ref of cat.auditRefs) {
          const audit = lhr.audits[ref.id];
          if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 0.9) continue;
          failing.set(`${cat.id}: ${audit.id}`, `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
        }
      }
      {
        const m = (id: string) => lhr.audits[id]?.displayValue ?? '-';
        console.log(`Lighthouse run ${i + 1} metrics: FCP ${m('first-contentful-paint')}, LCP ${m('largest-contentful-paint')}, TBT ${m('total-blocking-time')}, CLS ${m('cumulative-layout-shift')}, Speed Index ${m('speed-index')}`);
        // Where the blocking time comes from: the longest main-thread tasks (simulated mobile CPU) and the script that ran them.
        const tasks = (lhr.audits['long-tasks']?.details?.items ?? []) as { url?: string; duration?: number; startTime?: number }[];
        if (tasks.length > 0) {
          const short = (u?: string) => (u ? u.replace(/^https?:\/\/[^/]+/, '').replace('/assets/', '') || '/' : 'unattributed');
          console.log(`  long tasks: ${tasks.slice(0, 8).map((t) => `${Math.round(t.duration ?? 0)} ms at ${Math.round(t.startTime ?? 0)} ms (${short(t.url)})`).join('; ')}`);
        }
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const target: Record<string, number> = { performance: 0.9, accessibility: 1, 'best-practices': 0.95, seo: 0.95 };
    for (const [key, xs] of Object.entries(runs)) {
      const score = median(xs);
      console.log(`Lighthouse mobile ${key}: ${score.toFixed(2)} (median of ${xs.length}; runs ${xs.map((x) => x.toFixed(2)).join(', ')}; target ≥ ${target[key]}) ${score >= target[key]! ? 'ok' : 'BELOW TARGET'}`);
    }
    for (const [id, title] of failing) console.log(`  below 0.9 in some run: ${id} — ${title}`);
  } finally {
    await chrome.kill();
  }
}

/**
 * The listener home page on the embedded default (PGlite, demo station):
 * JavaScript transferred before the first contentful paint, gzip, measured in
 * Chromium through the DevTools protocol on a throttled mobile network, with the staff-panel check; then
 * Lighthouse mobile scores. Needs a web build (`npm run build:web`).
 */
export async function run(): Promise<void> {
  const dist = path.resolve(process.env.WEB_DIST_DIR ?? 'web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    console.log(`home: no web build in ${dist}; run npm run build:web first.`);
    return;
  }
  const db = await openDatabase({ kind: 'pglite', dataDir: null });
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SEED_DEMO: 'true', WEB_DIST_DIR: dist, NODE_ENV: 'production' });
  const log = createLogger({ level: 'silent', pretty: false });
  await prepareDatabase(db, config, log);
  const server = await startServer({ config, db, log });
  const staff = staffFiles(dist);
  const initial = initialJavaScript(dist, staff);
  if (initial) {
    console.log(
      `initial JavaScript (the boot script, the entry and every file of its start-up steps, loaded by every listener page): ${KB(initial.gz)} gzip in ${initial.files} files (target ≤ 200 KB gzip) ${initial.gz <= 200 * 1024 ? 'ok' : 'ABOVE TARGET'}; staff-panel chunks among them: ${initial.staff.length === 0 ? 'none' : initial.staff.join(', ')}`,
    );
  }
  try {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    try {
      for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 900 }]) {
        const context = await browser.newContext({ viewport });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        const responses = new Map<string, { url: string; type: string }>();
        const finished = new Map<string, { at: number; wire: number }>();
        let fcp = Infinity;
        cdp.on('Network.responseReceived', (e) => responses.set(e.requestId, { url: e.response.url, type: e.type }));
        cdp.on('Network.loadingFinished', (e) => finished.set(e.requestId, { at: e.timestamp, wire: e.encodedDataLength }));
        cdp.on('Page.lifecycleEvent', (e) => {
          if (e.name === 'firstContentfulPaint') fcp = Math.min(fcp, e.timestamp);
        });
        await cdp.send('Network.enable');
        // Lighthouse's mobile network (150 ms round trip, 1.6 Mbit/s down): on an unthrottled loopback every lazy
        // chunk would arrive before the first paint and be counted as if the page needed it to paint.
        await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
        await cdp.send('Page.enable');
        await cdp.send('Page.setLifecycleEventsEnabled', { enabled: true });
        await page.goto(server.url + '/', { waitUntil: 'networkidle' });
        let raw = 0;
        let gz = 0;
        let wire = 0;
        let count = 0;
        const staffLoaded: string[] = [];
        const sizes: { file: string; gz: number }[] = [];
        for (const [id, r] of responses) {
          const f = finished.get(id);
          if (r.type !== 'Script' || !f || f.at > fcp) continue;
          const { body, base64Encoded } = (await cdp.send('Network.getResponseBody', { requestId: id })) as { body: string; base64Encoded: boolean };
          const buf = Buffer.from(body, base64Encoded ? 'base64' : 'utf8');
          const g = zlib.gzipSync(buf, { level: 6 }).length;
          raw += buf.length;
          gz += g;
          wire += f.wire;
          count++;
          const file = new URL(r.url).pathname.replace(/^\//, '');
          sizes.push({ file, gz: g });
          if (staff.has(file)) staffLoaded.push(file);
        }
        const allScripts = [...responses.values()].filter((r) => r.type === 'Script').length;
        let idleGz = 0;
        for (const [id, r] of responses) {
          if (r.type !== 'Script' || !finished.has(id)) continue;
          const { body, base64Encoded } = (await cdp.send('Network.getResponseBody', { requestId: id })) as { body: string; base64Encoded: boolean };
          idleGz += zlib.gzipSync(Buffer.from(body, base64Encoded ? 'base64' : 'utf8'), { level: 6 }).length;
        }
        console.log(
          `home at ${viewport.width} px: JavaScript before first contentful paint: ${KB(gz)} gzip (${KB(raw)} uncompressed, ${KB(wire)} on the wire) in ${count} files (the first screen is drawn from the HTML); whole home page by network idle: ${KB(idleGz)} gzip in ${allScripts} scripts`,
        );
        console.log(`  staff-panel chunks among them: ${staffLoaded.length === 0 ? (staff.size ? 'none' : 'unknown (no build manifest)') : staffLoaded.join(', ')}`);
        if (viewport.width === 390) console.log(`  largest: ${sizes.sort((a, b) => b.gz - a.gz).slice(0, 6).map((s) => `${s.file.replace('assets/', '')} ${KB(s.gz)}`).join(', ')}`);
        await context.close();
      }
    } finally {
      await browser.close();
    }
    await lighthouse(server.url + '/');
  } finally {
    await server.close();
  }
}
