import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../shared/permissions';
import { createUser, type TestUser } from '../support/auth';
import { request, startTestServer, type TestServer } from '../support/server';
import { AUTHZ_MATRIX, type Access } from './authz-matrix';

/**
 * The guard every issue extends: each route the server mounts is called as
 * anonymous and as each of the seven roles, and the answer must match the
 * matrix (tests/integration/authz-matrix.ts). A route without a row fails.
 */

let t: TestServer;
const users = new Map<Role, TestUser>();

beforeAll(async () => {
  t = await startTestServer();
  for (const role of ROLES) users.set(role, await createUser(t, { role }));
});
afterAll(async () => t?.close());

interface MountedRoute {
  method: string;
  path: string;
}

/** Every method + path the domain routers declare (HEAD comes free with GET and is not listed). */
function mountedRoutes(): MountedRoute[] {
  const out: MountedRoute[] = [];
  for (const router of t.server.built.routers) {
    for (const layer of router.stack) {
      const path = String(layer.path);
      for (const method of layer.methods) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        out.push({ method, path });
      }
    }
  }
  return out;
}

/** A concrete URL for a route pattern: ids become a random UUID, wildcards a plausible file path. */
function concrete(path: string): string {
  return path
    .replace(/[{}]/g, '')
    .replace(/:[A-Za-z_][A-Za-z0-9_]*/g, () => randomUUID())
    .replace(/\*[A-Za-z_][A-Za-z0-9_]*/g, 'missing/file.png');
}

/** A token for a brand-new session of the role's account, so a route that ends sessions cannot spoil the next call. */
async function freshToken(role: Role): Promise<string> {
  const u = users.get(role)!;
  const [session] = await t.server.ctx.knex('auth_sessions').insert({ user_id: u.id, expires_at: new Date(Date.now() + 86400_000) }).returning<{ id: string }[]>('id');
  const { token } = await t.server.ctx.tokens.sign({ userId: u.id, sessionId: session!.id, role, email: u.email });
  return token;
}

async function call(method: string, url: string, token?: string): Promise<number> {
  const hasBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
  if (method === 'GET' && url === '/api/stream') {
    // An endless audio stream: the status is all there is to check.
    const ac = new AbortController();
    const r = await fetch(t.url + url, { signal: ac.signal, ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}) });
    ac.abort();
    return r.status;
  }
  const res = await request(t.url, url, { method, ...(hasBody ? { body: {} } : {}), ...(token ? { token } : {}) });
  return res.status;
}

function expectation(access: Access, caller: Role | 'anonymous'): 'pass' | 401 | 403 {
  if (access === 'public') return 'pass';
  if (access === 'credential') return 401;
  if (caller === 'anonymous') return 401;
  if (access === 'any-user') return 'pass';
  return access.includes(caller) ? 'pass' : 403;
}

describe('authorization matrix', () => {
  it('has a row for every mounted route, and no row for a route that does not exist', () => {
    const mounted = mountedRoutes().map((r) => `${r.method} ${r.path}`);
    const missing = mounted.filter((k) => !(k in AUTHZ_MATRIX));
    const stale = Object.keys(AUTHZ_MATRIX).filter((k) => !mounted.includes(k));
    expect(missing, 'routes without a row in tests/integration/authz-matrix.ts').toEqual([]);
    expect(stale, 'rows in tests/integration/authz-matrix.ts for routes that are not mounted').toEqual([]);
    expect(mounted.length).toBeGreaterThan(10);
  });

  it('answers every route as the spec allows, for anonymous and each of the seven roles', async () => {
    const problems: string[] = [];
    for (const { method, path } of mountedRoutes()) {
      const access = AUTHZ_MATRIX[`${method} ${path}`];
      if (!access) continue; // reported by the test above
      for (const caller of ['anonymous', ...ROLES] as const) {
        const url = concrete(path);
        const status = await call(method, url, caller === 'anonymous' ? undefined : await freshToken(caller));
        const want = expectation(access, caller);
        const ok = status !== 500 && (want === 'pass' ? status !== 401 && status !== 403 : status === want);
        if (!ok) problems.push(`${method} ${path} as ${caller}: got ${status}, want ${want === 'pass' ? 'not 401/403' : want}`);
      }
    }
    expect(problems).toEqual([]);
  }, 240_000);
});
