import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { inject } from 'vitest';
import { openDatabase } from '../../server/src/db/knex';
import { createTestDatabase, type TestDatabase } from '../support/db';

/**
 * The real `npm start` entry point as a separate process: it starts, serves,
 * stops on SIGTERM (WebSockets closed with 1001, exit 0), and keeps its data
 * across a restart.
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'airdeck-life-'));
let pgDb: TestDatabase | null = null;
afterAll(async () => {
  fs.rmSync(tmp, { recursive: true, force: true });
  await pgDb?.drop();
});

async function boot(env: Record<string, string>): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST_DIR: tmp, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 90_000);
    const check = (): void => {
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  return { child, url, output: () => out };
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describe('the server process', () => {
  it('serves, stops gracefully on SIGTERM and keeps its data across a restart', async () => {
    const engine = inject('dbEngine');
    let env: Record<string, string>;
    if (engine === 'postgres') {
      pgDb = await createTestDatabase();
      await pgDb.db.close();
      env = { DATABASE_URL: pgDb.url!, SEED_DEMO: 'true' };
    } else {
      env = { DATA_DIR: path.join(tmp, 'data'), SEED_DEMO: 'true' };
    }

    const first = await boot(env);
    const health = await fetch(`${first.url}/api/health`);
    expect(health.status).toBe(200);
    const ws = new WebSocket(`${first.url.replace('http', 'ws')}/api/realtime`);
    await new Promise((r) => ws.once('open', r));
    const closeCode = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    const exit1 = exited(first.child);
    const t0 = Date.now();
    first.child.kill('SIGTERM');
    expect(await closeCode).toBe(1001);
    expect(await exit1).toBe(0);
    expect(Date.now() - t0).toBeLessThan(15_000);
    await expect(fetch(`${first.url}/api/health`)).rejects.toThrow();

    const readPresenters = async (): Promise<string[]> => {
      const db = engine === 'postgres' ? await openDatabase({ kind: 'postgres', url: pgDb!.url!, poolMax: 1 }) : await openDatabase({ kind: 'pglite', dataDir: path.join(tmp, 'data', 'pglite') });
      try {
        return (await db.knex('presenters').orderBy('id').pluck('id')) as string[];
      } finally {
        await db.close();
      }
    };
    const before = await readPresenters();
    expect(before.length).toBeGreaterThanOrEqual(8);

    const second = await boot(env);
    expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
    const exit2 = exited(second.child);
    second.child.kill('SIGINT');
    expect(await exit2).toBe(0);
    expect(await readPresenters()).toEqual(before);
  }, 240_000);
});
