import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/src/db/seed/demo';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';
import { sampled, TEST_FULL } from '../support/full';
import { signInThroughUi } from '../support/staff';

/**
 * Tablet widths (issue 19 item 1: at 768 px the site name shrank to "A…", "Mobile App" wrapped and
 * Become a DJ was clipped): at 768, 820, 900 and 1024 px nothing in the navigation bar or a page's header
 * is cut off, shortened with an ellipsis, wrapped onto a second line, pushed out of the window or drawn
 * over another control, on listener pages (signed out and signed in) and staff screens.
 */
let h: BrowserHarness;
beforeAll(async () => {
  if (skipBrowser()) return;
  h = await startBrowserHarness();
});
afterAll(async () => h?.close());

const WIDTHS = [768, 820, 900, 1024];
const SAMPLE_NOTE = TEST_FULL ? '' : ' (two widths a page, 768 px always; TEST_FULL=1 for all four)';
const LISTENER = ['/', '/shows', '/djs', '/request', '/donate', '/become-a-dj'];
const STAFF = ['/admin', '/admin/shows', '/admin/schedule', '/admin/applications', '/admin/logs', '/admin/users'];

/** Every fault of the bar and of the page header (the row holding main's first heading). */
async function headerFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const faults: string[] = [];
    const label = (el: Element) => `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30)}"`;
    const heading = document.querySelector('main h1');
    // The page header: the row holding the heading (its parent, when that is a header-sized box), else the heading.
    const row = heading?.parentElement && heading.parentElement.getBoundingClientRect().height <= 200 && heading.parentElement.tagName !== 'MAIN' ? heading.parentElement : heading;
    const areas = [...document.querySelectorAll('header, [role="banner"]'), row].filter((e): e is Element => !!e);
    if (document.documentElement.scrollWidth > innerWidth + 1) faults.push(`the page is ${document.documentElement.scrollWidth} px wide in a ${innerWidth} px window`);
    const controls: Element[] = [];
    for (const area of areas) {
      for (const el of [area, ...area.querySelectorAll('*')]) {
        const style = getComputedStyle(el);
        if (style.display === 'none' || style.visibility === 'hidden') continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        // Visually hidden text (clip or 1 px boxes) is for screen readers.
        if (r.width <= 1 || r.height <= 1 || style.clipPath !== 'none' || style.clip.startsWith('rect')) continue;
        if (r.right > innerWidth + 0.5 || r.left < -0.5) faults.push(`${label(el)} runs out of the window (${Math.round(r.left)}–${Math.round(r.right)})`);
        const ownText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
        if (ownText && style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1) faults.push(`${label(el)} is cut off (${el.scrollWidth} px of text in ${el.clientWidth} px)`);
        if (el.matches('a, button, [role="button"], [role="tab"], h1')) controls.push(el);
        // A piece of text of a control or heading broken over two lines ("Mobile / App", "ecome a I").
        if (el.closest('a, button, [role="button"], [role="tab"], h1, h2')) {
          for (const node of el.childNodes) {
            if (node.nodeType !== Node.TEXT_NODE || !node.textContent!.trim()) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            const tops = [...range.getClientRects()].filter((q) => q.width > 0).map((q) => q.top);
            const lines = tops.filter((t, i) => tops.findIndex((u) => Math.abs(u - t) < 4) === i).length;
            if (lines > 1) faults.push(`${label(el)} wraps onto ${lines} lines`);
          }
        }
      }
    }
    const boxes = controls.filter((c) => !controls.some((o) => o !== c && o.contains(c))).map((c) => ({ c, r: c.getBoundingClientRect() }));
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!.r;
        const b = boxes[j]!.r;
        const overlap = Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
        if (overlap) faults.push(`${label(boxes[i]!.c)} overlaps ${label(boxes[j]!.c)}`);
      }
    }
    return [...new Set(faults)];
  });
}

async function settle(page: Page, staff: boolean): Promise<void> {
  await page.locator('main h1').first().waitFor({ timeout: 30_000 });
  // The listener bar mounts after the page (until then the server's first drawing of it stands).
  if (!staff) await page.getByRole('banner').getByRole('button', { name: 'Change theme' }).waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => !document.querySelector('main .MuiSkeleton-root, main [aria-busy="true"], main .MuiCircularProgress-root'), undefined, { timeout: 30_000 });
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))));
}

/**
 * Each page is loaded once and checked at several widths by resizing the window (the bar and headers are laid
 * out by CSS and media queries, which follow a resize). The width a page is first drawn at turns with the page,
 * so every width is also checked straight after a fresh load somewhere. In `npm test` each page is checked at
 * two of the four widths, 768 px (where issue 19 was seen) always and one more turning with the page, so that
 * every width meets listener pages and staff screens; TEST_FULL=1 checks every page at every width.
 */
async function faultsAcrossWidths(page: Page, paths: string[], staff: (path: string) => boolean): Promise<Record<string, string[]>> {
  const faults: Record<string, string[]> = {};
  for (const [i, path] of paths.entries()) {
    const all = [...WIDTHS.slice(i % WIDTHS.length), ...WIDTHS.slice(0, i % WIDTHS.length)];
    const order = sampled(all, (w, k) => k === 0 || w === 768 || (i % WIDTHS.length === 0 && k === 1));
    await page.setViewportSize({ width: order[0]!, height: 1024 });
    await page.goto(h.url + path);
    for (const width of order) {
      await page.setViewportSize({ width, height: 1024 });
      // Media-query listeners re-render on the resize: two frames let that land before settling.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await settle(page, staff(path));
      const f = await headerFaults(page);
      if (f.length) faults[`${path} at ${width} px`] = f;
    }
  }
  return faults;
}

