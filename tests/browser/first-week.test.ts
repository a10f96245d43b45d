import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, longDate, todayInZone, weekBounds } from '../../shared/schedule';
import { createUser } from '../support/auth';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';
import { request } from '../support/server';
import { startMailCatcher, type Mail } from '../support/smtp';
import { signInThroughApi } from '../support/staff';

/**
 * Issue 30's "Done when", in Chromium on a brand-new station (SEED_DEMO=false): the owner creates a presenter
 * account with its DJ profile; the presenter signs in, books a show, files leave over it and sees their hours; a
 * manager approves the leave and chooses to cancel the clashing show, which leaves the public schedule; the presenter
 * is told in the panel (live, no reload) and by e-mail, caught by a real local SMTP server.
 */

const inbox: Mail[] = [];
let smtp: Awaited<ReturnType<typeof startMailCatcher>> | null = null;
let h: BrowserHarness;

beforeAll(async () => {
  if (skipBrowser()) return;
  smtp = await startMailCatcher(inbox);
  h = await startBrowserHarness({ seed: false, env: { SMTP_URL: smtp.url, MAIL_FROM: 'Harbour FM <radio@station.example>' } });
});
afterAll(async () => {
  await h?.close();
  await smtp?.close();
});

const WAIT = { timeout: 30_000 };
const hoursText = (n: number) => `${n}h`;

