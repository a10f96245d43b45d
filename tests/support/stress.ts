import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { TEST_FULL } from './full';

/**
 * Helpers of the stress suites (tests/stress): figures printed for the CI log,
 * latency percentiles, a throwaway PostgreSQL cluster the fault suite may stop
 * and start without touching the shared server on 5432, and a free port.
 */

/**
 * STRESS_FULL=1 (or TEST_FULL=1, tests/support/full.ts): the full-length runs (every corpus string in every field; a fine ramp of 3 s steps and
 * 60 s load runs). Without it the suites sample, at the size `npm test` runs them: the bad-input corpus
 * is strided (every string still sent, every field still covered), the load ramp doubles in 2 s steps and
 * the load runs last 15 s.
 */
export const STRESS_FULL = process.env.STRESS_FULL === '1' || TEST_FULL;

/** Prints a block of figures a person reads in the CI log. */
export function printFigures(title: string, figures: Record<string, string | number>): void {
  const width = Math.max(...Object.keys(figures).map((k) => k.length));
  const lines = Object.entries(figures).map(([k, v]) => `  ${k.padEnd(width)}  ${v}`);
  process.stdout.write(`\n── ${title} ──\n${lines.join('\n')}\n\n`);
}

/** The q-th percentile (0–100) of the values, nearest rank. */
export function percentile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((q / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/** Counts of answers by HTTP status, printable. */
export function byStatus(statuses: Iterable<number | string>): string {
  const counts = new Map<string, number>();
  for (const s of statuses) counts.set(String(s), (counts.get(String(s)) ?? 0) + 1);
  return [...counts.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([s, n]) => `${s}×${n}`)
    .join('  ');
}

/** True when `port` on 127.0.0.1 can be bound. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** The first free port in [from, to]. */
export async function freePort(from: number, to: number): Promise<number> {
  for (let p = from; p <= to; p++) if (await portIsFree(p)) return p;
  throw new Error(`no free port in ${from}–${to}`);
}

/** A PostgreSQL cluster of our own (pg_createcluster), for suites that stop and start the database server. */
export interface FaultCluster {
  version: string;
  name: string;
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** `pg_ctlcluster … stop -m immediate`: the server dies at once, as in a crash or power cut. */
  crash(): void;
  start(): void;
  drop(): void;
}

/** Why a throwaway cluster cannot be made here, or null when it can. */
export function faultClusterUnavailable(): string | null {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return 'not running as root (pg_createcluster needs it)';
  for (const tool of ['/usr/bin/pg_createcluster', '/usr/bin/pg_ctlcluster', '/usr/bin/pg_dropcluster']) if (!fs.existsSync(tool)) return `${tool} is missing`;
  if (!fs.existsSync('/etc/postgresql') || fs.readdirSync('/etc/postgresql').length === 0) return 'no PostgreSQL version under /etc/postgresql';
  return null;
}

const run = (cmd: string, args: string[]): string => execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', timeout: 60_000 });

/** Creates and starts a throwaway cluster with trust authentication on loopback. */
export function createFaultCluster(name: string, port: number): FaultCluster {
  const version = fs.readdirSync('/etc/postgresql').sort().pop()!;
  try {
    run('pg_dropcluster', ['--stop', version, name]);
  } catch {
    // none left over
  }
  run('pg_createcluster', [version, name, '-p', String(port), '--', '--auth=trust', '--no-sync']);
  // Small and quick: this cluster only serves one test.
  fs.appendFileSync(`/etc/postgresql/${version}/${name}/postgresql.conf`, `\nlisten_addresses = '127.0.0.1'\nmax_connections = 60\nshared_buffers = 32MB\n`);
  const cluster: FaultCluster = {
    version,
    name,
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    crash: () => void run('pg_ctlcluster', ['--skip-systemctl-redirect', version, name, 'stop', '-m', 'immediate']),
    start: () => void run('pg_ctlcluster', ['--skip-systemctl-redirect', version, name, 'start']),
    drop: () => {
      try {
        run('pg_dropcluster', ['--stop', version, name]);
      } catch {
        // already gone
      }
    },
  };
  cluster.start();
  return cluster;
}

/** Resident set size and V8 heap of a process, from /proc (bytes). */
export function processMemory(pid: number): { rss: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? NaN);
  return { rss: kb * 1024 };
}

/** Megabytes, one decimal. */
export const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
