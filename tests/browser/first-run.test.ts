import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/auth';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';
import { signInThroughApi } from '../support/staff';

/**
 * Issue 17 item 5 in a real browser: a clean install (SEED_DEMO=false) shows
 * listeners nothing made up, and the owner's first sign-in leads to the
 * first-run setup, whose answers are what the listener site then shows.
 */
const DEMO_TRACES = /airdeck-demo|airdeck\.demo|airdeck_demo|airdeck\.example|play\.google|Airdeck Radio/i;

let h: BrowserHarness;
beforeAll(async () => {
  if (!skipBrowser()) h = await startBrowserHarness({ seed: false });
});
afterAll(async () => h?.close());

/** Every link of the page, as the browser resolved it, and the visible text. */
const pageTraces = (page: Page) => page.evaluate(() => [document.body.innerText, ...Array.from(document.querySelectorAll('a[href]'), (a) => (a as HTMLAnchorElement).href)].join('\n'));
const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe.skipIf(skipBrowser())('a clean install and its first-run setup', () => {
  it('shows listeners a neutral name and no empty or made-up links, at 390 and 1280 px', async () => {
    const { page, context, errors } = await h.newPage({ width: 390, height: 844 });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto(h.url + '/');
      await page.getByRole('heading', { level: 1, name: 'Airdeck' }).waitFor();
      await page.locator('footer').getByRole('link', { name: 'Privacy Policy' }).waitFor();
      expect(await page.getByRole('link', { name: 'Join Community' }).count()).toBe(0);
      expect(await page.getByRole('navigation', { name: 'Social' }).count()).toBe(0);
      expect((await pageTraces(page)).match(DEMO_TRACES)?.[0]).toBeUndefined();
      expect(await overflows(page)).toBe(false);
      if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/clean-home-${width}.png`, fullPage: false });
    }
    // The pages that are all about a link the station has not given: a plain empty state, no dead button.
    await page.goto(h.url + '/mobile-app');
    await page.getByRole('heading', { name: 'No app yet' }).waitFor();
    expect(await page.getByRole('link', { name: /Google Play/ }).count()).toBe(0);
    await page.goto(h.url + '/donate');
    await page.getByText("Online donations aren't set up yet. Please check back soon.").waitFor();
    expect(await page.getByRole('link', { name: 'Join our Discord' }).count()).toBe(0);
    await page.goto(h.url + '/general-request');
    await page.getByRole('heading', { name: 'Contact Information' }).waitFor();
    expect(await page.getByText('For urgent matters').count()).toBe(0);
    await page.goto(h.url + '/privacy-policy');
    await page.getByRole('link', { name: 'contact form' }).first().waitFor();
    expect((await pageTraces(page)).match(/mailto:/)?.[0]).toBeUndefined();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('never sends other staff to the setup', async () => {
    const manager = await createUser(h.server, { role: 'manager' });
    const { page, context } = await h.newPage({ width: 1280 });
    await signInThroughApi(page, h.url, manager.email, manager.password);
    await page.goto(h.url + '/admin');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    // Once the panel has settled, it is still the dashboard.
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
    expect(new URL(page.url()).pathname).toBe('/admin');
    await page.goto(h.url + '/admin/setup');
    await page.getByText('Required roles: Owner').waitFor();
    await context.close();
  });

  it("leads the owner's first sign-in to the setup, keeps what was typed on a refusal, and the listener site shows the answers", async () => {
    const owner = await createUser(h.server, { role: 'owner' });
    const { page, context, errors } = await h.newPage({ width: 390, height: 844 });
    await signInThroughApi(page, h.url, owner.email, owner.password);
    await page.goto(h.url + '/admin');
    await page.waitForURL((u) => u.pathname === '/admin/setup');
    await page.getByRole('heading', { level: 1, name: 'Set up your station' }).waitFor();
    await page.getByText('Station source (STATION_SOURCE): the built-in demo source').waitFor();
    await page.getByText("The server's default is Europe/London.").waitFor();
    expect(await page.getByLabel('Station time zone').inputValue()).toBe('Europe/London');
    expect(await overflows(page)).toBe(false);
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/setup-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await overflows(page)).toBe(false);
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/setup-1280.png`, fullPage: true });

    await page.getByLabel('Station name').fill('Harbour FM');
    await page.getByLabel('Discord invite').fill('discord.gg/harbourfm');
    await page.getByLabel('Instagram').fill('https://instagram.com/harbourfm');
    await page.getByRole('button', { name: 'Save and open the station' }).click();
    // The message names the field the owner filled (issue 30 item 7), not General Settings' 'Chat community invite'.
    await page.getByText('Discord invite must be a valid URL, such as https://discord.gg/yourstation').waitFor();
    expect(await page.getByText(/Chat community/).count()).toBe(0);
    expect(await page.getByLabel('Station name').inputValue()).toBe('Harbour FM');
    expect(await page.getByLabel('Instagram').inputValue()).toBe('https://instagram.com/harbourfm');

    await page.getByLabel('Discord invite').fill('https://discord.gg/harbourfm');
    await page.getByRole('button', { name: 'Save and open the station' }).click();
    await page.waitForURL((u) => u.pathname === '/admin');
    // Set up: the panel no longer sends the owner there.
    await page.goto(h.url + '/admin');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto(h.url + '/');
      await page.getByRole('heading', { level: 1, name: 'Harbour FM' }).waitFor();
      expect(await page.getByRole('link', { name: 'Join Community' }).getAttribute('href')).toBe('https://discord.gg/harbourfm');
      const social = page.getByRole('navigation', { name: 'Social' }).getByRole('link');
      await social.first().waitFor();
      expect(await social.allTextContents()).toEqual(['Discord', 'Instagram']);
      expect(await social.evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href))).toEqual(['https://discord.gg/harbourfm', 'https://instagram.com/harbourfm']);
      if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/set-up-home-${width}.png`, fullPage: false });
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