describe.skipIf(skipBrowser())("a new station's first week", () => {
  it('owner adds a presenter with a DJ profile; the presenter books, files leave and sees their hours; the manager approves it cancelling the clashing show; the presenter is told in the panel and by e-mail', async () => {
    const zone = h.server.config.STATION_TIMEZONE;
    const today = todayInZone(Date.now(), zone);
    const showDay = addDays(today, 3);
    const leaveEnd = addDays(showDay, 1);
    const owner = await createUser(h.server, { role: 'owner' });
    // The setup screen is issue 17's (tests/browser/first-run.test.ts): skipped here, so /admin is the dashboard.
    expect((await request(h.url, '/api/settings/setup/skip', { method: 'POST', token: owner.token })).status).toBe(204);

    // The owner: the first-run checklist, then User Management → Create Account with a new DJ profile.
    const o = await h.newPage({ width: 1280, height: 900 });
    await signInThroughApi(o.page, h.url, owner.email, owner.password);
    await o.page.goto(`${h.url}/admin`);
    const checklist = o.page.getByRole('region', { name: 'Get your station ready' });
    await checklist.waitFor(WAIT);
    expect(await o.page.getByTestId('first-run-djs').getAttribute('data-done')).toBe('false');
    expect(await o.page.getByTestId('first-run-staff').getAttribute('data-done')).toBe('false');
    if (process.env.SCREENSHOT_DIR) {
      for (const width of [390, 768, 1280]) {
        await o.page.setViewportSize({ width, height: 900 });
        await checklist.screenshot({ path: `${process.env.SCREENSHOT_DIR}/first-run-checklist-${width}.png` });
      }
      await o.page.setViewportSize({ width: 1280, height: 900 });
    }
    await checklist.getByRole('link', { name: 'Add accounts' }).click();
    await o.page.waitForURL((u) => u.pathname === '/admin/users');
    await o.page.getByRole('button', { name: 'Create Account' }).click();
    const create = o.page.getByRole('dialog', { name: 'Create Account' });
    await create.getByLabel('Email').fill('sam@station.example');
    await create.getByLabel('Username').fill('sam');
    await create.getByLabel('Password').fill('sam-rivers-on-air');
    await create.getByLabel('DJ name').fill('Sam Rivers');
    await create.getByRole('button', { name: 'Create Account' }).click();
    await create.waitFor({ state: 'detached', ...WAIT });
    await o.page.getByText('sam@station.example').first().waitFor(WAIT);
    // The checklist follows: DJs and staff are done.
    await o.page.goto(`${h.url}/admin`);
    await o.page.getByTestId('first-run-djs').and(o.page.locator('[data-done="true"]')).waitFor(WAIT);
    expect(await o.page.getByTestId('first-run-staff').getAttribute('data-done')).toBe('true');
    await expect.poll(() => inbox.filter((m) => m.to.includes('sam@station.example')).length, WAIT).toBe(1);
    await o.context.close();

    // The presenter: signs in, books a show, files leave over it, sees their hours.
    const s = await h.newPage({ width: 1280, height: 900 });
    const p = s.page;
    await signInThroughApi(p, h.url, 'sam@station.example', 'sam-rivers-on-air');
    await p.goto(`${h.url}/admin/shows/new`);
    const cal = p.getByRole('group', { name: 'Show date' });
    await cal.waitFor(WAIT);
    if (showDay.slice(0, 7) !== today.slice(0, 7)) await cal.getByRole('button', { name: 'Next month' }).click();
    await cal.getByRole('button', { name: new RegExp(`^${longDate(showDay)}`) }).click();
    expect(await p.getByLabel('Presenter').inputValue()).toBe('Sam Rivers');
    await p.getByLabel('Title').fill('Rivers Run Deep');
    await p.getByLabel('Start time').fill('19:00');
    await p.getByLabel('End time').fill('20:00');
    await p.getByRole('button', { name: 'Create Booking' }).click();
    await p.waitForURL(/\/admin\/shows$/, WAIT);
    const publicDay = async () => ((await request(h.url, `/api/public/schedule?start_date=${showDay}&end_date=${showDay}`)).body.data.shows as Array<{ title: string }>).map((x) => x.title);
    expect(await publicDay()).toEqual(['Rivers Run Deep']);

    // Hours: the 2-hour weekly rule (001 §9), this week's bookings counted.
    await p.goto(`${h.url}/admin`);
    const hours = p.getByRole('region', { name: 'Hours Remaining This Week' });
    const inThisWeek = showDay <= weekBounds(today).end;
    await hours.getByText(inThisWeek ? `${hoursText(1)} of ${hoursText(2)} booked` : `${hoursText(0)} of ${hoursText(2)} booked`).waitFor(WAIT);

    await p.goto(`${h.url}/admin/request-loa`);
    await p.getByText('Filing for').waitFor(WAIT);
    await p.getByLabel('Start date').fill(showDay);
    await p.getByLabel('End date').fill(leaveEnd);
    await p.getByRole('combobox', { name: /^Reason/ }).click();
    await p.getByRole('option', { name: 'Family' }).click();
    await p.getByRole('button', { name: 'Submit LOA Request' }).click();
    await p.locator('[data-toast]').filter({ hasText: 'LOA Request Submitted!' }).waitFor(WAIT);

    // Back on the dashboard, the presenter waits for the decision (the bell follows without a reload).
    await p.goto(`${h.url}/admin`);
    await p.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor(WAIT);
    await p.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    const badge = async () => Number((await p.getByTestId('bell-badge').innerText()).replace(/\D/g, '') || '0');
    const unreadBefore = await badge();

    // The manager: approves, with the clashing show listed and cancelled.
    const manager = await createUser(h.server, { role: 'manager' });
    const m = await h.newPage({ width: 1280, height: 900 });
    await signInThroughApi(m.page, h.url, manager.email, manager.password);
    await m.page.goto(`${h.url}/admin/loa-requests`);
    const row = m.page.getByTestId('queue-row').filter({ hasText: 'Sam Rivers' });
    await row.waitFor(WAIT);
    await row.getByRole('combobox', { name: 'Status of leave for Sam Rivers' }).click();
    await m.page.getByRole('option', { name: 'Approved' }).click();
    const approval = m.page.getByRole('dialog', { name: 'Approve leave for Sam Rivers' });
    const choice = approval.getByRole('combobox', { name: 'What happens to Rivers Run Deep' });
    await choice.waitFor(WAIT);
    await choice.click();
    await m.page.getByRole('option', { name: 'Cancel the show' }).click();
    await approval.getByRole('button', { name: 'Approve leave' }).click();
    await m.page.locator('[data-toast]').filter({ hasText: 'Status Updated' }).waitFor(WAIT);

    // Listeners: the show is gone from the public schedule.
    await expect.poll(publicDay, WAIT).toEqual([]);

    // The presenter: the bell, without a reload, and the e-mail.
    // (The cancelled show may bring its own notice too: at least the decision's.)
    await expect.poll(badge, WAIT).toBeGreaterThan(unreadBefore);
    await p.getByRole('button', { name: /^Notifications/ }).click();
    await p.getByRole('dialog', { name: 'Notifications' }).getByText('Leave approved').waitFor(WAIT);
    expect(await p.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    const subject = `Your leave from ${showDay} to ${leaveEnd} was approved`;
    await expect.poll(() => inbox.filter((x) => x.to.includes('sam@station.example') && x.subject === subject).length, WAIT).toBe(1);

    // A role change reaches the presenter's open panel without signing in again (issue 30 item 7): promoted to
    // moderator, the sidebar offers Schedule Overview; still no reload.
    await p.keyboard.press('Escape');
    await p.getByRole('dialog', { name: 'Notifications' }).waitFor({ state: 'detached', ...WAIT });
    const nav = p.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Schedule Overview' });
    await p.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Dashboard' }).waitFor(WAIT);
    expect(await nav.count()).toBe(0);
    const samId = (await h.server.server.ctx.knex('profiles').where({ email: 'sam@station.example' }).first<{ id: string }>('id'))!.id;
    const promoted = await request(h.url, `/api/users/${samId}`, { method: 'PATCH', token: owner.token, body: { role: 'moderator' } });
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
    await nav.first().waitFor(WAIT);
    expect(await p.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

    expect([...s.errors, ...m.errors]).toEqual([]);
    await Promise.all([s.context.close(), m.context.close()]);
  }, 240_000);
});
