import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';
import { request } from '../support/server';
import { openAsStaff } from '../support/staff';

/**
 * The Reports screen (issue 34 item 3) in Chromium, on the demo data's play
 * history: the owner picks days, sees the PPL figures the API gives for those
 * days, corrects a play's label and ISRC in the play log, previews the
 * SoundExchange file with that ISRC and downloads it. Screenshots at 390,
 * 768 and 1280 px; axe at 1280 and 390 on the figures and the play log.
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

let h: BrowserHarness;
beforeAll(async () => {
  if (!skipBrowser()) h = await startBrowserHarness({ env: { STATION_TIMEZONE: 'UTC' } });
}, 90_000);
afterAll(async () => h?.close());

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe.skipIf(skipBrowser())('the Reports screen in Chromium', () => {
  it('the owner previews the reports of chosen days, corrects a play and downloads the SoundExchange file', async () => {
    const { page, context, user, errors } = await openAsStaff(h, 'owner');
    const from = day(Date.now() - 2 * 86_400_000);
    const to = day(Date.now());
    await page.goto(h.url + '/admin/reports');
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor({ timeout: 20_000 });
    await page.getByTestId('report-from').fill(from);
    await page.getByTestId('report-to').fill(to);

    // PPL: the figures the API gives for the same days.
    const ppl = (await request(h.url, `/api/reports/ppl?from=${from}&to=${to}`, { token: user.token })).body;
    expect(ppl.plays).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('ppl-plays').textContent(), { timeout: 20_000 }).toBe(new Intl.NumberFormat('en-GB').format(ppl.plays));
    expect(await page.getByTestId('ppl-band').textContent()).toContain(`band ${ppl.band}`);

    for (const width of [1280, 768, 390]) {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
      await page.screenshot({ path: path.join(os.tmpdir(), `airdeck-reports-ppl-${width}.png`), fullPage: true });
      if (width !== 768) expect(await axeViolations(page), `axe on the PPL figures at ${width} px`).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // The play log: correct the first play's label and ISRC (typed with dashes, kept in its 12-character form).
    await page.getByRole('tab', { name: 'Play log' }).click();
    const first = page.getByTestId('play-row').first();
    await first.waitFor({ timeout: 20_000 });
    const title = (await first.locator('td').nth(2).textContent())!;
    await first.getByRole('button').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Label').fill('Riverside Test Records');
    await dialog.getByLabel('ISRC').fill('gb-aaa-25-00001');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
    await expect.poll(() => page.getByTestId('play-row').filter({ hasText: 'GBAAA2500001' }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.getByTestId('play-row').filter({ hasText: 'GBAAA2500001' }).first().textContent()).toContain(title);

    for (const width of [1280, 768, 390]) {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
      await page.screenshot({ path: path.join(os.tmpdir(), `airdeck-reports-plays-${width}.png`) });
      if (width !== 768) expect(await axeViolations(page), `axe on the play log at ${width} px`).toEqual([]);
    }

    // SoundExchange: the preview shows the file's fields and the corrected ISRC; the download is that file.
    await page.getByRole('tab', { name: 'SoundExchange' }).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('columnheader', { name: 'ACTUAL_TOTAL_PERFORMANCES' }).waitFor({ timeout: 20_000 });
    await panel.getByRole('cell', { name: 'GBAAA2500001' }).first().waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe(`soundexchange-${from}-${to}.txt`);
    const text = fs.readFileSync((await download.path())!, 'utf8');
    expect(text.split('\r\n')[0]).toBe('NAME_OF_SERVICE^TRANSMISSION_CATEGORY^FEATURED_ARTIST^SOUND_RECORDING_TITLE^ISRC^ALBUM_TITLE^MARKETING_LABEL^ACTUAL_TOTAL_PERFORMANCES^CHANNEL_OR_PROGRAM_NAME^DATE_OF_PERFORMANCE^TIME_OF_PERFORMANCE');
    expect(text).toContain('"GBAAA2500001"^');
    expect(text).toContain('^"Riverside Test Records"^');
    await page.screenshot({ path: path.join(os.tmpdir(), 'airdeck-reports-soundexchange-390.png') });
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
