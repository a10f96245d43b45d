import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEMES } from '../../shared/themes';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';

let h: BrowserHarness;
beforeAll(async () => {
  if (!skipBrowser()) h = await startBrowserHarness();
});
afterAll(async () => h?.close());

describe.skipIf(skipBrowser())('the shell in Chromium', () => {
  it('shows the navigation links of spec 000 §2 and the station name', async () => {
    const { page, context, errors } = await h.newPage();
    await page.goto(h.url + '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Shows', 'DJs', 'Mobile App', 'Donate']) {
      await expect.poll(() => nav.getByRole('link', { name, exact: true }).count()).toBe(1);
    }
    expect(await nav.getByRole('link', { name: 'Become a DJ' }).getAttribute('href')).toBe('/presenter-application');
    expect(await nav.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/auth');
    expect(await nav.getByText('Airdeck Radio').count()).toBe(1);
    await nav.getByRole('link', { name: 'Shows', exact: true }).click();
    await page.waitForURL(/\/shows$/);
    // /shows is its own lazy chunk: the heading changes once it has loaded.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Shows');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the not-found page for unknown paths and /404, with a way home', async () => {
    const { page, context } = await h.newPage();
    const res = await page.goto(h.url + '/definitely/not/here');
    expect(res?.status()).toBe(404);
    await page.getByText('Oops! Page not found').waitFor();
    await page.goto(h.url + '/404');
    await page.getByText('Oops! Page not found').waitFor();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(h.url + '/');
    await context.close();
  });

  it('keeps a chosen theme across reloads and ignores an unknown stored theme', async () => {
    const { page, context } = await h.newPage();
    await page.goto(h.url + '/');
    const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const themeButton = page.getByRole('button', { name: 'Change theme' });
    // The theme menu is its own chunk: read the default colour once the app has taken over from the first screen.
    await themeButton.waitFor();
    const neon = await bg();
    expect(neon).toBe('rgb(11, 8, 20)');
    await themeButton.click();
    await page.getByRole('menuitem', { name: /Tropical/ }).click();
    await expect.poll(bg).not.toBe(neon);
    const tropical = await bg();
    // The page around the app follows too: its background variable and the browser's bar colour.
    const outer = () => page.evaluate(() => [document.documentElement.style.getPropertyValue('--bd-bg'), document.querySelector('meta[name="theme-color"]')?.getAttribute('content')]);
    expect(await outer()).toEqual([THEMES['tropical-fusion'].background, THEMES['tropical-fusion'].backgroundAlt]);
    await page.reload();
    await expect.poll(bg).toBe(tropical);
    await page.evaluate(() => localStorage.setItem('airdeck.theme', 'hot-pink-nonsense'));
    await page.reload();
    await expect.poll(bg).toBe(neon);
    await context.close();
  });

  it("draws the server's first screen where the app then draws it: the bar's links do not move", async () => {
    const { page, context } = await h.newPage({ width: 1280, height: 800 });
    /** Where the bar's links are drawn (whole pixels). */
    const measure = async (p: Page) => {
      const out: Record<string, { x: number; y: number; width: number }> = {};
      // (Donate is left out: it moves when the Request link goes, once the app knows no presenter is live.)
      for (const name of ['Home', 'Shows', 'DJs', 'Mobile App', 'Become a DJ', 'Login']) {
        const box = await p.getByRole('banner').getByRole('link', { name, exact: true }).boundingBox();
        expect(box, name).not.toBeNull();
        out[name] = { x: Math.round(box!.x), y: Math.round(box!.y), width: Math.round(box!.width) };
      }
      return out;
    };
    // The first screen alone, as the server and the boot script draw it: the app's scripts are held back.
    const shell = await context.newPage();
    await shell.route(/\/assets\/(?!boot-)[^/]+\.js$/, (route) => route.abort());
    await shell.goto(h.url + '/shows');
    const first = await measure(shell);
    await page.goto(h.url + '/shows');
    await page.getByRole('button', { name: 'Change theme' }).waitFor();
    const app = await measure(page);
    for (const name of Object.keys(first)) {
      expect(Math.abs(app[name]!.x - first[name]!.x), `${name} moved from x=${first[name]!.x} to x=${app[name]!.x}`).toBeLessThanOrEqual(1);
      expect(Math.abs(app[name]!.y - first[name]!.y), `${name} y`).toBeLessThanOrEqual(1);
    }
    await context.close();
  });

  it('collapses into a mobile menu below 768 px', async () => {
    const { page, context } = await h.newPage({ width: 390, height: 844 });
    await page.goto(h.url + '/');
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shows', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    // Issue 19 item 12: it marks the page you are on, and it has a Close button.
    expect(await menu.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    expect(await menu.getByRole('link', { name: 'Shows' }).getAttribute('aria-current')).toBeNull();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await menu.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'DJs' }).click();
    await page.waitForURL(/\/djs$/);
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await menu.getByRole('link', { name: 'DJs' }).getAttribute('aria-current')).toBe('page');
    await context.close();
  });
});
