import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPoller, type Poller } from '../../server/src/radio/poller';
import { createUser, type TestUser } from '../support/auth';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';
import { scriptedSource, snapshot, snapTrack } from '../support/radio';
import { openAsStaff } from '../support/staff';

/**
 * Station widgets on another website (issue 22, "Done when"): a page served
 * from a second local origin embeds every widget through the /embed.js
 * loader. Each shows live data, follows a track change and a booking made
 * through the API within a second, takes its content's height, and a song
 * request sent from the widget reaches the staff queue. Framing any other
 * route from that origin is refused, widget answers carry no Set-Cookie and
 * the widgets send no staff token, and axe finds nothing in any widget.
 */

const ZONE = 'Europe/London';
const AXE = fs.readFileSync('node_modules/axe-core/axe.min.js', 'utf8');
const source = scriptedSource();
let poller: Poller;
let h: BrowserHarness;
let host: http.Server;
let hostUrl: string;
let owner: TestUser;

const track = (title: string, artist: string, agoSeconds: number, id: string) => snapshot({ stationName: 'Widget FM', track: snapTrack({ title, artist, album: 'Album', durationSeconds: 300, startedAt: Date.now() - agoSeconds * 1000, sourceId: id }) });
const wallNow = () => {
  const p = Object.fromEntries(new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit' }).formatToParts(new Date()).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, hour: Number(p.hour) };
};

/** The partner's page: every widget through the loader, plus two attempts to frame pages that are not widgets. */
function partnerPage(station: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner venue</title></head><body>
<h1>Partner venue</h1>
<div data-airdeck-widget="player"></div>
<div data-airdeck-widget="now-playing" data-show="art,presenter,elapsed,request"></div>
<div data-airdeck-widget="schedule" data-theme="aurora" data-tz="station"></div>
<div data-airdeck-widget="recent" data-count="3" data-mode="light"></div>
<div data-airdeck-widget="request" data-theme="forest"></div>
<iframe id="not-a-widget" src="${station}/admin/settings" title="Settings"></iframe>
<iframe id="home" src="${station}/" title="Home"></iframe>
<script src="${station}/embed.js" async></script>
</body></html>`;
}

/** A Spanish partner's page: the now-playing widget in Spanish through the loader's `data-lang`. */
function spanishPartnerPage(station: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Sala asociada</title></head><body>
<h1>Sala asociada</h1>
<div data-airdeck-widget="now-playing" data-lang="es" data-show="art,presenter,elapsed,request"></div>
<script src="${station}/embed.js" async></script>
</body></html>`;
}

beforeAll(async () => {
  if (skipBrowser()) return;
  source.next = track('Unfinished Sympathy', 'Massive Attack', 900, 'p1');
  h = await startBrowserHarness({
    env: { STATION_TIMEZONE: ZONE },
    jobs: (ctx) => {
      poller = startPoller(ctx, ctx.radio, { source, intervalMs: 3_600_000 });
      return [poller];
    },
  });
  const knex = h.server.server.ctx.knex;
  // A clean schedule: the booking made in the test is the only show of the day.
  await knex('schedule_events').del();
  await knex('play_history').del();
  await poller.pollNow();
  source.next = track('Teardrop', 'Massive Attack', 600, 'p2');
  await poller.pollNow();
  source.next = track('Hyperballad', 'Björk', 30, 'p3');
  await poller.pollNow();
  owner = await createUser(h.server, { role: 'owner' });
  host = http.createServer((req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(req.url === '/es' ? spanishPartnerPage(h.url) : partnerPage(h.url));
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => (host ? host.close(() => resolve()) : resolve()));
  await h?.close();
});

/** The widget frame of a kind, once the loader has made it. */
async function widget(page: Page, name: string): Promise<Frame> {
  await page.locator(`iframe[src*="/embed/${name}?"]`).waitFor();
  const frame = await (await page.$(`iframe[src*="/embed/${name}?"]`))!.contentFrame();
  if (!frame) throw new Error(`no frame for ${name}`);
  return frame;
}

const text = (f: Frame) => f.evaluate(() => document.body.innerText);

/** Picks a search result. The frame grows as results arrive (auto-height) and the page below moves: try again if a click landed while it moved. */
async function pick(f: Frame, name: RegExp): Promise<void> {
  const radio = f.getByRole('radio', { name });
  for (let attempt = 0; ; attempt++) {
    try {
      await radio.check({ timeout: 3_000 });
      return;
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

describe.skipIf(skipBrowser())('station widgets on another website', () => {
  it('embeds every widget through the loader: live data, live updates, auto-height, requests, framing and no cookies', async () => {
    expect(new URL(hostUrl).origin).not.toBe(new URL(h.url).origin);
    const staff = await openAsStaff(h, 'manager');
    await staff.page.goto(`${h.url}/admin/song-requests`);
    await staff.page.getByRole('heading', { name: 'Song Requests' }).first().waitFor();

    const { page, context, errors } = await h.newPage({ width: 390, height: 900 });
    const refusals: string[] = [];
    page.on('console', (m) => {
      if (/frame-ancestors/.test(m.text())) refusals.push(m.text());
    });
    const stationOrigin = new URL(h.url).origin;
    const cookies: string[] = [];
    const tokens: string[] = [];
    page.on('response', async (r) => {
      if (!r.url().startsWith(stationOrigin) || !/\/(embed|api|song-request-api)/.test(new URL(r.url()).pathname)) return;
      const setCookie = await r.headerValue('set-cookie').catch(() => null);
      if (setCookie) cookies.push(`${r.url()}: ${setCookie}`);
    });
    page.on('request', (r) => {
      if (r.url().startsWith(stationOrigin) && r.headers().authorization) tokens.push(r.url());
    });
    await page.goto(hostUrl);

    // Live data in each widget.
    const player = await widget(page, 'player');
    const nowPlaying = await widget(page, 'now-playing');
    const schedule = await widget(page, 'schedule');
    const recent = await widget(page, 'recent');
    const request = await widget(page, 'request');
    await expect.poll(() => text(player)).toContain('Hyperballad');
    await expect.poll(() => text(nowPlaying)).toContain('Hyperballad');
    expect(await text(nowPlaying)).toContain('Björk');
    await expect.poll(() => text(recent)).toContain('Teardrop');
    expect(await recent.locator('li').allInnerTexts()).toEqual([expect.stringContaining('Teardrop'), expect.stringContaining('Unfinished Sympathy')]);
    await expect.poll(() => text(schedule)).toContain('No shows scheduled today.');
    await expect.poll(() => text(request)).toContain('On air: Hyperballad');

    // Each iframe takes its widget's height (the loader's first guess is 160 px).
    for (const name of ['player', 'now-playing', 'schedule', 'recent', 'request']) {
      const frame = await widget(page, name);
      const inner = await frame.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height));
      await expect.poll(async () => ({ name, height: Math.round(await page.locator(`iframe[src*="/embed/${name}?"]`).evaluate((el) => el.getBoundingClientRect().height)) })).toEqual({ name, height: inner });
    }
    const scheduleFrame = page.locator('iframe[src*="/embed/schedule?"]');
    const emptyHeight = await scheduleFrame.evaluate((el) => el.getBoundingClientRect().height);

    // A track change reaches the player, now-playing and recently played widgets within a second.
    source.next = track('Glory Box', 'Portishead', 1, 'p4');
    await poller.pollNow();
    await expect.poll(() => text(nowPlaying), { timeout: 1_000, interval: 50 }).toContain('Glory Box');
    await expect.poll(() => text(player), { timeout: 1_000, interval: 50 }).toContain('Glory Box');
    await expect.poll(async () => (await recent.locator('li').allInnerTexts())[0], { timeout: 1_000, interval: 50 }).toContain('Hyperballad');

    // A booking made through the API shows in the schedule widget within a second, LIVE while it is on, and the frame grows.
    const { date, hour } = wallNow();
    const start = `${String(hour).padStart(2, '0')}:00`;
    const end = `${String((hour + 1) % 24).padStart(2, '0')}:00`;
    const booked = await fetch(`${h.url}/api/schedule/bookings`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${owner.token}` }, body: JSON.stringify({ mode: 'daily', title: 'Widget Test Show', host: 'DJ Embed', event_date: date, start_time: start, end_time: end }) });
    expect(booked.status).toBe(201);
    await expect.poll(() => text(schedule), { timeout: 1_000, interval: 50 }).toContain('Widget Test Show');
    const row = schedule.locator('li', { hasText: 'Widget Test Show' });
    expect(await row.innerText()).toContain(start);
    // The booking alone (the station on Auto DJ) is not LIVE (issue 38 item 5); its host going live is.
    expect(await row.innerText()).not.toContain('LIVE');
    source.next = snapshot({ stationName: 'Widget FM', track: snapTrack({ title: 'Glory Box', artist: 'Portishead', album: 'Album', durationSeconds: null, startedAt: Date.now() - 1000, sourceId: 'p5', streamer: 'DJ Embed' }), live: { isLive: true, streamerName: 'DJ Embed', broadcastStart: Date.now() - 1000, artUrl: null, streamerId: null } });
    await poller.pollNow();
    await expect.poll(() => row.innerText(), { timeout: 2_000, interval: 50 }).toContain('LIVE');
    // Back to Auto DJ: the mark goes, the booking stays.
    source.next = track('Glory Box', 'Portishead', 2, 'p4');
    await poller.pollNow();
    await expect.poll(() => row.innerText(), { timeout: 2_000, interval: 50 }).not.toContain('LIVE');
    await expect.poll(() => scheduleFrame.evaluate((el) => el.getBoundingClientRect().height)).not.toBe(emptyHeight);

    // A song request from the widget, by library search, reaches the staff queue (live).
    await request.getByLabel('Search for a song').fill('Teardrop');
    await request.getByRole('button', { name: 'Search Library' }).click();
    await pick(request, /Teardrop/);
    await request.getByLabel('Your Name').fill('Widget Listener');
    await request.getByLabel('Message (optional)').fill('From the partner venue');
    await request.getByRole('button', { name: 'Send Request' }).click();
    await expect.poll(() => request.getByRole('status').last().innerText()).toBe('Request Sent! Your song request has been sent successfully!');
    await staff.page.getByText('Widget Listener').first().waitFor({ timeout: 10_000 });
    const queue = await fetch(`${h.url}/api/requests/song`, { headers: { Authorization: `Bearer ${owner.token}` } });
    const queued = ((await queue.json()) as { requests: { title: string; artist: string; requester: string; message: string | null; status: string }[] }).requests.find((r) => r.requester === 'Widget Listener');
    expect(queued).toMatchObject({ title: 'Teardrop', artist: 'Massive Attack', message: 'From the partner venue', status: 'pending' });

    // The site's fairness rules apply: the same song again is refused with the site's words, and the form keeps its values.
    await request.getByLabel('Search for a song').fill('Teardrop');
    await request.getByRole('button', { name: 'Search Library' }).click();
    await pick(request, /Teardrop/);
    await request.getByRole('button', { name: 'Send Request' }).click();
    await expect.poll(() => request.getByRole('status').last().innerText()).toBe('This song was already requested in the last 60 minutes. Please choose another song.');
    expect(await request.getByLabel('Your Name').inputValue()).toBe('Widget Listener');

    // Framing a page that is not a widget is refused; widgets set no cookie and carry no staff token.
    await expect.poll(() => refusals.length).toBeGreaterThanOrEqual(2);
    for (const id of ['not-a-widget', 'home']) {
      const frame = await (await page.$(`#${id}`))!.contentFrame();
      expect(await frame!.evaluate(() => document.querySelector('#root, #w') === null)).toBe(true);
    }
    expect(cookies).toEqual([]);
    expect(tokens).toEqual([]);
    expect(errors.filter((e) => !/frame-ancestors/.test(e))).toEqual([]);
    await context.close();
    await staff.context.close();
  });

  it('axe finds nothing in any widget (light and dark themes, 280 px), and no title is cut there', async () => {
    // A long title on air (issue 38 item 9: embeds cut titles at 280 px).
    const long = 'An Extraordinarily Long Title That Cannot Fit On One Line (Extended Club Mix)';
    source.next = track(long, 'Portishead', 1, 'p-long');
    await poller.pollNow();
    const { page, context } = await h.newPage({ width: 280, height: 900 });
    for (const path of ['/embed/player', '/embed/now-playing?show=art,presenter,elapsed,request', '/embed/schedule?range=week', '/embed/recent?show=art,time,votes', '/embed/request', '/embed/now-playing?theme=ocean-wave&mode=light', '/embed/recent?theme=forest&accent=ffee00&show=votes', '/embed/request?mode=light&theme=neon']) {
      await page.goto(h.url + path);
      await page.locator('#w section, #w form').first().waitFor();
      // Its data has arrived (nothing loading) and finite transitions have finished.
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .MuiSkeleton-root, .MuiCircularProgress-root, [data-loading]'));
      await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))));
      await page.evaluate(AXE);
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run(ctx: Document, opts: unknown): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
        const result = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] });
        return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      });
      expect({ path, violations }).toEqual({ path, violations: [] });
      // Nothing wider than the 280 px frame.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(280);
      // Every title shows whole: none is cut off or clipped.
      const cut = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.title')].filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1).map((el) => el.textContent));
      expect({ path, cut }).toEqual({ path, cut: [] });
      if (/\/embed\/(player|now-playing)/.test(path)) await expect.poll(() => page.locator('#w').innerText()).toContain(long);
    }
    await context.close();
  });

  it('documents the widgets on /api-docs (Widgets tab): every widget, its address and a loader snippet for this station', async () => {
    const { page, context, errors } = await h.newPage({ width: 390 });
    await page.goto(h.url + '/api-docs');
    await page.getByRole('tab', { name: 'Widgets' }).click();
    const rows = await page.locator('[data-widget]').evaluateAll((r) => r.map((x) => x.getAttribute('data-widget')));
    expect(rows).toEqual(['player', 'now-playing', 'schedule', 'recent', 'request']);
    expect(await page.getByLabel('Loader snippet', { exact: true }).innerText()).toBe(
      `<div data-airdeck-widget="schedule" data-theme="aurora" data-range="week"></div><script src="${h.url}/embed.js" async></script>`,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('speaks the language asked for: data-lang="es" through the loader, Accept-Language: de, Arabic mirrored right to left', async () => {
    // A partner page with data-lang="es": the widget's page, its texts and its frame's title are Spanish.
    const { page, context, errors } = await h.newPage({ width: 1000, height: 900 });
    await page.goto(`${hostUrl}/es`);
    const np = await widget(page, 'now-playing');
    await expect.poll(() => np.evaluate(() => document.documentElement.lang)).toBe('es');
    await expect.poll(() => np.locator('#w').innerText()).toContain('Sonando ahora');
    expect(await np.locator('#w').innerText()).toContain('Pide una canción');
    expect(await np.locator('#w').innerText()).not.toContain('Now playing');
    await expect.poll(() => page.locator('iframe[src*="/embed/now-playing?"]').getAttribute('title')).toBe('Sonando ahora');
    expect(errors).toEqual([]);
    await context.close();

    // A German browser (Accept-Language: de) and no lang: German.
    const de = await h.newPage({ locale: 'de-DE' });
    await de.page.goto(`${h.url}/embed/schedule?range=week`);
    await de.page.locator('#w section').waitFor();
    expect(await de.page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await de.page.locator('h1').innerText()).toBe('Diese Woche');
    await de.context.close();

    // Arabic: right to left, and the form mirrored (its send button at the right, the notice's bar on the right).
    const ar = await h.newPage({ width: 400, height: 900 });
    await ar.page.goto(`${h.url}/embed/request?lang=ar`);
    await ar.page.locator('#w form').waitFor();
    expect(await ar.page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    expect(await ar.page.locator('h1').innerText()).toBe('اطلب أغنية');
    const form = (await ar.page.locator('#w form').boundingBox())!;
    const send = (await ar.page.getByRole('button', { name: 'إرسال الطلب' }).boundingBox())!;
    expect(form.x + form.width - (send.x + send.width)).toBeLessThan(20);
    expect(send.x - form.x).toBeGreaterThan(150);
    const label = (await ar.page.locator('label[for="requester"]').boundingBox())!;
    const labelText = await ar.page.locator('label[for="requester"]').evaluate((el) => {
      const r = document.createRange();
      r.selectNodeContents(el);
      return r.getBoundingClientRect().right;
    });
    expect(label.x + label.width - labelText).toBeLessThan(2);
    await ar.context.close();
  });
});
