import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';
import { TEST_FULL } from '../support/full';
import { createUser } from '../support/auth';
import { openAsStaff, signInThroughApi } from '../support/staff';

/*
 * Issue 35 for the staff panel's Dashboard, On Air (its heading and the scheduled-vs-on-air report), Show
 * Management (timeline, view, edit, resolve and delete dialogs), Settings (the tabs, General Settings, Discord
 * Integration) and the first-run setup, signed in as the owner: in Arabic the screens speak Arabic and show no
 * English word but names and station data; in the pseudo-locale (en-XA) every text is accented, so an ASCII word
 * left on the screen is either data or a text that never reached the catalogue. And the booking calendar's week
 * starts on the reader's first day: Monday for de, Sunday for en-US, Saturday for ar.
 */

let h: BrowserHarness;
/** Every word of the station's data (shows, presenters, accounts, requests, songs, settings): names may stay. */
let dataWords: Set<string>;

beforeAll(async () => {
  if (skipBrowser()) return;
  h = await startBrowserHarness();
  const knex = h.server.server.ctx.knex;
  dataWords = new Set();
  for (const table of ['schedule_events', 'presenters', 'profiles', 'song_requests', 'shoutout_requests', 'general_requests', 'tracks', 'station_settings', 'play_history', 'live_sessions']) {
    for (const row of (await knex(table).select('*')) as Record<string, unknown>[]) {
      for (const v of Object.values(row)) {
        const text = typeof v === 'string' ? v : v && typeof v === 'object' ? JSON.stringify(v) : '';
        for (const w of text.match(/[A-Za-z]+/g) ?? []) dataWords.add(w.toLowerCase());
      }
    }
  }
});
afterAll(async () => h?.close());

/** Words that are not language: brands, formats, the server's variable names, and Intl's English dates and language names in en-XA (en-GB). */
const NOT_LANGUAGE = new Set(
  [
    'Discord', 'Instagram', 'Facebook', 'Google', 'Play', 'AzuraCast', 'Icecast', 'GBP', 'JPEG', 'PNG', 'WebP', 'GIF', 'mp3', 'http', 'https', 'STATION', 'SOURCE', 'STREAM', 'URL', 'UK', 'US', 'PPL', 'PRS', 'DMCA', 'dBFS', 'LUFS',
    'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su',
    'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December',
    'Jan', 'Feb', 'Mar', 'Apr', 'Jun', 'Jul', 'Aug', 'Sep', 'Sept', 'Oct', 'Nov', 'Dec',
    'English', 'Spanish', 'French', 'German', 'Brazilian', 'Portuguese', 'Arabic',
    // The standard of language codes and a code given as an example (Cantonese) in the broadcast language's help.
    'ISO', 'yue',
  ].map((w) => w.toLowerCase()),
);

/** The ASCII words a part of the page shows (text and the names people hear) that are neither data nor brands. */
async function strayWords(page: Page, selector: string): Promise<string[]> {
  const texts = await page.locator(selector).evaluateAll((els) =>
    els.flatMap((el) => [
      (el as HTMLElement).innerText,
      ...Array.from(el.querySelectorAll('[aria-label]'), (x) => x.getAttribute('aria-label') ?? ''),
      ...Array.from(el.querySelectorAll('input[placeholder]:not([placeholder^="http"])'), (x) => x.getAttribute('placeholder') ?? ''),
    ]),
  );
  const words = texts
    .join('\n')
    // Addresses, paths, e-mail addresses and ids (any token with a digit) are not words.
    .replace(/https?:\/\/\S+|[\w.-]*\/[\w./-]*|\S+@\S+|[\w-]*\d[\w-]*/g, ' ')
    .match(/[A-Za-z]{2,}/g) ?? [];
  return [...new Set(words.filter((w) => !dataWords.has(w.toLowerCase()) && !NOT_LANGUAGE.has(w.toLowerCase())))];
}

async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('main .MuiSkeleton-root, main .MuiCircularProgress-root, [role="status"] .MuiCircularProgress-root'), undefined, { timeout: 30_000 });
}

