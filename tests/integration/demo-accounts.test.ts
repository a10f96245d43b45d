import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/src/auth/passwords';
import { prepareDatabase } from '../../server/src/bootstrap';
import { loadConfig } from '../../server/src/config';
import { startServer, type RunningServer } from '../../server/src/server';
import { createTestDatabase, type TestDatabase } from '../support/db';
import { request } from '../support/server';

/**
 * Issue 39 item 2: demo accounts never on a production server. A server whose
 * PUBLIC_URL is public seeds no demo without an explicit SEED_DEMO=true
 * (checked the way an attacker would: signing in with the README's demo
 * password), and a server that holds demo accounts with that password says so
 * at every start and on the owner's dashboard. The README's password and
 * account are written here from the README, not imported.
 */
const README_PASSWORD = 'airdeck-demo';
const README_OWNER = 'owner@airdeck.demo';

let running: { server: RunningServer; database: TestDatabase }[] = [];
afterEach(async () => {
  for (const r of running) {
    await r.server.close();
    await r.database.drop();
  }
  running = [];
});

/** Prepares and starts a server as `run.ts` does, with its log lines kept. */
async function start(env: Record<string, string>, database?: TestDatabase) {
  const db = database ?? (await createTestDatabase());
  const lines: { level: number; msg: string; accounts?: string[] }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as (typeof lines)[number]);
      done();
    },
  });
  const log = pino({ level: 'info' }, sink);
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: '.test-data', ...env });
  await prepareDatabase(db.db, config, log);
  const server = await startServer({ config, db: db.db, log, closeDatabase: false });
  const entry = { server, database: db };
  running.push(entry);
  return { server, url: server.url, lines, database: db, config };
}

const signIn = (url: string, email: string, password: string) => request(url, '/api/auth/token', { method: 'POST', body: { email, password } });
const demoWarning = (lines: { level: number; msg: string }[]) => lines.find((l) => l.level === 40 && /demo account/.test(l.msg));

describe('demo accounts on a production server (issue 39)', () => {
  it('a public PUBLIC_URL and no SEED_DEMO: no demo station, and the README’s demo owner does not sign in', async () => {
    const s = await start({ PUBLIC_URL: 'https://radio.station.example' });
    expect(s.config.SEED_DEMO).toBe(false);
    const res = await signIn(s.url, README_OWNER, README_PASSWORD);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Invalid login credentials');
    expect(res.body.access_token).toBeUndefined();
    expect(await s.database.db.knex('profiles').count<{ n: string }[]>({ n: '*' }).then((r) => Number(r[0]!.n))).toBe(0);
    expect(demoWarning(s.lines)).toBeUndefined();
  });

  it('a local PUBLIC_URL (or none, as `npm start` on a fresh clone) still gets the demo', async () => {
    const s = await start({ PUBLIC_URL: 'http://localhost:8080' });
    expect(s.config.SEED_DEMO).toBe(true);
    const res = await signIn(s.url, README_OWNER, README_PASSWORD);
    expect(res.status).toBe(200);
  });

  it('a server holding demo accounts with the published password warns at every start and on the owner’s dashboard; a changed password ends it', async () => {
    const first = await start({ PUBLIC_URL: 'https://radio.station.example', SEED_DEMO: 'true' });
    await expect.poll(() => demoWarning(first.lines)?.msg, { timeout: 15_000 }).toMatch(/demo account\(s\) that sign in with the password published in the README/);
    expect(demoWarning(first.lines)?.msg).toContain(README_OWNER);
    const owner = await signIn(first.url, README_OWNER, README_PASSWORD);
    expect(owner.status).toBe(200);
    const dash = await request(first.url, '/api/dashboard', { token: owner.body.access_token });
    expect(dash.status).toBe(200);
    expect(dash.body.demo_accounts).toContain(README_OWNER);
    expect(dash.body.demo_accounts).toContain('presenter@airdeck.demo');
    // Another role is not told (only the owner can act on it).
    const manager = await signIn(first.url, 'manager@airdeck.demo', README_PASSWORD);
    expect((await request(first.url, '/api/dashboard', { token: manager.body.access_token })).body.demo_accounts).toBeUndefined();

    // The owner's password changed: no longer listed (the others still are).
    await first.database.db.knex('profiles').where({ email: README_OWNER }).update({ password_hash: await hashPassword('a long real passphrase') });
    const after = await request(first.url, '/api/dashboard', { token: owner.body.access_token });
    expect(after.body.demo_accounts).not.toContain(README_OWNER);
    expect(after.body.demo_accounts).toContain('presenter@airdeck.demo');

    // The next start (same database) says so again.
    await first.server.close();
    running = running.filter((r) => r.server !== first.server);
    const second = await start({ PUBLIC_URL: 'https://radio.station.example' }, first.database);
    await expect.poll(() => demoWarning(second.lines)?.msg, { timeout: 15_000 }).toContain('presenter@airdeck.demo');
  });
});
