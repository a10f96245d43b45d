import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';
import { TEST_FULL } from '../support/full';
import { clippedPseudoText, rawKeys } from '../support/i18n-check';

/*
 * Every listener page in every language and the pseudo-locale (issue 35, README "Languages"): no catalogue key
 * shown raw (a missing key shows as its key), `<html lang dir>` as asked, the pseudo-locale's 40 % longer texts
 * never clipped or pushed out of the window at 390, 768 and 1280 px, and Arabic mirrored. `npm test` runs a fixed
 * sample (every page in the pseudo-locale, the widths turning with the page; the axe matrix draws each page in the
 * other languages);
 * TEST_FULL=1 runs every page × language × width.
 */
const PAGES = ['/', '/shows', '/djs', '/mobile-app', '/request', '/donate', '/terms-of-service', '/privacy-policy'];
const LOCALES = ['en', 'es', 'fr', 'de', 'pt-BR', 'ar', 'en-XA'];
const WIDTHS = [390, 768, 1280];

interface Case { path: string; locale: string; width: number }
const all: Case[] = PAGES.flatMap((p) => LOCALES.flatMap((locale) => WIDTHS.map((width) => ({ path: p, locale, width }))));
// The sample: every page in the pseudo-locale, the width turning with the page (the axe matrix draws every page in
// every other language too, tests/browser/axe-matrix.test.ts).
const sample: Case[] = PAGES.map((p, i) => ({ path: p, locale: 'en-XA', width: WIDTHS[i % 3]! }));
const CASES = TEST_FULL ? all : sample;

let h: BrowserHarness;
beforeAll(async () => {
  if (!skipBrowser()) h = await startBrowserHarness();
});
afterAll(async () => h?.close());

async function settle(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor({ timeout: 30_000 });
  // The bar mounts after the page: its theme button (an icon, whatever the language) says the app has it.
  await page.locator('header button[aria-haspopup="menu"]').first().waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => !document.querySelector('main .MuiSkeleton-root, main [aria-busy="true"], main .MuiCircularProgress-root'), undefined, { timeout: 30_000 });
}

describe.skipIf(skipBrowser())('listener pages in every language', () => {
  it(`samples every page, every language and, in the pseudo-locale, every width${TEST_FULL ? '' : ' (sample: every page in the pseudo-locale, the others in the axe matrix; TEST_FULL=1 for all)'}`, () => {
    expect(new Set(CASES.map((c) => c.path)).size).toBe(PAGES.length);
    if (TEST_FULL) expect(new Set(CASES.map((c) => c.locale)).size).toBe(LOCALES.length);
    expect(new Set(CASES.filter((c) => c.locale === 'en-XA').map((c) => c.width)).size).toBe(3);
  });

  for (const c of CASES) {
    it(`${c.path}?lang=${c.locale} at ${c.width} px: no raw or missing key, lang and dir as asked${c.locale === 'en-XA' ? ', the longer texts fit' : ''}`, async () => {
      const { page, context, errors } = await h.newPage({ width: c.width, height: 900 });
      await page.goto(`${h.url}${c.path}?lang=${c.locale}`);
      await settle(page);
      const [lang, dir, text] = await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir, document.body.innerText]);
      expect([lang, dir]).toEqual([c.locale, c.locale === 'ar' ? 'rtl' : 'ltr']);
      expect(rawKeys(text)).toEqual([]);
      if (c.locale === 'en-XA') expect(await clippedPseudoText(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('mirrors the phone layout in Arabic: the menu button at the left, the station’s name at the right', async () => {
    const { page, context } = await h.newPage({ width: 390, height: 844 });
    await page.goto(`${h.url}/djs?lang=ar`);
    await settle(page);
    const menu = (await page.locator('header button[aria-expanded]').boundingBox())!;
    const brand = (await page.locator('header a[href="/"]').first().boundingBox())!;
    expect(menu.x + menu.width / 2).toBeLessThan(195);
    expect(brand.x + brand.width / 2).toBeGreaterThan(195);
    // The slide-in menu opens from the reading side's end (the left in Arabic) and offers the languages.
    await page.locator('header button[aria-expanded]').click();
    const drawer = page.locator('#mobile-menu');
    await drawer.waitFor();
    const box = (await drawer.boundingBox())!;
    expect(box.x).toBeLessThan(5);
    expect(await drawer.getByRole('button', { name: 'Deutsch' }).count()).toBe(1);
    await context.close();
  });
});
