import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTime } from '../../shared/time';
import { startJobs } from '../../server/src/jobs';
import { stationTimezone } from '../../server/src/settings/service';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';
import { request } from '../support/server';

/**
 * Listen again for listeners (issue 32 item 3), from the real producer: the demo station's stream recorded by the
 * server's recorder, a show whose session (the station's own live-session row) aired during the recording, and the
 * episode job cutting it. In Chromium at 390 and 1280 px a listener finds it on /listen-again, plays it in the
 * persistent player, jumps by the tracklist, moves to another page without the audio stopping, reloads and
 * resumes where they were; the player's controls are 44 px tap targets on a phone and axe finds nothing.
 * Screenshots at 390, 768 and 1280 px (and Arabic, right to left) when LISTEN_AGAIN_SHOTS names a folder.
 */

const AXE = fs.readFileSync('node_modules/axe-core/axe.min.js', 'utf8');
const SHOTS = process.env.LISTEN_AGAIN_SHOTS;
const SHOW = 'Night Owls Rerun';

async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: unknown): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa'] });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** The episode's audio element: where it is, and whether it plays. */
const audioState = (page: Page) =>
  page.evaluate(() => {
    const a = document.querySelector<HTMLAudioElement & { __mark?: string }>('[data-testid=episode-audio]');
    return a ? { time: a.currentTime, paused: a.paused, mark: a.__mark ?? null } : null;
  });

/** Waits until `check` answers true (beforeAll has no expect.poll). */
async function until(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

let h: BrowserHarness;
let dir: string;
let episode: { id: string; title: string; duration_seconds: number; tracks: { title: string; offset_seconds: number }[] };

beforeAll(async () => {
  if (skipBrowser()) return;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'airdeck-listen-again-web-'));
  h = await startBrowserHarness({ env: { STATION_EARS: 'on', RECORDINGS_DIR: dir, DEMO_TRACK_SECONDS: '4', POLL_INTERVAL_MS: '1000' }, jobs: startJobs });
  const knex = h.server.database.db.knex;
  // The recorder hears the demo stream: 14 s of it acknowledged.
  const recorded = async () => {
    const row = await knex('recording_files').orderBy('started_at').first<{ started_at: Date; frames: number; frame_samples: number; sample_rate: number } | undefined>('started_at', 'frames', 'frame_samples', 'sample_rate');
    return row ? { startMs: new Date(row.started_at).getTime(), seconds: (Number(row.frames) * Number(row.frame_samples)) / Number(row.sample_rate) } : null;
  };
  await until('14 s recorded', async () => ((await recorded())?.seconds ?? 0) > 14, 40_000);
  const rec = (await recorded())!;
  // A show that aired from 1 s into the recording to 13 s in: booked this minute, its session as the station saw it.
  const fromMs = rec.startMs + 1_000;
  const toMs = rec.startMs + 13_000;
  const zone = await stationTimezone(h.server.server.ctx);
  const s = localDateTime(fromMs, zone);
  const e = localDateTime(Math.floor(toMs / 60_000) * 60_000 + 60_000, zone);
  const presenter = await knex('presenters').orderBy('name').first<{ id: string }>('id');
  const [show] = await knex('schedule_events')
    .insert({ title: SHOW, type: 'show', status: 'completed', event_date: s.date, start_time: s.time.slice(0, 5), end_time: e.date === s.date ? e.time.slice(0, 5) : '23:59', recurrence_type: 'once', booking_type: 'single', presenter_id: presenter.id })
    .returning<{ id: string }[]>('id');
  await knex('broadcast_sessions').insert({ schedule_event_id: show!.id, presenter_id: presenter.id, started_at: new Date(fromMs), ended_at: new Date(toMs), source: 'demo' });
  await until('the episode', async () => ((await request(h.url, '/api/episodes')).body.episodes as { title: string }[]).some((x) => x.title === SHOW), 30_000);
  episode = ((await request(h.url, '/api/episodes')).body.episodes as (typeof episode)[]).find((x) => x.title === SHOW)!;
}, 120_000);

