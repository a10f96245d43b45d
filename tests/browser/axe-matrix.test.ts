import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs } from '../../server/src/jobs';
import { DEMO_PASSWORD } from '../../server/src/db/seed/demo';
import { THEME_STORAGE_KEY } from '../../shared/themes';
import { startAzuraCastStandIn, type AzuraCastFixture, type AzuraCastStandIn } from '../support/azuracast-standin';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';
import { request } from '../support/server';
import { TEST_FULL } from '../support/full';
import { clippedPseudoText, contentStrings, englishLeft, rawKeys, textOutsideCode } from '../support/i18n-check';

/**
 * axe-core (WCAG 2.1 A and AA) and the language checks (issue 35) on every listener page and every staff screen, with a presenter live, with
 * nobody live (Auto DJ) and with the station off air, in the default neon theme and the light
 * tropical-fusion theme, at 390, 768 and 1280 px: no violations anywhere (issue 19: white on #f44336 LIVE
 * badges failed whenever a show was live, while the old axe test only ran when nobody was).
 *
 * The station is real: the server polls a local AzuraCast stand-in serving AzuraCast's own documents
 * (../shared/fixtures/azuracast), and the schedule has a show on air exactly when a presenter is live.
 *
 * Each page is drawn in a language (`?lang=`): in every one, `<html lang dir>` as asked and no catalogue key shown
 * raw; in Arabic no English left outside station content, names and brands (tests/support/i18n-check.ts), and the
 * page mirrored (the station's name, or the staff sidebar or its menu button, on the right); in the pseudo-locale
 * (en-XA: every text accented and 40 % longer) no text clipped or out of the window.
 *
 * The whole matrix is 46 screens × 3 states × 2 themes × 3 widths, the language turning with them, plus every
 * screen × language × width with nobody live (about 1,800 pages, well over an hour on two shared cores):
 * `TEST_FULL=1` (or `AXE_FULL=1`) runs it. By default a fixed sample of 49 runs: every screen once, the state,
 * theme and width turning with it so that every (state, theme, width) meets listener pages and staff
 * screens, and the home page in all three states; every screen in Arabic or the pseudo-locale, each other
 * language on one page.
 */
const AXE = fs.readFileSync('node_modules/axe-core/axe.min.js', 'utf8');
const FULL = process.env.AXE_FULL === '1' || TEST_FULL;

type State = 'live' | 'nobody live' | 'off air';
const STATES: State[] = ['live', 'nobody live', 'off air'];
const FIXTURE: Record<State, AzuraCastFixture> = { live: 'live', 'nobody live': 'autodj', 'off air': 'offline' };
const SERVER_STATE: Record<State, string> = { live: 'live', 'nobody live': 'on_air', 'off air': 'off_air' };
const THEMES = ['neon', 'tropical-fusion'] as const;
const WIDTHS = [390, 768, 1280] as const;

let standin: AzuraCastStandIn;
let h: BrowserHarness;
let presenterId = '';
let pageSlug = '';
let showId = '';
/** The demo's show on air now, and where it was, so states can take it off and put it back. */
let liveShow: { id: string; event_date: string } | null = null;
/** Station content (the database's texts and the stand-in's documents): not the catalogue's to translate. */
let content: string[] = [];

beforeAll(async () => {
  if (skipBrowser()) return;
  standin = await startAzuraCastStandIn('live');
  h = await startBrowserHarness({
    env: { STATION_SOURCE: 'azuracast', STATION_URL: standin.url, STATION_ID: 'riverside_community_radio', POLL_INTERVAL_MS: '1000', STATION_TIMEOUT_MS: '800', REQUEST_LIMIT_IP: '100000', SEARCH_LIMIT_PER_MINUTE: '100000' },
    jobs: startJobs,
  });
  const knex = h.server.server.ctx.knex;
  presenterId = (await knex('presenters').orderBy('name').first<{ id: string }>('id')).id;
  showId = (await knex('schedule_events').where({ type: 'show' }).orderBy('event_date', 'desc').first<{ id: string }>('id')).id;
  liveShow = (await knex('schedule_events').where({ title: 'Open Decks Live' }).first<{ id: string; event_date: string } | undefined>('id', 'event_date')) ?? null;
  const published = await knex('custom_pages').where({ is_published: true }).first<{ slug: string } | undefined>('slug');
  if (published) pageSlug = published.slug;
  else {
    await knex('custom_pages').insert({ title: 'About the Station', slug: 'about-the-station', content: '<h2>Who we are</h2><p>Volunteers since 1999. <a href="https://example.org">Read more</a>.</p><ul><li>Local music</li><li>Live shows</li></ul>', meta_description: 'About us.' });
    pageSlug = 'about-the-station';
  }
  const fixtures = '../shared/fixtures/azuracast';
  // The station's name and what the public APIs answer (the station, now playing) are content too.
  const publicAnswers = await Promise.all(['/api/station', '/api/now-playing'].map(async (p) => (await request(h.url, p)).body as unknown));
  content = await contentStrings(knex, fs.readdirSync(fixtures).filter((f) => f.endsWith('.json')).map((f) => `${fixtures}/${f}`), publicAnswers);
}, 120_000);
afterAll(async () => {
  await h?.close();
  await standin?.close();
});

