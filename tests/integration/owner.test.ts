import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../server/src/db/knex';
import { ensureOwner } from '../../server/src/users/owner';
import { request, startTestServer } from '../support/server';

const run = promisify(execFile);

describe('the first owner', () => {
  it('is created from OWNER_EMAIL/OWNER_PASSWORD on first start, once', async () => {
    const t = await startTestServer({ env: { OWNER_EMAIL: 'Boss@Station.Test', OWNER_PASSWORD: 'boss-password' } });
    try {
      const res = await request(t.url, '/api/auth/token', { method: 'POST', body: { email: 'boss@station.test', password: 'boss-password' } });
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ email: 'boss@station.test', role: 'owner' });
      expect(await ensureOwner(t.server.ctx.knex, { email: 'other@station.test', password: 'another-one', onlyIfNoOwner: true })).toBe(false);
      const owners = await t.server.ctx.knex('profiles').where({ role: 'owner' }).pluck('email');
      expect(owners).toEqual(['boss@station.test']);
      const log = await t.server.ctx.knex('user_action_logs').where({ action_type: 'create', resource_name: 'boss@station.test' }).first();
      expect(log.details).toMatchObject({ via: 'bootstrap', role: 'owner' });
    } finally {
      await t.close();
    }
  });

  // The embedded database (DATABASE_URL empty), whatever engine the suite runs on: once, on the PGlite pass.
  it.skipIf(inject('dbEngine') === 'postgres')('is created by `npm run create-owner`, which refuses a duplicate and a short password', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'airdeck-owner-'));
    const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: '', SEED_DEMO: 'false', LOG_LEVEL: 'silent' };
    const cli = (...args: string[]) => run('npx', ['tsx', 'server/src/cli/create-owner.ts', ...args], { env }).then(
      (r) => ({ code: 0, out: r.stdout + r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
    );
    try {
      const short = await cli('--email', 'cli@station.test', '--password', '123');
      expect(short.code).toBe(2);
      expect(short.out).toContain('Password must be at least 6 characters');
      const ok = await cli('--email', 'cli@station.test', '--password', 'cli-password', '--username', 'CLI Owner');
      expect(ok.code).toBe(0);
      expect(ok.out).toContain('Owner cli@station.test created.');
      const again = await cli('--email', 'CLI@station.test', '--password', 'cli-password');
      expect(again.code).toBe(1);
      expect(again.out).toContain('already exists');
      const db = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite') });
      try {
        expect(await db.knex('profiles').where({ role: 'owner' }).select('email', 'username', 'is_admin')).toEqual([{ email: 'cli@station.test', username: 'CLI Owner', is_admin: true }]);
      } finally {
        await db.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
