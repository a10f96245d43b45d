import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../server/src/bootstrap';
import { loadConfig } from '../../server/src/config';
import { startJobs } from '../../server/src/jobs';
import { createLogger } from '../../server/src/log';
import { startServer, type RunningServer } from '../../server/src/server';
import { launchBrowser, skipBrowser } from '../support/browser';
import { createTestDatabase, type TestDatabase } from '../support/db';

/**
 * "Never stop the music" (issue #38): the listener site in Chromium against the real server and its built-in demo
 * stream, while code chunks fail to load and while the server itself stops and starts again.
 */
let db: TestDatabase;
let server: RunningServer | null = null;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let port = 0;
const log = createLogger({ level: 'silent', pretty: false });

async function start(): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'true',
    DATA_DIR: '.test-data',
    WEB_DIST_DIR: path.resolve('web/dist'),
    DEMO_TRACK_SECONDS: '20',
    SHUTDOWN_TIMEOUT_MS: '200',
  });
  if (!server) await prepareDatabase(db.db, config, log);
  server = await startServer({ config, db: db.db, log, closeDatabase: false, jobs: startJobs });
  port = Number(new URL(server.url).port);
}
const url = () => `http://127.0.0.1:${port}`;

beforeAll(async () => {
  if (skipBrowser()) return;
  db = await createTestDatabase();
  await start();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await server?.close();
  await db?.drop();
});

const audioTime = (page: Page) => page.evaluate(() => document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')?.currentTime ?? 0);
/** The text of React Router's crash screen, which must never appear. */
const CRASH = /Unexpected Application Error|Failed to fetch dynamically imported module/;

async function listenerPlaying(width: number) {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url() + '/');
  // A marker that a full page load would wipe: the tests tell a reload from an in-app recovery by it.
  await page.evaluate(() => ((window as { __sameDocument?: boolean }).__sameDocument = true));
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(() => audioTime(page), { timeout: 30_000 }).toBeGreaterThan(1);
  return { context, page, errors };
}
const sameDocument = (page: Page) => page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument === true);

