import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import readline from 'node:readline';

/** A server running in a child process, with the log lines it printed. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Every JSON log line so far (msg and fields). */
  logs: Array<Record<string, unknown>>;
  /** True once the process logged a message matching `re`. */
  logged(re: RegExp): boolean;
  /** SIGKILL: the process dies without any cleanup, as in a crash. */
  kill(): Promise<void>;
  /** SIGTERM and wait. */
  stop(): Promise<void>;
  /** The process's memory (bytes) after a full garbage collection. */
  memory(): Promise<{ rss: number; heapUsed: number; heapTotal: number; external: number; arrayBuffers: number }>;
}

/** Starts `tests/support/server-process.ts` with the given environment and waits until it listens. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'server-process.ts');
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', script], {
    env: { ...process.env, NODE_ENV: 'test', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin!.on('error', () => undefined);
  type Mem = Awaited<ReturnType<ServerProcess['memory']>>;
  const memWaiters: Array<(m: Mem) => void> = [];
  const logs: Array<Record<string, unknown>> = [];
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server process did not start in 60 s\n${stderr}`)), 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server process exited with ${code}\n${stderr}`));
    });
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      try {
        const obj = JSON.parse(line) as Record<string, unknown>;
        if (obj.mem && typeof obj.mem === 'object') {
          memWaiters.shift()?.(obj.mem as Mem);
        } else if (obj.ready === true && typeof obj.url === 'string') {
          clearTimeout(timer);
          resolve(obj.url);
        } else logs.push(obj);
      } catch {
        // not a log line
      }
    });
  });
  return {
    url,
    child,
    logs,
    logged: (re) => logs.some((l) => typeof l.msg === 'string' && re.test(l.msg)),
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    memory() {
      return new Promise<Mem>((resolve) => {
        memWaiters.push(resolve);
        child.stdin!.write('mem\n');
      });
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
