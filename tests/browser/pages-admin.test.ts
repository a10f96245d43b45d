import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DENIED } from '../../shared/permissions';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';
import { openAsStaff } from '../support/staff';

let h: BrowserHarness;
beforeAll(async () => {
  if (!skipBrowser()) h = await startBrowserHarness();
});
afterAll(async () => h?.close());

describe.skipIf(skipBrowser())('Pages (admin) in Chromium', () => {
  it('lists pages with status, featured, order, slug and preview; view only for published pages', async () => {
    const { page, context, errors } = await openAsStaff(h, 'admin');
    await page.goto(h.url + '/admin/pages');
    const about = page.getByTestId('page-row').filter({ hasText: 'About the Station' });
    await about.waitFor();
    for (const text of ['Published', 'Featured', 'Order: 1', '/about', 'Community radio, made by listeners']) expect(await about.getByText(text, { exact: false }).count(), text).toBeGreaterThan(0);
    expect(await about.getByRole('link', { name: /View About the Station/ }).getAttribute('href')).toBe('/page/about');
    expect(await about.getByRole('link', { name: /View/ }).getAttribute('target')).toBe('_blank');
    const draft = page.getByTestId('page-row').filter({ hasText: 'Winter Schedule' });
    expect(await draft.getByText('Draft', { exact: true }).count()).toBe(1);
    expect(await draft.getByRole('link', { name: /View/ }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('creates a page in the rich-text editor: validation first, then saved, sanitised and viewable', async () => {
    const { page, context } = await openAsStaff(h, 'manager');
    await page.goto(h.url + '/admin/pages');
    await page.getByRole('button', { name: 'Add Page' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Page' });
    const editor = dialog.getByRole('textbox', { name: 'Content' });
    await editor.waitFor();
    await dialog.getByRole('button', { name: 'Create Page' }).click();
    await dialog.getByText('Title is required').waitFor();
    expect(await dialog.getByText('Content is required').count()).toBe(1);

    await dialog.getByLabel('Title').fill('Summer Festival 2025');
    expect(await dialog.getByLabel('Slug').inputValue()).toBe('summer-festival-2025');
    await dialog.getByLabel('Meta description').fill('Three days of live sets.');
    await editor.click();
    await dialog.getByRole('button', { name: 'Heading 2' }).click();
    await page.keyboard.type('Line-up');
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Friday');
    await dialog.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' starts at six. ');
    await dialog.getByRole('button', { name: 'Add link' }).click();
    const linkDialog = page.getByRole('dialog', { name: 'Link' });
    await linkDialog.getByLabel('Link address').fill('javascript:alert(1)');
    await linkDialog.getByRole('button', { name: 'Apply link' }).click();
    await linkDialog.getByText(/Use a web address/).waitFor();
    await linkDialog.getByLabel('Link address').fill('https://tickets.example/summer');
    await linkDialog.getByLabel('Open in a new tab').check();
    await linkDialog.getByRole('button', { name: 'Apply link' }).click();
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Bulleted list' }).click();
    await page.keyboard.type('Main stage');
    await dialog.getByRole('button', { name: 'Create Page' }).click();
    await page.getByText('Page saved successfully').first().waitFor();
    const row = page.getByTestId('page-row').filter({ hasText: 'Summer Festival 2025' });
    await row.waitFor();
    expect(await row.getByText('/summer-festival-2025').count()).toBe(1);
    expect(await row.getByText('Published').count()).toBe(1);

    const view = await context.newPage();
    await view.goto(h.url + '/page/summer-festival-2025');
    const content = view.locator('.page-content');
    await content.waitFor();
    expect(await content.getByRole('heading', { level: 2, name: 'Line-up' }).count()).toBe(1);
    expect(await content.locator('strong').textContent()).toBe('Friday');
    const link = content.getByRole('link', { name: 'https://tickets.example/summer' });
    expect(await link.getAttribute('href')).toBe('https://tickets.example/summer');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await content.locator('ul > li').textContent()).toBe('Main stage');
    await context.close();
  });

  it('refuses a duplicate slug with a clear message and keeps what was typed', async () => {
    const { page, context } = await openAsStaff(h, 'owner');
    await page.goto(h.url + '/admin/pages');
    await page.getByRole('button', { name: 'Add Page' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Page' });
    await dialog.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('Another about page');
    await dialog.getByLabel('Title').fill('About (copy)');
    await dialog.getByLabel('Slug').fill('About');
    await dialog.getByRole('button', { name: 'Create Page' }).click();
    await dialog.getByText('A page with the slug "/about" already exists. Choose a different slug.').waitFor();
    await page.locator('[data-toast]').getByText('Error saving page').waitFor();
    expect(await page.locator('[data-toast]').getByText('Error saving page').count()).toBe(1);
    expect(await dialog.getByLabel('Title').inputValue()).toBe('About (copy)');
    expect(await dialog.getByRole('textbox', { name: 'Content' }).textContent()).toBe('Another about page');
    await context.close();
  });

  it('edits and deletes a page (with confirmation)', async () => {
    const { page, context } = await openAsStaff(h, 'admin');
    await page.goto(h.url + '/admin/pages');
    await page.getByRole('button', { name: 'Edit Winter Schedule (draft)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Page' });
    await dialog.getByRole('textbox', { name: 'Content' }).waitFor();
    await dialog.getByLabel('Title').fill('Winter Schedule');
    await dialog.getByLabel('Published').check();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Page saved successfully').first().waitFor();
    const row = page.getByTestId('page-row').filter({ hasText: 'Winter Schedule' });
    await row.getByText('Published').waitFor();
    await expect.poll(() => row.getByRole('link', { name: /View Winter Schedule/ }).count()).toBe(1);

    await page.getByRole('button', { name: 'Delete Winter Schedule' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete page' });
    await confirm.getByText('Are you sure you want to delete "Winter Schedule"?', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByTestId('page-row').filter({ hasText: 'Winter Schedule' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Delete Winter Schedule' }).click();
    await page.getByRole('dialog', { name: 'Delete page' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Page deleted successfully').first().waitFor();
    await expect.poll(() => page.getByTestId('page-row').filter({ hasText: 'Winter Schedule' }).count()).toBe(0);
    await context.close();
  });

  it('counts a visit on the custom page and shows it in Analytics', async () => {
    const visitor = await h.newPage();
    // The server draws the page; the app counts the visit once it has taken the page over.
    const counted = visitor.page.waitForResponse((r) => r.url().endsWith('/api/content/pages/about/views'));
    await visitor.page.goto(h.url + '/page/about');
    await counted;
    await visitor.page.reload();
    await visitor.page.waitForFunction(() => !document.querySelector('[data-ssr-theme]') && document.querySelector('.page-content'));
    await visitor.context.close();
    // Counting happens after the page has answered; wait for it to land.
    const knex = h.server.server.ctx.knex;
    const about = await knex('custom_pages').where({ slug: 'about' }).first('id');
    await expect.poll(async () => Number((await knex('page_views').where({ page_id: about.id }).count<{ count: string }[]>('* as count'))[0]!.count)).toBe(1);
    const { page, context } = await openAsStaff(h, 'manager');
    await page.goto(h.url + '/admin/pages');
    await page.getByRole('tab', { name: 'Analytics' }).click();
    const row = page.getByTestId('analytics-row').filter({ hasText: 'About the Station' });
    await row.waitFor();
    // Two loads by one browser are one view (one session per day).
    expect(await row.locator('td').allTextContents()).toEqual(['1', '1', '1', '1']);
    await context.close();
  });

  it('refuses moderators with the access-denied text', async () => {
    const { page, context } = await openAsStaff(h, 'moderator');
    await page.goto(h.url + '/admin/pages');
    const alert = page.getByRole('alert');
    await alert.getByText('Access Denied', { exact: true }).waitFor();
    expect(await alert.getByText(DENIED.role).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Add Page' }).count()).toBe(0);
    await context.close();
  });
});
