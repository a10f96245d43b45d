import { signInThroughUi } from '../support/staff';
import { DEMO_PASSWORD } from '../../server/src/db/seed/demo';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoWeekday, longDate, todayInZone, weekBounds } from '../../shared/schedule';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';

let h: BrowserHarness;
beforeAll(async () => {
  if (!skipBrowser()) h = await startBrowserHarness();
});
afterAll(async () => h?.close());

/**
 * Signs a browser context in as a demo account by adding its access token to
 * every API call. The sign-in screen belongs to the accounts domain; when it
 * is on this branch, this becomes a walk through /auth.
 */
async function signInAs(context: BrowserContext, email: string): Promise<void> {
  const page = context.pages()[0] ?? (await context.newPage());
  await signInThroughUi(page, h.url, email, DEMO_PASSWORD);
}

describe.skipIf(skipBrowser())('booking a weekly series through a conflict', () => {
  it('a presenter proceeds despite the conflict, a moderator resolves it, and /shows updates without a reload', async () => {
    const zone = h.server.config.STATION_TIMEZONE;
    const today = todayInZone(Date.now(), zone);
    // The demo has 'Lunchtime Lowdown' 12:00-14:00 on every weekday of this week and next.
    let first = addDays(today, 1);
    while (isoWeekday(first) > 5) first = addDays(first, 1);
    const last = addDays(first, 14);
    const title = 'Test Weekly Show';

    // A listener has /shows open on that week.
    const listener = await h.newPage({ storage: { active_week: weekBounds(first).start } });
    await listener.page.goto(`${h.url}/shows`);
    await listener.page.getByRole('heading', { name: new RegExp(`^${longDate(first).replace(/ \d{4}$/, '')}`) }).waitFor();
    await listener.page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    expect(await listener.page.getByRole('article', { name: title }).count()).toBe(0);

    // The presenter books a weekly series over the lunchtime show.
    const presenter = await h.newPage();
    await signInAs(presenter.context, 'presenter@airdeck.demo');
    const p = presenter.page;
    await p.goto(`${h.url}/admin/shows/new`);
    await p.getByRole('button', { name: 'Weekly series' }).click();
    const startCal = p.getByRole('group', { name: 'Show date' });
    if (first.slice(0, 7) !== today.slice(0, 7)) await startCal.getByRole('button', { name: 'Next month' }).click();
    await startCal.getByRole('button', { name: new RegExp(`^${longDate(first)}`) }).click();
    const endCal = p.getByRole('group', { name: 'Series end date' });
    if (last.slice(0, 7) !== first.slice(0, 7)) await endCal.getByRole('button', { name: 'Next month' }).click();
    expect(await endCal.getByRole('button', { name: new RegExp(`^${longDate(first)}`) }).count()).toBe(first.slice(0, 7) === last.slice(0, 7) ? 1 : 0);
    await endCal.getByRole('button', { name: new RegExp(`^${longDate(last)}`) }).click();
    await p.getByLabel('Title').fill(title);
    await p.getByLabel('Start time').fill('12:30');
    await p.getByLabel('End time').fill('13:30');
    await p.getByText('3 event(s) will be created').first().waitFor();
    await p.getByRole('button', { name: 'Create Booking' }).click();

    const conflict = p.getByRole('dialog', { name: 'Scheduling conflict' });
    await conflict.waitFor();
    expect(await conflict.getByText('Lunchtime Lowdown').count()).toBeGreaterThan(0);
    await conflict.getByRole('button', { name: 'Proceed Anyway' }).click();
    await p.getByText('Booking created').first().waitFor();
    await p.getByText('3 event(s) have been created with conflicted status and are pending admin review.').first().waitFor();
    await p.waitForURL(/\/admin\/shows$/);
    const booked = p.getByRole('article', { name: `${title}, ${longDate(first)}` });
    await booked.waitFor();
    expect(await booked.getByText('Conflicted').count()).toBe(1);
    // A presenter may not resolve conflicts.
    expect(await booked.getByRole('button', { name: 'Resolve' }).count()).toBe(0);

    // Conflicted bookings are not on the public schedule.
    expect(await listener.page.getByRole('article', { name: title }).count()).toBe(0);

    // A moderator resolves it by approving.
    const moderator = await h.newPage();
    await signInAs(moderator.context, 'moderator@airdeck.demo');
    const m = moderator.page;
    await m.goto(`${h.url}/admin/shows?week=${first}`);
    const row = m.getByRole('article', { name: `${title}, ${longDate(first)}` });
    await row.getByRole('button', { name: 'Resolve' }).click();
    const resolve = m.getByRole('dialog', { name: 'Resolve conflict' });
    await resolve.getByText('Lunchtime Lowdown').waitFor();
    await resolve.getByRole('button', { name: 'Approve' }).click();
    await m.getByText('Conflict resolved').first().waitFor();
    await expect.poll(() => row.getByText('Scheduled').count()).toBe(1);

    // The listener's open page shows it, without a reload.
    await listener.page.getByRole('article', { name: title }).waitFor({ timeout: 15_000 });
    expect(await listener.page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);

    expect([...listener.errors, ...presenter.errors, ...moderator.errors]).toEqual([]);
    await Promise.all([listener.context.close(), presenter.context.close(), moderator.context.close()]);
  });

  it("shows the week's overview with the remembered week and the empty texts", async () => {
    const { page, context } = await h.newPage();
    await page.goto(`${h.url}/shows`);
    await page.evaluate(() => localStorage.setItem('active_week', '2020-01-06'));
    await page.reload();
    await page.getByText('No shows scheduled for this week. Check back soon!').waitFor();
    expect(await page.getByRole('heading', { level: 2, name: /6 – 12 January 2020/ }).count()).toBe(1);
    await page.getByRole('button', { name: 'Current Week' }).click();
    const today = todayInZone(Date.now(), h.server.config.STATION_TIMEZONE);
    // The current week is back (LIVE marks only a live session's show since issue 38, so the heading says it).
    await page.getByRole('heading', { name: new RegExp(longDate(weekBounds(today).start).replace(/^\w+ /, '').replace(/ \d{4}$/, '')) }).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('active_week'))).toBeNull();
    await page.getByRole('button', { name: 'Next week' }).click();
    expect(await page.evaluate(() => localStorage.getItem('active_week'))).toBe(addDays(weekBounds(today).start, 7));
    await page.reload();
    await page.getByRole('heading', { name: new RegExp(longDate(addDays(weekBounds(today).start, 7)).replace(/^\w+ /, '').replace(/ \d{4}$/, '')) }).first().waitFor();
    await context.close();
  });
});

describe.skipIf(skipBrowser())('staff schedule screens on a phone and a tablet', () => {
  for (const width of [390, 768]) {
    it(`Show Management and Schedule Overview fit ${width} px without sideways scrolling`, async () => {
      const { page, context } = await h.newPage({ width });
      await signInAs(context, 'owner@airdeck.demo');
      const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

      await page.goto(`${h.url}/admin/shows`);
      const title = page.getByRole('heading', { level: 1, name: 'Show Management' });
      await title.waitFor();
      const box = await title.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(width);
      expect(await fits()).toBe(true);

      await page.goto(`${h.url}/admin/schedule`);
      const today = todayInZone(Date.now(), h.server.config.STATION_TIMEZONE);
      const day = page.getByRole('heading', { level: 2, name: longDate(today) });
      await day.waitFor();
      // The day heading stays inside its card (it wraps rather than running under the card's edge).
      const [head, card] = await Promise.all([day.boundingBox(), day.locator('xpath=ancestor::*[contains(@class,"MuiCardContent-root")][1]').boundingBox()]);
      expect(head && card && head.x + head.width).toBeLessThanOrEqual(card ? card.x + card.width : 0);
      expect(await fits()).toBe(true);
      await context.close();
    }, 60_000);
  }
});
