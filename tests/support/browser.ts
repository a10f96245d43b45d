import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { startTestServer, type TestServer, type TestServerOptions } from './server';

/** Chromium as the machine has it, with the flags that keep it off the network. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: inject('chromiumPath'),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--autoplay-policy=no-user-gesture-required'],
  });
}

/** A server with demo data serving the built website, plus a browser. */
export interface BrowserHarness {
  server: TestServer;
  browser: Browser;
  url: string;
  /**
   * A fresh browser context (own storage) at a given width. The site's service worker is blocked unless
   * `serviceWorkers: 'allow'` (tests/browser/pwa.test.ts): elsewhere every context would precache the app (two
   * hundred requests) and answer pages from the worker, out of sight of page.route().
   */
  newPage(opts?: { width?: number; height?: number; storage?: Record<string, string>; locale?: string; serviceWorkers?: 'allow' | 'block' }): Promise<{ context: BrowserContext; page: Page; errors: string[] }>;
  close(): Promise<void>;
}

/** Starts the real server with a fresh embedded database and demo data, and Chromium. */
export async function startBrowserHarness(opts: TestServerOptions = {}): Promise<BrowserHarness> {
  const server = await startTestServer({ seed: true, ...opts, env: { WEB_DIST_DIR: path.resolve('web/dist'), ...opts.env } });
  const browser = await launchBrowser();
  return {
    server,
    browser,
    url: server.url,
    async newPage(o = {}) {
      const context = await browser.newContext({ viewport: { width: o.width ?? 1280, height: o.height ?? 800 }, locale: o.locale ?? 'en-GB', serviceWorkers: o.serviceWorkers ?? 'block' });
      if (o.storage) {
        await context.addInitScript((entries: Record<string, string>) => {
          for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
        }, o.storage);
      }
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(m.text());
      });
      return { context, page, errors };
    },
    async close() {
      await browser.close().catch(() => undefined);
      await server.close();
    },
  };
}

/** Skips a browser suite only when SKIP_BROWSER_TESTS=1 was given. */
export const skipBrowser = (): boolean => inject('skipBrowser');
