import { chromium } from 'playwright-core';
import { prepareDatabase } from '/work/wt-pages/server/src/bootstrap';
import { loadConfig } from '/work/wt-pages/server/src/config';
import { openDatabase } from '/work/wt-pages/server/src/db/knex';
import { createLogger } from '/work/wt-pages/server/src/log';
import { startServer } from '/work/wt-pages/server/src/server';
const db = await openDatabase({ kind: 'pglite', dataDir: null });
const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SEED_DEMO: 'true', WEB_DIST_DIR: '/work/wt-pages/web/dist', NODE_ENV: 'production' });
const log = createLogger({ level: 'silent', pretty: false });
await prepareDatabase(db, config, log);
const server = await startServer({ config, db, log });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, userAgent: 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/135.0.0.0 Mobile Safari/537.36', isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });
for (const p of (process.env.P ?? '/djs,/shows').split(',')) {
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  cdp.on('Audits.issueAdded', (e: any) => console.log(p, 'ISSUE', JSON.stringify(e.issue).slice(0, 700)));
  await cdp.send('Audits.enable');
  page.on('console', (m) => console.log(p, 'console', m.type(), m.text().slice(0, 600)));
  page.on('pageerror', (e) => console.log(p, 'pageerror', e.message.slice(0, 600)));
  await page.addInitScript({ content: 'window.__name = (f) => f;' });
  await page.addInitScript(() => {
    (window as any).trace = [];
    let last = '';
    const tick = () => {
      const main = document.querySelector('main');
      const c = document.querySelector('main h1');
      if (c) {
        const chain: string[] = [];
        let el: Element | null = c;
        while (el && el !== document.body) { const r = el.getBoundingClientRect(); chain.push(`${el.tagName}.${(el.className || '').toString().slice(-12)}@${Math.round(r.top)}h${Math.round(r.height)}`); el = el.parentElement; }
        const sib = main ? [...(main.parentElement?.children ?? [])].map((e) => `${e.tagName}h${Math.round(e.getBoundingClientRect().height)}`).join(',') : '';
        const state = chain.join(' < ') + ' | sibs ' + sib + ' | ssr ' + document.querySelectorAll('style[data-ssr-emotion]').length;
        if (state !== last) { (window as any).trace.push(Math.round(performance.now()) + ' ' + state); last = state; }
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    (window as any).shifts = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries() as any[]) (window as any).shifts.push({ v: e.value, t: Math.round(e.startTime), src: (e.sources || []).map((s: any) => (s.node?.outerHTML || '').slice(0, 150)) }); }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(server.url + p);
  await page.waitForFunction(() => !document.querySelector('[data-ssr-theme]'), null, { timeout: 30000 }).catch(() => console.log('no release'));
  const before = await page.evaluate(() => [...document.querySelectorAll('style[data-ssr-emotion]')].length);
  console.log('ssr styles at load', before);
  await page.waitForTimeout(3000);
  console.log(p, 'missing', JSON.stringify(await page.evaluate(() => {
    const text = [...document.querySelectorAll('style')].map((s) => s.textContent + [...(s.sheet?.cssRules ?? [])].map((r) => r.cssText).join('')).join('');
    const missing = new Set<string>();
    for (const el of document.querySelectorAll('[class*="css-"]')) for (const c of el.classList) if (c.startsWith('css-') && !text.includes('.' + c)) missing.add(c);
    return [...missing].slice(0, 20);
  })));
  console.log((await page.evaluate(() => (window as any).trace)).join('\n'));
  await page.close();
}
await browser.close();
await server.close();
process.exit(0);
