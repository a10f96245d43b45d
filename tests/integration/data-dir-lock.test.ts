import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, describe, expect, inject, it } from 'vitest';

/**
 * Issue 39 item 4 through the real entry (server/src/main.ts, as `npm run dev`
 * runs it): after a reboot the data folder's lock names a pid that another,
 * unrelated process now has. Before, Airdeck refused to start (and systemd
 * retried forever); now it starts and its log says why it took the lock over.
 */
const root = path.resolve(__dirname, '../..');
const children: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

// The embedded database (DATABASE_URL empty), whatever engine the suite runs on: once, on the PGlite pass.
describe.skipIf(process.platform !== 'linux' || inject('dbEngine') === 'postgres')('a stale lock naming a live unrelated process', () => {
  it('starts, and logs whose lock it took over and why', async () => {
    const sleeper = spawn('sleep', ['300'], { stdio: 'ignore' });
    children.push(sleeper);
    await new Promise((r) => sleeper.once('spawn', r));
    const data = fs.mkdtempSync(path.join(os.tmpdir(), 'airdeck-stale-lock-'));
    dirs.push(data);
    // What the server wrote before the machine rebooted: its pid now belongs to `sleep`.
    fs.writeFileSync(path.join(data, 'airdeck.lock'), JSON.stringify({ pid: sleeper.pid, command: 'server', url: 'http://127.0.0.1:8080', startedAt: '2026-11-20T10:00:00.000Z', identity: 'a-boot-before-the-reboot:1234' }));
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', DATA_DIR: data, SEED_DEMO: 'false', LOG_LEVEL: 'info', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let err = '';
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    const lines: Array<{ level?: number; msg?: string }> = [];
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start in 90 s:\n${err}`)), 90_000);
      child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${err}`)));
      readline.createInterface({ input: child.stdout! }).on('line', (line) => {
        try {
          lines.push(JSON.parse(line) as { level?: number; msg?: string });
        } catch {
          const m = /Airdeck is running at (http:\/\/\S+)/.exec(line);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]!);
          }
        }
      });
    });
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    const why = lines.find((l) => l.level === 40 && /took over the data folder's lock/.test(l.msg ?? ''));
    expect(why?.msg).toBe(`took over the data folder's lock left by pid ${sleeper.pid} (server, started 2026-11-20T10:00:00.000Z): the lock was written before this machine's last reboot; pid ${sleeper.pid} is now another process`);
    // The unrelated process is untouched, and the lock is now the server's own.
    expect(sleeper.exitCode).toBeNull();
    const lock = JSON.parse(fs.readFileSync(path.join(data, 'airdeck.lock'), 'utf8')) as { pid: number; url: string };
    expect(lock.pid).toBe(child.pid);
    expect(lock.url).toBe(url);
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }, 120_000);
});
