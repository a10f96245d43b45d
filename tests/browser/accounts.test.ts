import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { DENIED } from '../../shared/permissions';
import { createUser } from '../support/auth';
import { startBrowserHarness, skipBrowser, type BrowserHarness } from '../support/browser';

let h: BrowserHarness;
beforeAll(async () => {
  if (!skipBrowser()) h = await startBrowserHarness();
});
afterAll(async () => h?.close());

const DEMO_PASSWORD = 'airdeck-demo';

/** The one toast on screen. */
const toast = (page: Page) => page.locator('[data-toast]');

async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(h.url + '/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

const AXE = fs.readFileSync('node_modules/axe-core/axe.min.js', 'utf8');

/** WCAG 2.1 A/AA violations axe-core finds on the page as it is now. */
async function axeViolations(page: Page): Promise<string[]> {
  // Colours are judged once opening transitions (a dialog fading in) have finished.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  // Evaluated over the DevTools protocol, so the page's CSP does not stop it.
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: unknown): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa'] });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

async function sidebarLinks(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Staff' });
  await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
  return (await nav.getByRole('link').allTextContents()).map((s) => s.trim());
}

describe.skipIf(skipBrowser())('accounts in Chromium', () => {
  it('signs the owner in, shows the avatar menu and the full sidebar, and lists users', async () => {
    const { page, context, errors } = await h.newPage();
    await signIn(page, 'owner@airdeck.demo');
    await expect.poll(() => toast(page).textContent()).toContain('Signed in successfully!');
    await page.waitForURL(h.url + '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu');
    await menu.getByText('Maya Okafor').waitFor();
    expect(await menu.getByText('owner@airdeck.demo').count()).toBe(1);
    expect(await menu.getByRole('menuitem', { name: 'My Profile' }).getAttribute('href')).toBe('/profile');
    const panel = menu.getByRole('menuitem', { name: /Presenter Panel/ });
    expect(await panel.getAttribute('href')).toBe('/admin');
    expect(await panel.getAttribute('target')).toBe('_blank');
    await page.keyboard.press('Escape');

    await page.goto(h.url + '/admin');
    expect(await sidebarLinks(page)).toEqual(['Dashboard', 'On Air', 'Shows', 'DJs & Staff', 'Audience', 'Uptime', 'Listen again', 'Reports', 'Schedule Overview', 'Applications', 'User Management', 'Pages', 'Logs', 'Data Requests', 'Settings', 'Request LOA']);
    // The Requests group starts closed here and opens on click.
    const group = page.getByRole('button', { name: 'Requests' });
    expect(await group.getAttribute('aria-expanded')).toBe('false');
    await group.click();
    await page.getByRole('link', { name: 'Song Requests' }).waitFor();

    await page.getByRole('link', { name: 'User Management' }).click();
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
    const table = page.getByRole('table', { name: 'Users' });
    await table.getByText('presenter@airdeck.demo').waitFor();
    expect(await table.getByRole('row').count()).toBe(8);
    await page.getByLabel('Search users').fill('leah');
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    // The owner's own trash button is dimmed and explains why.
    await page.getByLabel('Search users').fill('owner@');
    const trash = table.getByRole('button', { name: 'Delete Maya Okafor' });
    expect(await trash.getAttribute('aria-disabled')).toBe('true');
    // Dimmed, not dead: pressing it says why (Playwright will not click an aria-disabled control unless forced).
    await trash.click({ force: true });
    await expect.poll(() => toast(page).textContent()).toContain(DENIED.deleteUser);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a presenter the short sidebar and refuses the staff-only pages with the right text', async () => {
    const { page, context } = await h.newPage();
    await signIn(page, 'presenter@airdeck.demo');
    await page.waitForURL(h.url + '/');
    await page.goto(h.url + '/admin');
    expect(await sidebarLinks(page)).toEqual(['Dashboard', 'On Air', 'Shows', 'DJs & Staff', 'Audience', 'Listen again', 'Request LOA']);
    await page.getByText('Hours Remaining This Week').waitFor();

    await page.goto(h.url + '/admin/users');
    await page.getByText(DENIED.users).waitFor();
    await page.getByText('Your role: Presenter').waitFor();
    await page.goto(h.url + '/admin/settings');
    await page.getByText(DENIED.settings).waitFor();
    await page.goto(h.url + '/admin/logs');
    await page.getByText(DENIED.logs).waitFor();
    await page.goto(h.url + '/admin/pages');
    await page.getByText(DENIED.role).waitFor();
    await page.getByText('Required roles: Owner, Manager, Admin').waitFor();
    // The Requests group starts open on a request route.
    await page.goto(h.url + '/admin/song-requests');
    expect(await page.getByRole('button', { name: 'Requests' }).getAttribute('aria-expanded')).toBe('true');
    await context.close();
  });

  it('sends a signed-out visitor from the panel to /auth, and an unknown password gets the server message', async () => {
    const { page, context } = await h.newPage();
    await page.goto(h.url + '/admin/users');
    await page.waitForURL(h.url + '/auth');
    await page.getByText('Contact an administrator', { exact: false }).waitFor();
    await signIn(page, 'owner@airdeck.demo', 'wrong password');
    await expect.poll(() => toast(page).textContent()).toContain('Invalid login credentials');
    expect(page.url()).toBe(h.url + '/auth');
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe('owner@airdeck.demo');
    await context.close();
  });

  it('changes a password from My Profile, signs out, and signs in with the new one', async () => {
    const u = await createUser(h.server, { role: 'presenter', password: 'first-password' });
    const { page, context, errors } = await h.newPage();
    await signIn(page, u.email, 'first-password');
    await page.waitForURL(h.url + '/');
    await page.goto(h.url + '/profile');
    await page.getByRole('heading', { name: 'Profile Information' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(u.email);
    expect(await page.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
    // No presenter record is linked to this account: no Social Media Links section.
    expect(await page.getByRole('heading', { name: 'Social Media Links' }).count()).toBe(0);

    await page.getByLabel('Current Password').fill('not-my-password');
    await page.getByLabel('New Password', { exact: true }).fill('abcdefgh');
    await page.getByLabel('Confirm New Password').fill('abcdefgi');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByRole('alert').filter({ hasText: 'Passwords do not match.' }).first().waitFor();
    await page.getByLabel('New Password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm New Password').fill('abc');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByRole('alert').filter({ hasText: 'Password must be at least 8 characters long.' }).first().waitFor();
    await page.getByLabel('New Password', { exact: true }).fill('second-password');
    await page.getByLabel('Confirm New Password').fill('second-password');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByRole('alert').filter({ hasText: 'Your current password is incorrect.' }).first().waitFor();
    // The failed form keeps what was typed.
    expect(await page.getByLabel('New Password', { exact: true }).inputValue()).toBe('second-password');
    await page.getByLabel('Current Password').fill('first-password');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect.poll(() => toast(page).textContent()).toContain('Password updated');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL(h.url + '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).waitFor();
    await page.goto(h.url + '/profile');
    await page.getByRole('link', { name: 'Go to Login' }).waitFor();

    await signIn(page, u.email, 'first-password');
    await expect.poll(() => toast(page).textContent()).toContain('Invalid login credentials');
    await signIn(page, u.email, 'second-password');
    await page.waitForURL(h.url + '/');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('turns two-factor sign-in on from My Profile and signs in with a code computed from the key shown (issue 37)', async () => {
    const u = await createUser(h.server, { role: 'manager', password: 'manager-password' });
    const { page, context, errors } = await h.newPage();
    await signIn(page, u.email, 'manager-password');
    await page.waitForURL(h.url + '/');
    await page.goto(h.url + '/profile');
    const card = page.getByRole('region', { name: 'Two-factor sign-in' });
    await card.getByText('Two-factor sign-in is off.').waitFor();
    // My Profile's Sessions lists this browser's session (and the test's own API session).
    await page.getByRole('region', { name: 'Sessions' }).getByText('Website · This session').waitFor();

    await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await card.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await card.getByTestId('totp-secret').textContent())!.replace('Key: ', '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // The code an authenticator app shows: otpauth's own generator, from the key on screen.
    const codeAt = (at: number) => TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: at });
    await card.getByLabel('Code').fill(codeAt(Date.now()));
    await card.getByRole('button', { name: 'Turn on' }).click();
    const codes = card.getByTestId('recovery-codes').getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(10);
    await card.getByRole('button', { name: 'I have saved them' }).click();
    await card.getByText('Two-factor sign-in is on. Recovery codes left: 10.').waitFor();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL(h.url + '/');
    await signIn(page, u.email, 'manager-password');
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await page.getByLabel('Code').fill('000000' === codeAt(Date.now()) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => toast(page).textContent()).toContain('That code is not right');
    // The next step's code (the phone a little ahead): accepted within the one-step window.
    await page.getByLabel('Code').fill(codeAt(Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(h.url + '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Account menu' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('resets a forgotten password from the e-mailed link, which works once (issue 37)', async () => {
    const u = await createUser(h.server, { role: 'presenter', password: 'forgotten-password' });
    const { page, context, errors } = await h.newPage();
    await page.goto(h.url + '/auth');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email').fill(u.email);
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.getByRole('status').filter({ hasText: 'If an account uses that address' }).waitFor();
    // No SMTP server here: the message waits in the outbox, as written.
    const outbox = async () => ((await h.server.server.ctx.knex('email_outbox').where({ to_address: u.email, template: 'password_reset' }).first('body')) as { body: string } | undefined)?.body ?? '';
    await expect.poll(outbox).toMatch(/#token=/);
    const body = await outbox();
    const link = /\S*\/auth\/reset#token=[\w-]+/.exec(body)![0];
    const path = link.slice(link.indexOf('/auth/reset'));
    await page.goto(h.url + path);
    await page.getByLabel(/^New password/).fill('remembered-password');
    await page.getByLabel('Confirm new password').fill('remembered-password');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.waitForURL(h.url + '/auth');
    await signIn(page, u.email, 'remembered-password');
    await page.waitForURL(h.url + '/');
    // The old API session ended with the reset.
    expect((await fetch(h.url + '/api/me', { headers: { Authorization: `Bearer ${u.token}` } })).status).toBe(401);
    // The link works once.
    const again = await context.newPage();
    await again.goto(h.url + path);
    await again.getByLabel(/^New password/).fill('another-password-1');
    await again.getByLabel('Confirm new password').fill('another-password-1');
    await again.getByRole('button', { name: 'Set password' }).click();
    await expect.poll(() => toast(again).textContent()).toContain('This link has expired or was already used');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the session across a reload, signs out from the panel header, and redirects /auth when signed in', async () => {
    const { page, context } = await h.newPage();
    await signIn(page, 'manager@airdeck.demo');
    await page.waitForURL(h.url + '/');
    await page.goto(h.url + '/admin/users');
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
    await page.goto(h.url + '/auth');
    await page.waitForURL(h.url + '/');
    await page.goto(h.url + '/admin');
    await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(h.url + '/');
    await page.goto(h.url + '/admin');
    await page.waitForURL(h.url + '/auth');
    await context.close();
  });

  it("draws the first screen with an avatar placeholder, not a Login link, for someone signed in", async () => {
    const { page, context } = await h.newPage();
    // The first screen as the server and the boot script draw it: the app's own scripts are held back.
    const firstScreen = await context.newPage();
    await firstScreen.route(/\/assets\/(?!boot-)[^/]+\.js$/, (route) => route.abort());
    const login = firstScreen.locator('.boot-bar').getByRole('link', { name: 'Login' });
    await firstScreen.goto(h.url + '/');
    await login.waitFor();
    expect(await firstScreen.locator('.boot-avatar').isVisible()).toBe(false);

    await signIn(page, 'presenter@airdeck.demo');
    await page.waitForURL(h.url + '/');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await firstScreen.reload();
    await firstScreen.locator('.boot-avatar').waitFor();
    expect(await login.isVisible()).toBe(false);
    await context.close();
  });

  it('lets two tabs refresh the session together without signing each other out', async () => {
    const { page, context } = await h.newPage();
    await context.clock.install();
    await signIn(page, 'admin@airdeck.demo');
    await page.waitForURL(h.url + '/');
    const second = await context.newPage();
    await second.goto(h.url + '/admin/users');
    await second.getByRole('heading', { name: 'User Management' }).waitFor();
    await page.goto(h.url + '/admin/users');
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
    // Both tabs' access tokens near their expiry at once: both refresh.
    const refreshes: string[] = [];
    context.on('response', (r) => {
      if (r.url().endsWith('/api/auth/refresh')) refreshes.push(String(r.status()));
    });
    await context.clock.fastForward('16:00');
    await expect.poll(() => refreshes.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    expect(refreshes.every((s) => s === '200')).toBe(true);
    for (const p of [page, second]) {
      await p.reload();
      await p.getByRole('heading', { name: 'User Management' }).waitFor();
    }
    const revoked = await h.server.server.ctx.knex('auth_sessions').where({ revoked_reason: 'reuse_detected' }).count<{ n: number }[]>({ n: '*' });
    expect(Number(revoked[0]!.n)).toBe(0);
    await context.close();
  });

  it('passes axe-core WCAG 2.1 AA checks on sign-in, My Profile, User Management and its dialogs', async () => {
    const { page, context } = await h.newPage();
    await page.goto(h.url + '/auth');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await signIn(page, 'owner@airdeck.demo');
    await page.waitForURL(h.url + '/');
    await page.goto(h.url + '/profile');
    await page.getByRole('heading', { name: 'Social Media Links' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(h.url + '/admin/users');
    // The list is a table, or cards when the earlier tests' longer addresses no longer fit beside the sidebar (issue 30).
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
    await page.getByText('guest@airdeck.demo').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('dialog', { name: 'Create Account' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Edit Guest Producer' }).click();
    await page.getByRole('dialog', { name: 'Edit User Profile' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('collapses the panel sidebar into a slide-over below 768 px', async () => {
    const { page, context } = await h.newPage({ width: 390, height: 844 });
    await signIn(page, 'moderator@airdeck.demo');
    await page.waitForURL(h.url + '/');
    await page.goto(h.url + '/admin');
    await page.getByText('Hours Remaining This Week').waitFor();
    expect(await page.getByRole('navigation', { name: 'Staff' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    expect(await sidebarLinks(page)).toEqual(['Dashboard', 'On Air', 'Shows', 'DJs & Staff', 'Audience', 'Uptime', 'Listen again', 'Schedule Overview', 'Applications', 'User Management', 'Logs', 'Request LOA']);
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'User Management' }).click();
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Staff' }).count()).toBe(0);
    await context.close();
  });
});