afterAll(async () => {
  await h?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(skipBrowser())('listen again in the persistent player', () => {
  it('the episode is the show as it aired, with its tracklist', () => {
    expect(episode.duration_seconds).toBeGreaterThan(10);
    expect(episode.duration_seconds).toBeLessThan(14);
    // 4 s demo tracks: the song on air at the start, then two or three more.
    expect(episode.tracks.length).toBeGreaterThanOrEqual(3);
    expect(episode.tracks.some((x) => x.offset_seconds >= 2 && x.offset_seconds <= episode.duration_seconds - 5)).toBe(true);
  });

  for (const width of [390, 1280]) {
    it(`plays, jumps by the tracklist, survives navigation and a reload at ${width} px`, async () => {
      const { page, errors } = await h.newPage({ width, height: width < 768 ? 844 : 900 });
      await page.goto(`${h.url}/`);
      // Reached from the footer.
      await page.getByRole('navigation', { name: 'Listen' }).getByRole('link', { name: 'Listen again' }).click();
      await page.waitForURL(/\/listen-again$/);
      await page.getByRole('heading', { level: 1, name: 'Listen again' }).waitFor();
      // The demo station offers downloads and feeds: the station's podcast feed is linked.
      expect(await page.getByRole('link', { name: 'Podcast feed' }).getAttribute('href')).toMatch(/\/podcasts\/station\.xml$/);
      const card = page.getByRole('article', { name: SHOW });
      await card.getByRole('button', { name: new RegExp(`^Play: ${SHOW}`) }).click();
      const player = page.getByRole('region', { name: 'Player', exact: true });
      await player.getByTestId('episode-title').getByText(SHOW).waitFor();
      await page.waitForFunction(() => {
        const a = document.querySelector<HTMLAudioElement>('[data-testid=episode-audio]');
        return !!a && !a.paused && a.currentTime > 0.3;
      });

      // A line of the tracklist (one that starts a few seconds in, with time left after it) plays from its moment.
      const last = [...episode.tracks].reverse().find((x) => x.offset_seconds >= 2 && x.offset_seconds <= episode.duration_seconds - 5) ?? episode.tracks[1]!;
      await card.getByRole('button', { name: /^Tracklist/ }).click();
      await card.getByTestId('episode-track').nth(episode.tracks.indexOf(last)).click();
      await expect.poll(async () => (await audioState(page))!.time, { timeout: 10_000 }).toBeGreaterThanOrEqual(last.offset_seconds);
      const jumped = (await audioState(page))!;
      expect(jumped.time).toBeLessThan(last.offset_seconds + 3);
      expect(jumped.paused).toBe(false);
      // The player names the track now playing.
      await player.getByText(last.title).waitFor();

      // At a phone's width every control of the player is a 44 px target; keyboard: the seek bar moves with the keys.
      const small = await player.locator('button, [role=slider], input[type=range]').evaluateAll((els) =>
        els
          .map((el) => {
            const target = el.tagName === 'INPUT' ? el.parentElement! : el;
            const r = target.getBoundingClientRect();
            return { name: el.getAttribute('aria-label') ?? el.textContent, w: r.width, h: r.height };
          })
          .filter((r) => r.w > 0 && (r.w < 44 || r.h < 44) && !/Position/.test(r.name ?? '')),
      );
      expect(small).toEqual([]);
      await page.evaluate(() => {
        (document.querySelector('[data-testid=episode-audio]') as HTMLAudioElement & { __mark?: string }).__mark = 'same element';
      });
      // The first line: back to the start (the short episode has time to play on while the listener moves).
      await card.getByTestId('episode-track').first().click();
      await expect.poll(async () => (await audioState(page))!.time, { timeout: 10_000 }).toBeLessThan(last.offset_seconds - 1);

      // Another page: the audio carries on, the same element.
      if (width < 768) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'DJs' }).click();
      } else await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'DJs' }).click();
      await page.waitForURL(/\/djs$/);
      const before = (await audioState(page))!;
      expect(before.mark).toBe('same element');
      expect(before.paused).toBe(false);
      await expect.poll(async () => (await audioState(page))!.time, { timeout: 5_000 }).toBeGreaterThan(before.time + 0.3);
      expect(await axeViolations(page)).toEqual([]);

      // Paused, then moved by the seek bar's keys (Home, then six steps of a second): where they leave it.
      // (The short episode may have ended meanwhile: then it is paused already.)
      if (!(await audioState(page))!.paused) await player.getByTestId('episode-play').click();
      await expect.poll(async () => (await audioState(page))!.paused).toBe(true);
      await player.getByRole('slider', { name: 'Position in the episode' }).focus();
      await page.keyboard.press('Home');
      for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
      await expect.poll(async () => Math.round((await audioState(page))!.time)).toBe(6);
      const left = 6;

      await page.reload();
      // The player still holds the episode, where they left it; Play carries on from there.
      await player.getByTestId('episode-title').getByText(SHOW).waitFor();
      await expect.poll(() => player.getByTestId('episode-elapsed').textContent()).toBe(`0:${String(left).padStart(2, '0')}`);
      await player.getByRole('button', { name: 'Play', exact: true }).click();
      await page.waitForFunction(() => {
        const a = document.querySelector<HTMLAudioElement>('[data-testid=episode-audio]');
        return !!a && !a.paused;
      });
      expect((await audioState(page))!.time).toBeGreaterThanOrEqual(left - 0.5);

      if (SHOTS) {
        await page.goto(`${h.url}/listen-again`);
        await page.getByRole('article', { name: SHOW }).getByRole('button', { name: /^Tracklist/ }).click();
        for (const w of [390, 768, 1280]) {
          await page.setViewportSize({ width: w, height: 900 });
          await page.screenshot({ path: `${SHOTS}/listen-again-${width}-${w}.png` });
        }
        await page.goto(`${h.url}/listen-again?lang=ar`);
        await page.screenshot({ path: `${SHOTS}/listen-again-ar-${width}.png` });
      }

      // Back to live: the episode leaves the player.
      await page.goto(`${h.url}/listen-again`);
      expect(await axeViolations(page)).toEqual([]);
      await player.getByRole('button', { name: 'Back to live' }).click();
      await page.getByRole('region', { name: 'Live player' }).waitFor();
      expect(errors.filter((e) => !/Failed to load resource|net::ERR_ABORTED/.test(e))).toEqual([]);
      await page.close();
    }, 90_000);
  }
});
