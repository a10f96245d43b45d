import type { BrowserContext, Page } from 'playwright-core';
import type { Role } from '../../shared/permissions';
import { createUser, type TestUser } from './auth';
import type { BrowserHarness } from './browser';

/**
 * A browser context signed in as a staff role. The access token goes on every
 * API request of the context (the one place to change if sign-in moves to the
 * real /auth flow once the accounts work is merged).
 */
export async function openAsStaff(h: BrowserHarness, role: Role, opts: { width?: number } = {}): Promise<{ page: Page; context: BrowserContext; user: TestUser; errors: string[] }> {
  const user = await createUser(h.server, { role });
  const { page, context, errors } = await h.newPage(opts.width ? { width: opts.width } : {});
  await context.route('**/api/**', async (route) => {
    await route.continue({ headers: { ...route.request().headers(), authorization: `Bearer ${user.token}` } });
  });
  return { page, context, user, errors };
}
