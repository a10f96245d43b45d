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
 * over. A process id alone does not say who holds the lock: after a reboot
 * another process (anything) may have the recorded id. So the lock also
 * records the holder's identity beyond its pid: the boot id and the process's
 * start time (`/proc/<pid>/stat`, field 22) where /proc exists. A lock whose
 * pid is alive but whose identity differs is stale and is taken over; the
 * takeover is kept ({@link DataDirLock.takenOver}) and logged at start with the
 * reason (issue 39 item 4). PostgreSQL deployments take no lock: several instances share one
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
  /** The holder beyond its pid: `<boot id>:<start time in clock ticks>` (Linux), or null where /proc is missing. */
  identity?: string | null;
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
  /** When this process took over a lock left by another: whose it was and why it was stale. */
  takenOver: { owner: DataDirOwner; reason: string } | null;
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

/**
 * Who a process is beyond its pid (Linux): this boot's id and the process's start time in clock
 * ticks since boot (field 22 of `/proc/<pid>/stat`, after the command name in parentheses, which may
 * itself hold spaces and parentheses). Null where /proc is missing (then the pid alone decides).
 */
export function processIdentity(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the command: state is field 3, so start time (field 22) is index 22 - 3 = 19.
    const start = fields[19];
    if (!start || !/^\d+$/.test(start)) return null;
    let boot = '';
    try {
      boot = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    } catch {
      // no boot id: the start time alone
    }
    return `${boot}:${start}`;
  } catch {
    return null;
  }
}

/** When a process started, epoch ms (Linux: boot time plus its start ticks at 100 Hz), or null. */
function processStartMs(pid: number): number | null {
  const identity = processIdentity(pid);
  if (!identity) return null;
  try {
    const btime = /^btime (\d+)$/m.exec(fs.readFileSync('/proc/stat', 'utf8'))?.[1];
    return btime ? Number(btime) * 1000 + Number(identity.split(':')[1]) * 10 : null;
  } catch {
    return null;
  }
}

/** Why a lock naming a living pid is still stale, or null when its holder is that process. */
function staleReason(owner: DataDirOwner): string | null {
  if (!owner.identity) {
    // A lock from before identities were recorded: a process that started after the lock was written cannot be its holder.
    const written = Date.parse(owner.startedAt);
    const started = processStartMs(owner.pid);
    if (Number.isNaN(written) || started === null || started <= written + 2_000) return null;
    return `pid ${owner.pid} is alive but started after the lock was written (${new Date(started).toISOString()}), so it is another process`;
  }
  const now = processIdentity(owner.pid);
  if (now === null) return null;
  if (now === owner.identity) return null;
  const [bootThen] = owner.identity.split(':');
  const [bootNow] = now.split(':');
  return bootThen && bootNow && bootThen !== bootNow
    ? `the lock was written before this machine's last reboot; pid ${owner.pid} is now another process`
    : `pid ${owner.pid} is alive but is another process (it started after the lock's holder)`;
}

function readOwner(file: string): DataDirOwner | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<DataDirOwner>;
    return typeof parsed.pid === 'number'
      ? { pid: parsed.pid, command: parsed.command ?? 'server', url: parsed.url ?? null, startedAt: parsed.startedAt ?? 'unknown', identity: parsed.identity ?? null }
      : null;
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
  const me: DataDirOwner = { pid: process.pid, command, url: null, startedAt: new Date().toISOString(), identity: processIdentity(process.pid) };
  let takenOver: DataDirLock['takenOver'] = null;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, `${JSON.stringify(me)}\n`, { flag: 'wx', mode: 0o644 });
      const lock: DataDirLock = {
        file,
        takenOver,
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
      if (owner && owner.pid !== process.pid && alive(owner.pid)) {
        const reason = staleReason(owner);
        if (reason === null) throw new DataDirLockedError(dir, owner, command);
        takenOver = { owner, reason };
      } else if (owner) {
        takenOver = { owner, reason: owner.pid === process.pid ? `it names this process's own pid ${owner.pid} (left before a restart)` : `pid ${owner.pid} is no longer running` };
      } else takenOver = null;
      // Left by a process that is gone, or by one whose pid another process now has (or unreadable): take it over.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}

/** The lock this process holds on a directory, if any. */
export function heldDataDirLock(dataDir: string): DataDirLock | null {
  return held.get(path.resolve(dataDir)) ?? null;
}
