import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';
import { createUser } from '../support/auth';
import { placesHolding } from '../support/find-value';
import { request } from '../support/server';

/**
 * "Your data" (issue 37 item 2): a listener reaches it from the footer, sees what the station holds for the
 * browser (found by the ids the browser keeps) and deletes it; afterwards no table holds either session id.
 * Screenshots at 390, 768 and 1280 px when YOUR_DATA_SHOTS names a folder.
 */

const SHOTS = process.env.YOUR_DATA_SHOTS;
let h: BrowserHarness;
beforeAll(async () => {
  if (!skipBrowser()) h = await startBrowserHarness();
});
afterAll(async () => h?.close());

describe.skipIf(skipBrowser())('the "Your data" page', () => {
  it('shows the browser’s requests and votes, deletes them, and no table holds the session ids afterwards', async () => {
    const requestId = `session_${randomBytes(8).toString('hex')}`;
    const voteId = randomBytes(12).toString('hex');
    const name = `Robin ${randomBytes(2).toString('hex')}`;
    // The listener's activity through the public API with the browser's own ids (the producer of each row).
    const song = await request(h.url, '/api/requests/song', { method: 'POST', body: { title: 'Glory Box', artist: 'Portishead', requester: name, message: 'For the night shift', user_session: requestId } });
    expect(song.status).toBe(201);
    const { id: track } = await h.server.server.ctx.knex('tracks').orderBy('title').first<{ id: string }>('id');
    expect((await request(h.url, `/api/tracks/${track}/votes`, { method: 'POST', body: { user_session: voteId, vote_type: 'up' } })).status).toBe(200);

    const { page, errors, context } = await h.newPage({ width: 390, height: 844 });
    await page.goto(`${h.url}/`);
    await page.evaluate(([r, v]) => {
      localStorage.setItem('user_session', r!);
      localStorage.setItem('user_session_id', v!);
    }, [requestId, voteId]);
    await page.reload();
    // Reached from the footer.
    await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Your data' }).click();
    await page.waitForURL(/\/your-data$/);
    await page.getByRole('heading', { level: 1, name: 'Your data' }).waitFor();
    const data = page.getByTestId('your-data');
    await data.getByRole('heading', { name: 'Song requests (1)' }).waitFor();
    await data.getByText(name, { exact: false }).waitFor();
    await data.getByText(/For the night shift/).waitFor();
    await data.getByRole('heading', { name: 'Track votes (1)' }).waitFor();
    await data.getByRole('heading', { name: 'Shoutouts (0)' }).waitFor();
    if (SHOTS) {
      for (const width of [390, 768, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${SHOTS}/your-data-${width}.png`, fullPage: true });
      }
    }
    // No horizontal scrolling on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole('button', { name: 'Delete my data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your data?' });
    await dialog.waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/your-data-confirm-390.png` });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText(/Your data has been deleted/).waitFor();
    // The browser forgets its ids, and the database holds neither of them any more, nor the name.
    expect(await page.evaluate(() => [localStorage.getItem('user_session'), localStorage.getItem('user_session_id')])).toEqual([null, null]);
    const knex = h.server.server.ctx.knex;
    expect(await placesHolding(knex, requestId)).toEqual([]);
    expect(await placesHolding(knex, voteId)).toEqual([]);
    expect(await placesHolding(knex, name)).toEqual([]);
    await page.reload();
    await page.getByText('This browser has not sent us anything, so we hold no data for it.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the Privacy Policy is drawn from the inventory and the settings in force, with the owner’s own words, and links here', async () => {
    const owner = await createUser(h.server, { role: 'owner' });
    const put = await request(h.url, '/api/privacy/settings', { method: 'PUT', token: owner.token, body: { policy_intro: 'Run by volunteers.', policy_extra: 'Ask for Sam about your data.', inquiry_days: 60, analytics_level: 'none' } });
    expect(put.status).toBe(200);
    const { page, errors, context } = await h.newPage({ width: 768 });
    await page.goto(`${h.url}/privacy-policy`);
    await page.getByTestId('privacy-intro').getByText('Run by volunteers.').waitFor();
    await page.getByTestId('privacy-extra').getByText('Ask for Sam about your data.').waitFor();
    const inventory = page.getByTestId('privacy-retention');
    await inventory.getByText(/deleted after 60 days/).waitFor();
    await inventory.getByText('Page visits are not recorded.').waitFor();
    await inventory.getByText(/Request limits: your network address/).waitFor();
    expect(await inventory.locator('li').count()).toBe(7);
    // No claim the settings contradict.
    expect(await page.getByText(/cannot be deleted/).count()).toBe(0);
    expect(await page.getByText(/180 days/).count()).toBe(0);
    expect(await page.getByText(/scrambled code/).count()).toBe(0);
    if (SHOTS) for (const width of [390, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/privacy-policy-${width}.png`, fullPage: true });
    }
    await page.getByRole('link', { name: /see and delete what this browser has sent us/ }).click();
    await page.waitForURL(/\/your-data$/);
    expect(errors).toEqual([]);
    await context.close();
    await request(h.url, '/api/privacy/settings', { method: 'PUT', token: owner.token, body: { policy_intro: null, policy_extra: null, inquiry_days: 180, analytics_level: 'hashed' } });
  });
});
