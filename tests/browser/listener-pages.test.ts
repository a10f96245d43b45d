import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    await page.getByText(/cannot be deleted/).waitFor();
    expect(await page.getByRole('link', { name: /@/ }).first().getAttribute('href')).toMatch(/^mailto:/);
    await context.close();
  });
});
