import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateParts, makeDate } from '../../shared/schedule';
import { todayInZone } from '../../shared/time';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';
import { request } from '../support/server';
import { DEMO_PASSWORD } from '../../server/src/db/seed/demo';
import { openAsStaff, signInThroughApi } from '../support/staff';

/**
 * Staff screens that follow what happens elsewhere (issue 19 items 15 and 16): the Applications list
 * counts a new application without a reload, and the Schedule Overview's day panel follows the calendar
 * to another month (it kept showing the old day, empty, and Book New Slot kept defaulting to it).
 */
let h: BrowserHarness;
beforeAll(async () => {
  if (skipBrowser()) return;
  h = await startBrowserHarness({ env: { APPLICATION_LIMIT_PER_HOUR: '100' } });
});
afterAll(async () => h?.close());

const knex = () => h.server.server.ctx.knex;

describe.skipIf(skipBrowser())('staff screens that update themselves', () => {
  it('the Applications list shows a new application without a reload', async () => {
    const staff = await openAsStaff(h, 'admin');
    await staff.page.goto(`${h.url}/admin/applications`);
    const pendingTab = staff.page.getByRole('tab', { name: /^Pending/ });
    await pendingTab.waitFor();
    await expect.poll(() => pendingTab.innerText()).toMatch(/\(\d+\)/);
    const before = Number((await pendingTab.innerText()).match(/\((\d+)\)/)![1]);
    await staff.page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

    // A listener applies through the public API, as the Become a DJ form does.
    const sent = await request(h.url, '/api/applications', {
      method: 'POST',
      body: { name: 'Live Applicant', email: 'live.applicant@example.org', experience: 'Five years of pirate radio.', showIdea: 'Dub and reggae on Sunday nights.', availableTimes: ['weekday-evening'], termsAccepted: true },
    });
    expect(sent.status).toBe(201);

    await expect.poll(() => pendingTab.innerText(), { timeout: 8000 }).toBe(`Pending (${before + 1})`);
    await staff.page.getByRole('tabpanel').getByText('Live Applicant').first().waitFor({ timeout: 5000 });
    expect(await staff.page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    expect(staff.errors).toEqual([]);
    await staff.context.close();
  });

  it("a presenter who opens another presenter's show by its address gets the refusal, not the form", async () => {
    const theirs = await knex()('schedule_events').where({ title: 'Drive Time Disco' }).first<{ id: string }>('id');
    const own = await knex()('schedule_events').where({ title: 'Lunchtime Lowdown' }).first<{ id: string }>('id');
    const { page, context, errors } = await h.newPage();
    await signInThroughApi(page, h.url, 'presenter@airdeck.demo', DEMO_PASSWORD);
    await page.goto(`${h.url}/admin/shows/${theirs.id}/edit`);
    await page.getByText("You don't have permission to edit this show.").waitFor();
    expect(await page.getByLabel('Title').count()).toBe(0);
    // Their own show opens in the form.
    await page.goto(`${h.url}/admin/shows/${own.id}/edit`);
    await page.getByRole('dialog').getByLabel('Title').waitFor();
    expect(await page.getByRole('dialog').getByLabel('Title').inputValue()).toBe('Lunchtime Lowdown');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a toast raised while a dialog is open does not cover the dialog", async () => {
    for (const width of [1280, 390]) {
      const staff = await openAsStaff(h, 'owner', { width });
      await staff.page.goto(`${h.url}/admin/users`);
      await staff.page.getByRole('button', { name: 'Create Account' }).click();
      const dialog = staff.page.getByRole('dialog');
      await dialog.getByLabel('Email').fill('owner@airdeck.demo');
      await dialog.getByLabel('Username').fill('Second Owner');
      await dialog.getByLabel('Password').fill('a-long-password');
      await dialog.getByRole('button', { name: /Create/ }).last().click();
      const toast = staff.page.locator('[data-toast]');
      await toast.waitFor();
      const a = (await toast.boundingBox())!;
      const b = (await dialog.boundingBox())!;
      const overlap = Math.min(a.x + a.width, b.x + b.width) > Math.max(a.x, b.x) && Math.min(a.y + a.height, b.y + b.height) > Math.max(a.y, b.y);
      if (width > 900) expect(overlap, `toast ${JSON.stringify(a)} over dialog ${JSON.stringify(b)}`).toBe(false);
      else {
        // On a phone the dialog fills the width: the toast keeps off its fields and buttons, over its title at most.
        const fields = (await dialog.getByLabel('Email').boundingBox())!;
        expect(a.y + a.height, 'toast above the first field').toBeLessThanOrEqual(fields.y);
      }
      await staff.context.close();
    }
  });

  it("the overview's day panel follows the calendar to the next month, and Book New Slot books that day", async () => {
    const zone = h.server.config.STATION_TIMEZONE;
    const today = todayInZone(Date.now(), zone);
    const { year, month } = dateParts(today);
    const nextFirst = month === 12 ? makeDate(year + 1, 1, 1) : makeDate(year, month + 1, 1);
    // A show on the 1st of next month, so the panel has something to show there.
    await knex()('schedule_events').insert({ title: 'First Of The Month Special', type: 'show', event_date: nextFirst, start_time: '10:00:00', end_time: '11:00:00', status: 'scheduled', host: 'Maya Okafor', recurrence_type: 'once', booking_type: 'single' });

    const staff = await openAsStaff(h, 'owner');
    await staff.page.goto(`${h.url}/admin/schedule`);
    // The day panel's heading (it announces the chosen day).
    const heading = staff.page.locator('main h2[aria-live]');
    await heading.waitFor();
    await staff.page.getByRole('button', { name: 'Next month' }).click();
    const long = new Date(`${nextFirst}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).replace(/,/g, '');
    await expect.poll(() => heading.innerText()).toBe(long);
    await staff.page.getByRole('article', { name: 'First Of The Month Special' }).waitFor();
    expect(await staff.page.getByText('No events scheduled').count()).toBe(0);

    await staff.page.getByRole('button', { name: 'Book New Slot' }).click();
    const dialog = staff.page.getByRole('dialog', { name: 'Book New Slot' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Date').inputValue()).toBe(nextFirst);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Back to this month: the panel shows today again.
    await staff.page.getByRole('button', { name: 'Previous month' }).click();
    const todayLong = new Date(`${today}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).replace(/,/g, '');
    await expect.poll(() => heading.innerText()).toBe(todayLong);
    expect(staff.errors).toEqual([]);
    await staff.context.close();
  });
});