/** Every listener page of spec 000 and every staff screen of spec 001 (the staff ones as the owner, who may see them all). */
const SCREENS = (): { path: string; staff: boolean }[] => [
  ...[
    '/',
    '/shows',
    '/djs',
    `/djs/${presenterId}`,
    '/request',
    '/song-request',
    '/shoutout-request',
    '/general-request',
    '/become-a-dj',
    '/mobile-app',
    '/donate',
    '/terms-of-service',
    '/privacy-policy',
    `/page/${pageSlug}`,
    '/404',
    '/api-docs',
    '/auth',
    '/listen-again',
    '/your-data',
    '/auth/forgot',
  ].map((path) => ({ path, staff: false })),
  ...[
    '/profile',
    '/admin',
    '/admin/on-air',
    '/admin/shows',
    '/admin/shows/new',
    `/admin/shows/${showId}/edit`,
    '/admin/djs',
    '/admin/schedule',
    '/admin/song-requests',
    '/admin/shoutout-requests',
    '/admin/general-requests',
    '/admin/loa-requests',
    '/admin/request-loa',
    '/admin/applications',
    '/admin/notifications',
    '/admin/users',
    '/admin/pages',
    '/admin/logs',
    '/admin/settings',
    '/admin/uptime',
    '/admin/rota',
    '/admin/audience',
    '/admin/tracklists',
    '/admin/listen-again',
    '/admin/reports',
    '/admin/data-requests',
  ].map((path) => ({ path, staff: true })),
];
const SCREEN_COUNT = 46;
const LOCALES = ['en', 'es', 'fr', 'de', 'pt-BR', 'ar', 'en-XA'] as const;
type Locale = (typeof LOCALES)[number];

interface Check {
  screen: number;
  state: State;
  theme: (typeof THEMES)[number];
  width: (typeof WIDTHS)[number];
  locale: Locale;
}

/**
 * The sample's language for a screen: the home page in the pseudo-locale, Arabic and English (one per state), the
 * next four pages in Spanish, French, German and Portuguese, then Arabic and the pseudo-locale in turn, so every
 * other screen meets the two strictest checks.
 */
function sampleLocale(screen: number, state: number): Locale {
  if (screen === 0) return (['en-XA', 'ar', 'en'] as const)[state]!;
  if (screen <= 4) return (['es', 'fr', 'de', 'pt-BR'] as const)[screen - 1]!;
  return screen % 2 ? 'ar' : 'en-XA';
}

/** The checks to run: all of them with TEST_FULL=1 or AXE_FULL=1, else the fixed sample described above. */
function plan(): Check[] {
  const out: Check[] = [];
  for (let screen = 0; screen < SCREEN_COUNT; screen++) {
    for (let s = 0; s < STATES.length; s++) {
      for (let t = 0; t < THEMES.length; t++) {
        for (let w = 0; w < WIDTHS.length; w++) {
          // Screen i in state i mod 3, theme ⌊i/3⌋ mod 2, width ⌊i/6⌋ mod 3: any 18 screens in a row meet all
          // 18 (state, theme, width) triples; the home page, where the station's state shows most, in every state.
          const sampled = (screen % 3 === s && Math.floor(screen / 3) % 2 === t && Math.floor(screen / 6) % 3 === w) || (screen === 0 && t === s % 2 && w === (s + 1) % 3);
          if (FULL || sampled) out.push({ screen, state: STATES[s]!, theme: THEMES[t]!, width: WIDTHS[w]!, locale: FULL ? LOCALES[(screen + s + t + w) % LOCALES.length]! : sampleLocale(screen, s) });
        }
      }
    }
    // The full run: every screen in every language at every width too (nobody live, the default theme).
    if (FULL) for (const locale of LOCALES) for (const width of WIDTHS) out.push({ screen, state: 'nobody live', theme: 'neon', width, locale });
  }
  return out;
}

