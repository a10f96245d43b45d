import type { BrowserContext, Page } from 'playwright-core';
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

/** A browser context signed in, through the real sign-in page, as a new account of a staff role. */
export async function openAsStaff(h: BrowserHarness, role: Role, opts: { width?: number } = {}): Promise<{ page: Page; context: BrowserContext; user: TestUser; errors: string[] }> {
  const user = await createUser(h.server, { role });
  const { page, context, errors } = await h.newPage(opts.width ? { width: opts.width } : {});
  await signInThroughUi(page, h.url, user.email, user.password);
  return { page, context, user, errors };
}
