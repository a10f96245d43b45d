import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STATION } from '../../server/src/db/seed/demo-station';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';

/** The home page's composition (spec 000 §4), on a desktop and a phone. */
let h: BrowserHarness;
beforeAll(async () => {
  if (!skipBrowser()) h = await startBrowserHarness();
});
afterAll(async () => h?.close());

describe.skipIf(skipBrowser())('the home page', () => {
  it('on a desktop: hero with Join Community, Featured Shows, DJ Spotlight and the sidebar, in that order', async () => {
    const { page, context, errors } = await h.newPage({ width: 1280, height: 900 });
    await page.goto(h.url + '/');
    await page.getByRole('heading', { level: 1, name: DEMO_STATION.name }).waitFor();
    const join = page.getByRole('link', { name: 'Join Community' });
    expect(await join.getAttribute('href')).toBe(DEMO_STATION.chatInviteUrl);
    expect(await join.getAttribute('target')).toBe('_blank');
    expect(await join.getAttribute('rel')).toBe('noopener noreferrer');
    const spotlight = page.getByRole('region', { name: 'DJ Spotlight' });
    await spotlight.getByRole('listitem').first().waitFor();
    const cards = await spotlight.getByRole('listitem').count();
    expect(cards).toBeGreaterThan(0);
    expect(cards).toBeLessThanOrEqual(4);
    expect(await spotlight.getByRole('link', { name: 'Meet all DJs' }).getAttribute('href')).toBe('/djs');
    await spotlight.getByRole('listitem').first().getByRole('link').click();
    await page.waitForURL(/\/djs\/[0-9a-f-]{36}$/);
    await page.goBack();
    // Sections below the first screen mount one by one: the last one shows they all have.
    await page.locator('main h2', { hasText: 'Recently Played' }).waitFor();
    const headings = await page.locator('main h2').allTextContents();
    const at = (t: string) => headings.findIndex((x) => x.includes(t));
    expect(at('Featured Shows')).toBeGreaterThanOrEqual(0);
    expect(at('Featured Shows')).toBeLessThan(at('DJ Spotlight'));
    expect(at('DJ Spotlight')).toBeLessThan(at('Recently Played'));
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await sidebar.getByText('Up Next').waitFor();
    await sidebar.getByText('Track History').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone: no sidebar, and the bubbles button floats top-right', async () => {
    const { page, context } = await h.newPage({ width: 390, height: 844 });
    await page.goto(h.url + '/');
    await page.getByRole('heading', { level: 1, name: DEMO_STATION.name }).waitFor();
    await page.getByRole('region', { name: 'DJ Spotlight' }).waitFor();
    // A narrow window whose browser does not say it is a phone is drawn wide by the server, and narrowed as the app takes it over.
    await expect.poll(() => page.getByRole('complementary', { name: 'Sidebar' }).count()).toBe(0);
    const bubbles = page.getByRole('button', { name: /release bubbles/i });
    const box = (await bubbles.boundingBox())!;
    expect(box.x + box.width).toBeGreaterThan(390 - 40);
    expect(box.y).toBeLessThan(160);
    // It stays there while the page scrolls.
    await page.mouse.wheel(0, 1500);
    await expect.poll(async () => (await bubbles.boundingBox())!.y).toBeLessThan(160);
    await context.close();
  });
});
