import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

/**
 * Start-up and memory at rest of the production build (`npm run build`; this builds nothing), each
 * beside its reference from the same run, on a new temporary DATA_DIR per run:
 * - a fresh start (empty DATA_DIR, demo seed) to the first 200 on /api/health: goal ≤ 5 s; reference
 *   PGlite creating a database alone (its initdb, in its own process) plus a bare Node HTTP server's
 *   time to its first 200;
 * - a restart on that data to the first 200: goal ≤ 1.5 s; reference PGlite reopening the same data
 *   alone plus the bare server;
 * - the restarted server's resident memory once idle: goal ≤ 1.3× PGlite's own, reopened alone on the
 *   same data (after one query) and idle.
 * Also the main thread's CPU time to the first 200 of the restart beside PGlite's own to ready (on a
 * loaded machine wall times mostly measure the queue for a core; CPU time much less so).
 * Times are from spawning the process (node's own start included on both sides). `BENCH_START_RUNS`
 * (default 3) runs; min/median/max. The server's own phase log ("Airdeck is on air") says where its
 * start went.
 */
const root = path.resolve(import.meta.dirname, '..');
const MiB = 1_048_576;

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** One GET on a fresh connection: its status, or 0 when nothing answers. */
const status = (url: string): Promise<number> =>
  new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: 2_000 }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
    });
    req.once('timeout', () => req.destroy());
    req.once('error', () => resolve(0));
  });

/** Milliseconds from `t0` to the first 200 at `url` (polled every 10 ms); throws if the child exits first. */
async function firstOk(url: string, t0: number, child: ChildProcess, output: () => string): Promise<number> {
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`exited before answering:\n${output()}`);
    if ((await status(url)) === 200) return performance.now() - t0;
    if (performance.now() - t0 > 120_000) throw new Error(`no 200 in 120 s:\n${output()}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const cpuTicks = (pid: number): number => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // After the command name: state is field 3, utime and stime fields 14 and 15.
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(f[11]) + Number(f[12]);
};
/** CPU time (ms) the process's main thread has used: less swayed by the machine's load than wall time. */
const mainThreadMs = (pid: number): number => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return NaN;
  }
};
const rssMiB = (pid: number): number => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** Waits at least `minMs`, then until the process used under 3 % of a core for a whole second (at most 30 s). */
async function idle(pid: number, minMs = 5_000): Promise<void> {
  await new Promise((r) => setTimeout(r, minMs));
  const hz = 100;
  const until = performance.now() + 30_000;
  while (performance.now() < until) {
    const a = cpuTicks(pid);
    await new Promise((r) => setTimeout(r, 1_000));
    if ((cpuTicks(pid) - a) / hz < 0.03) return;
  }
}

function collect(child: ChildProcess): () => string {
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  return () => out.slice(-4_000);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

interface ServerStart {
  ms: number;
  /** Main-thread CPU time at the first 200. */
  cpu: number;
  phases: Record<string, number> | null;
  child: ChildProcess;
}

/** `node scripts/start.mjs --serve` on `dataDir`: the time to its first 200 on /api/health. */
async function startServer(dataDir: string): Promise<ServerStart> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs', '--serve'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', SEED_DEMO: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let phases: Record<string, number> | null = null;
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    if (!line.includes('"phases"')) return;
    try {
      phases = (JSON.parse(line) as { phases?: Record<string, number> }).phases ?? null;
    } catch {
      // not a log line
    }
  });
  const output = collect(child);
  const ms = await firstOk(`http://127.0.0.1:${port}/api/health`, t0, child, output);
  return { ms, cpu: mainThreadMs(child.pid!), phases, child };
}

/** PGlite alone in its own node process on `dataDir`: spawn to ready (after one query), and its idle RSS. */
async function pgliteAlone(dataDir: string, withRss: boolean): Promise<{ ms: number; cpu: number; rss: number }> {
  const script = `
    import { PGlite } from '@electric-sql/pglite';
    const pg = new PGlite({ dataDir: ${JSON.stringify(dataDir)} });
    await pg.waitReady;
    await pg.query('select 1');
    process.stdout.write('ready\\n');
    process.on('SIGTERM', () => pg.close().then(() => process.exit(0)));
    setInterval(() => {}, 60_000);
  `;
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = collect(child);
  const ms = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`PGlite alone exited with ${code}:\n${output()}`)));
    readline.createInterface({ input: child.stdout! }).on('line', (l) => l === 'ready' && resolve(performance.now() - t0));
  });
  const cpu = mainThreadMs(child.pid!);
  if (withRss) await idle(child.pid!, 2_000);
  const rss = withRss ? rssMiB(child.pid!) : 0;
  await stop(child);
  return { ms, cpu, rss };
}

