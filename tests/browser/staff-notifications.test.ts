import fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInZone } from '../../shared/time';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';
import { openAsStaff } from '../support/staff';

let h: BrowserHarness;

beforeAll(async () => {
  if (skipBrowser()) return;
  h = await startBrowserHarness({ env: { REQUEST_LIMIT_IP: '1000', SEARCH_LIMIT_PER_MINUTE: '1000' } });
});
afterAll(async () => {
  await h?.close();
});

const knex = () => h.server.server.ctx.knex;

const AXE = fs.readFileSync('node_modules/axe-core/axe.min.js', 'utf8');

/** WCAG 2.1 A/AA violations axe-core finds on the page as it is now. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: unknown): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa'] });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

describe.skipIf(skipBrowser())('staff notifications and logs in Chromium', () => {
  it('a listener’s song request shows in a signed-in moderator’s bell without a reload', async () => {
    const staff = await openAsStaff(h, 'moderator');
    await staff.page.goto(`${h.url}/admin`);
    await staff.page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const bell = staff.page.getByRole('button', { name: /^Notifications/ });
    const before = Number((await staff.page.getByTestId('bell-badge').innerText()).replace(/\D/g, '') || '0');
    // Mark the page, so a reload would be noticed.
    await staff.page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

    const listener = await h.newPage();
    await listener.page.goto(`${h.url}/song-request`);
    await listener.page.getByLabel('Search for a song').fill('MASSIVE');
    await listener.page.keyboard.press('Enter');
    await listener.page.getByTestId('song-results').getByRole('button', { name: /Teardrop/ }).click();
    await listener.page.getByLabel('Your Name').fill('Bell Listener');
    await listener.page.getByRole('button', { name: 'Send Request' }).click();
    await listener.page.locator('[data-toast]').waitFor();

    await expect.poll(async () => Number((await staff.page.getByTestId('bell-badge').innerText()).replace(/\D/g, '') || '0'), { timeout: 5000 }).toBe(before + 1);
    expect(await bell.getAttribute('aria-label')).toBe(`Notifications, ${before + 1} unread`);
    // The dashboard's pending song requests follow the requests channel too.
    await staff.page.getByRole('region', { name: 'Pending Song Requests' }).getByText(/from Bell Listener/).waitFor({ timeout: 5000 });
    await bell.click();
    const popover = staff.page.getByRole('dialog', { name: 'Notifications' });
    await popover.getByText('Bell Listener requested "Teardrop" by Massive Attack').waitFor();
    expect(await staff.page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

    // Clicking it marks it read and opens the song request queue.
    await popover.getByText('Bell Listener requested "Teardrop" by Massive Attack').click();
    await staff.page.waitForURL((u) => u.pathname === '/admin/song-requests');
    await expect.poll(async () => Number((await staff.page.getByTestId('bell-badge').innerText()).replace(/\D/g, '') || '0')).toBe(before);
    expect(staff.errors).toEqual([]);
    await listener.context.close();
    await staff.context.close();
  });

  it('exports the matching logs as user-logs-{date}.csv', async () => {
    const now = Date.now();
    await knex()('user_action_logs').insert([
      { user_email: 'csv-browser@test.airdeck', action_type: 'update', resource_type: 'custom_page', resource_name: 'Zebra page, "quoted"', created_at: new Date(now - 60_000) },
      { user_email: 'csv-browser@test.airdeck', action_type: 'create', resource_type: 'custom_page', resource_name: '=HYPERLINK("http://evil.example")', created_at: new Date(now - 120_000) },
      { user_email: 'csv-browser@test.airdeck', action_type: 'delete', resource_type: 'custom_page', resource_name: 'Old zebra', created_at: new Date(now - 40 * 86_400_000) },
    ]);
    const { page, context, errors } = await openAsStaff(h, 'admin');
    await page.goto(`${h.url}/admin/logs`);
    await page.getByLabel('Search logs').fill('csv-browser');
    await page.getByRole('row', { name: /Zebra page/ }).waitFor();
    // The filtered list: only the two recent matching rows (the 40-day-old one is outside the default 30 days).
    await expect.poll(() => page.getByRole('table', { name: 'Activity logs' }).getByRole('row').count()).toBe(3);
    // Log times are the reader's clock, and say which (issue 30 item 7): the zone's abbreviation ends each time.
    const zoneName = await page.evaluate(() => new Intl.DateTimeFormat('en-GB', { timeZoneName: 'short' }).formatToParts(new Date()).find((x) => x.type === 'timeZoneName')?.value ?? '');
    expect(zoneName).not.toBe('');
    expect(await page.getByRole('row', { name: /Zebra page/ }).innerText()).toMatch(new RegExp(`\\d{2}:\\d{2}:\\d{2} ${zoneName.replace(/[+]/g, '\\+')}`));

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toBe(`user-logs-${todayInZone(Date.now(), h.server.config.STATION_TIMEZONE)}.csv`);
    const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = text.trimEnd().split('\r\n');
    // Every cell quoted (issue 29: no separator a spreadsheet uses splits a cell), formulas neutralised.
    expect(lines[0]).toBe('"Date","User","Action","Resource Type","Resource","Resource ID","Details"');
    expect(lines, JSON.stringify(lines)).toHaveLength(3);
    expect(lines[1]).toContain(',"csv-browser@test.airdeck","update","custom_page","Zebra page, ""quoted""",');
    expect(lines[2]).toContain(`,"csv-browser@test.airdeck","create","custom_page","'=HYPERLINK(""http://evil.example"")",`);
    await page.locator('.MuiSnackbar-root').getByText('Logs exported successfully').waitFor();

    // A row opens the detail dialog.
    await page.getByRole('row', { name: /Zebra page/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Log details' });
    await dialog.getByText('csv-browser@test.airdeck').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows Save Preferences only after a change, and saves it', async () => {
    const { page, context, user, errors } = await openAsStaff(h, 'presenter');
    await page.goto(`${h.url}/admin/notifications`);
    await page.getByRole('tab', { name: 'Preferences' }).click();
    const toggle = page.getByRole('switch', { name: 'Song Request' }).or(page.getByRole('checkbox', { name: 'Song Request' }));
    await toggle.waitFor();
    const save = page.getByRole('button', { name: 'Save Preferences' });
    expect(await save.count()).toBe(0);
    // Only switches that can fire for a presenter (issue 30 item 7): their own leave decisions, not others' requests.
    expect(await page.getByRole('switch', { name: 'Leave Decision' }).or(page.getByRole('checkbox', { name: 'Leave Decision' })).count()).toBe(1);
    for (const never of ['Leave Requested', 'Application Received', 'User Added', 'Show Conflicts']) {
      expect(await page.getByRole('switch', { name: never }).or(page.getByRole('checkbox', { name: never })).count(), never).toBe(0);
    }
    expect(await page.getByText('User Management', { exact: true }).count()).toBe(0);
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click();
    await save.waitFor();
    // Undoing the change hides it again.
    await toggle.click();
    await save.waitFor({ state: 'detached' });
    await toggle.click();
    await save.click();
    await page.locator('.MuiSnackbar-root').getByText('Your notification preferences have been saved.').waitFor();
    expect(await page.locator('.MuiSnackbar-root').innerText()).toContain('Preferences Updated');
    await save.waitFor({ state: 'detached' });
    const row = await knex()('notification_preferences').where({ user_id: user.id }).first();
    expect(row).toMatchObject({ song_request: false });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('passes axe-core WCAG 2.1 AA checks on the dashboard, the notifications screen, the bell and the logs', async () => {
    const { page, context, errors } = await openAsStaff(h, 'owner');
    await page.goto(`${h.url}/admin`);
    await page.getByText('Hours Remaining This Week').waitFor();
    await page.getByRole('heading', { name: 'Upcoming Shows' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${h.url}/admin/notifications`);
    await page.getByRole('button', { name: 'Post an announcement' }).click();
    await page.getByLabel('Title').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Preferences' }).click();
    await page.getByText('Application Management').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.goto(`${h.url}/admin/logs`);
    await page.getByRole('table', { name: 'Activity logs' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
