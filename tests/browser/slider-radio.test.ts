import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NowPlaying } from '../../shared/radio';
import { startJobs } from '../../server/src/jobs';
import { todayInZone } from '../../shared/schedule';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';

/**
 * The radio's slides in the home slider (spec 000 §4: "Slides can show
 * recently played songs (5) and live information"), against the demo station
 * with a show on the schedule covering now, so a presenter is live.
 */

let h: BrowserHarness;
beforeAll(async () => {
  if (skipBrowser()) return;
  h = await startBrowserHarness({ env: { POLL_INTERVAL_MS: '1000', STATION_TIMEZONE: 'Europe/London' }, jobs: startJobs });
  await h.server.server.ctx.knex('schedule_events').insert({
    title: 'Slider Test Live',
    type: 'show',
    status: 'scheduled',
    event_date: todayInZone(Date.now(), 'Europe/London'),
    start_time: '00:00:00',
    end_time: '23:59:00',
    presenter_name: 'DJ Slider',
  });
});
afterAll(async () => h?.close());

const nowPlaying = async (): Promise<NowPlaying> => (await fetch(h.url + '/api/now-playing')).json() as Promise<NowPlaying>;

describe.skipIf(skipBrowser())('the radio in the home slider', () => {
  it('puts the live slide first and the last five songs after the staff slides; the live slide links to the requests', async () => {
    await expect.poll(async () => (await nowPlaying()).live.is_live, { timeout: 20_000 }).toBe(true);
    await expect.poll(async () => (await nowPlaying()).song_history.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
    const staffSlides = Number((await h.server.server.ctx.knex('slider_content').where({ is_active: true }).count({ n: '*' }))[0]!.n);

    const { page, context, errors } = await h.newPage();
    await page.goto(h.url + '/');
    const slider = page.getByTestId('featured-slider');
    await slider.waitFor();
    const slides = slider.locator('[aria-roledescription="slide"]');
    // (Slides off screen mount once the browser is idle.)
    await expect.poll(() => slides.count()).toBe(1 + staffSlides + 5);
    const shown = slider.locator('[aria-roledescription="slide"]:not([aria-hidden="true"])');
    expect(await shown.getAttribute('aria-label')).toBe(`1 of ${1 + staffSlides + 5}`);
    expect(await shown.textContent()).toContain('Live now');
    // The page's own now-playing document (what the server wrote into it) names the songs of the last slides.
    const np = await page.evaluate(() => JSON.parse(document.getElementById('airdeck-boot')!.textContent!).nowPlaying as NowPlaying);
    expect(await shown.getByRole('heading').textContent()).toBe(np.current_show?.title ?? `${np.presenter} is live`);
    const firstRecent = slides.nth(staffSlides + 1);
    await slider.getByRole('button', { name: `Go to slide ${staffSlides + 2}` }).click();
    await expect.poll(() => firstRecent.getAttribute('aria-hidden')).toBe('false');
    expect(await firstRecent.textContent()).toContain('Recently played');
    // The five songs are the station's last five, newest first (following song changes as they happen).
    const recentTitles = () => slides.filter({ hasText: 'Recently played' }).locator('h2').allTextContents();
    await expect.poll(async () => {
      const [shownTitles, current] = [await recentTitles(), await nowPlaying()];
      return shownTitles.join(' | ') === current.song_history.slice(0, 5).map((p) => p.song.title).join(' | ');
    }).toBe(true);

    await slider.getByRole('button', { name: 'Go to slide 1' }).click();
    await shown.getByRole('link', { name: /Send a request/ }).click();
    await page.waitForURL(/\/request$/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
