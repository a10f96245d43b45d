import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MiniNowPlaying } from '../../shared/bridge';
import { THEME_KEYS } from '../../shared/themes';
import { createUser, type TestUser } from '../support/auth';
import { skipBrowser, startBrowserHarness, type BrowserHarness } from '../support/browser';
import { TEST_FULL } from '../support/full';
import { createPresenter } from '../support/schedule';
import { signInThroughUi } from '../support/staff';
import { calls, ensureStudioBuild, installBridge, STUDIO_DIST } from '../support/studio';

/*
 * The request queues and the studio's windows in Arabic and in the pseudo-locale (issue 35): the song, shoutout and
 * general queues, the leave queue and Request LOA, the On Air console's status strip, live queue and show summary,
 * the mini window and the station address screen. No English is left on the Arabic page except the names and
 * texts listeners and staff wrote (the data below); in the pseudo-locale every text is accented (an unaccented
 * word is one the catalogue does not hold). Arabic mirrors. The studio build (the desktop renderer) serves every
 * page: without its bridge it is the website, with the test bridge it is the studio, which tells the desktop app
 * its language (setLanguage). Expected texts are the catalogue's as its translators wrote them.
 */

let h: BrowserHarness;
let manager: TestUser;

/** What listeners and staff wrote: the only Latin-script words an Arabic or pseudo-locale queue may show. */
const DATA: string[] = ['Midnight City', 'M83', 'Robin Reed', 'Ana Lopes', 'Sam Ortiz', 'Happy birthday Sam', 'Gil Moreau', 'gil@example.org', 'Love the morning show', 'Leah Quinn', 'Wedding abroad', 'The Testers'];

