import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';
import { request } from '../support/server';
import { openAsStaff } from '../support/staff';

let h: BrowserHarness;
beforeAll(async () => {
  if (!skipBrowser()) h = await startBrowserHarness();
});
afterAll(async () => h?.close());

describe.skipIf(skipBrowser())('Settings in Chromium', () => {
  it('shows the Discord tab to the owner only, and refuses admins with the spec text', async () => {
    const owner = await openAsStaff(h, 'owner');
    await owner.page.goto(h.url + '/admin/settings');
    await owner.page.getByRole('tab', { name: 'Sponsored Content' }).waitFor();
    expect(await owner.page.getByRole('tab').allTextContents()).toEqual(['Sponsored Content', 'Slider Options', 'Discord Integration', 'General Settings', 'Webhooks', 'Widgets', 'Get listed']);
    await owner.context.close();

    const manager = await openAsStaff(h, 'manager');
    await manager.page.goto(h.url + '/admin/settings');
    await manager.page.getByRole('tab', { name: 'Sponsored Content' }).waitFor();
    expect(await manager.page.getByRole('tab', { name: 'Discord Integration' }).count()).toBe(0);
    await manager.context.close();

    const admin = await openAsStaff(h, 'admin');
    await admin.page.goto(h.url + '/admin/settings');
    const alert = admin.page.getByRole('alert').filter({ hasText: 'Access Denied' });
    await alert.getByText('Access Denied', { exact: true }).waitFor();
    expect(await alert.textContent()).toContain("You don't have permission to access the settings page.");
    await admin.context.close();
  });

  it('creates, validates, toggles, edits and deletes sponsored content', async () => {
    const { page, context } = await openAsStaff(h, 'manager');
    await page.goto(h.url + '/admin/settings');
    // Newest first: the demo's second item was created last.
    await page.getByTestId('sponsored-row').first().waitFor();
    await page.getByRole('button', { name: 'Add Sponsored Content' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Sponsored Content' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    for (const msg of ['Title is required', 'Description is required', 'Image URL is required', 'Learn more URL is required']) await dialog.getByText(msg).waitFor();
    expect(await dialog.getByLabel('Priority (1-10)').inputValue()).toBe('1');
    await dialog.getByLabel('Title').fill('Harbour Bakery');
    await dialog.getByLabel('Description').fill('Fresh bread for the early show.');
    await dialog.getByLabel('Image URL').fill('/demo/sponsor-studio.svg');
    await dialog.getByLabel('Learn more URL').fill('https://bakery.example');
    await dialog.getByLabel('Priority (1-10)').fill('11');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Priority must be a whole number from 1 to 10').waitFor();
    await dialog.getByLabel('Priority (1-10)').fill('4');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Sponsored content created successfully').first().waitFor();
    const row = page.getByTestId('sponsored-row').first();
    await row.getByText('Harbour Bakery').waitFor();
    expect(await row.getByText(/Priority 4/).count()).toBe(1);

    await row.getByLabel('Active: Harbour Bakery').click();
    await row.getByText('Inactive').waitFor();

    await page.getByRole('button', { name: 'Edit Harbour Bakery' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Sponsored Content' });
    await edit.getByLabel('Title').fill('Harbour Bakery & Cafe');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Sponsored content updated successfully').first().waitFor();
    await page.getByTestId('sponsored-row').filter({ hasText: 'Harbour Bakery & Cafe' }).waitFor();

    await page.getByRole('button', { name: 'Delete Harbour Bakery & Cafe' }).click();
    await page.getByRole('dialog', { name: 'Delete sponsored content' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Sponsored content deleted successfully').first().waitFor();
    await expect.poll(() => page.getByTestId('sponsored-row').filter({ hasText: 'Harbour Bakery' }).count()).toBe(0);
    await context.close();
  });

  it('manages slides: required fields, create, edit, delete', async () => {
    const { page, context } = await openAsStaff(h, 'owner');
    await page.goto(h.url + '/admin/settings');
    await page.getByRole('tab', { name: 'Slider Options' }).click();
    await page.getByRole('tab', { name: 'Slide Management' }).click();
    await page.getByTestId('slide-row').first().waitFor();
    await page.getByRole('button', { name: 'Add Slide' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Slide' });
    await dialog.getByRole('button', { name: 'Create Slide' }).click();
    await dialog.getByText('Title is required').waitFor();
    await dialog.getByText('Description is required').waitFor();
    expect(await dialog.getByLabel('Display order').inputValue()).toBe('0');
    await dialog.getByLabel('Title').fill('Live from the harbour');
    await dialog.getByLabel('Description').fill('Outside broadcast this Saturday.');
    await dialog.getByLabel('Link URL').fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Create Slide' }).click();
    await dialog.getByText('Link URL must be a valid URL').waitFor();
    await dialog.getByLabel('Link URL').fill('/shows');
    await dialog.getByLabel('Display order').fill('7');
    await dialog.getByRole('button', { name: 'Create Slide' }).click();
    await page.getByText('Content saved successfully').first().waitFor();
    const row = page.getByTestId('slide-row').filter({ hasText: 'Live from the harbour' });
    await row.getByText('Order 7').waitFor();
    await page.getByRole('button', { name: 'Edit Live from the harbour' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Slide' });
    await edit.getByLabel('Title').fill('Live from the quay');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByTestId('slide-row').filter({ hasText: 'Live from the quay' }).waitFor();
    await page.getByRole('button', { name: 'Delete Live from the quay' }).click();
    await page.getByRole('dialog', { name: 'Delete slide' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Content deleted successfully').first().waitFor();
    await expect.poll(() => page.getByTestId('slide-row').filter({ hasText: 'Live from the quay' }).count()).toBe(0);
    await context.close();
  });

  it('as a manager, sets the dead-air watch in General Settings: a refused backup address says why and keeps what was typed; the saved values hold after a reload (issue 33)', async () => {
    const { page, context, user } = await openAsStaff(h, 'manager');
    await page.goto(h.url + '/admin/settings');
    await page.getByRole('tab', { name: 'General Settings' }).click();
    const card = page.getByRole('region', { name: 'Dead air' });
    const silence = card.getByLabel('Silence raised after (seconds)');
    // The station's defaults: 10 s of silence, duty staff owners, managers and admins, no backup stream.
    await expect.poll(() => silence.inputValue()).toBe('10');
    expect(await card.getByLabel('Moderators').isChecked()).toBe(false);
    expect(await card.getByLabel('Admins').isChecked()).toBe(true);
    await silence.fill('15');
    await card.getByLabel('Moderators').check();
    const backup = card.getByLabel('Backup stream URL');
    await backup.fill('ftp://backup.example.org/stream');
    await card.getByRole('button', { name: 'Save dead-air settings' }).click();
    await card.getByText('The backup stream URL must start with http:// or https://.').waitFor();
    expect(await backup.inputValue()).toBe('ftp://backup.example.org/stream');
    expect(await silence.inputValue()).toBe('15');
    expect((await request(h.url, '/api/dead-air/settings', { token: user.token })).body).toMatchObject({ silence_seconds: 10, backup_stream_url: null });

    await backup.fill('https://backup.example.org/stream');
    await card.getByRole('button', { name: 'Save dead-air settings' }).click();
    await page.getByText('Dead-air settings saved').first().waitFor();
    expect((await request(h.url, '/api/dead-air/settings', { token: user.token })).body).toMatchObject({ silence_seconds: 15, backup_stream_url: 'https://backup.example.org/stream', duty_roles: ['owner', 'manager', 'admin', 'moderator'] });
    await page.reload();
    await page.getByRole('tab', { name: 'General Settings' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Dead air' }).getByLabel('Backup stream URL').inputValue()).toBe('https://backup.example.org/stream');
    expect(await page.getByRole('region', { name: 'Dead air' }).getByLabel('Moderators').isChecked()).toBe(true);
    await context.close();
  });

  it('as a manager, changes the slider interval and the station name, and an open listener home page follows without a reload or restart', async () => {
    const listener = await h.newPage();
    await listener.page.goto(h.url + '/');
    const slider = listener.page.getByTestId('featured-slider');
    await slider.waitFor();
    expect(await slider.getAttribute('data-interval')).toBe('8000');
    const nav = listener.page.getByRole('navigation', { name: 'Main' });
    await nav.getByText('Airdeck Radio').waitFor();
    const navigations: string[] = [];
    listener.page.on('framenavigated', (f) => navigations.push(f.url()));

    const { page, context } = await openAsStaff(h, 'manager');
    await page.goto(h.url + '/admin/settings');
    await page.getByRole('tab', { name: 'Slider Options' }).click();
    const interval = page.getByLabel('Auto-advance interval (ms)');
    await interval.fill('2500');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Auto-advance interval must be at least 1000 ms, in steps of 1000').waitFor();
    await interval.fill('3000');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Settings updated successfully').first().waitFor();
    await expect.poll(() => slider.getAttribute('data-interval')).toBe('3000');

    await page.getByRole('tab', { name: 'General Settings' }).click();
    const name = page.getByLabel('Station name');
    await name.fill('');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Station name is required').waitFor();
    await name.fill('Harbour FM');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Settings updated successfully').first().waitFor();
    await nav.getByText('Harbour FM').waitFor();
    expect(await listener.page.getByRole('heading', { level: 1 }).textContent()).toBe('Harbour FM');
    expect(navigations).toEqual([]);
    await listener.context.close();
    await context.close();
  });

  it('saves the Discord configuration as the owner and only ever shows it masked', async () => {
    const token = 'NzkyNzE1NDU0MTk2MDg4ODQy.X-hvzA.Ovy4MCQywSkoMRRclStW4xAYK7I';
    const secret = 'a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6';
    const { page, context } = await openAsStaff(h, 'owner');
    await page.goto(h.url + '/admin/settings');
    await page.getByRole('tab', { name: 'Discord Integration' }).click();
    await page.getByText('Not configured').waitFor();
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    for (const msg of ['Bot token is required', 'Client ID is required', 'Client secret is required']) await page.getByText(msg).waitFor();
    await page.getByLabel('Bot token').fill(token);
    await page.getByLabel('Client ID').fill('792715454196088842');
    await page.getByLabel('Client secret').fill(secret);
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await page.getByText('Discord configuration saved successfully').first().waitFor();
    await page.getByText('Configured', { exact: true }).waitFor();
    await page.getByText('Saved: Nzky••••••••YK7I.', { exact: false }).waitFor();
    expect(await page.getByLabel('Bot token').inputValue()).toBe('');
    await page.reload();
    await page.getByRole('tab', { name: 'Discord Integration' }).click();
    await page.getByText('Saved: a1b2••••••••o5p6.', { exact: false }).waitFor();
    const html = await page.content();
    expect(html).not.toContain(token);
    expect(html).not.toContain(secret);
    await context.close();
  });
});
