import { signInThroughUi } from '../support/staff';
import { DEMO_PASSWORD } from '../../server/src/db/seed/demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs } from '../../server/src/jobs';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';

/**
 * The radio in Chromium against the real server and the built-in demo
 * station, whose tracks are shortened to 10 s (DEMO_TRACK_SECONDS) so a
 * change comes quickly.
 */
let h: BrowserHarness;
beforeAll(async () => {
  if (!skipBrowser()) h = await startBrowserHarness({ env: { DEMO_TRACK_SECONDS: '10', POLL_INTERVAL_MS: '1000' }, jobs: startJobs });
});
afterAll(async () => h?.close());

const audioTime = (page: import('playwright-core').Page) => page.evaluate(() => document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')?.currentTime ?? 0);

describe.skipIf(skipBrowser())('the radio in Chromium', () => {
  it('plays the demo stream: the audio element advances, pauses, and resumes at the live position', async () => {
    const { page, context, errors } = await h.newPage();
    await page.goto(h.url + '/');
    const player = page.getByRole('region', { name: 'Live player' });
    await expect.poll(() => player.getByRole('slider', { name: 'Volume' }).inputValue()).toBe('5');
    await player.getByRole('button', { name: 'Play' }).click();
    await expect.poll(() => audioTime(page), { timeout: 30_000 }).toBeGreaterThan(1.5);
    expect(await page.evaluate(() => document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!.volume)).toBeCloseTo(0.05);
    const firstSrc = await page.evaluate(() => document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!.src);
    // Muting shows volume 0; unmuting brings 5 back.
    await player.getByRole('button', { name: 'Mute' }).click();
    expect(await player.getByRole('slider', { name: 'Volume' }).inputValue()).toBe('0');
    expect(await page.evaluate(() => document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!.muted)).toBe(true);
    await player.getByRole('button', { name: 'Unmute' }).click();
    expect(await player.getByRole('slider', { name: 'Volume' }).inputValue()).toBe('5');
    await player.getByRole('button', { name: 'Pause' }).click();
    expect(await page.evaluate(() => document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!.getAttribute('src'))).toBeNull();
    await player.getByRole('button', { name: 'Play' }).click();
    await expect.poll(() => audioTime(page), { timeout: 30_000 }).toBeGreaterThan(1);
    expect(await page.evaluate(() => document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!.src)).not.toBe(firstSrc);
    // The one audio element survives navigation between listener pages.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shows', exact: true }).click();
    await page.waitForURL(/\/shows$/);
    const t1 = await audioTime(page);
    await expect.poll(() => audioTime(page)).toBeGreaterThan(t1 + 0.5);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('changes the now-playing panel when the demo station changes track, without a reload', async () => {
    const { page, context, errors } = await h.newPage();
    await page.goto(h.url + '/');
    const title = page.getByTestId('now-playing-title');
    await expect.poll(() => title.textContent()).not.toBe('Unknown Track');
    const first = await title.textContent();
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 1;
    });
    await expect.poll(() => title.textContent(), { timeout: 25_000 }).not.toBe(first);
    // Same document: no reload happened.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    // The schedule's live show makes the Request link visible.
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Request' }).count()).toBe(1);
    expect(await page.getByTestId('now-playing-presenter').textContent()).not.toBe('Auto DJ');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a vote on one page in the counts of a second open page', async () => {
    const one = await h.newPage();
    const two = await h.newPage();
    // The second page counts as open once its channel for votes is live (the server draws the counts before the app
    // subscribes: a vote in between is seen at the list's next refresh, not pushed).
    const subscribed: string[] = [];
    two.page.on('websocket', (ws) =>
      ws.on('framereceived', (f) => {
        const frame = JSON.parse(String(f.payload)) as { type?: string; channel?: string };
        if (frame.type === 'subscribed' && frame.channel) subscribed.push(frame.channel);
      }),
    );
    await one.page.goto(h.url + '/');
    await two.page.goto(h.url + '/');
    await expect.poll(() => subscribed.includes('votes'), { timeout: 15_000 }).toBe(true);
    const recent = (p: typeof one.page) => p.getByTestId('recently-played');
    await expect.poll(() => recent(one.page).getByRole('group').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    // The newest play stays in the list longest (four 10 s tracks) while the test runs: the song on air is not in it.
    const label = await recent(one.page).getByRole('group').nth(0).getAttribute('aria-label');
    const title = label!.replace(/^Votes for /, '');
    const upOn = (p: typeof one.page) => recent(p).getByRole('group', { name: label! }).getByTestId('up-votes').textContent();
    await expect.poll(() => upOn(two.page)).not.toBeNull();
    const before = Number(await upOn(two.page));
    await recent(one.page).getByRole('button', { name: `Like ${title}`, exact: true }).click();
    await expect.poll(() => upOn(one.page).then(Number)).toBe(before + 1);
    await expect.poll(() => upOn(two.page).then(Number), { timeout: 10_000 }).toBe(before + 1);
    await expect.poll(() => recent(one.page).getByRole('button', { name: `Like ${title}`, exact: true }).getAttribute('aria-pressed')).toBe('true');
    // Pressing again removes the vote, everywhere.
    await recent(one.page).getByRole('button', { name: `Like ${title}`, exact: true }).click();
    await expect.poll(() => upOn(two.page).then(Number), { timeout: 10_000 }).toBe(before);
    expect([...one.errors, ...two.errors]).toEqual([]);
    await one.context.close();
    await two.context.close();
  });

  it('keeps the player off the staff panel', async () => {
    const { page, context } = await h.newPage();
    await signInThroughUi(page, h.url, 'presenter@airdeck.demo', DEMO_PASSWORD);
    // The player is its own chunk, mounted after the page: wait for it on the listener site.
    await expect.poll(() => page.getByRole('region', { name: 'Live player' }).count()).toBe(1);
    await page.goto(h.url + '/admin');
    await page.getByText('Presenter Panel').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('region', { name: 'Live player' }).count()).toBe(0);
    await context.close();
  });
});
