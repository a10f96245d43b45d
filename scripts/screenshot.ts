/**
 * Takes full-page screenshots with the machine's Chromium, for looking at a
 * screen as a person would: `npx tsx scripts/screenshot.ts URL OUT.png [WIDTH] [HEIGHT] [--theme KEY] [--wait MS] [--login EMAIL:PASSWORD]`.
 * With --login it signs in through the site's /auth page first (staff screens). With --shell it holds back
 * the app's scripts, showing the first screen as the server and the boot script draw it.
 */
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  if (i === -1) return undefined;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
};
const theme = flag('--theme');
const wait = Number(flag('--wait') ?? 800);
const login = flag('--login');
const shellIndex = args.indexOf('--shell');
const shellOnly = shellIndex !== -1;
if (shellOnly) args.splice(shellIndex, 1);
const [url, out, width = '1280', height = '800'] = args;
if (!url || !out) {
  console.error('usage: tsx scripts/screenshot.ts URL OUT.png [WIDTH] [HEIGHT] [--theme KEY] [--wait MS] [--login EMAIL:PASSWORD] [--shell]');
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const context = await browser.newContext({ viewport: { width: Number(width), height: Number(height) } });
if (theme) await context.addInitScript((k: string) => localStorage.setItem('airdeck.theme', k), theme);
const page = await context.newPage();
if (login) {
  const sep = login.indexOf(':');
  await page.goto(new URL('/auth', url).toString(), { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(login.slice(0, sep));
  await page.getByLabel('Password').fill(login.slice(sep + 1));
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => u.pathname === '/', { timeout: 20_000 });
}
if (shellOnly) await page.route(/\/assets\/(?!boot-)[^/]+\.js$/, (route) => route.abort());
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(wait);
await page.screenshot({ path: out, fullPage: true });
await browser.close();
console.log(out);