/** Puts the station into a state through the real path: the stand-in's document, the poller, the now-playing API. */
async function enterState(state: State): Promise<void> {
  const knex = h.server.server.ctx.knex;
  // The schedule agrees with the station: a show on air exactly when a presenter is live.
  if (liveShow) await knex('schedule_events').where({ id: liveShow.id }).update({ event_date: state === 'live' ? liveShow.event_date : '2099-01-01' });
  standin.serve(FIXTURE[state]);
  await expect.poll(async () => (await request(h.url, '/api/now-playing')).body?.station?.state, { timeout: 15_000, interval: 200 }).toBe(SERVER_STATE[state]);
}

/** Waits until the page has its content: a heading, no loading indicators, finite transitions finished. */
async function settled(page: Page): Promise<void> {
  await page.locator('h1:visible, main h2:visible, [role="dialog"] h2:visible').first().waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => !document.querySelector('main .MuiSkeleton-root, main [aria-busy="true"], main .MuiCircularProgress-root'), undefined, { timeout: 30_000 });
  // A pulsing LIVE badge or a turning record never finishes.
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))));
}

/**
 * axe's WCAG 2 A/AA rules. In the pseudo-locale, whose texts are padded and bracketed, a control's visible words are
 * never a part of its longer spoken name (label-content-name-mismatch): that rule runs in the real languages only.
 */
async function axeViolations(page: Page, pseudo = false): Promise<string[]> {
  await page.evaluate(AXE);
  return page.evaluate(async (pseudo) => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: unknown): Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'], ...(pseudo ? { rules: { 'label-content-name-mismatch': { enabled: false } } } : {}) });
    return result.violations.map((v) => `${v.id} (${v.help}): ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join(', ')}`);
  }, pseudo);
}

/** What is wrong with the page's language: lang and dir, raw keys, English left in Arabic, mirroring, clipped pseudo-locale texts. */
async function languageFaults(page: Page, locale: Locale, staff: boolean): Promise<string[]> {
  const faults: string[] = [];
  const rtl = locale === 'ar';
  const [lang, dir] = await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);
  const text = await textOutsideCode(page);
  if (lang !== locale || dir !== (rtl ? 'rtl' : 'ltr')) faults.push(`html lang="${lang}" dir="${dir}", not ${locale}`);
  const raw = rawKeys(text);
  if (raw.length) faults.push(`catalogue keys shown raw: ${raw.join(', ')}`);
  if (locale === 'en-XA') for (const f of await clippedPseudoText(page)) faults.push(`pseudo-locale: ${f}`);
  if (rtl) {
    for (const e of await englishLeft(page, content)) faults.push(`English on an Arabic page: ${e}`);
    // Mirrored: what sits at the start of the reading line in English (the station's name, the staff sidebar or its
    // menu button) is on the right.
    const start = await page.evaluate((staff) => {
      const el = staff
        ? ([...document.querySelectorAll('nav')].find((n) => n.querySelector('a[href="/admin/on-air"]') && n.getBoundingClientRect().width > 0) ?? document.querySelector('header button[aria-expanded]'))
        : document.querySelector('header a[href="/"]');
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { centre: r.left + r.width / 2, width: innerWidth };
    }, staff);
    if (!start) faults.push('mirroring: found nothing to measure (the station’s name or the staff navigation)');
    else if (start.centre <= start.width / 2) faults.push(`not mirrored: the start of the line is at ${Math.round(start.centre)} px of ${start.width}`);
  }
  return faults;
}

