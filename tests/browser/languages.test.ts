import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';

/*
 * The listener's language (issue 35, README "Languages"): chosen by ?lang=, the remembered choice, the browser's
 * languages; drawn by the server in that language (no flash of English); Arabic mirrors the page.
 */
let h: BrowserHarness;
beforeAll(async () => {
  if (!skipBrowser()) h = await startBrowserHarness();
});
afterAll(async () => h?.close());

/** The app has taken the page over once the bar's language button is there. */
const appReady = (page: Page) => page.getByTestId('language-button').waitFor();

describe.skipIf(skipBrowser())('the listener’s language', () => {
  it('answers a first visit with Accept-Language: de in German from the server, with lang, hreflang and canonical links', async () => {
    const res = await fetch(`${h.url}/shows`, { headers: { 'Accept-Language': 'de-DE,de;q=0.9,en;q=0.5' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('vary') ?? '').toMatch(/Accept-Language/i);
    const html = await res.text();
    expect(html).toMatch(/<html lang="de" dir="ltr">/);
    // The bar as the server draws it, before any script: German words, no English ones.
    const bar = /<header[\s\S]*?<\/header>/.exec(html)?.[0] ?? '';
    for (const word of ['Startseite', 'Sendungen', 'DJ werden', 'Anmelden', 'Spenden']) expect(bar).toContain(word);
    for (const word of ['>Home<', '>Shows<', 'Become a DJ', '>Login<', '>Donate<']) expect(bar).not.toContain(word);
    for (const code of ['en', 'es', 'fr', 'de', 'pt-BR', 'ar']) expect(html).toMatch(new RegExp(`<link rel="alternate" hreflang="${code}" href="[^"]*/shows\\?lang=${code}" />`));
    expect(html).toMatch(/<link rel="alternate" hreflang="x-default" href="[^"]*\/shows" \/>/);
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/shows" \/>/);
    // A shared link in one language is canonical in that language.
    const fr = await (await fetch(`${h.url}/shows?lang=fr`, { headers: { 'Accept-Language': 'de' } })).text();
    expect(fr).toMatch(/<html lang="fr" dir="ltr">/);
    expect(fr).toMatch(/<link rel="canonical" href="[^"]*\/shows\?lang=fr" \/>/);
    expect(fr).toContain('Devenir DJ');
  });

  it('never shows English to a German browser on its first visit', async () => {
    const { page, context, errors } = await h.newPage({ locale: 'de-DE' });
    // Every text the page ever holds, from the first parsed element to the app's own render.
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { __seen: string[] }).__seen = []);
      new MutationObserver(() => seen.push(document.body?.innerText ?? '')).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto(h.url + '/');
    await appReady(page);
    const nav = page.getByRole('navigation', { name: 'Hauptmenü' });
    await expect.poll(() => nav.getByRole('link', { name: 'Sendungen', exact: true }).count()).toBe(1);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['de', 'ltr']);
    const seen = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
    expect(seen.length).toBeGreaterThan(0);
    for (const text of seen) {
      expect(text).not.toMatch(/Become a DJ|\bLogin\b|Skip to content|Terms of Service|Privacy Policy/);
    }
    expect(await page.getByRole('link', { name: 'Nutzungsbedingungen' }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches language from the bar’s menu and remembers it on the device', async () => {
    const { page, context, errors } = await h.newPage({ locale: 'en-GB' });
    await page.goto(h.url + '/');
    await appReady(page);
    await page.getByRole('button', { name: 'Change language (English)' }).click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await expect.poll(() => page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Programas', exact: true }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    await page.reload();
    // The server draws the reloaded page in Spanish (the language cookie), before the app.
    const first = await (await page.request.get(h.url + '/')).text();
    expect(first).toMatch(/<html lang="es" dir="ltr">/);
    await appReady(page);
    await expect.poll(() => page.getByRole('link', { name: 'Hazte DJ' }).count()).toBe(1);
    // The footer's links switch too.
    await page.getByRole('navigation', { name: 'Idioma' }).getByRole('link', { name: 'Deutsch' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'DJ werden' }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('mirrors the page in Arabic (element positions, not only dir)', async () => {
    const positions = async (lang: string) => {
      const { page, context } = await h.newPage({ width: 1280 });
      await page.goto(`${h.url}/shows?lang=${lang}`);
      await appReady(page);
      const box = async (sel: string) => (await page.locator(sel).first().boundingBox())!;
      const brand = await box('header a[href="/"]');
      const language = await box('[data-testid="language-button"]');
      const dir = await page.evaluate(() => document.documentElement.dir);
      await context.close();
      return { dir, brandX: brand.x + brand.width / 2, languageX: language.x + language.width / 2 };
    };
    const ltr = await positions('en');
    const rtl = await positions('ar');
    expect(ltr.dir).toBe('ltr');
    expect(rtl.dir).toBe('rtl');
    // The station's name is at the start of the bar: the left in English, the right in Arabic; the buttons at the other end.
    expect(ltr.brandX).toBeLessThan(640);
    expect(ltr.languageX).toBeGreaterThan(640);
    expect(rtl.brandX).toBeGreaterThan(640);
    expect(rtl.languageX).toBeLessThan(640);
  });

  it('starts the schedule’s week on Monday for de, Sunday for en-US, Saturday for ar, on the reader’s clock', async () => {
    const isoWeekday = (date: string) => ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
    const cases = [
      { locale: 'de-DE', lang: 'de', first: 1, dayName: 'Montag', pm: false },
      { locale: 'en-US', lang: 'en', first: 7, dayName: 'Sunday', pm: true },
      { locale: 'ar', lang: 'ar', first: 6, dayName: 'السبت', pm: false },
    ];
    for (const c of cases) {
      const { page, context, errors } = await h.newPage({ locale: c.locale, width: 1280 });
      await page.goto(h.url + '/shows');
      await appReady(page);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(c.lang);
      const days = page.locator('main section[aria-labelledby^="day-"]');
      await expect.poll(() => days.count()).toBe(7);
      const firstId = (await days.first().getAttribute('aria-labelledby'))!.slice(4);
      expect(isoWeekday(firstId), c.locale).toBe(c.first);
      expect(await days.first().locator('h2').innerText()).toContain(c.dayName);
      // Show times: 12-hour with AM/PM in US English, 24-hour in German and Arabic.
      const times = await page.locator('main article').first().innerText();
      if (c.pm) expect(times).toMatch(/\d{1,2}:\d{2}\s?(AM|PM)/);
      else expect(times).not.toMatch(/AM|PM/);
      expect(errors).toEqual([]);
      await context.close();
    }
    // The public API takes the first day (ISO 1–7) and refuses anything else.
    const week = (await (await fetch(`${h.url}/api/schedule/week?start=2026-03-25&first_day=7`)).json()) as { weekStart: string; weekEnd: string };
    expect([week.weekStart, week.weekEnd]).toEqual(['2026-03-22', '2026-03-28']);
    const monday = (await (await fetch(`${h.url}/api/schedule/week?start=2026-03-25`)).json()) as { weekStart: string };
    expect(monday.weekStart).toBe('2026-03-23');
    expect((await fetch(`${h.url}/api/schedule/week?start=2026-03-25&first_day=9`)).status).toBe(400);
  });
});
