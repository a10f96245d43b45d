import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/auth';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';
import { request } from '../support/server';

/**
 * Compliance mode (issue 34 item 4) says so on the screens it touches: under US rules the song request form
 * says upcoming songs are not announced and that a requested song waits at least 60 minutes, and the home
 * page's now-playing card says upcoming songs are not announced; with none, neither says anything.
 */
describe.skipIf(skipBrowser())('compliance mode notices', () => {
  let h: BrowserHarness;
  let token: string;
  beforeAll(async () => {
    h = await startBrowserHarness({ env: { STATION_SOURCE: 'demo' } });
    token = (await createUser(h.server, { role: 'owner' })).token;
  }, 120_000);
  afterAll(async () => h?.close());

  const setMode = async (mode: string) => {
    const current = (await request(h.url, '/api/settings/station', { token })).body;
    expect((await request(h.url, '/api/settings/station', { method: 'PUT', token, body: { ...current, compliance_mode: mode } })).status).toBe(200);
  };

  it('the request form and the now-playing card say so under US rules, at 390 and 1280 px', async () => {
    await setMode('us');
    for (const width of [390, 1280]) {
      const { context, page } = await h.newPage({ width });
      await page.goto(`${h.url}/song-request`);
      const notice = page.getByTestId('request-compliance');
      await expect.poll(() => notice.textContent()).toContain('Upcoming songs are not announced');
      expect(await notice.textContent()).toContain('no sooner than 60 minutes');
      if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/song-request-us-${width}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.goto(`${h.url}/`);
      await expect.poll(() => page.getByTestId('card-upcoming-hidden').count()).toBe(1);
      if (process.env.SHOTS_DIR) await page.getByTestId('now-playing-card').screenshot({ path: `${process.env.SHOTS_DIR}/card-us-${width}.png` });
      await context.close();
    }
    await setMode('none');
    const { context, page } = await h.newPage({ width: 390 });
    await page.goto(`${h.url}/song-request`);
    await page.getByRole('heading', { name: 'Request a Song' }).waitFor();
    expect(await page.getByTestId('request-compliance').count()).toBe(0);
    await context.close();
  }, 120_000);
});
