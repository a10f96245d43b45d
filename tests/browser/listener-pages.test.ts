import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/auth';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';

let h: BrowserHarness;
beforeAll(async () => {
  if (!skipBrowser()) h = await startBrowserHarness();
});
afterAll(async () => h?.close());

describe.skipIf(skipBrowser())('the DJ directory and profile', () => {
  it('lists presenters by name; a card opens the profile with role, shows and stats', async () => {
    const { page, errors, context } = await h.newPage();
    await page.goto(`${h.url}/djs`);
    const cards = page.getByRole('list', { name: 'Presenters' }).getByRole('link');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThanOrEqual(8);
    const names = await page.getByRole('list', { name: 'Presenters' }).getByRole('heading', { level: 2 }).allTextContents();
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));

    const maya = page.getByRole('link', { name: /Maya Okafor/ });
    await maya.click();
    await page.waitForURL(/\/djs\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Maya Okafor');
    await page.getByText('Owner', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Performance Stats' }).waitFor();
    await page.getByText('Total plays').waitFor();
    await page.getByRole('heading', { name: 'Upcoming Shows' }).waitFor();
    expect(await page.title()).toMatch(/^Maya Okafor/);
    // Social links open in a new tab without handing over the opener.
    const social = page.getByRole('navigation', { name: /on social media/ }).getByRole('link');
    for (const link of await social.all()) {
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("an unknown id shows 'DJ not found' with a way back", async () => {
    const { page, context } = await h.newPage({ width: 390 });
    await page.goto(`${h.url}/djs/00000000-0000-4000-8000-000000000000`);
    await page.getByRole('heading', { name: 'DJ not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to all DJs' }).click();
    await page.waitForURL(/\/djs$/);
    await context.close();
  });
});

describe.skipIf(skipBrowser())('the mobile app and legal pages', () => {
  it('/mobile-app shows a QR code drawn in the page and the Google Play link', async () => {
    const { page, context } = await h.newPage();
    const outside: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(h.url) && !r.url().startsWith('data:')) outside.push(r.url());
    });
    await page.goto(`${h.url}/mobile-app`);
    const qr = page.getByRole('img', { name: /QR code/ });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await page.getByRole('link', { name: /Google Play/ }).getAttribute('href')).toMatch(/^https:\/\/play\.google\.com\//);
    expect(outside.filter((u) => /qr/i.test(u))).toEqual([]);
    await context.close();
  });

  it('the terms and the privacy policy state their effective date and key points', async () => {
    const { page, context } = await h.newPage();
    await page.goto(`${h.url}/terms-of-service`);
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    await page.getByText('Effective 20th August 2024').waitFor();
    await page.getByText(/law of the United Kingdom/).waitFor();
    await page.goto(`${h.url}/privacy-policy`);
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    await page.getByText('Effective 20th August 2024').waitFor();
    // Issue 37: the retention text comes from the station's settings in force, and nothing says data cannot be deleted.
    const retention = page.getByTestId('privacy-retention');
    await retention.getByText('Song requests and shoutouts: your name, message and browser session identifier are erased 30 days after you send them.').waitFor();
    await retention.getByText(/scrambled code that changes every day/).waitFor();
    await page.getByText(/ask us at any time to delete what we hold about you/).waitFor();
    expect(await page.getByText(/cannot be deleted/).count()).toBe(0);
    expect(await page.getByRole('link', { name: /@/ }).first().getAttribute('href')).toMatch(/^mailto:/);
    // The owner shortens a period and turns page analytics off: the page says so.
    const owner = await createUser(h.server, { role: 'owner' });
    const put = await fetch(`${h.url}/api/privacy/settings`, { method: 'PUT', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${owner.token}` }, body: JSON.stringify({ request_days: 7, analytics_level: 'none' }) });
    expect(put.status).toBe(200);
    await page.reload();
    await retention.getByText(/erased 7 days after you send them/).waitFor();
    await retention.getByText('Page visits are not recorded.').waitFor();
    expect(await retention.getByText(/30 days after you send them/).count()).toBe(0);
    await fetch(`${h.url}/api/privacy/settings`, { method: 'PUT', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${owner.token}` }, body: JSON.stringify({ request_days: 30, analytics_level: 'hashed' }) });
    await context.close();
  });
});
