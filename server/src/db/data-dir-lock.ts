import fs from 'node:fs';
import path from 'node:path';

/**
 * One process per embedded database. PGlite is a database inside the process
 * that opened it: a second process on the same files (another server, or
 * `npm run create-owner` while the server runs) would work on its own copy and
 * its changes would not reach the running server, or corrupt the files. So the
 * first process takes `DATA_DIR/airdeck.lock` (its pid, what it is, and once
 * listening its address) and every other process is refused with a message
 * naming it. A lock left by a process that died (SIGKILL, power cut) is taken
 * over. PostgreSQL deployments take no lock: several instances share one
 * database there by design.
 */

/** What the lock file holds. */
export interface DataDirOwner {
  pid: number;
  /** `server`, `migrate` or `create-owner`. */
  command: string;
  /** The server's address once it listens. */
  url: string | null;
  startedAt: string;
}

/** A second process tried to open an embedded database in use. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly owner: DataDirOwner,
    command: string,
  ) {
    const who =
      owner.command === 'server'
        ? `an Airdeck server (pid ${owner.pid}${owner.url ? `, ${owner.url}` : ''}, started ${owner.startedAt})`
        : `\`npm run ${owner.command}\` (pid ${owner.pid}, started ${owner.startedAt})`;
    const advice =
      command === 'server'
        ? 'Stop it first, or give this one its own DATA_DIR. (Several servers on one database need PostgreSQL: set DATABASE_URL.)'
        : command === 'create-owner'
          ? 'Stop the server, run the command, and start the server again (or set OWNER_EMAIL and OWNER_PASSWORD and restart it: the first owner is created at start).'
          : 'Stop it first, then run the command again (the server also applies migrations itself at start).';
    super(`The embedded database in ${dataDir} is in use by ${who}. ${advice}`);
  }
}

/** A held lock. */
export interface DataDirLock {
  file: string;
  /** Records the server's address in the lock (so a refused process can name it). */
  setUrl(url: string): void;
  release(): void;
}

const held = new Map<string, DataDirLock>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): DataDirOwner | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<DataDirOwner>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, command: parsed.command ?? 'server', url: parsed.url ?? null, startedAt: parsed.startedAt ?? 'unknown' } : null;
  } catch {
    return null;
  }
}

/**
 * Takes the lock of an embedded database directory for this process (again
 * and again within one process: the server reopens its database after first
 * setup). Throws {@link DataDirLockedError} when another living process holds it.
 */
export function lockDataDir(dataDir: string, command: string): DataDirLock {
  const dir = path.resolve(dataDir);
  const existing = held.get(dir);
  if (existing) return existing;
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'airdeck.lock');
  const me: DataDirOwner = { pid: process.pid, command, url: null, startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, `${JSON.stringify(me)}\n`, { flag: 'wx', mode: 0o644 });
      const lock: DataDirLock = {
        file,
        setUrl(url) {
          me.url = url;
          fs.writeFileSync(file, `${JSON.stringify(me)}\n`);
        },
        release() {
          if (held.get(dir) !== lock) return;
          held.delete(dir);
          if (readOwner(file)?.pid === process.pid) fs.rmSync(file, { force: true });
        },
      };
      held.set(dir, lock);
      process.once('exit', () => lock.release());
      return lock;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = readOwner(file);
      if (owner && owner.pid !== process.pid && alive(owner.pid)) throw new DataDirLockedError(dir, owner, command);
      // Left by a process that is gone (or unreadable): take it over.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}

/** The lock this process holds on a directory, if any. */
export function heldDataDirLock(dataDir: string): DataDirLock | null {
  return held.get(path.resolve(dataDir)) ?? null;
}
