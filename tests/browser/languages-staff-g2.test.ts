import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';
import { TEST_FULL } from '../support/full';
import { createUser, type TestUser } from '../support/auth';
import { signInThroughApi } from '../support/staff';

/*
 * Issue 35 for the sign-in page, the staff shell (sidebar, header, bell), User Management with its dialogs, My
 * Profile and the presenter application page. A staff member picks Arabic in the site's language menu (remembered
 * on the device), signs in on the Arabic sign-in page and finds these screens in Arabic with no English word but
 * names and station data; in the pseudo-locale (en-XA) every text is accented, so an ASCII word left on the screen is
 * either data or a text that never reached the catalogue.
 */

let h: BrowserHarness;
/** Every word of the station's data (accounts, DJs, notifications, settings): names may stay. */
let dataWords: Set<string>;
let owner: TestUser;
let presenter: TestUser;

beforeAll(async () => {
  if (skipBrowser()) return;
  h = await startBrowserHarness();
  owner = await createUser(h.server, { role: 'owner' });
  presenter = await createUser(h.server, { role: 'presenter' });
  const knex = h.server.server.ctx.knex;
  dataWords = new Set();
  for (const table of ['presenters', 'profiles', 'admin_notifications', 'station_settings']) {
    for (const row of (await knex(table).select('*')) as Record<string, unknown>[]) {
      for (const v of Object.values(row)) {
        const text = typeof v === 'string' ? v : v && typeof v === 'object' ? JSON.stringify(v) : '';
        for (const w of text.match(/[A-Za-z]+/g) ?? []) dataWords.add(w.toLowerCase());
      }
    }
  }
});
afterAll(async () => h?.close());

/**
 * Words that are not language: brands and formats; and, in the pseudo-locale (dates and figures as en-GB), Intl's
 * English month names and its relative times ('5 min ago').
 */
const NOT_LANGUAGE = new Set(
  [
    'Discord', 'Twitter', 'Instagram', 'Twitch', 'YouTube', 'Facebook', 'Kick', 'JPEG', 'PNG', 'WebP', 'GIF', 'MB', 'http', 'https', 'QR',
    'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Sept', 'Oct', 'Nov', 'Dec',
    'sec', 'min', 'hr', 'day', 'days', 'ago',
  ].map((w) => w.toLowerCase()),
);

/** The ASCII words a part of the page shows (text, and the names people hear) that are neither data nor brands. */
async function strayWords(page: Page, selector: string): Promise<string[]> {
  const texts = await page.locator(selector).evaluateAll((els) =>
    els.flatMap((el) => [
      (el as HTMLElement).innerText,
      el.getAttribute('aria-label') ?? '',
      ...Array.from(el.querySelectorAll('[aria-label]'), (x) => x.getAttribute('aria-label') ?? ''),
      ...Array.from(el.querySelectorAll('input[placeholder]:not([placeholder^="http"])'), (x) => x.getAttribute('placeholder') ?? ''),
    ]),
  );
  const words =
    texts
      .join('\n')
      // Addresses, paths, e-mail addresses and ids (any token with a digit) are not words.
      .replace(/https?:\/\/\S+|[\w.-]*\/[\w./-]*|\S+@\S+|[\w-]*\d[\w-]*/g, ' ')
      .match(/[A-Za-z]{2,}/g) ?? [];
  return [...new Set(words.filter((w) => !dataWords.has(w.toLowerCase()) && !NOT_LANGUAGE.has(w.toLowerCase())))];
}

async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('main .MuiSkeleton-root, main .MuiCircularProgress-root, [role="status"] .MuiCircularProgress-root'), undefined, { timeout: 30_000 });
}

const ACCENTED = /[áƀçðéƒĝĥíĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ]/;

