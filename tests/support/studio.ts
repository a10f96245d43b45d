import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { MiniNowPlaying, NotifyInput } from '../../shared/bridge';

/**
 * The desktop studio's renderer (vite --mode studio) in Chromium, with a test bridge injected in place of
 * Electron's preload: it records every call (and when it was made), so a test sees exactly what the
 * renderer asks of the desktop app. Without the bridge the same build falls back to web APIs.
 */
export const STUDIO_DIST = path.resolve('web/dist-studio');

/**
 * Builds the studio renderer when it is missing. It is built in a folder of its own and moved into place
 * in one rename, so two browser files starting together never serve a half-written build.
 */
export function ensureStudioBuild(): void {
  if (fs.existsSync(path.join(STUDIO_DIST, 'index.html'))) return;
  const tmp = `${STUDIO_DIST}.build-${process.pid}-${Date.now()}`;
  execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--mode', 'studio', '--logLevel', 'warn', '--outDir', tmp, '--emptyOutDir'], { stdio: 'inherit' });
  try {
    if (fs.existsSync(STUDIO_DIST) && !fs.existsSync(path.join(STUDIO_DIST, 'index.html'))) fs.rmSync(STUDIO_DIST, { recursive: true, force: true });
    fs.renameSync(tmp, STUDIO_DIST);
  } catch {
    // Another file's build got there first: theirs is complete.
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

export interface BridgeLog {
  calls: { method: string; args: unknown[]; at: number }[];
}

declare global {
  interface Window {
    __bridge: BridgeLog;
    __pushNowPlaying(data: MiniNowPlaying): void;
    __studioNavigate(route: string): void;
    __webNotifications: { title: string; body?: string; tag?: string }[];
  }
}

/** Installs the recording test bridge before any page script runs. */
export async function installBridge(context: BrowserContext, opts: { serverUrl: string | null; goodServer: string; nowPlaying?: MiniNowPlaying | null; refreshToken?: string | null }): Promise<void> {
  await context.addInitScript((o: { serverUrl: string | null; goodServer: string; nowPlaying: MiniNowPlaying | null; refreshToken: string | null }) => {
    const log: BridgeLog = { calls: [] };
    window.__bridge = log;
    const store = window.sessionStorage;
    if (o.serverUrl && store.getItem('test.server') === null) store.setItem('test.server', o.serverUrl);
    // A session the keychain already holds (the studio signed in before): the app starts signed in.
    if (o.refreshToken && store.getItem('test.refresh') === null) store.setItem('test.refresh', o.refreshToken);
    const record = (method: string, args: unknown[]) => log.calls.push({ method, args: JSON.parse(JSON.stringify(args ?? [])), at: Date.now() });
    const listeners: Record<string, ((v: never) => void)[]> = { navigate: [], nowPlaying: [], mini: [] };
    let miniOpen = false;
    const on = (key: string) => (fn: (v: never) => void) => {
      listeners[key]!.push(fn);
      return () => {
        listeners[key] = listeners[key]!.filter((f) => f !== fn);
      };
    };
    window.__pushNowPlaying = (d) => listeners.nowPlaying!.forEach((f) => f(d as never));
    window.__studioNavigate = (r) => listeners.navigate!.forEach((f) => f(r as never));
    window.airdeck = {
      platform: 'desktop',
      async getServerUrl() {
        record('getServerUrl', []);
        return store.getItem('test.server');
      },
      async setServerUrl(url: string) {
        record('setServerUrl', [url]);
        if (url.replace(/\/+$/, '') !== o.goodServer) return { ok: false, message: 'Could not reach that address. Check it and your connection, then try again.', reason: 'unreachable' };
        store.setItem('test.server', o.goodServer);
        return { ok: true, url: o.goodServer, version: '0.1.0' };
      },
      async getRefreshToken() {
        return store.getItem('test.refresh');
      },
      async setRefreshToken(token: string | null) {
        record('setRefreshToken', [token ? 'token' : null]);
        if (token) store.setItem('test.refresh', token);
        else store.removeItem('test.refresh');
      },
      async isSecureStorage() {
        return true;
      },
      async notify(input: NotifyInput) {
        record('notify', [input]);
      },
      async toggleMiniWindow(open?: boolean) {
        record('toggleMiniWindow', [open ?? null]);
        miniOpen = open ?? !miniOpen;
        listeners.mini!.forEach((f) => f(miniOpen as never));
        return miniOpen;
      },
      async updateNowPlaying(data: MiniNowPlaying) {
        record('updateNowPlaying', [data]);
      },
      async getNowPlaying() {
        return o.nowPlaying;
      },
      async openExternal(url: string) {
        record('openExternal', [url]);
      },
      async appVersion() {
        return '0.1.0';
      },
      async setLanguage(locale: string) {
        record('setLanguage', [locale]);
      },
      async liveSourceKey() {
        return '';
      },
      async liveSourceStart() {
        return { ok: false, reason: 'station_refused', message: 'Not in this test.' };
      },
      async liveSourceWrite() {
        return [];
      },
      async liveSourceStop() {},
      onLiveSourceState: () => () => undefined,
      onNavigate: on('navigate'),
      onNowPlaying: on('nowPlaying'),
      onMiniWindowChange: on('mini'),
    };
  }, { ...opts, nowPlaying: opts.nowPlaying ?? null, refreshToken: opts.refreshToken ?? null });
}

/** Signs in as the desktop studio does (`client: desktop`): the refresh token its keychain would keep. */
export async function studioRefreshToken(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password, client: 'desktop' }) });
  const body = (await res.json()) as { refresh_token?: string };
  if (!res.ok || !body.refresh_token) throw new Error(`desktop sign-in failed: ${res.status} ${JSON.stringify(body)}`);
  return body.refresh_token;
}

/** Records the realtime frames the page receives, to wait until it has joined the staff notifications channel. */
export function watchRealtime(page: Page): { subscribedToNotifications: () => boolean } {
  const joined = new Set<string>();
  page.on('websocket', (ws) => {
    ws.on('framereceived', (f) => {
      const text = typeof f.payload === 'string' ? f.payload : f.payload.toString('utf8');
      const m = /"type":"subscribed","channel":"([a-z-]+)"/.exec(text);
      if (m) joined.add(m[1]!);
    });
  });
  return { subscribedToNotifications: () => joined.has('notifications') };
}

/** The arguments of every call the page made to one bridge method, in order. */
export const calls = (page: Page, method: string) => page.evaluate((m) => window.__bridge.calls.filter((c) => c.method === m).map((c) => c.args), method);

/** The notifications the page asked the desktop app to show, with when it asked. */
export const notifyCalls = (page: Page) => page.evaluate(() => window.__bridge.calls.filter((c) => c.method === 'notify').map((c) => ({ ...(c.args[0] as NotifyInput), at: c.at })));
