import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../support/auth';
import { startTestServer, type TestServer } from '../support/server';

/**
 * One error shape on every route (issue 18 §3): every 4xx and 5xx that any
 * registered route or alias answers, for every method, 405 included, carries
 * `{ error: { code, message, details? } }`; the public data APIs add
 * `success: false` (their documented `{ success: false, error: {...} }`).
 * The routes come from the routers the app mounted, never a hand list.
 */
let t: TestServer;
let guest: TestUser;

beforeAll(async () => {
  t = await startTestServer({ env: { SIGNIN_IP_LIMIT: '10000', REQUEST_LIMIT_IP: '10000', SEARCH_LIMIT_PER_MINUTE: '10000', APPLICATION_LIMIT_PER_HOUR: '10000' } });
  guest = await createUser(t, { role: 'guest' });
});
afterAll(() => t?.close());

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const PUBLIC_DATA = (p: string) => p === '/schedule-api' || p === '/song-request-api' || p.startsWith('/api/public/');

/** Every registered path with its parameters filled in, and the methods registered on it. */
function registeredRoutes(): Map<string, Set<string>> {
  const routes = new Map<string, Set<string>>();
  for (const router of t.server.built.routers) {
    for (const layer of router.stack) {
      if (typeof layer.path !== 'string' || layer.methods.length === 0) continue;
      const path = layer.path.replace(/\*[A-Za-z_]+/g, 'x').replace(/:([A-Za-z_]+)(\([^)]*\))?\??/g, (_m, name: string) => (/id$/i.test(name) ? '00000000-0000-4000-8000-000000000000' : 'x'));
      const set = routes.get(path) ?? new Set<string>();
      for (const m of layer.methods) set.add(m);
      routes.set(path, set);
    }
  }
  return routes;
}

interface Finding {
  call: string;
  status: number;
  body: string;
}

/** Sends one request and returns a finding when an error answer lacks the shape. */
async function check(method: string, path: string, token?: string): Promise<Finding | null> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const hasBody = method !== 'GET' && method !== 'DELETE';
  if (hasBody) headers['Content-Type'] = 'application/json';
  const controller = new AbortController();
  const res = await fetch(t.url + path, { method, headers, body: hasBody ? '{"junk":true}' : null, signal: controller.signal, redirect: 'manual' });
  if (res.status < 400) {
    // Success or a redirect (and possibly an endless audio stream): not under test here.
    controller.abort();
    return null;
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { call: `${method} ${path}`, status: res.status, body: text.slice(0, 80) };
  }
  const b = body as { success?: unknown; error?: { code?: unknown; message?: unknown } };
  const shaped = typeof b.error?.code === 'string' && typeof b.error.message === 'string' && b.error.message.length > 0 && (!PUBLIC_DATA(path) || b.success === false);
  const typed = (res.headers.get('content-type') ?? '').startsWith('application/json');
  if (!shaped || !typed) return { call: `${method} ${path}`, status: res.status, body: text.slice(0, 80) };
  if (res.status === 405 && !res.headers.get('allow')) return { call: `${method} ${path}`, status: 405, body: 'no Allow header' };
  return null;
}

describe('the error shape on every registered route and method', () => {
  it('enumerates the routers (the test sees the real route table)', () => {
    const routes = registeredRoutes();
    expect(routes.size).toBeGreaterThan(80);
    // The two plain-text 405s and a staff route are in the walk.
    expect(routes.has('/schedule-api')).toBe(true);
    expect(routes.has('/song-request-api')).toBe(true);
    expect(routes.has('/api/users')).toBe(true);
  });

  it('answers every 4xx/5xx, signed out and as a guest, in the one shape (405 included, with Allow)', async () => {
    const findings: Finding[] = [];
    let errorsSeen = 0;
    let notAllowed = 0;
    for (const [path, methods] of registeredRoutes()) {
      for (const method of METHODS) {
        for (const token of [undefined, guest.token]) {
          const f = await check(method, path, token);
          if (f) findings.push(f);
        }
        if (!methods.has(method)) notAllowed++;
      }
      errorsSeen++;
    }
    expect(findings).toEqual([]);
    expect(errorsSeen).toBeGreaterThan(80);
    expect(notAllowed).toBeGreaterThan(100);
  }, 120_000);

  it("answers the issue's two cases with the documented public shape and Allow", async () => {
    for (const [method, path, allow] of [
      ['PUT', '/schedule-api', 'GET'],
      ['DELETE', '/song-request-api', 'POST'],
    ] as const) {
      const res = await fetch(t.url + path, { method });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toContain(allow);
      const body = (await res.json()) as { success: boolean; error: { code: string; message: string } };
      expect(body.success).toBe(false);
      expect(body.error.code).toBe('method_not_allowed');
      expect(body.error.message).toContain(method);
    }
    const options = await fetch(`${t.url}/schedule-api`, { method: 'OPTIONS' });
    expect(options.status).toBeLessThan(300);
  });
});