beforeAll(async () => {
  if (skipBrowser()) return;
  ensureStudioBuild();
  // No demo data: every row on screen is one of DATA's.
  h = await startBrowserHarness({ seed: false, env: { WEB_DIST_DIR: STUDIO_DIST, REQUEST_LIMIT_IP: '1000', REQUEST_LIMIT_SESSION: '1000' } });
  manager = await createUser(h.server, { role: 'manager' });
  const post = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(`${h.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(201);
  };
  const session = () => `session_${Math.random().toString(16).slice(2, 14)}`;
  await post('/api/requests/song', { title: 'Midnight City', artist: 'M83', requester: 'Robin Reed', user_session: session() });
  await post('/api/requests/shoutout', { requester_name: 'Ana Lopes', recipient_name: 'Sam Ortiz', message: 'Happy birthday Sam', user_session: session() });
  await post('/api/requests/general', { name: 'Gil Moreau', email: 'gil@example.org', subject: 'feedback', message: 'Love the morning show', user_session: session() });
  const leah = await createPresenter(h.server, 'presenter', 'Leah Quinn');
  DATA.push(leah.email);
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  await post('/api/loa', { start_date: day(20), end_date: day(23), reason: 'family', additional_notes: 'Wedding abroad' }, leah.token);
}, 240_000);
afterAll(async () => h?.close());

/** The visible text of a part of the page, without the data and the reader's time zone (a name, not language). */
async function ownText(page: Page, scope: Locator): Promise<string> {
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  let text = await scope.innerText();
  // The product's name is a name in every language.
  for (const d of [...DATA, zone, 'Airdeck Studio', 'Airdeck']) text = text.split(d).join(' ');
  return text;
}

/** Words in plain Latin letters: English the catalogue does not hold (the pseudo-locale accents every letter it writes). */
const latinWords = (text: string) => text.match(/[A-Za-z]{2,}/g) ?? [];
/** The pseudo-locale's dates are Intl's British English (en-GB), not catalogue texts: their month names are not accented. */
const MONTHS = /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\b/g;

/** Arabic: at least some Arabic script, and no English word; the pseudo-locale: accented, and no plain word. */
function expectTranslated(text: string, locale: 'ar' | 'en-XA', where: string): void {
  expect(latinWords(locale === 'en-XA' ? text.replace(MONTHS, ' ') : text), `${where} (${locale})`).toEqual([]);
  if (locale === 'ar') expect(text, where).toMatch(/[\u0600-\u06FF]{3}/);
  else expect(text, where).toMatch(/[áƀçðéƒĝĥíĵķļɱñöþǫŕšţûṽŵẋýž]{2}/);
}

async function signedIn(): Promise<{ page: Page; close: () => Promise<void>; errors: string[] }> {
  const { page, context, errors } = await h.newPage({ width: 1280, height: 900 });
  await signInThroughUi(page, h.url, manager.email, manager.password);
  return { page, close: () => context.close(), errors };
}

const LOCALES = ['ar', 'en-XA'] as const;
/**
 * Each screen group in both languages with TEST_FULL=1; in the sample one language each, alternating (the queues and
 * /api-docs in Arabic, the On Air console and the mini window in the pseudo-locale). The accessibility matrix draws
 * every screen in a language too.
 */
const itIn = (group: number, locale: (typeof LOCALES)[number]) => (TEST_FULL || LOCALES.indexOf(locale) === group % 2 ? it : it.skip);

describe.skipIf(skipBrowser())('the request queues and the studio in Arabic and the pseudo-locale', () => {
  for (const locale of LOCALES) {
    itIn(0, locale)(`shows the song, shoutout, general and leave queues and Request LOA in ${locale}`, async () => {
      const { page, close, errors } = await signedIn();
      const screens: [path: string, rowText: string][] = [
        ['/admin/song-requests', 'Midnight City'],
        ['/admin/shoutout-requests', 'Happy birthday Sam'],
        ['/admin/general-requests', 'Love the morning show'],
        ['/admin/loa-requests', 'Wedding abroad'],
      ];
      for (const [path, rowText] of screens) {
        await page.goto(`${h.url}${path}?lang=${locale}`);
        await page.getByTestId('queue-row').filter({ hasText: rowText }).waitFor({ timeout: 30_000 });
        expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([locale, locale === 'ar' ? 'rtl' : 'ltr']);
        expectTranslated(await ownText(page, page.locator('main')), locale, path);
        // The status menu's choices too.
        await page.getByTestId('queue-row').first().getByRole('combobox').click();
        const options = await page.getByRole('option').allInnerTexts();
        expect(options.length).toBeGreaterThanOrEqual(4);
        expectTranslated(options.join(' '), locale, `${path} statuses`);
        await page.keyboard.press('Escape');
      }
      if (locale === 'ar') {
        // The leave queue as an Arabic reader reads it: headings, the reason and the day count in Arabic.
        const main = page.locator('main');
        expect(await main.getByRole('heading', { level: 1 }).innerText()).toBe('طلبات الإجازة');
        const row = await page.getByTestId('queue-row').first().innerText();
        expect(row).toContain('عائلي');
        expect(row).toContain('4 أيام');
        // As a table or as cards (whichever fits), the columns' names in Arabic.
        const text = await main.innerText();
        for (const header of ['المقدّم', 'التواريخ', 'السبب', 'ملاحظات']) expect(text).toContain(header);
      }

      await page.goto(`${h.url}/admin/request-loa?lang=${locale}`);
      await page.locator('#loa-guidelines-title').waitFor();
      await page.getByRole('combobox').first().click();
      await page.getByRole('option', { name: /Leah Quinn/ }).waitFor();
      const presenterOptions = await page.getByRole('option').allInnerTexts();
      await page.keyboard.press('Escape');
      expectTranslated(await ownText(page, page.locator('main')), locale, 'Request LOA');
      expectTranslated(presenterOptions.join(' ').split('Leah Quinn').join(' '), locale, 'Request LOA presenters');
      if (locale === 'ar') {
        expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('طلب إجازة');
        expect(presenterOptions).toContain('Leah Quinn · مقدّم');
        // Mirrored: the form (first in reading order) is at the right, the guidelines at the left.
        const form = (await page.locator('form[aria-labelledby="loa-form-title"]').boundingBox())!;
        const aside = (await page.locator('aside[aria-labelledby="loa-guidelines-title"]').boundingBox())!;
        expect(form.x).toBeGreaterThan(aside.x);
      }
      expect(errors).toEqual([]);
      await close();
    }, 240_000);

    itIn(1, locale)(`shows the On Air console's status strip, live queue and show summary in ${locale}`, async () => {
      const { page, close, errors } = await signedIn();
      await page.goto(`${h.url}/admin/on-air?lang=${locale}`);
      const status = page.getByTestId('on-air-status');
      const queue = page.locator('section[aria-labelledby="live-queue-title"]');
      const summary = page.getByTestId('show-summary');
      await queue.getByTestId('live-item').filter({ hasText: 'Midnight City' }).waitFor({ timeout: 30_000 });
      await summary.locator('p').first().waitFor();
      await page.waitForFunction(() => !document.querySelector('[data-testid="on-air-status"] .MuiSkeleton-root'));
      for (const [name, part] of [['status', status], ['live queue', queue], ['summary', summary]] as const) {
        expectTranslated(await ownText(page, part), locale, `On Air ${name}`);
      }
      if (locale === 'ar') {
        expect(await queue.locator('#live-queue-title').innerText()).toBe('قائمة البث المباشر');
        // One song request and one shoutout wait: "2 pending" in Arabic's dual.
        expect(await queue.locator('.MuiChip-root').first().innerText()).toBe('طلبان قيد الانتظار');
        expect(await queue.getByRole('button', { name: 'قبول Midnight City لـ M83' }).count()).toBe(1);
        expect(await summary.getByRole('heading').innerText()).toBe('ملخص برنامجك');
      }
      expect(errors).toEqual([]);
      await close();
    }, 240_000);

    itIn(2, locale)(`shows /api-docs' own texts in ${locale}: tabs, basics and the widgets' options (code, URLs and the OpenAPI document's own descriptions as they are)`, async () => {
      const { page, context, errors } = await h.newPage({ width: 1280, height: 900 });
      await page.goto(`${h.url}/api-docs?lang=${locale}`);
      const tabs = page.getByRole('tablist').first();
      await tabs.waitFor({ timeout: 30_000 });
      const tabNames = await tabs.getByRole('tab').allInnerTexts();
      expectTranslated(tabNames.join(' ').replace(/\bAPI\b/g, ' '), locale, 'api-docs tabs');
      // The Basics card's terms (the OpenAPI document's own texts are the server's, in English: not checked here).
      const terms = await page.locator('main dl dt').allInnerTexts();
      expect(terms.length).toBe(6);
      expectTranslated(terms.join(' ').replace(/\bURL\b/g, ' '), locale, 'api-docs basics');
      // Widgets: the intro, the table's headings and what each option does.
      await tabs.getByRole('tab').nth(4).click();
      const widgets = page.locator('[role="tabpanel"]:not([hidden])');
      await widgets.locator('dl').waitFor();
      const options = await widgets.locator('dd').allInnerTexts();
      expect(options).toHaveLength(9);
      // An option's values are the URL's own words (light, dark, compact, week…): what the option does is language.
      const themes = [...THEME_KEYS].sort((a, b) => b.length - a.length);
      const prose = options.map((o) => themes.reduce((text, key) => text.split(key).join(' '), o).replace(/\b(light|dark|compact|full|schedule|today|week|visitor|station|recent|player|neon|ff8800|[a-z]+(-[a-z]+)+)\b/g, ' ').replace(/[a-z-]+(, [a-z-]+){3,}/g, ' '));
      expectTranslated(prose.join(' '), locale, 'api-docs widget options');
      expectTranslated((await widgets.locator('p').first().innerText()).replace(/\biframe\b/g, ' ').replace(/\bpx\b/g, ' '), locale, 'api-docs widgets intro');
      if (locale === 'ar') {
        expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('توثيق واجهة البرمجة');
        expect(tabNames).toEqual(['نظرة عامة', 'واجهة جدول البث', 'طلبات الأغاني', 'أمثلة', 'الأدوات المضمّنة']);
      }
      expect(errors).toEqual([]);
      await context.close();
    }, 240_000);

    itIn(3, locale)(`draws the studio's mini window and station address screen in ${locale}, and tells the desktop app its language`, async () => {
      const { page, context, errors } = await h.newPage({ width: 360, height: 132 });
      const np: MiniNowPlaying = { title: 'Midnight City', artist: 'M83', artUrl: null, isLive: true, presenter: 'Robin Reed', startedAt: Date.now() - 65_000, durationSeconds: 243, nextShow: { title: 'The Testers', startsAt: Date.now() + 2 * 3_600_000 + 5 * 60_000 } };
      await installBridge(context, { serverUrl: h.url, goodServer: h.url, nowPlaying: np });
      await page.goto(`${h.url}/mini?lang=${locale}`);
      const mini = page.getByTestId('mini-window');
      await mini.getByRole('heading', { name: 'Midnight City' }).waitFor({ timeout: 30_000 });
      const visible = await ownText(page, mini);
      const labels = (await mini.locator('[aria-label]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''))).join(' ');
      expectTranslated(`${visible} ${labels.replace(/\d+:\d\d/g, ' ')}`.split('Midnight City').join(' ').split('M83').join(' '), locale, 'mini window');
      if (locale === 'ar') {
        expect(await page.getByTestId('mini-live').innerText()).toBe('مباشر');
        expect(await page.getByTestId('mini-next').innerText()).toMatch(/^التالي: The Testers بعد 2 س 0[45] د$/);
        // Mirrored: the close button at the left, the artwork at the right.
        const close = (await mini.getByRole('button', { name: 'إغلاق النافذة المصغّرة' }).boundingBox())!;
        expect(close.x).toBeLessThan(120);
      }
      await expect.poll(() => calls(page, 'setLanguage')).toContainEqual([locale]);
      expect(errors).toEqual([]);
      await context.close();

      // First run: the station address screen, and a refused address explained in the reader's language.
      const first = await h.newPage({ width: 1280, height: 800 });
      await installBridge(first.context, { serverUrl: null, goodServer: h.url });
      await first.page.goto(`${h.url}/admin/on-air?lang=${locale}`);
      const heading = first.page.getByRole('heading', { level: 1 });
      await heading.waitFor({ timeout: 30_000 });
      await first.page.getByRole('textbox').fill('https://nowhere.invalid');
      await first.page.locator('button[type="submit"]').click();
      const alert = first.page.getByRole('alert');
      await alert.waitFor();
      expectTranslated((await ownText(first.page, first.page.locator('main'))).split('https://radio.example.org').join(' ').split('https://').join(' ').split('http://').join(' '), locale, 'station address screen');
      if (locale === 'ar') {
        expect(await heading.innerText()).toBe('اتصل بمحطتك');
        expect(await alert.innerText()).toBe('تعذّر الوصول إلى هذا العنوان. تحقّق منه ومن اتصالك، ثم حاول مرة أخرى.');
        expect(await first.page.evaluate(() => document.title)).toBe('اتصل بمحطتك · Airdeck Studio');
      }
      await expect.poll(() => calls(first.page, 'setLanguage')).toContainEqual([locale]);
      expect(first.errors).toEqual([]);
      await first.context.close();
    }, 240_000);
  }
});