describe.skipIf(skipBrowser())('staff screens in Arabic and the pseudo-locale (issue 35, g3)', () => {
  it('the Dashboard, On Air, Show Management and its dialogs, Settings and the first-run setup speak Arabic, mirrored', async () => {
    const { page, context, errors } = await openAsStaff(h, 'owner');

    await page.goto(`${h.url}/admin?lang=ar`);
    await page.getByRole('heading', { level: 1, name: 'لوحة التحكم' }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    await page.getByRole('heading', { name: 'البرامج القادمة' }).waitFor();
    await page.getByRole('heading', { name: 'أحدث الطلبات المعلّقة' }).waitFor();
    await page.getByRole('region', { name: 'الساعات المتبقية هذا الأسبوع' }).waitFor();
    // The seeded requests: a pending song request, a shoutout to Mum and a feedback message.
    await page.getByText('إلى Mum').waitFor();
    await page.getByText('ملاحظات', { exact: true }).waitFor();
    // The Listening now tile is the audience screen's (web/src/audience/ListeningNow.tsx), not this screen's own.
    expect.soft(await strayWords(page, 'main h1, main h1 + p, main section:not(:has([data-testid="dashboard-listeners"]))')).toEqual([]);

    await page.goto(`${h.url}/admin/on-air?lang=ar`);
    await page.getByRole('heading', { level: 1, name: 'على الهواء' }).waitFor();
    const report = page.locator('section[aria-labelledby="on-air-report-heading"]');
    await report.getByRole('heading', { name: 'المجدول مقابل ما بُث' }).waitFor();
    await report.getByRole('button', { name: 'الأسبوع السابق' }).waitFor();
    await page.waitForFunction(() => !document.querySelector('section[aria-labelledby="on-air-report-heading"] [role="status"]'), undefined, { timeout: 30_000 });
    expect.soft(await strayWords(page, 'main h1, section[aria-labelledby="on-air-report-heading"]')).toEqual([]);

    await page.goto(`${h.url}/admin/shows?lang=ar`);
    await page.getByRole('heading', { level: 1, name: 'إدارة البرامج' }).waitFor();
    await page.getByRole('link', { name: 'حجز برنامج جديد' }).waitFor();
    // Mirrored: the heading starts the row on the right, the Book button ends it on the left.
    const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
    const book = (await page.getByRole('link', { name: 'حجز برنامج جديد' }).boundingBox())!;
    expect(book.x + book.width).toBeLessThan(heading.x);
    expect(await page.getByRole('tab').allTextContents()).toEqual(['المخطط الزمني', 'السلاسل']);
    await page.locator('main article').first().waitFor({ timeout: 30_000 });
    expect.soft(await strayWords(page, 'main')).toEqual([]);
    await page.locator('main article').first().getByRole('button', { name: 'عرض' }).click();
    const view = page.getByRole('dialog');
    await view.getByText('التاريخ', { exact: true }).waitFor();
    expect.soft(await strayWords(page, '[role="dialog"]')).toEqual([]);
    await view.getByRole('button', { name: 'إغلاق' }).click();
    await view.waitFor({ state: 'detached' });
    await page.locator('main article').first().getByRole('button', { name: 'تعديل' }).click();
    const edit = page.getByRole('dialog');
    await edit.getByRole('button', { name: 'حفظ التغييرات' }).waitFor();
    expect(await edit.getByLabel('اسم المقدّم').count()).toBe(1);
    expect.soft(await strayWords(page, '[role="dialog"]')).toEqual([]);
    await edit.getByRole('button', { name: 'إلغاء' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.locator('main article').first().getByRole('button', { name: 'حذف' }).click();
    const del = page.getByRole('dialog', { name: 'حذف البرنامج' });
    await del.getByText('هل تريد بالتأكيد حذف هذا البرنامج؟ لا يمكن التراجع عن هذا الإجراء.').waitFor();
    await del.getByRole('button', { name: 'إلغاء' }).click();
    await del.waitFor({ state: 'detached' });
    // The series view: the demo's shows are single bookings, grouped as such.
    await page.getByRole('tab', { name: 'السلاسل' }).click();
    await page.getByRole('heading', { name: 'حجوزات منفردة' }).first().waitFor();
    expect.soft(await strayWords(page, 'main')).toEqual([]);

    await page.goto(`${h.url}/admin/settings?lang=ar`);
    await page.getByRole('heading', { level: 1, name: 'الإعدادات' }).waitFor();
    await page.getByRole('tab', { name: 'المحتوى المموَّل' }).waitFor();
    const tabs = await page.getByRole('tab').allTextContents();
    expect(tabs.slice(0, 6)).toEqual(['المحتوى المموَّل', 'خيارات شريط العرض', 'التكامل مع Discord', 'الإعدادات العامة', 'خطافات الويب', 'الأدوات']);
    await page.getByRole('tab', { name: 'الإعدادات العامة' }).click();
    await page.getByRole('button', { name: 'حفظ الإعدادات' }).first().waitFor();
    await page.getByLabel('اسم المحطة').waitFor();
    expect.soft(await strayWords(page, '#settings-panel-general form')).toEqual([]);
    await page.getByRole('tab', { name: 'التكامل مع Discord' }).click();
    await page.getByLabel('رمز البوت').waitFor();
    expect.soft(await strayWords(page, '#settings-panel-discord')).toEqual([]);

    await page.goto(`${h.url}/admin/setup?lang=ar`);
    await page.getByRole('heading', { level: 1, name: 'إعداد محطتك' }).waitFor();
    await page.getByRole('button', { name: 'حفظ وفتح المحطة' }).waitFor();
    expect.soft(await strayWords(page, 'main form')).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  // The Arabic test above finds the same untranslated texts on these screens; the accessibility matrix's sample draws
  // screens in the pseudo-locale for clipped text. This second look, in the pseudo-locale, runs with TEST_FULL=1.
  it.skipIf(!TEST_FULL)('in the pseudo-locale every text of these screens is accented: no plain English word outside names and data', async () => {
    const { page, context } = await openAsStaff(h, 'owner');
    const screens: [path: string, ready: string, parts: string][] = [
      ['/admin', 'main section[aria-labelledby="upcoming-title"] li, main section[aria-labelledby="upcoming-title"] p', 'main h1, main h1 + p, main section:not(:has([data-testid="dashboard-listeners"]))'],
      ['/admin/on-air', 'section[aria-labelledby="on-air-report-heading"] h2', 'main h1, section[aria-labelledby="on-air-report-heading"]'],
      ['/admin/shows', 'main article', 'main'],
      ['/admin/setup', 'main form button[type="submit"]', 'main form'],
    ];
    for (const [path, ready, parts] of screens) {
      await page.goto(`${h.url}${path}?lang=en-XA`);
      await page.locator(ready).first().waitFor({ timeout: 30_000 });
      await settled(page);
      expect(await page.locator('main h1').first().innerText(), path).toMatch(/[áƀçðéƒĝĥíĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ]/);
      expect.soft(await strayWords(page, parts), path).toEqual([]);
    }
    // Show Management's dialogs and series view.
    await page.goto(`${h.url}/admin/shows?lang=en-XA`);
    await page.locator('main article').first().waitFor({ timeout: 30_000 });
    // View, then Edit, found by their accented words.
    for (const name of [/Ṽíéŵ/, /Éðíţ/]) {
      await page.locator('main article').first().getByRole('button', { name }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect.soft(await strayWords(page, '[role="dialog"]')).toEqual([]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    await page.getByRole('tab').nth(1).click();
    await page.locator('main .MuiAccordion-root').first().waitFor();
    expect.soft(await strayWords(page, 'main')).toEqual([]);
    // Settings: the tabs, General Settings and Discord Integration.
    await page.goto(`${h.url}/admin/settings?lang=en-XA`);
    await page.getByRole('tab').first().waitFor();
    await settled(page);
    expect.soft(await strayWords(page, 'main h1, [role="tablist"]')).toEqual([]);
    await page.locator('#settings-tab-general').click();
    await page.locator('#settings-panel-general form button[type="submit"]').first().waitFor();
    expect.soft(await strayWords(page, '#settings-panel-general form')).toEqual([]);
    await page.locator('#settings-tab-discord').click();
    await page.locator('#settings-panel-discord button[type="submit"]').waitFor();
    expect.soft(await strayWords(page, '#settings-panel-discord')).toEqual([]);
    await context.close();
  }, 240_000);

  it('the booking calendar starts its week on Monday for de, Sunday for en-US and Saturday for ar', async () => {
    const cases = [
      { lang: 'de', locale: 'de-DE', firstDay: 1, head: 'Mo' },
      { lang: 'en', locale: 'en-US', firstDay: 0, head: 'Su' },
      { lang: 'ar', locale: 'ar-EG', firstDay: 6, head: 'السبت' },
    ];
    const owner = await createUser(h.server, { role: 'owner' });
    for (const c of cases) {
      // Signs in in English (the sign-in helper's words), whatever the browser's language; ?lang= then switches.
      const { page, context } = await h.newPage({ locale: c.locale, storage: { 'airdeck.lang': 'en' } });
      await signInThroughApi(page, h.url, owner.email, owner.password);
      await page.goto(`${h.url}/admin/shows/new?lang=${c.lang}`);
      const heads = page.getByTestId('calendar-weekdays').first().locator('> *');
      await heads.first().waitFor({ timeout: 30_000 });
      expect((await heads.first().innerText()).replace(/\.$/, ''), c.lang).toBe(c.head);
      // The month's first day sits in the column of its weekday counted from the week's first day.
      const grid = page.getByTestId('calendar-weekdays').first().locator('xpath=following-sibling::*[1]');
      const cells = await grid.locator('> *').evaluateAll((els) => els.map((e) => e.getAttribute('data-date')));
      const firstIndex = cells.findIndex((d) => d !== null);
      const first = cells[firstIndex]!;
      expect(first.endsWith('-01')).toBe(true);
      const weekday = new Date(`${first}T12:00:00Z`).getUTCDay(); // 0 = Sunday … 6 = Saturday
      expect(firstIndex, c.lang).toBe((weekday - c.firstDay + 7) % 7);
      await context.close();
    }
  }, 240_000);
});
