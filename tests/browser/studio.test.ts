import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MiniNowPlaying, NotifyInput } from '../../shared/bridge';
import { createUser, type TestUser } from '../support/auth';
import { buildShow, createPresenter } from '../support/schedule';
import { skipBrowser, startBrowserHarness, type BrowserHarness } from '../support/browser';
import { signInThroughUi } from '../support/staff';
import { calls, ensureStudioBuild, installBridge, STUDIO_DIST, watchRealtime } from '../support/studio';

/**
 * The studio build (vite --mode studio, the desktop renderer) in Chromium,
 * with a test bridge injected in place of Electron's preload: it records every
 * call, so the tests see exactly what the renderer asks of the desktop app.
 * Without the bridge the same build falls back to web APIs.
 */

let h: BrowserHarness;

beforeAll(async () => {
  if (skipBrowser()) return;
  ensureStudioBuild();
  h = await startBrowserHarness({ env: { WEB_DIST_DIR: STUDIO_DIST, REQUEST_LIMIT_IP: '1000', REQUEST_LIMIT_SESSION: '1000' } });
});
afterAll(async () => h?.close());

async function postSongRequest(title: string): Promise<void> {
  const res = await fetch(`${h.url}/api/requests/song`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ title, artist: 'The Testers', requester: 'Robin', user_session: `session_${randomBytes(6).toString('hex')}` }),
  });
  expect(res.status).toBe(201);
}

/** A studio page signed in as a new presenter, on the On Air console. */
async function studioAsPresenter(user?: TestUser): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  user ??= await createUser(h.server, { role: 'presenter' });
  const { page, context, errors } = await h.newPage();
  await installBridge(context, { serverUrl: h.url, goodServer: h.url });
  await signInThroughUi(page, h.url, user.email, user.password);
  const rt = watchRealtime(page);
  await page.goto(`${h.url}/admin/on-air`);
  await page.getByTestId('on-air-status').waitFor();
  await expect.poll(rt.subscribedToNotifications, { timeout: 15_000 }).toBe(true);
  // The relay that turns pushes into pop-ups is its own chunk (StudioServices): wait until it listens.
  await page.locator('html[data-notification-relay="on"]').waitFor({ state: 'attached', timeout: 30_000 });
  return { page, context, errors };
}