describe.skipIf(skipBrowser())('sign-in, the staff shell, User Management, My Profile and the application page in Arabic and the pseudo-locale (issue 35, g2)', () => {
  it('a staff member picks Arabic in the language menu, signs in in Arabic and finds these screens in Arabic', async () => {
    const { page, context, errors } = await h.newPage();
    await page.goto(`${h.url}/`);
    await page.getByRole('button', { name: 'Change language (English)' }).first().click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await expect.poll(() => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);

    // The sign-in page, in the language remembered on the device.
    await page.goto(`${h.url}/auth`);
    await page.getByRole('heading', { level: 1, name: 'تسجيل الدخول' }).waitFor();
    await page.getByText('دخول المقدمين والفريق').waitFor();
    expect.soft(await strayWords(page, 'main')).toEqual([]);
    // An empty form is refused in Arabic, by the client's own check.
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await page.getByText('البريد الإلكتروني مطلوب').waitFor();
    await page.getByLabel('البريد الإلكتروني').fill(owner.email);
    await page.getByLabel('كلمة المرور').fill(owner.password);
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await page.locator('[data-toast]').getByText('تم تسجيل الدخول بنجاح!').waitFor();
    await page.waitForURL((u) => u.pathname === '/', { timeout: 20_000 });

    // The staff shell: the sidebar, the header and the bell.
    await page.goto(`${h.url}/admin/users`);
    const nav = page.getByRole('navigation', { name: 'الفريق' });
    await nav.getByRole('link', { name: 'لوحة التحكم' }).waitFor();
    const links = (await nav.getByRole('link').allTextContents()).map((s) => s.trim());
    expect(links.slice(0, 4)).toEqual(['لوحة التحكم', 'على الهواء', 'البرامج', 'المنسقون والفريق']);
    expect(links).toContain('إدارة المستخدمين');
    expect(links).toContain('طلب إجازة');
    await nav.getByRole('button', { name: 'الطلبات الواردة' }).waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'تسجيل الخروج' }).waitFor();
    expect.soft(await strayWords(page, 'aside, header')).toEqual([]);
    await page.getByRole('banner').getByRole('button', { name: /^الإشعارات/ }).click();
    const bell = page.getByRole('dialog', { name: 'الإشعارات' });
    await bell.getByRole('link', { name: 'عرض كل الإشعارات' }).waitFor();
    await page.waitForFunction(() => !document.querySelector('[role="dialog"] [role="status"]'), undefined, { timeout: 30_000 });
    expect.soft(await strayWords(page, '[role="dialog"]')).toEqual([]);
    await page.keyboard.press('Escape');
    await bell.waitFor({ state: 'detached' });

    // User Management, its filters, table and dialogs.
    await page.getByRole('heading', { level: 1, name: 'إدارة المستخدمين' }).waitFor();
    await page.getByLabel('البحث عن مستخدمين').fill(presenter.email);
    const row = page.locator('main tr, main li').filter({ hasText: presenter.email }).first();
    await row.waitFor();
    await row.getByText('المقدم', { exact: true }).waitFor();
    await settled(page);
    expect.soft(await strayWords(page, 'main')).toEqual([]);
    await page.getByRole('button', { name: 'إنشاء حساب' }).click();
    const create = page.getByRole('dialog', { name: 'إنشاء حساب' });
    await create.getByRole('button', { name: 'إنشاء حساب' }).click();
    await create.getByText('البريد الإلكتروني مطلوب').waitFor();
    expect.soft(await strayWords(page, '[role="dialog"]')).toEqual([]);
    await create.getByRole('button', { name: 'إلغاء' }).click();
    await create.waitFor({ state: 'detached' });
    await row.getByRole('button', { name: /^تعديل / }).click();
    const edit = page.getByRole('dialog', { name: 'تعديل ملف المستخدم' });
    await edit.getByRole('button', { name: 'حفظ التغييرات' }).waitFor();
    expect.soft(await strayWords(page, '[role="dialog"]')).toEqual([]);
    await edit.getByRole('button', { name: 'إلغاء' }).click();
    await edit.waitFor({ state: 'detached' });
    await row.getByRole('button', { name: /^حذف / }).click();
    const del = page.getByRole('dialog', { name: 'حذف المستخدم' });
    await del.getByText('هل أنت متأكد من حذف', { exact: false }).waitFor();
    expect.soft(await strayWords(page, '[role="dialog"]')).toEqual([]);
    await del.getByRole('button', { name: 'إلغاء' }).click();
    await del.waitFor({ state: 'detached' });

    // My Profile: its own sections (the others on the page belong to their screens).
    await page.goto(`${h.url}/profile`);
    await page.getByRole('heading', { level: 1, name: 'ملفي الشخصي' }).waitFor();
    await page.getByLabel('الدور').waitFor();
    expect(await page.getByLabel('الدور').inputValue()).toBe('المالك');
    expect.soft(await strayWords(page, 'main h1, #section-profile-information, section[aria-labelledby="section-profile-information"], section[aria-labelledby="section-change-password"]')).toEqual([]);

    // The presenter application page: its form, the slots, the side cards and its own checks.
    await page.goto(`${h.url}/presenter-application`);
    await page.getByRole('heading', { level: 1, name: 'كن مذيعًا' }).waitFor();
    await page.getByRole('group', { name: 'أيام الأسبوع' }).waitFor();
    await page.getByRole('button', { name: 'إرسال الطلب' }).click();
    await page.getByText('يُرجى إدخال عنوان بريد إلكتروني صالح.').waitFor();
    await page.getByText('يُرجى تصحيح الحقول المميزة').waitFor();
    expect.soft(await strayWords(page, 'main')).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);

  // The Arabic test above finds the same untranslated texts on these screens; the accessibility matrix's sample draws
  // screens in the pseudo-locale for clipped text. This second look, in the pseudo-locale, runs with TEST_FULL=1.
  it.skipIf(!TEST_FULL)('in the pseudo-locale every text of these screens is accented: no plain English word outside names and data', async () => {
    // The sign-in page, signed out.
    const signedOut = await h.newPage();
    await signedOut.page.goto(`${h.url}/auth?lang=en-XA`);
    await signedOut.page.locator('main h1').waitFor();
    expect(await signedOut.page.locator('main h1').innerText()).toMatch(ACCENTED);
    expect.soft(await strayWords(signedOut.page, 'main')).toEqual([]);
    await signedOut.context.close();

    // Signs in in English (the helper's words), then the panel in the pseudo-locale.
    const { page, context } = await h.newPage({ storage: { 'airdeck.lang': 'en' } });
    await signInThroughApi(page, h.url, owner.email, owner.password);

    await page.goto(`${h.url}/admin/users?lang=en-XA`);
    await page.locator('main h1').waitFor();
    await page.getByText(presenter.email).first().waitFor({ timeout: 30_000 });
    await settled(page);
    expect(await page.locator('main h1').innerText()).toMatch(ACCENTED);
    expect.soft(await strayWords(page, 'aside, header')).toEqual([]);
    expect.soft(await strayWords(page, 'main')).toEqual([]);
    // The bell's pop-over.
    await page.locator('header button[aria-haspopup="dialog"]').click();
    await page.getByRole('dialog').locator('a[href="/admin/notifications"]').waitFor();
    await page.waitForFunction(() => !document.querySelector('[role="dialog"] [role="status"]'), undefined, { timeout: 30_000 });
    expect.soft(await strayWords(page, '[role="dialog"]')).toEqual([]);
    await page.keyboard.press('Escape');
    // The three dialogs: Create Account, and Edit and Delete from the presenter's row.
    await page.locator('main button.MuiButton-contained').first().click();
    await page.getByRole('dialog').waitFor();
    await page.getByRole('dialog').locator('button[type="submit"]').click();
    await page.getByRole('dialog').locator('.Mui-error').first().waitFor();
    expect.soft(await strayWords(page, '[role="dialog"]')).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const row = page.locator('main tr, main li').filter({ hasText: presenter.email }).first();
    for (const nth of [0, 1]) {
      await row.locator('button[aria-label]').nth(nth).click();
      await page.getByRole('dialog').waitFor();
      expect.soft(await strayWords(page, '[role="dialog"]')).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }

    await page.goto(`${h.url}/profile?lang=en-XA`);
    await page.locator('main h1').waitFor();
    await page.locator('section[aria-labelledby="section-change-password"]').waitFor();
    expect.soft(await strayWords(page, 'main h1, section[aria-labelledby="section-profile-information"], section[aria-labelledby="section-change-password"]')).toEqual([]);

    await page.goto(`${h.url}/presenter-application?lang=en-XA`);
    await page.locator('main h1').waitFor();
    await page.locator('main form button[type="submit"]').click();
    await page.locator('main [role="alert"], main .MuiAlert-root').first().waitFor();
    expect.soft(await strayWords(page, 'main')).toEqual([]);
    await context.close();
  }, 300_000);
});
