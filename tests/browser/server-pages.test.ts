import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';

/**
 * Issue 20 item 2: every listener page is drawn by the server, so its main content is in the HTML
 * itself (seen here with JavaScript off), and the app then takes the page over without an error.
 */
let h: BrowserHarness;
let noJs: BrowserContext;
let page: Page;
beforeAll(async () => {
  if (skipBrowser()) return;
  h = await startBrowserHarness();
  noJs = await h.browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 }, javaScriptEnabled: false, locale: 'en-GB' });
  page = await noJs.newPage();
});
afterAll(async () => {
  await noJs?.close();
  await h?.close();
});

const api = async <T>(path: string): Promise<T> => (await (await fetch(h.url + path)).json()) as T;

/** The Monday (YYYY-MM-DD) of the current week in a time zone. */
function mondayIn(zone: string): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

const main = () => page.locator('main');

describe.skipIf(skipBrowser())('listener pages drawn by the server (JavaScript off)', () => {
  it('/shows: the week with its shows', async () => {
    const station = await api<{ timezone: string }>('/api/station').catch(() => ({ timezone: 'Europe/London' }));
    const week = await api<{ events: { title: string }[] }>(`/api/schedule/week?start=${mondayIn(station.timezone || 'Europe/London')}`);
    expect(week.events.length).toBeGreaterThan(0);
    const res = await page.goto(h.url + '/shows');
    expect(res?.status()).toBe(200);
    await expect.soft(main().getByRole('heading', { level: 1, name: 'Shows' }).count()).resolves.toBe(1);
    const text = await main().innerText();
    for (const title of new Set(week.events.map((e) => e.title))) expect(text).toContain(title);
    expect(text).not.toContain('Loading shows...');
  });

  it("/: the home page whole: its sections down to recently played, with the songs' votes (issue 36 item 4)", async () => {
    const station = await api<{ name: string }>('/api/station');
    const res = await page.goto(h.url + '/');
    expect(res?.status()).toBe(200);
    expect(await main().getByRole('heading', { level: 1 }).innerText()).toBe(station.name);
    const headings = (await main().locator('h2').allInnerTexts()).join(' | ');
    for (const section of ['Featured Shows', 'DJ Spotlight', 'Recently Played']) expect(headings).toContain(section);
    // The songs' vote buttons are there, waiting for the app.
    expect(await main().getByTestId('recently-played').getByRole('group').count()).toBeGreaterThan(0);
  });

  it('/listen-again: the episodes or the empty state, not a loading one', async () => {
    const res = await page.goto(h.url + '/listen-again');
    expect(res?.status()).toBe(200);
    expect(await main().getByRole('heading', { level: 1, name: 'Listen again' }).count()).toBe(1);
    expect(await main().innerText()).not.toContain('Loading episodes');
  });

    it("/djs and a presenter's page: the presenters by name", async () => {
    const { presenters } = await api<{ presenters: { id: string; name: string; bio: string | null }[] }>('/api/presenters');
    expect(presenters.length).toBeGreaterThan(0);
    await page.goto(h.url + '/djs');
    const text = await main().innerText();
    for (const p of presenters) expect(text).toContain(p.name);
    const one = presenters.find((p) => p.bio) ?? presenters[0]!;
    await page.goto(h.url + `/djs/${one.id}`);
    expect(await main().getByRole('heading', { level: 1 }).innerText()).toBe(one.name);
    if (one.bio) expect(await main().innerText()).toContain(one.bio);
  });

  it('the request pages: their form fields, waiting (disabled) for the app', async () => {
    await page.goto(h.url + '/song-request');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toContain('Request a Song');
    await expect.soft(page.getByLabel('Search for a song').isDisabled()).resolves.toBe(true);
    expect(await page.getByLabel(/Your Name/).count()).toBe(1);
    await page.goto(h.url + '/shoutout-request');
    expect(await page.getByLabel(/Your Name/).count()).toBe(1);
    expect(await page.getByLabel(/Recipient/).count()).toBe(1);
    await page.goto(h.url + '/general-request');
    for (const label of [/^Name/, /^Email/, /^Message/]) expect(await page.getByLabel(label).count(), String(label)).toBe(1);
    await page.goto(h.url + '/request');
    for (const href of ['/song-request', '/shoutout-request', '/general-request']) expect(await main().locator(`a[href="${href}"]`).count()).toBeGreaterThan(0);
  });

  it('issue 38 item 8: the forms say they are getting ready rather than look ready, and Become a DJ is drawn', async () => {
    for (const path of ['/song-request', '/shoutout-request', '/general-request', '/presenter-application', '/become-a-dj']) {
      await page.goto(h.url + path);
      const send = main().getByRole('button', { name: 'Getting ready…' });
      expect(await send.count(), path).toBe(1);
      expect(await send.isDisabled(), path).toBe(true);
    }
    // Become a DJ is no longer a blank page before the app: its heading and form are in the HTML.
    expect(await main().getByRole('heading', { level: 1 }).innerText()).toContain('Become a DJ');
    for (const label of [/^Name/, /^Email/]) expect(await main().getByLabel(label).count(), String(label)).toBe(1);
  });

  it("issue 38 item 8: a phone's menu opens before the app and its links work", async () => {
    for (const path of ['/', '/shows']) {
      await page.goto(h.url + path);
      const menu = page.getByRole('navigation', { name: 'Mobile' });
      expect(await menu.isVisible(), path).toBe(false);
      await page.locator('summary[aria-label="Open menu"]').click();
      await menu.waitFor();
      for (const name of ['Home', 'Shows', 'DJs', 'Donate', 'Become a DJ']) expect(await menu.getByRole('link', { name, exact: true }).isVisible(), `${path} ${name}`).toBe(true);
      // Every entry is a comfortable tap target (issue 38 item 9: 44 px).
      expect((await menu.getByRole('link', { name: 'DJs', exact: true }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'DJs', exact: true }).click();
    await page.waitForURL(/\/djs$/);
    expect(await main().getByRole('heading', { level: 1 }).count()).toBe(1);
  });

  it('the other pages: their own text', async () => {
    const about = await api<{ title: string }>('/api/content/pages/about');
    const cases: [string, string][] = [
      ['/mobile-app', 'Mobile App'],
      ['/donate', 'Support the Station'],
      ['/terms-of-service', 'Terms of Service'],
      ['/privacy-policy', 'Privacy Policy'],
      ['/page/about', about.title],
    ];
    for (const [path, heading] of cases) {
      const res = await page.goto(h.url + path);
      expect(res?.status(), path).toBe(200);
      expect(await main().getByRole('heading', { level: 1 }).first().innerText(), path).toContain(heading);
    }
  });

  it('the footer comes with the page: the legal links and the station name (spec 000 §2)', async () => {
    const station = await api<{ name: string }>('/api/station');
    await page.goto(h.url + '/djs');
    const footer = page.locator('footer');
    expect(await footer.count()).toBe(1);
    expect(await footer.innerText()).toContain(`© ${new Date().getFullYear()} ${station.name}.`);
    const legal = footer.getByRole('navigation', { name: 'Legal' });
    expect(await legal.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms-of-service');
    expect(await legal.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy');
  });
});

describe.skipIf(skipBrowser())('listener pages drawn by the server (JavaScript on)', () => {
  it('the app takes each page over without an error in the console', async () => {
    const { page: live, context, errors } = await h.newPage({ width: 390, height: 844 });
    for (const path of ['/', '/listen-again', '/shows', '/djs', '/song-request', '/donate', '/page/about']) {
      await live.goto(h.url + path);
      // The app's own navigation bar (the server draws a placeholder of it).
      await live.getByRole('button', { name: /menu/i }).first().waitFor();
      // The app has the page (web/src/app/hydration.ts): a render that disagreed with the HTML would have logged by now.
      await live.waitForFunction(() => !document.querySelector('[data-ssr-theme]'));
      expect(await live.locator('main h1').count(), path).toBe(1);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the app adopts the page the server drew (the same elements, not a second drawing) and its form then works', async () => {
    const { page: live, context, errors } = await h.newPage({ width: 390, height: 844 });
    // The first heading as the HTML parser made it, before any of the app's script has run.
    await live.addInitScript(() => {
      const seen = new MutationObserver(() => {
        const h1 = document.querySelector('main h1');
        if (h1) {
          (window as unknown as { parsedH1: Element }).parsedH1 = h1;
          seen.disconnect();
        }
      });
      seen.observe(document, { childList: true, subtree: true });
    });
    for (const path of ['/', '/djs', '/song-request']) {
      await live.goto(h.url + path);
      await live.waitForFunction(() => !document.querySelector('[data-ssr-theme]'));
      const same = await live.evaluate(() => {
        const parsed = (window as unknown as { parsedH1?: Element }).parsedH1;
        return parsed !== undefined && parsed.isConnected && parsed === document.querySelector('main h1');
      });
      expect(same, path).toBe(true);
    }
    // The controls the server drew disabled work once the app has the page.
    const search = live.getByLabel('Search for a song');
    await expect.poll(() => search.isEnabled()).toBe(true);
    await search.fill('a');
    expect(await search.inputValue()).toBe('a');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('issue 38 item 8: before the app arrives a form says it is getting ready and the menu opens; the app then takes both over', async () => {
    const { page: live, context, errors } = await h.newPage({ width: 390, height: 844 });
    // The app's code is held back (a slow phone connection) until the test lets it through.
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => (release = resolve));
    await live.route(/\/assets\/(?!boot-)[^/]+\.js$/, async (route) => {
      await arrived;
      await route.continue();
    });
    await live.goto(h.url + '/shoutout-request', { waitUntil: 'domcontentloaded' });
    const waiting = live.getByTestId('form-getting-ready');
    await waiting.waitFor();
    expect(await waiting.innerText()).toContain('Getting ready…');
    await live.locator('summary[aria-label="Open menu"]').click();
    await live.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Shows', exact: true }).waitFor();
    release();
    // The app's bar replaces the server's and keeps the menu open (its Close button is the app's); the form is ready.
    await live.getByRole('button', { name: 'Close menu' }).waitFor({ timeout: 60_000 });
    await live.getByRole('button', { name: 'Close menu' }).click();
    await expect.poll(() => waiting.count(), { timeout: 30_000 }).toBe(0);
    expect(await live.locator('main button[type="submit"]').innerText()).not.toContain('Getting ready');
    await expect.poll(() => live.getByLabel(/^Message/).isEnabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a message box is drawn at its rows and grows with what is typed, without measuring the page as it is taken over', async () => {
    const { page: live, context, errors } = await h.newPage({ width: 390, height: 844 });
    await live.goto(h.url + '/shoutout-request');
    const message = live.getByLabel(/^Message/);
    await expect.poll(() => message.isEnabled()).toBe(true);
    // One text area (MUI's own kept a hidden twin to measure with), four lines high.
    expect(await live.locator('main textarea').count()).toBe(1);
    const height = async () => (await message.boundingBox())!.height;
    const lineHeight = await message.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    const empty = await height();
    expect(Math.round(empty)).toBe(Math.round(4 * lineHeight));
    await message.fill(Array.from({ length: 8 }, (_, i) => `Line ${i + 1}`).join('\n'));
    expect(await height()).toBeGreaterThanOrEqual(empty + 3 * lineHeight);
    expect(await message.inputValue()).toContain('Line 8');
    expect(errors).toEqual([]);
    await context.close();
  });
});
