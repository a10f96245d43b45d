import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTime } from '../../shared/time';
import { createUser, type TestUser } from '../support/auth';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';
import { signInThroughApi } from '../support/staff';

/**
 * Issue 34 item 2, done when: a presenter logs a live show's tracklist in the browser at 390 and 1280 px, with a
 * typed track, a one-click log from the library search, a Serato CSV import and removing a play; axe finds
 * nothing. Each width has its own show (ended half an hour ago, two hours long), so each starts empty.
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
let dj: TestUser;
const shows = new Map<number, { id: string; startMs: number }>();
const MIN = 60_000;

beforeAll(async () => {
  if (skipBrowser()) return;
  h = await startBrowserHarness();
  const knex = h.server.server.ctx.knex;
  dj = await createUser(h.server, { role: 'presenter', username: 'Tess Tracklist' });
  const [p] = await knex('presenters').insert({ user_id: dj.id, name: 'Tess Tracklist' }).returning<{ id: string }[]>('id');
  const now = Date.now();
  for (const [i, width] of [390, 1280].entries()) {
    const startMs = Math.floor((now - 150 * MIN - i * 180 * MIN) / MIN) * MIN;
    const [row] = await knex('broadcast_sessions')
      .insert({ presenter_id: p!.id, streamer_name: 'Tess Tracklist', started_at: new Date(startMs), ended_at: new Date(startMs + 120 * MIN), source: 'demo' })
      .returning<{ id: string }[]>('id');
    shows.set(width, { id: row!.id, startMs });
  }
}, 120_000);
afterAll(async () => h?.close());

describe.skipIf(skipBrowser())('a presenter logs a live show’s tracklist', () => {
  for (const width of [1280, 390]) {
    it(`at ${width} px: a typed track, one click from the search, a Serato import, a removed play; axe finds nothing`, async () => {
      const show = shows.get(width)!;
      const zone = h.server.config.STATION_TIMEZONE;
      const clock = (ms: number) => localDateTime(ms, zone).time;
      const { page, context, errors } = await h.newPage({ width });
      await signInThroughApi(page, h.url, dj.email, dj.password);
      await page.goto(`${h.url}/admin/tracklists?show=${show.id}`);
      await page.getByRole('heading', { name: 'Tracklists', level: 1 }).waitFor();
      const plays = page.getByRole('list', { name: 'Tracks played' });

      // A track typed in, at 10 minutes into the show.
      await page.getByLabel('Played at').fill(clock(show.startMs + 10 * MIN).slice(0, 5));
      await page.getByLabel('Artist').fill('Nina Simone');
      await page.getByLabel(/^Title/).fill(`Sinnerman ${width}`);
      await page.getByRole('button', { name: 'Log', exact: true }).click();
      await plays.getByText(`Sinnerman ${width}`).waitFor();

      // The same track found in the library, logged in one click (4 minutes after the last play, the default time).
      await page.getByLabel('Search the library').fill(`Sinnerman ${width}`);
      await page.getByRole('button', { name: `Log: Sinnerman ${width} by Nina Simone` }).click();
      await expect.poll(() => plays.getByText(`Sinnerman ${width}`).count()).toBe(2);
      await page.getByRole('heading', { name: '2 tracks played' }).waitFor();

      // Serato's history CSV, at times inside the show (the session's row first, as Serato writes it).
      const csv = [
        'name,artist,start time,end time,playtime,deck,notes',
        `"Session","","${clock(show.startMs)}","${clock(show.startMs + 120 * MIN)}","2:00:00","",""`,
        `"Windowlicker","Aphex Twin","${clock(show.startMs + 30 * MIN)}","","0:06:05","1",""`,
        `"Teardrop","Massive Attack","${clock(show.startMs + 36 * MIN)}","","0:05:30","2",""`,
        `"Xtal","Aphex Twin","${clock(show.startMs + 42 * MIN)}","","0:04:50","1",""`,
      ].join('\r\n');
      await page.getByTestId('tracklist-file').setInputFiles({ name: 'history.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByRole('status').filter({ hasText: 'Imported from Serato: 3 added, 0 already logged, 1 skipped.' }).waitFor();
      await page.getByRole('heading', { name: '5 tracks played' }).waitFor();
      expect(await plays.getByRole('listitem').allInnerTexts()).toEqual([
        expect.stringContaining(`Sinnerman ${width}`),
        expect.stringContaining(`Sinnerman ${width}`),
        expect.stringContaining('Windowlicker'),
        expect.stringContaining('Teardrop'),
        expect.stringContaining('Xtal'),
      ]);
      expect(await plays.getByRole('listitem').nth(2).innerText()).toContain(clock(show.startMs + 30 * MIN));

      // Teardrop did not really play: removed.
      await page.getByRole('button', { name: 'Remove “Teardrop”: it did not play' }).click();
      await page.getByRole('heading', { name: '4 tracks played' }).waitFor();
      expect(await plays.getByText('Teardrop').count()).toBe(0);
      // The gaps left: from 42 minutes in (Xtal) to the end, 78 minutes.
      await page.getByText('1 gap of 20 minutes or more with no track logged:').waitFor();

      expect(await axeViolations(page), `axe at ${width} px`).toEqual([]);
      await page.screenshot({ path: path.join(os.tmpdir(), `airdeck-tracklists-${width}.png`), fullPage: true });
      if (width === 1280) {
        await page.setViewportSize({ width: 768, height: 900 });
        await page.screenshot({ path: path.join(os.tmpdir(), 'airdeck-tracklists-768.png'), fullPage: true });
        // The On Air console offers the tracklist of the show that ended within three hours (the 390 px one).
        await page.goto(`${h.url}/admin/on-air`);
        const card = page.getByRole('region', { name: /^Tracklist of “Live show”/ });
        await card.waitFor();
        await card.getByRole('link', { name: 'Open the tracklist' }).waitFor();
        await card.screenshot({ path: path.join(os.tmpdir(), 'airdeck-tracklists-on-air.png') });
      }
      // In the play log: four manual plays of this show.
      const rows = await h.server.server.ctx.knex('play_history').where({ broadcast_session_id: show.id }).select('origin');
      expect(rows.map((r: { origin: string }) => r.origin)).toEqual(['manual', 'manual', 'manual', 'manual']);
      expect(errors).toEqual([]);
      await context.close();
    }, 90_000);
  }
});
