import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { prepareDatabase } from '../server/src/bootstrap';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/knex';
import { createLogger } from '../server/src/log';
import { startJobs } from '../server/src/jobs';
import { startServer } from '../server/src/server';

/**
 * `npm run bench -- first-sound` (issue 36 item 4): time to first sound, from the listener's click on Play to
 * audio playing, in headless Chromium, on the site's own player (`/`, the Live player's Play) and on a bare
 * `<audio>` element with a Play button on the same stream, side by side, alternating, FIRST_SOUND_RUNS each
 * (default 5; median, min and max printed). Two moments per click: the media element's `playing` event, and its
 * `currentTime` first advancing (sampled every 10 ms). The stream is the demo station's `/api/stream`, or
 * FIRST_SOUND_STREAM_URL (any station's stream: both sides play it). Goals: ≤ 1 s on the demo stream, and the
 * site ≤ 1.2 × bare `<audio>`. Needs a web build.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const GOAL_MS = 1000;
export const GOAL_RATIO = 1.2;

/** Put in every page before its scripts: notes the click and every media element that plays, however made. */
const PROBE = `(() => {
  const w = window;
  w.__fs = { clickAt: null, playingAt: null, advancedAt: null };
  document.addEventListener('click', () => { if (w.__fs.clickAt === null) w.__fs.clickAt = performance.now(); }, true);
  const watched = new WeakSet();
  const watch = (el) => {
    if (watched.has(el)) return;
    watched.add(el);
    el.addEventListener('playing', () => { if (w.__fs.playingAt === null) w.__fs.playingAt = performance.now(); });
    let first = null;
    const timer = setInterval(() => {
      if (el.paused) return;
      if (first === null) first = el.currentTime;
      else if (el.currentTime > first) {
        if (w.__fs.advancedAt === null) w.__fs.advancedAt = performance.now();
        clearInterval(timer);
      }
    }, 10);
  };
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function () { watch(this); return play.call(this); };
})();`;

export interface Sample {
  playingMs: number | null;
  advancedMs: number | null;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (xs: number[]) => (xs.length === 0 ? 'never' : `median ${Math.round(median(xs))} ms (min ${Math.round(Math.min(...xs))}, max ${Math.round(Math.max(...xs))})`);

export async function measure(browser: Browser, url: string, click: (page: Page) => Promise<void>): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(PROBE);
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    await click(page);
    const read = () => page.evaluate(() => (window as unknown as { __fs: { clickAt: number | null; playingAt: number | null; advancedAt: number | null } }).__fs);
    const deadline = Date.now() + 20_000;
    let r = await read();
    while (Date.now() < deadline && (r.playingAt === null || r.advancedAt === null)) {
      await page.waitForTimeout(50);
      r = await read();
    }
    const since = (t: number | null) => (t === null || r.clickAt === null ? null : t - r.clickAt);
    return { playingMs: since(r.playingAt), advancedMs: since(r.advancedAt) };
  } finally {
    await context.close();
  }
}

/** The reference: a bare page with an <audio> and a Play button on `streamUrl`, served by another origin. */
export async function bareAudioPage(streamUrl: string): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bare audio</title></head><body><audio id="a" preload="none" src="${streamUrl}"></audio><button id="play" onclick="document.getElementById('a').play()">Play</button></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/` };
}

/** Chromium for the sound measures (headless; no autoplay gate, the clicks are the listener's). */
export const launchForSound = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required'] });

/** The listener's click on the site player's Play (the Live player's, once the app has it). */
export const clickSitePlay = (p: Page): Promise<void> => p.getByRole('region', { name: 'Live player' }).getByRole('button', { name: 'Play' }).click({ timeout: 30_000 });

/** The click → `currentTime` advancing figures of a set of samples. */
export const advanced = (xs: Sample[]): number[] => xs.map((s) => s.advancedMs).filter((v): v is number => v !== null);
export { median };

export async function run(): Promise<void> {
  const dist = path.resolve(process.env.WEB_DIST_DIR ?? 'web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    console.log(`first-sound: no web build in ${dist}; run npm run build:web first.`);
    return;
  }
  const runs = Math.max(1, Number(process.env.FIRST_SOUND_RUNS ?? 5));
  const db = await openDatabase({ kind: 'pglite', dataDir: null });
  const external = process.env.FIRST_SOUND_STREAM_URL;
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SEED_DEMO: 'true', WEB_DIST_DIR: dist, NODE_ENV: 'production', STATION_EARS: 'off', POLL_INTERVAL_MS: '5000', ...(external ? { STREAM_URL: external } : {}) });
  const log = createLogger({ level: 'silent', pretty: false });
  await prepareDatabase(db, config, log);
  // With the station poller (the player's Play waits for the station to be on air), without the ears.
  const server = await startServer({ config, db, log, jobs: startJobs });
  const streamUrl = external ?? `${server.url}/api/stream`;
  // The reference: a bare page with an <audio> and a Play button, served by another origin.
  const { server: bare, url: bareUrl } = await bareAudioPage(streamUrl);
  const browser = await launchForSound();
  const site: Sample[] = [];
  const ref: Sample[] = [];
  try {
    // Loads the stream's loop once (the first listener of a fresh server waits for it) before timing anything.
    await (await fetch(streamUrl, { signal: AbortSignal.timeout(60_000) })).body?.cancel();
    for (let i = 0; i < runs; i++) {
      ref.push(await measure(browser, bareUrl, (p) => p.click('#play')));
      site.push(await measure(browser, `${server.url}/`, clickSitePlay));
    }
  } finally {
    await browser.close();
    bare.close();
    await server.close();
    await db.close();
  }
  const pick = (xs: Sample[], k: keyof Sample) => xs.map((s) => s[k]).filter((v): v is number => v !== null);
  console.log(`stream: ${external ? streamUrl : 'the demo station (/api/stream)'}; ${runs} runs each, alternating`);
  for (const [label, xs] of [['site player (/)', site], ['bare <audio>', ref]] as const) {
    console.log(`${label.padEnd(16)} click → playing event: ${fmt(pick(xs, 'playingMs'))}; click → currentTime advancing: ${fmt(pick(xs, 'advancedMs'))}`);
  }
  const s = pick(site, 'advancedMs');
  const b = pick(ref, 'advancedMs');
  if (s.length > 0 && b.length > 0) {
    const ratio = median(s) / median(b);
    const demoGoal = external ? '' : `; goal ≤ ${GOAL_MS} ms on the demo stream: ${median(s) <= GOAL_MS ? 'ok' : 'ABOVE GOAL'}`;
    console.log(`site ÷ bare (currentTime advancing, medians): ${ratio.toFixed(2)}× (goal ≤ ${GOAL_RATIO}×: ${ratio <= GOAL_RATIO ? 'ok' : 'ABOVE GOAL'})${demoGoal}`);
  }
}
