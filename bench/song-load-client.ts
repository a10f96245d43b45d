import http from 'node:http';

/**
 * The song-request bench's load client, in its own process (forked by bench/song-requests.ts) so that the
 * figures measure the server, not a client sharing its thread. Receives one job over IPC, sends the POSTs with
 * `concurrency` in flight over keep-alive connections, and answers with the rate, the latency percentiles and
 * the statuses.
 */

export interface LoadJob {
  url: string;
  n: number;
  concurrency: number;
  /** `{i}` in a string of body or headers is replaced by the call's number. */
  body: Record<string, string>;
  headers: Record<string, string>;
  offset: number;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  statuses: Record<number, number>;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function fill<T extends Record<string, string>>(o: T, i: number): T {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v.replaceAll('{i}', String(i))])) as T;
}

function post(job: LoadJob, i: number): Promise<number> {
  const data = JSON.stringify(fill(job.body, i));
  return new Promise((resolve, reject) => {
    const req = http.request(job.url, { method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data), ...fill(job.headers, i) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(data);
  });
}

/** The `p` quantile of `xs` in ms, one decimal (also the in-process figures of bench/song-requests.ts). */
export function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor(s.length * p))]! * 10) / 10;
}

async function runJob(job: LoadJob): Promise<LoadResult> {
  const times: number[] = [];
  const statuses: Record<number, number> = {};
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: job.concurrency }, async () => {
      while (next < job.n) {
        const i = job.offset + next++;
        const t = performance.now();
        const status = await post(job, i);
        times.push(performance.now() - t);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  const secs = (performance.now() - start) / 1000;
  const ok = (statuses[201] ?? 0) + (statuses[200] ?? 0);
  return { rps: Math.round(ok / secs), p50: pct(times, 0.5), p99: pct(times, 0.99), statuses };
}

// Only as the forked client (with an IPC channel); importing `pct` elsewhere starts nothing.
if (process.send) process.on('message', (job: LoadJob) => {
  void runJob(job).then(
    (r) => process.send!(r),
    (e: unknown) => process.send!({ error: String(e) }),
  );
});