describe.skipIf(skipBrowser())('the navigation bar and page headers at tablet widths', () => {
  it(`listener pages, signed out, at ${WIDTHS.join(', ')} px${SAMPLE_NOTE}`, async () => {
    const { page, context } = await h.newPage({ width: WIDTHS[0], height: 1024 });
    expect(await faultsAcrossWidths(page, LISTENER, () => false)).toEqual({});
    await context.close();
  }, 180_000);

  it(`listener pages signed in and staff screens, as the owner, at ${WIDTHS.join(', ')} px${SAMPLE_NOTE}`, async () => {
    const { page, context } = await h.newPage({ width: WIDTHS[0], height: 1024 });
    await signInThroughUi(page, h.url, 'owner@airdeck.demo', DEMO_PASSWORD);
    expect(await faultsAcrossWidths(page, ['/', '/shows', ...STAFF], (path) => path.startsWith('/admin'))).toEqual({});
    await context.close();
  }, 240_000);
});

describe.skipIf(skipBrowser())('listener pages on phones, tablets and at 200 % zoom (issue 38 item 9)', () => {
  it('on a phone the bar and the player have tap targets of at least 44 px', async () => {
    const { page, context } = await h.newPage({ width: 390, height: 844 });
    await page.goto(h.url + '/');
    const player = page.getByRole('region', { name: 'Live player' });
    await player.getByRole('button', { name: 'Play' }).waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).waitFor();
    const small = await page.evaluate(() =>
      [...document.querySelectorAll('header button, header a, [aria-label="Live player"] button')]
        .filter((el) => getComputedStyle(el).visibility !== 'hidden' && el.getBoundingClientRect().width > 0)
        .map((el) => ({ name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim(), box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.width < 44 || box.height < 44)
        .map(({ name, box }) => `${name}: ${Math.round(box.width)}×${Math.round(box.height)}`),
    );
    expect(small).toEqual([]);
    // The larger controls leave the station's logo its size (it shrank to nothing once).
    expect(Math.round((await page.getByRole('banner').locator('img').first().boundingBox())!.width)).toBe(32);
    await context.close();
  });

  it('on a phone every control of the listener pages is a 44 px tap target (links inside a sentence, a labelled box and the slider dots excepted)', async () => {
    const { page, context } = await h.newPage({ width: 390, height: 844 });
    const found: string[] = [];
    for (const path of ['/', '/djs', '/shows', '/donate', '/become-a-dj']) {
      await page.goto(h.url + path);
      await page.getByRole('region', { name: 'Live player' }).getByRole('button', { name: 'Play' }).waitFor();
      await page.locator('footer a').first().waitFor();
      await page.locator('main h1, main h2').first().waitFor();
      const small = await page.evaluate(() =>
        [...document.querySelectorAll('a[href], button, input, select, textarea, [role=button], [role=tab], [role=radio], [role=checkbox]')]
          .filter((el) => {
            const box = el.getBoundingClientRect();
            const style = getComputedStyle(el);
            if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || box.right <= 0 || box.bottom <= 0) return false;
            // A link inside a sentence (WCAG 2.5.8's inline exception), a box its label makes larger, the slider's
            // dots (24 px, spaced: 2.5.8's minimum; nine at 44 px would not fit a phone's width).
            if (el.tagName === 'A' && style.display === 'inline') return false;
            if (el.closest('label')) return false;
            if (/^Go to slide \d+$/.test(el.getAttribute('aria-label') ?? '')) return false;
            return box.width < 44 || box.height < 44;
          })
          .map((el) => {
            const box = el.getBoundingClientRect();
            return `${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}: ${Math.round(box.width)}×${Math.round(box.height)}`;
          }),
      );
      for (const s of small) found.push(`${path} ${s}`);
    }
    expect(found).toEqual([]);
    await context.close();
  });

  it("on a tablet the home page's side cards go two by two and the sponsor's image is not blown up", async () => {
    const { page, context } = await h.newPage({ width: 768, height: 1024 });
    await page.goto(h.url + '/');
    const image = page.getByTestId('sponsored-sidebar').locator('img');
    await image.scrollIntoViewIfNeeded();
    const main = (await page.locator('main').boundingBox())!;
    const box = (await image.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(main.width / 2);
    await context.close();
  });

  it('at 200 % zoom (a 1280 × 800 window: 640 × 400 CSS px) the bar scrolls away and the fixed parts take under a quarter of the height', async () => {
    const { page, context } = await h.newPage({ width: 640, height: 400 });
    await page.goto(h.url + '/shows');
    await page.getByRole('region', { name: 'Live player' }).waitFor();
    await page.getByRole('button', { name: 'Change theme' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect.poll(() => page.getByRole('banner').evaluate((el) => el.getBoundingClientRect().bottom)).toBeLessThanOrEqual(0);
    const fixed = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((el) => ['fixed', 'sticky'].includes(getComputedStyle(el).position))
        .map((el) => el.getBoundingClientRect())
        .filter((r) => r.bottom > 0 && r.top < innerHeight && r.width > 0)
        .reduce((sum, r) => sum + Math.min(r.bottom, innerHeight) - Math.max(r.top, 0), 0),
    );
    expect(fixed).toBeLessThan(400 / 4);
    await context.close();
  });
});
