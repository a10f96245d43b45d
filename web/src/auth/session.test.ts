import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesktopBridge } from '../../../shared/bridge';

/**
 * The session client's two refresh-token paths without a browser: the
 * desktop studio (token in the body, kept through the bridge) and the
 * website (cookie, nothing in the body), plus sign-out's order and the
 * "not retryable removes the session" rule.
 */

interface Call {
  url: string;
  body: unknown;
  auth: string | null;
}

let calls: Call[];
let replies: Array<{ status: number; body?: unknown }>;
let stored: string | null;

const session = (n: number) => ({ access_token: `access-${n}`, token_type: 'bearer', expires_in: 900, expires_at: 0, refresh_token: `refresh-${n}`, user: { id: 'u1', email: 'dj@x.co', role: 'presenter' } });

function install(studio: boolean): void {
  calls = [];
  replies = [];
  stored = null;
  const bridge: Partial<DesktopBridge> = {
    platform: 'desktop',
    getRefreshToken: async () => stored,
    setRefreshToken: async (t) => {
      stored = t;
    },
    getServerUrl: async () => 'http://station.test',
  };
  const storage = new Map<string, string>();
  vi.stubGlobal('window', studio ? { airdeck: bridge } : {});
  vi.stubGlobal('localStorage', { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v), removeItem: (k: string) => storage.delete(k) });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : null, auth: headers.Authorization ?? null });
    const next = replies.shift() ?? { status: 500 };
    return new Response(next.body === undefined ? null : JSON.stringify(next.body), { status: next.status, headers: { 'Content-Type': 'application/json' } });
  });
}

beforeEach(() => {
  vi.resetModules();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('session client in the desktop studio', () => {
  it('signs in as the desktop client, keeps the refresh token through the bridge and rotates it on refresh', async () => {
    install(true);
    const s = await import('./session');
    replies.push({ status: 200, body: session(1) });
    await s.signIn('dj@x.co', 'secret');
    expect(calls[0]).toMatchObject({ url: '/api/auth/token', body: { email: 'dj@x.co', password: 'secret', client: 'desktop' } });
    expect(stored).toBe('refresh-1');
    expect(await s.getAccessToken()).toBe('access-1');

    replies.push({ status: 200, body: session(2) });
    expect(await s.refresh()).toBe(true);
    expect(calls[1]).toMatchObject({ url: '/api/auth/refresh', body: { refresh_token: 'refresh-1' } });
    expect(stored).toBe('refresh-2');
    expect(await s.getAccessToken()).toBe('access-2');
  });

  it('signs out by clearing the stored token first, then telling the server with the token it had', async () => {
    install(true);
    const s = await import('./session');
    replies.push({ status: 200, body: session(1) });
    await s.signIn('dj@x.co', 'secret');
    replies.push({ status: 401, body: { error: { code: 'unauthorized', message: 'gone' } } });
    await s.signOut();
    expect(stored).toBeNull();
    expect(s.getSessionState().status).toBe('signedOut');
    expect(calls[1]).toMatchObject({ url: '/api/auth/sign-out', body: { refresh_token: 'refresh-1' }, auth: 'Bearer access-1' });
  });
});

describe('session client on the website', () => {
  it('sends no refresh token in the body (the cookie carries it) and ends the session on a 401', async () => {
    install(false);
    const s = await import('./session');
    replies.push({ status: 200, body: { ...session(1), refresh_token: undefined } });
    await s.signIn('dj@x.co', 'secret');
    expect(calls[0]!.body).toMatchObject({ client: 'web' });
    replies.push({ status: 401, body: { error: { code: 'unauthorized', message: 'Invalid Refresh Token: Already Used' } } });
    expect(await s.refresh()).toBe(false);
    expect(calls[1]).toMatchObject({ url: '/api/auth/refresh', body: {} });
    expect(s.getSessionState().status).toBe('signedOut');
    expect(await s.getAccessToken()).toBeNull();
  });

  it('retries a refresh that failed for a passing reason (5xx), then carries on', async () => {
    install(false);
    const s = await import('./session');
    replies.push({ status: 200, body: session(1) });
    await s.signIn('dj@x.co', 'secret');
    replies.push({ status: 503 }, { status: 200, body: session(2) });
    expect(await s.refresh()).toBe(true);
    expect(calls.filter((c) => c.url === '/api/auth/refresh')).toHaveLength(2);
    expect(s.getSessionState().status).toBe('signedIn');
  });

  it('makes no call at start for a visitor who never signed in', async () => {
    install(false);
    const s = await import('./session');
    await s.initSession();
    expect(calls).toHaveLength(0);
    expect(s.getSessionState().status).toBe('signedOut');
  });
});
