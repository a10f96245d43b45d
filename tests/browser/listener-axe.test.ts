import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY } from '../../shared/themes';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';

/**
 * axe-core (WCAG 2.1 A and AA) on every listener page of spec 000, in the
 * default neon theme and the light tropical-fusion theme, at desktop (1280 px)
 * and phone (390 px) widths: no violations anywhere.
 */
const AXE = fs.readFileSync('node_modules/axe-core/axe.min.js', 'utf8');

let h: BrowserHarness;
let presenterId = '';
let pageSlug = '';
beforeAll(async () => {
  if (skipBrowser()) return;
  h = await startBrowserHarness();
  const knex = h.server.server.ctx.knex;
  presenterId = (await knex('presenters').orderBy('name').first<{ id: string }>('id')).id;
  const published = await knex('custom_pages').where({ is_published: true }).first<{ slug: string } | undefined>('slug');
  if (published) pageSlug = published.slug;
  else {
    await knex('custom_pages').insert({ title: 'About the Station', slug: 'about-the-station', content: '<h2>Who we are</h2><p>Volunteers since 1999. <a href="https://example.org">Read more</a>.</p><ul><li>Local music</li><li>Live shows</li></ul>', meta_description: 'About us.' });
    pageSlug = 'about-the-station';
  }
});
afterAll(async () => h?.close());

const PAGES = (): string[] => [
  '/',
  '/shows',
  '/djs',
  `/djs/${presenterId}`,
  '/request',
  '/song-request',
  '/shoutout-request',
  '/general-request',
  '/become-a-dj',
  '/mobile-app',
  '/donate',
  '/terms-of-service',
  '/privacy-policy',
  `/page/${pageSlug}`,
  '/404',
  '/api-docs',
  '/auth',
];

/** Waits until the page has its content: a heading, no loading indicators, transitions finished. */
async function settled(page: Page): Promise<void> {
  await page.locator('main h1, main h2').first().waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => !document.querySelector('main .MuiSkeleton-root, main [aria-busy="true"], main .MuiCircularProgress-root'), undefined, { timeout: 30_000 });
  // Finite transitions only: a pulsing LIVE badge or a turning record never finishes.
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))));
}

async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: unknown): Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] });
    return result.violations.map((v) => `${v.id} (${v.help}): ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join(', ')}`);
  });
}

for (const theme of ['neon', 'tropical-fusion']) {
  for (const width of [1280, 390]) {
    describe.skipIf(skipBrowser())(`axe-core on every listener page, ${theme} theme, ${width} px`, () => {
      let page: Page;
      let close: () => Promise<void>;
      beforeAll(async () => {
        const opened = await h.newPage({ width, height: width > 800 ? 900 : 844, storage: { [THEME_STORAGE_KEY]: theme } });
        page = opened.page;
        close = () => opened.context.close();
      });
      afterAll(async () => close?.());
      for (const index of PAGES().keys()) {
        it(`page ${index + 1} of ${PAGES().length} has no violations`, async () => {
          const path = PAGES()[index]!;
          await page.goto(h.url + path, { timeout: 45_000 });
          await settled(page);
          expect({ path, violations: await axeViolations(page) }).toEqual({ path, violations: [] });
        }, 120_000);
      }
    });
  }
}
