import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, processIdentity } from './data-dir-lock';

/**
 * Issue 39 item 4: the data folder's lock knows its holder beyond the pid.
 * After a reboot another process may have the recorded pid; that lock is
 * stale and is taken over (with the reason kept for the start's log), while a
 * lock whose holder is really alive still refuses.
 */
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A live process that has nothing to do with Airdeck. */
async function unrelated(): Promise<number> {
  const child = spawn('sleep', ['300'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((r) => child.once('spawn', r));
  return child.pid!;
}
function folderWithLock(lock: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'airdeck-lock-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'airdeck.lock'), JSON.stringify(lock));
  return dir;
}

describe.skipIf(process.platform !== 'linux')('the data folder lock (Linux /proc)', () => {
  it('a lock written before a reboot, naming a pid another process now has: taken over, and says why', async () => {
    const pid = await unrelated();
    const dir = folderWithLock({ pid, command: 'server', url: 'http://127.0.0.1:8080', startedAt: '2026-11-20T10:00:00.000Z', identity: 'an-earlier-boot:4242' });
    const lock = lockDataDir(dir, 'migrate');
    try {
      expect(lock.takenOver?.owner.pid).toBe(pid);
      expect(lock.takenOver?.reason).toBe(`the lock was written before this machine's last reboot; pid ${pid} is now another process`);
      const now = JSON.parse(fs.readFileSync(path.join(dir, 'airdeck.lock'), 'utf8')) as { pid: number; identity: string };
      expect(now.pid).toBe(process.pid);
      expect(now.identity).toBe(processIdentity(process.pid));
    } finally {
      lock.release();
    }
  });

  it('a lock from an older release (pid only) naming a process that started after it was written: taken over', async () => {
    const pid = await unrelated();
    const dir = folderWithLock({ pid, command: 'server', url: null, startedAt: new Date(Date.now() - 3600_000).toISOString() });
    const lock = lockDataDir(dir, 'migrate');
    try {
      expect(lock.takenOver?.reason).toMatch(new RegExp(`^pid ${pid} is alive but started after the lock was written`));
    } finally {
      lock.release();
    }
  });

  it('a lock whose holder is really alive (same pid, same start time) still refuses, naming it', async () => {
    const pid = await unrelated();
    const dir = folderWithLock({ pid, command: 'server', url: 'http://127.0.0.1:8080', startedAt: new Date().toISOString(), identity: processIdentity(pid) });
    expect(() => lockDataDir(dir, 'migrate')).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir, 'migrate')).toThrow(`is in use by an Airdeck server (pid ${pid}, http://127.0.0.1:8080`);
  });

  it('a lock of a process that is gone: taken over', () => {
    const dir = folderWithLock({ pid: 2 ** 22 + 17, command: 'server', url: null, startedAt: '2026-11-20T10:00:00.000Z' });
    const lock = lockDataDir(dir, 'migrate');
    try {
      expect(lock.takenOver?.reason).toBe(`pid ${2 ** 22 + 17} is no longer running`);
    } finally {
      lock.release();
    }
  });
});
