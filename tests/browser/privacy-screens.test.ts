import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';
import { placesHolding } from '../support/find-value';
import { request } from '../support/server';
import { openAsStaff } from '../support/staff';

/**
 * Issue 37's staff and account screens in Chromium on a real server:
 * - Data requests (owner, manager): a manager finds a person by e-mail across a presenter application and a
 *   message, downloads the export file, erases with a reason; the audit trail keeps the reason and nothing in the
 *   database names the person afterwards; a presenter has no such screen (nor the API);
 * - General Settings → Privacy and data retention (owner): the periods, the analytics level and the policy's texts
 *   changed through the form, then the Privacy Policy read: it says what the settings say and nothing they
 *   contradict;
 * - My Profile → Your data: the account downloads its own data and asks to be deleted (owners and managers told).
 * axe at 390 and 1280 px on each screen; screenshots in the temp folder (PRIVACY_SHOTS=dir for another one).
 */
const AXE = fs.readFileSync('node_modules/axe-core/axe.min.js', 'utf8');
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: unknown): Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] });
    return result.violations.map((v) => `${v.id} (${v.help}): ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join(', ')}`);
  });
}
const SHOTS = process.env.PRIVACY_SHOTS ?? os.tmpdir();

/** axe and no sideways scrolling at a phone's and a desktop's width (and a screenshot of each). */
async function checkWidths(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await page.screenshot({ path: path.join(SHOTS, `airdeck-${name}-${width}.png`), fullPage: true });
    expect(await axeViolations(page), `axe on ${name} at ${width} px`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px`).toBeLessThanOrEqual(width);
  }
}

let h: BrowserHarness;
beforeAll(async () => {
  if (!skipBrowser()) h = await startBrowserHarness();
}, 90_000);
afterAll(async () => h?.close());

describe.skipIf(skipBrowser())('issue 37 screens in Chromium', () => {
  it('Data requests: a manager finds a person, downloads the file, erases with a logged reason', async () => {
    const name = `Morgan Reeve ${randomBytes(2).toString('hex')}`;
    const email = `mr-${randomBytes(3).toString('hex')}@example.org`;
    const post = (p: string, body: unknown) => request(h.url, p, { method: 'POST', body });
    expect((await post('/api/applications', { name, email, experience: 'Ten years of pirate radio.', showIdea: 'Late-night jazz and talk.', availableTimes: ['weekend-evening'], discordUsername: 'morgan_r', termsAccepted: true })).status).toBe(201);
    expect((await post('/api/requests/general', { name, email, subject: 'other', message: 'Please send me my data.', user_session: `session_${randomBytes(8).toString('hex')}` })).status).toBe(201);

    const { page, context, user, errors } = await openAsStaff(h, 'manager');
    await page.goto(`${h.url}/admin`);
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Data Requests' }).click();
    await page.getByRole('heading', { level: 1, name: 'Data requests' }).waitFor();
    await page.getByLabel('Name, e-mail or Discord handle').fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Find' }).click();
    const results = page.getByTestId('data-requests-results');
    await results.getByRole('heading', { name: `Records naming “${email.toUpperCase()}”: 2` }).waitFor();
    await results.getByRole('heading', { name: 'Presenter applications (1)' }).waitFor();
    await results.getByRole('heading', { name: 'Messages to the station (1)' }).waitFor();
    await results.getByText('Please send me my data.', { exact: false }).waitFor();
    await checkWidths(page, 'data-requests');

    // The export, as a file.
    const [download] = await Promise.all([page.waitForEvent('download'), results.getByRole('button', { name: 'Download as a file' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as { presenter_applications: { name: string; experience: string }[]; general_requests: { email: string }[] };
    expect(file.presenter_applications).toEqual([expect.objectContaining({ name, experience: 'Ten years of pirate radio.' })]);
    expect(file.general_requests).toEqual([expect.objectContaining({ email })]);

    // The erasure needs a reason; then it is confirmed, and the search comes back empty.
    const erase = results.getByRole('button', { name: 'Erase the chosen records (2)' });
    expect(await erase.isDisabled()).toBe(true);
    await results.getByLabel('Reason for the erasure').fill('Written request of 3 March, ref. DR-12');
    await erase.click();
    const dialog = page.getByRole('dialog', { name: 'Erase these records?' });
    await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
    await page.getByText('Erased. Records removed: 2. The erasure and its reason are in the logs.').waitFor();
    await results.getByText('The station holds nothing under this name, e-mail or handle.').waitFor();
    const knex = h.server.server.ctx.knex;
    expect(await placesHolding(knex, name)).toEqual([]);
    expect(await placesHolding(knex, email)).toEqual([]);
    const logged = await knex('user_action_logs').where({ resource_type: 'personal_data', user_email: user.email }).orderBy('created_at').select('action_type', 'details');
    expect(logged.map((l: { action_type: string }) => l.action_type)).toEqual(['export', 'delete']);
    expect(JSON.stringify(logged[1].details)).toContain('Written request of 3 March, ref. DR-12');
    expect(errors).toEqual([]);
    await context.close();

    // A presenter has no such screen, and the API refuses it too.
    const presenter = await openAsStaff(h, 'presenter');
    await presenter.page.goto(`${h.url}/admin`);
    await presenter.page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await presenter.page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Data Requests' }).count()).toBe(0);
    expect((await request(h.url, `/api/privacy/subjects?q=${encodeURIComponent(email)}`, { token: presenter.user.token })).status).toBe(403);
    await presenter.context.close();
  }, 120_000);

  it('Privacy settings: the owner changes periods, the analytics level and the texts, and the Privacy Policy says so', async () => {
    const { page, context, user, errors } = await openAsStaff(h, 'owner');
    await page.goto(`${h.url}/admin/settings`);
    await page.getByRole('tab', { name: 'General Settings' }).click();
    const card = page.getByRole('region', { name: 'Privacy and data retention' });
    const form = card.getByTestId('privacy-settings');
    await form.waitFor({ timeout: 20_000 });
    expect(await form.getByLabel('Messages from the contact form').inputValue()).toBe('180');
    await checkWidths(page, 'privacy-settings');

    // A period out of range is refused in the owner's words, and nothing is saved.
    await form.getByLabel('Names and messages on song requests and shoutouts').fill('0');
    await form.getByRole('button', { name: 'Save privacy settings' }).click();
    await form.getByText('Enter a whole number of days from 1 to 3650.').waitFor();
    await form.getByLabel('Names and messages on song requests and shoutouts').fill('14');
    await form.getByLabel('Browser identifiers on track votes').fill('21');
    await form.getByLabel('Messages from the contact form').fill('45');
    await form.getByLabel('Presenter applications, after the decision').fill('200');
    await form.getByLabel('Browser identifiers on page visits').fill('10');
    await form.getByRole('radio', { name: 'Full: with the browser’s identifier' }).check();
    await form.getByLabel('Privacy Policy introduction').fill('Community radio run by volunteers.');
    await form.getByLabel('Privacy Policy further text').fill('Write to Sam about your data.');
    await form.getByRole('button', { name: 'Save privacy settings' }).click();
    await form.getByText('Privacy settings saved. The Privacy Policy now says so.').waitFor();
    const saved = await request(h.url, '/api/privacy/settings', { token: user.token });
    expect(saved.body).toMatchObject({ request_days: 14, vote_days: 21, inquiry_days: 45, application_days: 200, page_view_days: 10, analytics_level: 'full', policy_intro: 'Community radio run by volunteers.' });

    // The policy, read as a listener reads it.
    await page.goto(`${h.url}/privacy-policy`);
    await page.getByTestId('privacy-intro').getByText('Community radio run by volunteers.').waitFor();
    await page.getByTestId('privacy-extra').getByText('Write to Sam about your data.').waitFor();
    const inventory = page.getByTestId('privacy-retention');
    await inventory.getByText('Song requests and shoutouts: your name, message and browser session identifier are erased 14 days after you send them.').waitFor();
    await inventory.getByText('Track votes: the session identifier is erased after 21 days; only the totals remain.').waitFor();
    await inventory.getByText('Messages from the contact form, with your e-mail address: deleted after 45 days.').waitFor();
    await inventory.getByText('Presenter applications: deleted 200 days after we decide on them.').waitFor();
    await inventory.getByText('Page visits are counted with your browser’s session identifier.').waitFor();
    await inventory.getByText(/erased after 10 days; only the counts remain/).waitFor();
    // Nothing the settings contradict: no old period, no other analytics level, no "cannot be deleted".
    const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    for (const stale of ['30 days', '180 days', '365 days', 'scrambled code', 'not recorded', 'cannot be deleted', 'cannot currently be deleted']) expect(text, stale).not.toContain(stale);
    expect(errors).toEqual([]);
    await context.close();
    await request(h.url, '/api/privacy/settings', { method: 'PUT', token: user.token, body: { request_days: 30, vote_days: 30, inquiry_days: 180, application_days: 365, page_view_days: 30, analytics_level: 'hashed', policy_intro: null, policy_extra: null } });
  }, 120_000);

  it('My Profile → Your data: the account downloads its own data and asks to be deleted', async () => {
    const { page, context, user, errors } = await openAsStaff(h, 'presenter');
    await page.goto(`${h.url}/profile`);
    const card = page.getByRole('region', { name: 'Your data' });
    await card.getByRole('button', { name: 'Download my data' }).waitFor({ timeout: 20_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^my-account-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as { account: { email: string } };
    expect(file.account.email).toBe(user.email);
    await card.getByText('Your data has been downloaded.').waitFor();

    await card.getByLabel('Note (optional)').fill('Leaving the station at the end of the month.');
    await card.getByRole('button', { name: 'Ask to delete my account' }).click();
    await card.getByText('Your request has been sent. An owner or manager will delete your account and its data.').waitFor();
    await card.scrollIntoViewIfNeeded();
    await checkWidths(page, 'profile-data');
    // The owners and managers are told.
    const notes = await h.server.server.ctx.knex('admin_notifications').where({ related_id: user.id, title: 'Account deletion requested' }).pluck('message');
    expect(notes).toEqual([expect.stringContaining('Leaving the station at the end of the month.')]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