/** A bare Node HTTP server: spawn to its first 200. */
async function bareServer(): Promise<number> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, ['-e', `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = collect(child);
  const ms = await firstOk(`http://127.0.0.1:${port}/`, t0, child, output);
  await stop(child);
  return ms;
}

interface Run {
  fresh: number;
  freshRef: number;
  restart: number;
  restartRef: number;
  restartCpu: number;
  restartCpuRef: number;
  rss: number;
  rssRef: number;
  pgliteNew: number;
  pgliteReopen: number;
  bare: number;
}

const s1 = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { min: s[0]!, med: s[Math.floor(s.length / 2)]!, max: s[s.length - 1]! };
};
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(', ');

export async function run(): Promise<void> {
  const need = [path.join(root, 'dist-server', 'main.mjs'), path.join(root, 'web', 'dist', 'index.html')];
  if (!need.every((f) => fs.existsSync(f))) {
    console.log('needs npm run build (dist-server/main.mjs and web/dist/index.html are missing)');
    return;
  }
  if (!fs.existsSync(path.join(root, 'dist-server', 'pglite-template.tar.gz'))) console.log('note: dist-server/pglite-template.tar.gz is missing (an old build?): a fresh start runs initdb');
  const runs = Number(process.env.BENCH_START_RUNS ?? 3);
  console.log(`load average at start: ${load()}`);
  const results: Run[] = [];
  for (let i = 0; i < runs; i++) {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'airdeck-bench-start-'));
    try {
      const dataDir = path.join(tmp, 'data');
      const fresh = await startServer(dataDir);
      await stop(fresh.child);
      const restart = await startServer(dataDir);
      await idle(restart.child.pid!);
      const rss = rssMiB(restart.child.pid!);
      await stop(restart.child);
      const reopen = await pgliteAlone(path.join(dataDir, 'pglite'), true);
      const created = await pgliteAlone(path.join(tmp, 'pglite-new'), false);
      const bare = await bareServer();
      const r: Run = {
        fresh: fresh.ms,
        freshRef: created.ms + bare,
        restart: restart.ms,
        restartRef: reopen.ms + bare,
        restartCpu: restart.cpu,
        restartCpuRef: reopen.cpu,
        rss,
        rssRef: reopen.rss,
        pgliteNew: created.ms,
        pgliteReopen: reopen.ms,
        bare,
      };
      results.push(r);
      const ph = (p: Record<string, number> | null) => (p ? Object.entries(p).map(([k, v]) => `${k} ${v}`).join(', ') : 'no phase log');
      console.log(
        `run ${i + 1}: fresh ${s1(r.fresh)} (phases ms: ${ph(fresh.phases)}); restart ${s1(r.restart)} (${ph(restart.phases)}); idle RSS ${r.rss.toFixed(0)} MiB; ` +
          `PGlite alone: new ${s1(r.pgliteNew)}, reopen ${s1(r.pgliteReopen)}, ${r.rssRef.toFixed(0)} MiB; bare server ${s1(r.bare)}`,
      );
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }
  const line = (name: string, ours: number[], refName: string, ref: number[], fmt: (n: number) => string, goal: string) => {
    const a = stats(ours);
    const b = stats(ref);
    const ratio = stats(ours.map((x, i) => x / ref[i]!));
    console.log(
      `${name}: ${fmt(a.min)}/${fmt(a.med)}/${fmt(a.max)}  |  ${refName}: ${fmt(b.min)}/${fmt(b.med)}/${fmt(b.max)}  |  ratio ${ratio.min.toFixed(2)}/${ratio.med.toFixed(2)}/${ratio.max.toFixed(2)}×  |  goal ${goal}`,
    );
  };
  const mib = (n: number) => `${n.toFixed(0)} MiB`;
  console.log(`\n${runs} run(s), min/median/max:`);
  line('fresh start to first 200', results.map((r) => r.fresh), 'PGlite new database alone + bare server', results.map((r) => r.freshRef), s1, '≤ 5 s');
  line('restart to first 200', results.map((r) => r.restart), 'PGlite reopen alone + bare server', results.map((r) => r.restartRef), s1, '≤ 1.5 s');
  line('restart: main-thread CPU to first 200', results.map((r) => r.restartCpu), 'PGlite reopen alone, to ready', results.map((r) => r.restartCpuRef), s1, '–');
  line('idle RSS after a restart', results.map((r) => r.rss), 'PGlite reopened alone', results.map((r) => r.rssRef), mib, '≤ 1.3×');
  line('bare Node server to first 200', results.map((r) => r.bare), 'itself', results.map((r) => r.bare), s1, '–');
  console.log(`load average at end: ${load()}`);
}