describe.skipIf(skipBrowser())(`axe-core and the language checks on every listener page and staff screen (${FULL ? 'full matrix' : 'sample; TEST_FULL=1 for all'})`, () => {
  const contexts = new Map<string, { context: BrowserContext; page: Page; signedIn: boolean }>();
  afterAll(async () => {
    for (const c of contexts.values()) await c.context.close().catch(() => undefined);
  });

  /** One browser per theme and width, kept across states; signed in as the owner the first time a staff screen needs it. */
  async function pageFor(theme: string, width: number, staff: boolean): Promise<Page> {
    const key = `${theme}@${width}`;
    let entry = contexts.get(key);
    if (!entry) {
      const opened = await h.newPage({ width, height: width > 800 ? 900 : width > 500 ? 1024 : 844, storage: { [THEME_STORAGE_KEY]: theme } });
      entry = { context: opened.context, page: opened.page, signedIn: false };
      contexts.set(key, entry);
    }
    if (staff && !entry.signedIn) {
      // In English whatever language the context last used (the form's labels are found by their English names).
      const page = entry.page;
      await page.goto(`${h.url}/auth?lang=en`);
      await page.getByLabel('Email').fill('owner@airdeck.demo');
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL((u) => u.pathname === '/', { timeout: 20_000 });
      entry.signedIn = true;
    }
    return entry.page;
  }

  it('covers every screen in every state, and every theme, width and language', () => {
    expect(SCREENS()).toHaveLength(SCREEN_COUNT);
    const checks = plan();
    for (let screen = 0; screen < SCREEN_COUNT; screen++) expect(checks.some((c) => c.screen === screen), `screen ${screen}`).toBe(true);
    for (const state of STATES) {
      expect(checks.some((c) => c.screen === 0 && c.state === state), `home ${state}`).toBe(true);
      for (const staff of [false, true]) expect(checks.some((c) => c.state === state && SCREENS()[c.screen]!.staff === staff), `${state} staff=${staff}`).toBe(true);
    }
    for (const theme of THEMES) for (const width of WIDTHS) for (const state of STATES) expect(checks.some((c) => c.theme === theme && c.width === width && c.state === state), `${theme} ${width} ${state}`).toBe(true);
    for (const locale of LOCALES) expect(checks.some((c) => c.locale === locale), locale).toBe(true);
    for (let screen = 1; screen < SCREEN_COUNT; screen++) expect(checks.some((c) => c.screen === screen && ['ar', 'en-XA'].includes(c.locale)) || screen <= 4, `screen ${screen} in ar or en-XA`).toBe(true);
    if (FULL) expect(checks).toHaveLength(SCREEN_COUNT * 3 * 2 * 3 + SCREEN_COUNT * LOCALES.length * 3);
    else expect(checks).toHaveLength(SCREEN_COUNT + 3);
    console.log(`axe matrix: ${checks.length} page checks (${FULL ? 'full' : 'sample'})`);
  });

  for (const state of STATES) {
    it(`${state}: no violations`, async () => {
      await enterState(state);
      const checks = plan().filter((c) => c.state === state);
      // Screens of one theme and width together: a signed-out visit to the listener pages first, then the staff ones.
      checks.sort((a, b) => `${a.theme}${a.width}`.localeCompare(`${b.theme}${b.width}`) || Number(SCREENS()[a.screen]!.staff) - Number(SCREENS()[b.screen]!.staff) || a.screen - b.screen);
      const found: Record<string, string[]> = {};
      for (const c of checks) {
        const screen = SCREENS()[c.screen]!;
        const page = await pageFor(c.theme, c.width, screen.staff);
        const where = `${screen.path}?lang=${c.locale} ${c.theme} ${c.width}px`;
        try {
          await page.goto(`${h.url}${screen.path}?lang=${encodeURIComponent(c.locale)}`, { timeout: 45_000 });
          await settled(page);
        } catch (err) {
          found[where] = [`did not settle: ${(err as Error).message.split('\n')[0]}`];
          continue;
        }
        const v = [...(await axeViolations(page, c.locale === 'en-XA')), ...(await languageFaults(page, c.locale, screen.staff))];
        if (v.length) {
          found[where] = v;
          // Said at once: the full matrix runs for half an hour.
          console.log(`axe matrix, ${state}: ${where}: ${v.join('; ')}`);
        }
      }
      console.log(`axe matrix, ${state}: ${checks.length} pages, ${Object.keys(found).length} with violations`);
      expect(found).toEqual({});
    }, FULL ? 3_600_000 : 900_000);
  }
});