describe.skipIf(skipBrowser())('the desktop studio build', () => {
  it('asks for the station address on first run, explains a refusal, keeps the value, then opens the console', async () => {
    const { page, context } = await h.newPage({ width: 1280, height: 800 });
    await installBridge(context, { serverUrl: null, goodServer: h.url });
    await page.goto(`${h.url}/admin/on-air`);
    await expect.poll(() => page.getByRole('heading', { name: 'Connect to your station' }).isVisible()).toBe(true);
    const field = page.getByLabel('Station address');
    await field.fill('https://nowhere.invalid');
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Could not reach that address' }).isVisible()).toBe(true);
    expect(await field.inputValue()).toBe('https://nowhere.invalid');
    expect(await calls(page, 'setServerUrl')).toEqual([['https://nowhere.invalid']]);
    await field.fill(h.url);
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/on-air' || u.pathname === '/auth');
    expect(await page.evaluate(() => sessionStorage.getItem('test.server'))).toBe(h.url);
    // Remembered: the next start goes straight to the app.
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Connect to your station' }).count()).toBe(0);
    await context.close();
  });

  it('keeps the session in the keychain through the bridge, not in web storage, across a restart', async () => {
    const { page, context } = await studioAsPresenter();
    expect(await calls(page, 'setRefreshToken')).toContainEqual(['token']);
    const cookies = await context.cookies();
    expect(cookies.filter((c) => /refresh/i.test(c.name))).toEqual([]);
    const local = await page.evaluate(() => JSON.stringify(window.localStorage));
    expect(local).not.toMatch(/refresh_token|"rt_/);
    await page.reload();
    await page.getByTestId('on-air-status').waitFor();
    await expect.poll(() => page.getByRole('heading', { name: 'On Air', exact: true, level: 1 }).isVisible()).toBe(true);
    expect(await page.evaluate(() => window.location.pathname)).toBe('/admin/on-air');
    await context.close();
  });

  it('turns a new song request arriving over realtime into exactly one native notification', async () => {
    const { page, context, errors } = await studioAsPresenter();
    await postSongRequest('First Light');
    await expect.poll(async () => (await calls(page, 'notify')).length, { timeout: 15_000 }).toBe(1);
    expect((await calls(page, 'notify'))[0]).toEqual([{ title: 'New Song Request', body: 'Robin requested "First Light" by The Testers', route: '/admin/song-requests', tag: expect.stringMatching(/^notification:/) }]);
    // A second request is the second call: the first was not shown twice.
    await postSongRequest('Second Wind');
    await expect.poll(async () => (await calls(page, 'notify')).length).toBe(2);
    expect((await calls(page, 'notify')).map((a) => (a[0] as NotifyInput).body)).toEqual(['Robin requested "First Light" by The Testers', 'Robin requested "Second Wind" by The Testers']);
    // A notification click in the main process navigates the console.
    await page.evaluate(() => window.__studioNavigate('/admin/song-requests'));
    await page.waitForURL((u) => u.pathname === '/admin/song-requests');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells the presenter natively when a moderator approves their show, with the route of that show', async () => {
    const presenter = await createPresenter(h.server, 'presenter', 'Studio Sam');
    const moderator = await createUser(h.server, { role: 'moderator' });
    const id = await buildShow(h.server, { event_date: '2030-01-10', start_time: '10:00', end_time: '11:00', title: 'Sam in the Morning', status: 'pending', presenter_id: presenter.presenterId });
    const { page, context } = await studioAsPresenter(presenter);
    const res = await fetch(`${h.url}/api/schedule/events/${id}/approve`, { method: 'POST', headers: { Authorization: `Bearer ${moderator.token}`, 'Content-Type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(200);
    await expect.poll(async () => (await calls(page, 'notify')).length, { timeout: 15_000 }).toBe(1);
    expect((await calls(page, 'notify'))[0]).toEqual([{ title: 'Show approved', body: expect.stringContaining('"Sam in the Morning" on Thursday 10 January 2030 was approved by'), route: '/admin/shows', tag: expect.stringMatching(/^notification:/) }]);
    await context.close();
  });

  it('opens and closes the mini window through the bridge and feeds it now playing', async () => {
    const { page, context } = await studioAsPresenter();
    const button = page.getByRole('button', { name: 'Open mini window' });
    await button.click();
    await expect.poll(() => calls(page, 'toggleMiniWindow')).toEqual([[null]]);
    await expect.poll(() => page.getByRole('button', { name: 'Close mini window' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Close mini window' }).click();
    await expect.poll(() => calls(page, 'toggleMiniWindow')).toEqual([[null], [null]]);
    const np = (await calls(page, 'updateNowPlaying')).at(-1)![0] as MiniNowPlaying;
    const cardTitle = await page.getByTestId('card-title').textContent();
    expect(np.title).toBe(cardTitle);
    expect(np.durationSeconds).toBeGreaterThan(0);
    await context.close();
  });

  it('shows the mini window from pushed data, and follows the next push', async () => {
    const now = Date.now();
    const first: MiniNowPlaying = { title: 'Midnight City', artist: 'M83', artUrl: null, isLive: true, presenter: 'DJ Sam', startedAt: now - 65_000, durationSeconds: 240, nextShow: { title: 'Breakfast Club', startsAt: now + 12 * 60_000 } };
    const { page, context } = await h.newPage({ width: 360, height: 132 });
    await installBridge(context, { serverUrl: h.url, goodServer: h.url, nowPlaying: first });
    await page.goto(`${h.url}/mini`);
    await expect.poll(() => page.getByRole('heading', { name: 'Midnight City' }).isVisible()).toBe(true);
    expect(await page.getByTestId('mini-live').textContent()).toBe('LIVE');
    expect(await page.getByTestId('mini-elapsed').textContent()).toMatch(/^1:0\d$/);
    expect(await page.getByTestId('mini-remaining').textContent()).toMatch(/^-2:5\d$/);
    expect(await page.getByTestId('mini-next').textContent()).toMatch(/^Next: Breakfast Club in 1[12]:\d\d$/);
    await page.evaluate((d) => window.__pushNowPlaying(d), { ...first, title: 'Intro', artist: 'The xx', isLive: false, presenter: 'Auto DJ' });
    await expect.poll(() => page.getByRole('heading', { name: 'Intro' }).isVisible()).toBe(true);
    expect(await page.getByTestId('mini-live').textContent()).toBe('AUTO DJ');
    await page.getByRole('button', { name: 'Close the mini window' }).click();
    await expect.poll(() => calls(page, 'toggleMiniWindow')).toEqual([[false]]);
    await context.close();
  });
});

describe.skipIf(skipBrowser())('without the bridge (a browser)', () => {
  it('falls back to the in-page toast when system notifications are not allowed', async () => {
    const user = await createUser(h.server, { role: 'moderator' });
    const { page, context } = await h.newPage();
    await signInThroughUi(page, h.url, user.email, user.password);
    const rt = watchRealtime(page);
    await page.goto(`${h.url}/admin/on-air`);
    await page.getByTestId('on-air-status').waitFor();
    await expect.poll(rt.subscribedToNotifications, { timeout: 15_000 }).toBe(true);
    // The relay that turns pushes into pop-ups is its own chunk (StudioServices): wait until it listens.
    await page.locator('html[data-notification-relay="on"]').waitFor({ state: 'attached', timeout: 30_000 });
    expect(await page.evaluate(() => Notification.permission)).not.toBe('granted');
    await expect.poll(() => page.getByRole('button', { name: 'Show system notifications' }).isVisible()).toBe(true);
    await postSongRequest('Toast Song');
    await expect.poll(() => page.locator('[data-toast]').textContent(), { timeout: 15_000 }).toContain('Robin requested "Toast Song" by The Testers');
    expect(await page.getByRole('button', { name: 'Open mini window' }).count()).toBe(0);
    await context.close();
  });

  it('uses the Web Notifications API when the browser allows it', async () => {
    const user = await createUser(h.server, { role: 'presenter' });
    const { page, context } = await h.newPage();
    await context.grantPermissions(['notifications'], { origin: h.url });
    await context.addInitScript(() => {
      window.__webNotifications = [];
      const Real = window.Notification;
      class Recording extends Real {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          window.__webNotifications.push({ title, ...(options?.body ? { body: options.body } : {}), ...(options?.tag ? { tag: options.tag } : {}) });
        }
      }
      Object.defineProperty(Recording, 'permission', { get: () => Real.permission });
      window.Notification = Recording as typeof Notification;
    });
    await signInThroughUi(page, h.url, user.email, user.password);
    const rt = watchRealtime(page);
    await page.goto(`${h.url}/admin/on-air`);
    await page.getByTestId('on-air-status').waitFor();
    await expect.poll(rt.subscribedToNotifications, { timeout: 15_000 }).toBe(true);
    // The relay that turns pushes into pop-ups is its own chunk (StudioServices): wait until it listens.
    await page.locator('html[data-notification-relay="on"]').waitFor({ state: 'attached', timeout: 30_000 });
    await postSongRequest('Web Song');
    await expect.poll(() => page.evaluate(() => window.__webNotifications), { timeout: 15_000 }).toEqual([{ title: 'New Song Request', body: 'Robin requested "Web Song" by The Testers', tag: expect.stringMatching(/^notification:/) }]);
    expect(await page.locator('[data-toast]').count()).toBe(0);
    await context.close();
  });
});
