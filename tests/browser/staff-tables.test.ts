import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/src/db/seed/demo';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';
import { signInThroughUi } from '../support/staff';

/**
 * Staff tables at tablet widths with the sidebar open (issue 30 item 6: at 768 px, and up to ~1100 px
 * beside the sidebar, LOA Requests, DJs & Staff, User Management and the queues pushed their Status and
 * Actions columns off-screen and broke names mid-word). At 768, 820, 1024 and 1280 px, on every staff
 * table, checked by element positions: the sidebar is open; every row's decision controls (status
 * dropdowns and switches, Edit, Delete, Approve…) and every column heading lie inside the window and
 * inside whatever box scrolls or clips them; no word of a name (or of anything else but free text) is
 * split over two lines; the page is no wider than the window. axe finds nothing on each screen as a
 * tablet draws it (768 px) and as a desktop does (1280 px). One signed-in owner visits every screen in turn.
 */
let h: BrowserHarness;
let owner: Awaited<ReturnType<BrowserHarness['newPage']>>;
beforeAll(async () => {
  if (skipBrowser()) return;
  h = await startBrowserHarness();
  const knex = h.server.server.ctx.knex;
  // Long names and addresses, as a real station has them: these are what pushed the columns out.
  await knex('presenters').insert({ name: 'Maximilian Featherstonehaugh', role: 'presenter', bio: 'Drive time, weekdays.' });
  const [presenter] = await knex('presenters').where({ name: 'Maximilian Featherstonehaugh' }).select('id');
  await knex('loa_requests').insert({ presenter_id: presenter.id, presenter_name: 'Maximilian Featherstonehaugh', presenter_email: 'maximilian.featherstonehaugh@community-radio.example', start_date: '2030-01-07', end_date: '2030-01-20', reason: 'education', additional_notes: 'Exams.', status: 'pending' });
  await knex('general_requests').insert({ name: 'Bartholomew Winterbottom', email: 'bartholomew.winterbottom@listeners.example', subject: 'feedback', message: 'Lovely show on Sunday.', status: 'pending' });
  await knex('shoutout_requests').insert({ requester_name: 'Anastasia Papadopoulos', recipient_name: 'Everyone at Riverside Hospital', message: 'Thank you all!', status: 'pending' });
  // The owner signs in once, through the sign-in page, and goes from screen to screen as a staff member would.
  owner = await h.newPage({ width: 1280, height: 900 });
  await signInThroughUi(owner.page, h.url, 'owner@airdeck.demo', DEMO_PASSWORD);
});
afterAll(async () => {
  await owner?.context.close();
  await h?.close();
});

const WIDTHS = [768, 820, 1024, 1280];
/** The staff tables: every screen that lists rows with a status or decisions. */
const SCREENS = [
  '/admin/loa-requests',
  '/admin/djs',
  '/admin/users',
  '/admin/song-requests',
  '/admin/shoutout-requests',
  '/admin/general-requests',
  '/admin/shows',
  '/admin/applications',
  '/admin/logs',
  '/admin/pages',
];

/** Everything wrong with the rows of the screen as drawn now. */
async function tableFaults(page: Page): Promise<{ faults: string[]; controls: number; layout: string | null }> {
  return page.evaluate(() => {
    const faults: string[] = [];
    const main = document.querySelector('main')!;
    const label = (el: Element) => `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
    const aside = document.querySelector('aside');
    if (!aside || aside.getBoundingClientRect().width < 200) faults.push('the sidebar is not open');
    if (document.documentElement.scrollWidth > innerWidth + 1) faults.push(`the page is ${document.documentElement.scrollWidth} px wide in a ${innerWidth} px window`);
    /** The part of the window an element can be seen in: the window cut by every ancestor that clips or scrolls. */
    const visibleBox = (el: Element) => {
      let left = 0;
      let right = innerWidth;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX !== 'visible') {
          const r = a.getBoundingClientRect();
          left = Math.max(left, r.left);
          right = Math.min(right, r.right);
        }
      }
      return { left, right };
    };
    // Every control of the screen: the rows' status dropdowns, switches and actions, the filters, the decisions.
    const controls = new Set<Element>(main.querySelectorAll('button, [role="button"], [role="combobox"], input[type="checkbox"], [role="switch"], a[href]'));
    for (const th of main.querySelectorAll('thead th')) controls.add(th);
    let counted = 0;
    for (const c of controls) {
      const target = c.matches('input[type="checkbox"]') ? (c.parentElement ?? c) : c;
      const r = target.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      counted++;
      const v = visibleBox(target);
      if (r.left < v.left - 0.5 || r.right > v.right + 0.5) faults.push(`${label(c)} is out of sight (${Math.round(r.left)}–${Math.round(r.right)}, visible ${Math.round(v.left)}–${Math.round(v.right)})`);
    }
    // No word split over two lines, except in free text (messages, notes, bios) where a very long word may be.
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent ?? '';
      const el = n.parentElement!;
      if (!text.trim() || el.closest('pre, [data-prose]')) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      for (const m of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(n, m.index);
        range.setEnd(n, m.index + m[0].length);
        const tops = [...range.getClientRects()].filter((q) => q.width > 0).map((q) => Math.round(q.top));
        if (new Set(tops.map((t) => Math.round(t / 4))).size > 1) faults.push(`"${m[0].slice(0, 40)}" is broken over ${new Set(tops).size} lines`);
      }
    }
    return { faults: [...new Set(faults)], controls: counted, layout: main.querySelector('[data-fit]')?.getAttribute('data-fit') ?? null };
  });
}

async function settle(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => !document.querySelector('main .MuiSkeleton-root, main [aria-busy="true"], main .MuiCircularProgress-root, main [role="status"][aria-label^="Loading"]'), undefined, { timeout: 30_000 });
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))));
}

const AXE = fs.readFileSync('node_modules/axe-core/axe.min.js', 'utf8');
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Element, opts: unknown): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document.querySelector('main')!, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa'] });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

describe.skipIf(skipBrowser())('staff tables at tablet widths with the sidebar open (issue 30 item 6)', () => {
  it.each(SCREENS)('%s keeps its status and decision controls in sight and its names whole at 768, 820, 1024 and 1280 px', async (path) => {
    const { page, errors } = owner;
    errors.length = 0;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(h.url + path);
    await settle(page);
    const report: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      // The layout follows the width (the table or its cards), then is measured.
      await expect.poll(async () => (await tableFaults(page)).faults, { timeout: 10_000 }).toEqual([]);
      const { controls, layout } = await tableFaults(page);
      expect(controls, `${path} at ${width} px shows no controls`).toBeGreaterThan(0);
      report.push(`${width}:${layout ?? '-'}`);
      if (width === 768 || width === 1280) expect(await axeViolations(page), `${path} at ${width} px`).toEqual([]);
    }
    expect(errors).toEqual([]);
  });
});
