import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEpisode } from '../../server/src/listen-again/repo';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';
import { openAsStaff } from '../support/staff';

/**
 * Listen again for staff (issue 32 item 4) in Chromium: a presenter sees only their own episodes and
 * approves the one waiting for them; a manager trims and retitles an episode, sets a show's rule and the
 * station's settings (the downloads note is there; retention below the logger minimum is refused in the
 * server's words). axe at 390 and 1280 px; screenshots at 390, 768 and 1280 px.
 */
const AXE = fs.readFileSync('node_modules/axe-core/axe.min.js', 'utf8');
async function axeViolations(page: Page): Promise<string[]> {
  // A toast sliding in is half transparent: its colours are measured once it has arrived.
  // (Not a spinner's endless animation.)
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity).map((a) => a.finished.catch(() => undefined))));
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: unknown): Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] });
    return result.violations.map((v) => `${v.id} (${v.help}): ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join(', ')}`);
  });
}

let h: BrowserHarness;
let dir: string;
beforeAll(async () => {
  if (skipBrowser()) return;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'airdeck-la-staff-'));
  h = await startBrowserHarness({ env: { RECORDINGS_DIR: dir } });
}, 90_000);
afterAll(async () => {
  await h?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function episode(title: string, status: 'published' | 'pending', presenterId: string | null): Promise<string> {
  const id = randomUUID();
  const to = Date.now() - 3_600_000;
  await insertEpisode(h.server.server.ctx.knex, {
    id, show_id: randomUUID(), show_key: randomUUID(), presenter_id: presenterId, title, description: null,
    aired_from: new Date(to - 3_600_000), aired_to: new Date(to), trim_start_seconds: 0, trim_end_seconds: 0, status, hidden: false,
    file: `episode-audio/${id}.mp3`, content_type: 'audio/mpeg', bytes: 1000, duration_seconds: 3600, gaps: [],
    tracks: [{ title: 'Song', artist: 'Artist', played_at: new Date(to - 3_000_000).toISOString(), offset_seconds: 600 }], cut_at: new Date(),
  });
  return id;
}

describe.skipIf(skipBrowser())('Listen again for staff in Chromium', () => {
  it('a presenter approves their own waiting episode and sees no one else\'s', async () => {
    const { page, context, user, errors } = await openAsStaff(h, 'presenter', { width: 390 });
    const [p] = await h.server.server.ctx.knex('presenters').insert({ user_id: user.id, name: 'DJ Own', role: 'presenter', bio: 'bio' }).returning<{ id: string }[]>('id');
    await episode('My Waiting Show', 'pending', p!.id);
    await episode('Somebody Else', 'published', null);
    await page.goto(h.url + '/admin/listen-again');
    const cards = page.getByTestId('la-episode');
    await cards.first().waitFor({ timeout: 20_000 });
    expect(await cards.count()).toBe(1);
    expect(await cards.first().getByRole('heading').textContent()).toBe('My Waiting Show');
    await cards.first().getByText('Awaiting approval').waitFor();
    expect(await page.getByRole('tab').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit My Waiting Show' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Approve My Waiting Show' }).click();
    await cards.first().getByText('Published').waitFor({ timeout: 15_000 });
    await page.screenshot({ path: path.join(os.tmpdir(), 'airdeck-la-staff-presenter-390.png'), fullPage: true });
    expect(await axeViolations(page), 'axe at 390 px').toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('a manager trims and retitles, sets a show\'s rule and the station settings', async () => {
    const id = await episode('Breakfast', 'published', null);
    const { page, context, errors } = await openAsStaff(h, 'manager', { width: 1280 });
    await page.goto(h.url + '/admin/listen-again');
    await page.getByRole('button', { name: 'Edit Breakfast' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit episode' });
    await dialog.getByLabel('Title').fill('Breakfast with Sam');
    await dialog.getByLabel('Trim from the start (seconds)').fill('30');
    await dialog.getByRole('button', { name: 'Save episode' }).click();
    await page.getByText('Episode saved').first().waitFor({ timeout: 15_000 });
    const row = await h.server.server.ctx.knex('episodes').where({ id }).first();
    expect(row).toMatchObject({ title: 'Breakfast with Sam', trim_start_seconds: 30 });
    await page.getByRole('button', { name: 'Edit Breakfast with Sam' }).waitFor();
    expect(await axeViolations(page), 'axe at 1280 px (episodes)').toEqual([]);

    await page.getByRole('tab', { name: 'Settings and recorder' }).click();
    const form = page.getByTestId('la-settings');
    await form.waitFor({ timeout: 15_000 });
    await page.getByText('UK music licences (PRS for Music and PPL) cover listening again by streaming').waitFor();
    // The demo station (the harness's source) starts with downloads on; a real station with them off.
    expect(await form.getByRole('switch', { name: 'Downloads and podcast feeds' }).isChecked()).toBe(true);
    await form.getByLabel('Logger minimum (days)').fill('42');
    await form.getByLabel('Keep recordings (days)').fill('30');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await form.getByRole('alert').filter({ hasText: 'Recordings must be kept at least 42 days' }).waitFor({ timeout: 15_000 });
    expect(await form.getByLabel('Keep recordings (days)').inputValue()).toBe('30');
    await form.getByLabel('Keep recordings (days)').fill('60');
    await form.getByRole('checkbox', { name: '03:00' }).check();
    await form.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Listen-again settings saved').first().waitFor({ timeout: 15_000 });
    const settings = await h.server.server.ctx.knex('listen_again_settings').first();
    expect(settings).toMatchObject({ retention_days: 60, logger_min_days: 42 });
    expect(settings.excluded_hours.map(Number)).toEqual([3]);
    await page.getByTestId('la-recorder-state').waitFor();

    for (const width of [1280, 768, 390]) {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
      await page.screenshot({ path: path.join(os.tmpdir(), `airdeck-la-staff-settings-${width}.png`), fullPage: true });
      if (width !== 768) expect(await axeViolations(page), `axe at ${width} px (settings)`).toEqual([]);
    }
    await page.getByRole('tab', { name: 'Mixcloud' }).click();
    await page.getByLabel('Mixcloud access token').waitFor({ timeout: 15_000 });
    await page.screenshot({ path: path.join(os.tmpdir(), 'airdeck-la-staff-mixcloud-390.png'), fullPage: true });
    expect(await axeViolations(page), 'axe at 390 px (Mixcloud)').toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
