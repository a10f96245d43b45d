import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';
import { sampled } from '../support/full';

/**
 * Every control a keyboard reaches is visible when it has focus (WCAG 2.4.11, issue 19 item 2): tabbing
 * through a page, each focused control is inside the window and the control itself is what a person sees
 * at its centre, not the fixed player bar, the sticky navigation bar or a floating button drawn over it.
 */
let h: BrowserHarness;
beforeAll(async () => {
  if (skipBrowser()) return;
  h = await startBrowserHarness();
});
afterAll(async () => h?.close());

/** Where the focused control is, and what is drawn at its centre if that is not the control. */
interface Stop {
  name: string;
  covered: string | null;
  outside: boolean;
}

/**
 * After a Tab: two frames (smooth scrolling is off under reduced motion, the theme; a frame lets the scroll
 * land), then where the focused control is and what is drawn at its centre, with a key naming the control
 * (to stop after one round of the page). One round trip to the page per Tab.
 */
async function focusedStop(page: Page): Promise<(Stop & { key: number }) | null> {
  return page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el === document.documentElement) return null;
    const w = window as unknown as { __stopKeys?: WeakMap<Element, number>; __stopNext?: number };
    w.__stopKeys ??= new WeakMap();
    let key = w.__stopKeys.get(el);
    if (key === undefined) {
      key = w.__stopNext = (w.__stopNext ?? 0) + 1;
      w.__stopKeys.set(el, key);
    }
    const name = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    // An inline link wrapping onto two lines: its first line's box (the bounding box's centre may be between them).
    const r = el.getClientRects()[0] ?? el.getBoundingClientRect();
    // The slider's off-screen slides and visually hidden skip targets are not drawn: nothing to see.
    if (r.width === 0 || r.height === 0) return { name, covered: null, outside: false, key };
    const outside = r.bottom <= 0 || r.top >= innerHeight || r.right <= 0 || r.left >= innerWidth;
    const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
    const y = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
    const hit = document.elementFromPoint(x, y);
    // The control itself, or the visible part of a control whose native input is drawn by its wrapper (a slider's thumb, a checkbox).
    const mine = !!hit && (hit === el || el.contains(hit) || hit.contains(el) || (hit instanceof HTMLLabelElement && hit.control === el));
    const describe = (n: Element) => {
      const landmark = n.closest('[aria-label], header, footer, nav');
      return `${n.tagName.toLowerCase()}${landmark && landmark !== n ? ` in ${landmark.tagName.toLowerCase()}[${landmark.getAttribute('aria-label') ?? ''}]` : ''} ${(n.getAttribute('aria-label') ?? '').slice(0, 30)}`;
    };
    return { name, covered: mine || !hit ? null : describe(hit), outside, key };
  });
}

/** Tabs from the top of the page through every control (at most `max`), returning the stops that were hidden. */
async function hiddenStops(page: Page, max: number): Promise<{ stops: number; hidden: string[] }> {
  const hidden: string[] = [];
  let stops = 0;
  let first: number | null = null;
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const stop = await focusedStop(page);
    if (!stop) continue;
    if (first === stop.key) break; // round the page once
    first ??= stop.key;
    stops++;
    if (stop.outside) hidden.push(`${stop.name}: outside the window`);
    else if (stop.covered) hidden.push(`${stop.name}: under ${stop.covered}`);
  }
  return { stops, hidden };
}

const CASES: { path: string; width: number; height: number }[] = [
  { path: '/', width: 1280, height: 800 },
  { path: '/', width: 390, height: 844 },
  { path: '/', width: 768, height: 1024 },
  { path: '/donate', width: 1280, height: 800 },
  { path: '/donate', width: 390, height: 844 },
  { path: '/become-a-dj', width: 390, height: 844 },
];

/** `npm test`: every page at 390 px, and the tablet and desktop widths once each (TEST_FULL=1: every case). */
const RUN = sampled(CASES, (c, i) => c.width === 390 || CASES.findIndex((d) => d.width === c.width) === i);

describe.skipIf(skipBrowser())('keyboard focus is never hidden', () => {
  for (const c of RUN) {
    it(`on ${c.path} at ${c.width}×${c.height}`, async () => {
      const { page, context } = await h.newPage({ width: c.width, height: c.height });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(h.url + c.path);
      await page.getByRole('region', { name: 'Live player' }).waitFor();
      await page.locator('main h1').first().waitFor();
      // Everything deferred has mounted: the footer is the last part of the page.
      await page.getByRole('contentinfo').waitFor();
      const { stops, hidden } = await hiddenStops(page, 250);
      expect(stops).toBeGreaterThan(10);
      expect(hidden).toEqual([]);
      await context.close();
    }, 180_000);
  }
});
