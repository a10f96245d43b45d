import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTime } from '../../shared/time';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';
import { createUser } from '../support/auth';
import { signInThroughApi } from '../support/staff';

/**
 * The Audience screen in Chromium (issue 21): an owner sees the whole
 * station, a presenter their own shows only; the line chart, the heat map and
 * the ranking each have their table, at 390 and 1280 px, and axe finds nothing.
 */

const AXE = fs.readFileSync('node_modules/axe-core/axe.min.js', 'utf8');
const SHOTS = process.env.AUDIENCE_SHOTS;

async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: unknown): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa'] });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

let h: BrowserHarness;
let presenterEmail: string;
let presenterPassword: string;
let ownerEmail: string;
let ownerPassword: string;

beforeAll(async () => {
  if (skipBrowser()) return;
  h = await startBrowserHarness();
  const knex = h.server.database.db.knex;
  // Seven days of readings: a daily swell around 20:00, a minute row each.
  await knex.raw(`
    INSERT INTO audience_minutes (minute, samples, listeners_sum, peak, live_samples)
    SELECT m, 4, 4 * (10 + round(8 * sin(extract(epoch FROM m) / 86400.0 * 2 * pi())))::int, 12 + round(8 * sin(extract(epoch FROM m) / 86400.0 * 2 * pi()))::int, 0
    FROM generate_series(date_trunc('minute', now()) - interval '7 days', date_trunc('minute', now()) - interval '1 minute', interval '1 minute') AS m
    ON CONFLICT (minute) DO NOTHING`);
  const presenter = await createUser(h.server, { role: 'presenter' });
  const owner = await createUser(h.server, { role: 'owner' });
  presenterEmail = presenter.email;
  presenterPassword = presenter.password;
  ownerEmail = owner.email;
  ownerPassword = owner.password;
  const [p] = await knex('presenters').insert({ name: 'Amara Okafor', user_id: presenter.id }).returning<{ id: string }[]>('id');
  // Her show yesterday 10:00-12:00 station time (Europe/London by default).
  const yesterday = localDateTime(Date.now() - 86_400_000, 'Europe/London').date;
  await knex('schedule_events').insert({ title: 'Amara’s Morning Mix', type: 'show', status: 'scheduled', event_date: yesterday, start_time: '10:00', end_time: '12:00', presenter_id: p!.id });
}, 120_000);
afterAll(async () => h?.close());

async function open(email: string, password: string, width: number) {
  const { page, context, errors } = await h.newPage({ width, height: 900 });
  await signInThroughApi(page, h.url, email, password);
  await page.goto(h.url + '/admin/audience');
  await page.getByRole('heading', { name: 'Audience', level: 1 }).waitFor();
  return { page, context, errors };
}

describe.skipIf(skipBrowser())('the Audience screen in Chromium', () => {
  for (const width of [1280, 390]) {
    it(`shows an owner the whole station with charts and their tables at ${width} px`, async () => {
      const { page, context, errors } = await open(ownerEmail, ownerPassword, width);
      await page.getByText('Listener figures of the whole station.').waitFor();
      if (width > 768) await page.getByRole('navigation').getByRole('link', { name: 'Audience' }).waitFor();
      // Listening now: the now-playing figure, pushed live.
      await expect.poll(() => page.getByTestId('audience-now').innerText()).toMatch(/^\d+$/);
      // The line chart, described for screen readers, and its table.
      const line = page.getByRole('img', { name: /^Listeners, last 7 days: average/ });
      await line.waitFor();
      expect(await line.locator('svg').count()).toBeGreaterThan(0);
      // The time axis names each day once (one tick a day, not two ticks both reading "18 Nov").
      const days = await line.locator('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel').allTextContents();
      expect(days.length).toBeGreaterThan(1);
      expect(new Set(days).size).toBe(days.length);
      for (const d of days) expect(d).toMatch(/^\d{1,2} [A-Z][a-z]{2}$/);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/audience-owner-chart-${width}.png`, fullPage: true });
      await page.getByRole('group', { name: 'Listeners over time: show as' }).getByRole('button', { name: 'Table' }).click();
      const points = page.getByRole('table', { name: 'Listeners, last 7 days, every 30 minutes' });
      await points.waitFor();
      expect(await points.getByRole('row').count()).toBeGreaterThan(300);
      // The heat map is a table: seven weekdays, 24 hours.
      const heat = page.getByRole('table', { name: /^Average listeners by weekday and hour/ });
      expect(await heat.getByRole('rowheader').count()).toBe(7);
      // The ranking: a chart, then its table of every show.
      await page.getByRole('img', { name: /^Top shows by average listeners/ }).waitFor();
      await page.getByRole('group', { name: 'Show ranking: show as' }).getByRole('button', { name: 'Table' }).click();
      const ranked = page.getByRole('table', { name: 'Shows ranked by average listeners' });
      await ranked.getByText('Amara’s Morning Mix').waitFor();
      expect(await ranked.getByRole('row').count()).toBeGreaterThan(2);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/audience-owner-${width}.png`, fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
      // No sideways scrolling of the page itself.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    }, 90_000);

    it(`shows a presenter their own shows only at ${width} px`, async () => {
      const { page, context, errors } = await open(presenterEmail, presenterPassword, width);
      await page.getByText('Listener figures of your own shows.').waitFor();
      await page.getByRole('group', { name: 'Show ranking: show as' }).getByRole('button', { name: 'Table' }).click();
      const ranked = page.getByRole('table', { name: 'Shows ranked by average listeners' });
      await ranked.getByText('Amara’s Morning Mix').waitFor();
      // One header row and her one show: nobody else's.
      expect(await ranked.getByRole('row').count()).toBe(2);
      await page.getByRole('group', { name: 'Listeners over time: show as' }).getByRole('button', { name: 'Table' }).click();
      const points = page.getByRole('table', { name: /^Listeners, last 7 days/ });
      await points.waitFor();
      // Only the minutes of her two hours (30-minute buckets): four rows and the header.
      expect(await points.getByRole('row').count()).toBe(5);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/audience-presenter-${width}.png`, fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }, 90_000);
  }
});
