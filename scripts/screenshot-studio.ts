/**
 * Screenshots of the desktop studio's own screens, in Chromium with a stand-in
 * bridge (the Electron binary is not needed): the studio build must be served
 * (WEB_DIST_DIR=web/dist-studio).
 *   npx tsx scripts/screenshot-studio.ts BASE PATH OUT.png WIDTH HEIGHT [--first-run] [--sign-in EMAIL:PASSWORD] [--mini]
 */
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const has = (name: string) => {
  const i = args.indexOf(name);
  if (i === -1) return false;
  args.splice(i, 1);
  return true;
};
const value = (name: string) => {
  const i = args.indexOf(name);
  if (i === -1) return undefined;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
};
const firstRun = has('--first-run');
const mini = has('--mini');
const signIn = value('--sign-in');
const [base, path, out, width = '1280', height = '820'] = args;
if (!base || !path || !out) {
  console.error('usage: tsx scripts/screenshot-studio.ts BASE PATH OUT.png WIDTH HEIGHT [--first-run] [--sign-in EMAIL:PASSWORD] [--mini]');
  process.exit(2);
}
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
const context = await browser.newContext({ viewport: { width: Number(width), height: Number(height) } });
const now = Date.now();
const options = {
  server: firstRun ? null : base,
  np: mini ? { title: 'Midnight City', artist: 'M83', artUrl: null, isLive: true, presenter: 'DJ Sam', startedAt: now - 65_000, durationSeconds: 243, nextShow: { title: 'Breakfast Club', startsAt: now + 12 * 60_000 + 30_000 } } : null,
};
// A plain string: tsx's compiled functions carry helpers the page does not have.
await context.addInitScript(`(() => {
  const o = ${JSON.stringify(options)};
  const store = window.sessionStorage;
  let miniOpen = false;
  const off = () => () => undefined;
  window.airdeck = {
    platform: 'desktop',
    getServerUrl: async () => o.server,
    setServerUrl: async (url) => ({ ok: false, message: 'Could not reach that address. Check it and your connection, then try again.' }),
    getRefreshToken: async () => store.getItem('shot.refresh'),
    setRefreshToken: async (t) => (t ? store.setItem('shot.refresh', t) : store.removeItem('shot.refresh')),
    isSecureStorage: async () => true,
    notify: async () => undefined,
    toggleMiniWindow: async (open) => (miniOpen = open ?? !miniOpen),
    updateNowPlaying: async () => undefined,
    getNowPlaying: async () => o.np,
    openExternal: async () => undefined,
    appVersion: async () => '0.1.0',
    onNavigate: off,
    onNowPlaying: off,
    onMiniWindowChange: off,
  };
})();`);
const page = await context.newPage();
if (signIn) {
  const [email, password] = signIn.split(':');
  await page.goto(`${base}/auth`);
  await page.getByLabel('Email').fill(email!);
  await page.getByLabel('Password').fill(password!);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => u.pathname === '/', { timeout: 20_000 });
}
await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
await page.waitForTimeout(1200);
await page.screenshot({ path: out, fullPage: !mini });
await browser.close();
console.log(out);
