import type { BrowserContext, Page } from 'playwright-core';
import { AUTH_HINT_STORAGE_KEY } from '../../shared/boot-data';
import type { Role } from '../../shared/permissions';
import { createUser, type TestUser } from './auth';
import type { BrowserHarness } from './browser';

/** Signs in through the real /auth page, in English, and waits until the site has taken the session. */
export async function signInThroughUi(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  // In English (the labels below are the English ones), whatever language the browser or an earlier page chose.
  await page.goto(baseUrl + '/auth?lang=en');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => u.pathname === '/', { timeout: 20_000 });
}

/**
 * Signs a browser context in through the API the sign-in page calls (POST /api/auth/token from the page's origin: the
 * refresh cookie lands in the context), and sets the site's "this browser has signed in" hint
 * (web/src/auth/session.ts), so the next page the test opens takes the session from the cookie as after a reload.
 * Two page loads cheaper than the sign-in page and the home page it leads to; the sign-in page itself is tested by
 * accounts.test.ts and the files that use signInThroughUi. The page is left on a blank same-origin document: open
 * a screen next.
 */
export async function signInThroughApi(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  const res = await page.context().request.post(`${baseUrl}/api/auth/token`, { data: { email, password }, headers: { Origin: baseUrl } });
  if (res.status() !== 200) throw new Error(`sign-in of ${email} refused: ${res.status()} ${await res.text()}`);
  await page.goto(`${baseUrl}/api/health`);
  await page.evaluate((key) => localStorage.setItem(key, '1'), AUTH_HINT_STORAGE_KEY);
}

/** A browser context signed in as a new account of a staff role (signInThroughApi); the test opens its screen next. */
export async function openAsStaff(h: BrowserHarness, role: Role, opts: { width?: number } = {}): Promise<{ page: Page; context: BrowserContext; user: TestUser; errors: string[] }> {
  const user = await createUser(h.server, { role });
  const { page, context, errors } = await h.newPage(opts.width ? { width: opts.width } : {});
  await signInThroughApi(page, h.url, user.email, user.password);
  return { page, context, user, errors };
}