describe.skipIf(skipBrowser())('the music outlives everything on the page', () => {
  it("the theme picker's and the menu's chunks fail to load: no error screen, the audio keeps advancing, Retry loads them", async () => {
    const { context, page, errors } = await listenerPlaying(390);
    let blocked = true;
    const aborted: string[] = [];
    await page.route(/\/assets\/(ThemeMenu|MobileMenu)-[^/]+\.js$/, (route) => {
      if (!blocked) return route.continue();
      aborted.push(route.request().url());
      return route.abort('connectionreset');
    });

    const t0 = await audioTime(page);
    await page.getByRole('button', { name: 'Change theme' }).click();
    // Retried with backoff, then a calm notice with Retry in place of the menu alone.
    const themeNotice = page.getByRole('alert').filter({ hasText: "We couldn't load the theme menu" });
    await themeNotice.waitFor({ timeout: 20_000 });
    expect(aborted.filter((u) => u.includes('ThemeMenu')).length).toBeGreaterThanOrEqual(4);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menuNotice = page.getByRole('alert').filter({ hasText: "We couldn't load the menu" });
    await menuNotice.waitFor({ timeout: 20_000 });

    expect(await page.getByText(CRASH).count()).toBe(0);
    // The player is still there and the music still plays.
    await expect.poll(() => audioTime(page)).toBeGreaterThan(t0 + 2);
    expect(await page.getByRole('region', { name: 'Live player' }).getByRole('button', { name: 'Pause' }).count()).toBe(1);

    // The network is back: Retry loads each part.
    blocked = false;
    await themeNotice.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('menuitem', { name: /Tropical/ }).waitFor();
    await page.keyboard.press('Escape');
    await menuNotice.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('button', { name: 'Close menu' }).waitFor();
    expect(await sameDocument(page)).toBe(true);
    const t1 = await audioTime(page);
    await expect.poll(() => audioTime(page)).toBeGreaterThan(t1 + 0.5);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a page whose chunk fails shows a Retry in the page while the player plays; a chunk gone after a new build makes the next navigation a full one", async () => {
    const { context, page } = await listenerPlaying(1280);
    let mode: 'abort' | 'gone' | 'pass' = 'abort';
    await page.route(/\/assets\/(pages|ThemeMenu)-[^/]+\.js$/, (route) => {
      if (mode === 'pass') return route.continue();
      if (mode === 'gone') return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' });
      return route.abort('connectionreset');
    });
    // A page never loaded before this visit: its chunk cannot be had.
    await page.getByRole('banner').getByRole('link', { name: 'Become a DJ' }).click();
    const pageError = page.getByRole('main').getByRole('alert').filter({ hasText: "We couldn't load this page" });
    await pageError.waitFor({ timeout: 20_000 });
    expect(await page.getByText(CRASH).count()).toBe(0);
    const t0 = await audioTime(page);
    await expect.poll(() => audioTime(page)).toBeGreaterThan(t0 + 1);
    mode = 'pass';
    await pageError.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toMatch(/DJ|Presenter/i);
    expect(await sameDocument(page)).toBe(true);

    // A new build replaced this one on the server: the theme menu's chunk is gone (404). The notice shows, and the
    // next navigation loads the page whole (the marker is gone), from the new build, without an error screen.
    mode = 'gone';
    await page.getByRole('button', { name: 'Change theme' }).click();
    await page.getByRole('alert').filter({ hasText: "We couldn't load the theme menu" }).waitFor({ timeout: 20_000 });
    expect(await sameDocument(page)).toBe(true);
    mode = 'pass';
    await page.getByRole('banner').getByRole('link', { name: 'Shows', exact: true }).click();
    await expect.poll(() => sameDocument(page), { timeout: 20_000 }).toBe(false);
    await page.waitForURL(/\/shows$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Shows');
    expect(await page.getByText(CRASH).count()).toBe(0);
    await context.close();
  });

  it('the server stops and starts again while a listener plays: the audio resumes by itself within 10 s, and a page that failed meanwhile recovers without a reload', async () => {
    const { context, page } = await listenerPlaying(1280);
    const presenters = (await (await fetch(url() + '/api/presenters')).json()) as { presenters: { id: string; name: string }[] };
    const fjord = presenters.presenters.find((p) => p.name === 'DJ Fjord')!;
    const presenterId = fjord.id;

    await server!.close();
    // The player says it is reconnecting (and keeps trying by itself).
    await page.getByTestId('player-reconnecting').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('player-reconnecting').textContent()).toContain('Reconnecting');
    // A page opened (in the app) during the outage fails, calmly: a presenter's profile, never read before.
    await page.evaluate((id) => {
      history.pushState(null, '', `/djs/${id}`);
      dispatchEvent(new PopStateEvent('popstate'));
    }, presenterId);
    await page.getByRole('main').getByRole('alert').filter({ hasText: "We couldn't load this DJ profile" }).waitFor({ timeout: 30_000 });
    expect(await page.getByText(CRASH).count()).toBe(0);

    const stoppedAt = await audioTime(page);
    await start();
    const answering = Date.now();
    // Resumed by itself: the audio advances past where it stopped, with no click.
    await expect.poll(() => page.evaluate(() => {
      const a = document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!;
      return !a.paused && a.readyState >= 3 && a.currentTime > 0.5;
    }), { timeout: 15_000, interval: 250 }).toBe(true);
    const resumedMs = Date.now() - answering;
    expect(resumedMs).toBeLessThan(10_000);
    console.info(`audio resumed ${resumedMs} ms after the server answered (stopped at ${stoppedAt.toFixed(1)} s)`);
    await expect.poll(() => page.getByTestId('player-reconnecting').count()).toBe(0);
    // The page that failed recovers without a reload: the presenter's profile is shown.
    await page.getByRole('heading', { level: 1, name: 'DJ Fjord' }).waitFor({ timeout: 40_000 });
    expect(await page.getByText("We couldn't load this DJ profile").count()).toBe(0);
    expect(await sameDocument(page)).toBe(true);
    await context.close();
  });

  it("WebSockets blocked between the listener and the server: the page falls back to polling and still follows a change of the station's name (issue 39 item 6)", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    // A proxy that takes the upgrade and drops it at once: no realtime connection ever reaches the server.
    await context.routeWebSocket(/\/api\/realtime/, (ws) => ws.close());
    const page = await context.newPage();
    await page.goto(url() + '/');
    const api = async (pathname: string, init: RequestInit = {}, token?: string) => {
      const res = await fetch(url() + pathname, { ...init, headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
      return (await res.json()) as Record<string, unknown>;
    };
    const { access_token: token } = (await api('/api/auth/token', { method: 'POST', body: JSON.stringify({ email: 'owner@airdeck.demo', password: 'airdeck-demo', client: 'desktop' }) })) as { access_token: string };
    const station = await api('/api/settings/station', {}, token);
    const before = String(station.name);
    await expect.poll(() => page.getByText(before).first().isVisible()).toBe(true);
    try {
      await api('/api/settings/station', { method: 'PUT', body: JSON.stringify({ ...station, name: 'Polling FM' }) }, token);
      // No push can arrive: the polling (every 10 s once three connections failed) brings the new name.
      await expect.poll(() => page.getByText('Polling FM').first().isVisible(), { timeout: 25_000 }).toBe(true);
    } finally {
      await api('/api/settings/station', { method: 'PUT', body: JSON.stringify(station) }, token);
      await context.close();
    }
  });

  it('a link inside a custom page opens in the app: "Apply to become a DJ" on /page/about keeps the music playing', async () => {
    const { context, page } = await listenerPlaying(1280);
    await page.evaluate(() => {
      history.pushState(null, '', '/page/about');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('link', { name: 'Apply to become a DJ' }).click();
    await page.waitForURL(/\/become-a-dj$/);
    expect(await sameDocument(page)).toBe(true);
    const t = await audioTime(page);
    await expect.poll(() => audioTime(page)).toBeGreaterThan(t + 0.5);
    await context.close();
  });
});
