/**
 * `npm run bench -- two-instances` (issue 39 item 5): two Airdeck processes on one PostgreSQL database
 * (BENCH_DATABASE_URL, default the local server) behind Debian's nginx configured as the README shows, with their
 * default load-shedding settings. First their capacity: song requests through nginx, 32 in flight, for
 * BENCH_SECONDS (default 4). Then an open loop at twice that rate for BENCH_SECONDS: every request with a 5 s
 * timeout. Prints what the clients got (201, 503 with Retry-After, timeouts, errors) and how fast, how the
 * requests were spread, whether every acknowledged request is stored and reached the staff listening on both
 * instances (or they were told to resync), and the most database connections held. Figures only, never pass/fail.
 */
import { randomBytes } from 'node:crypto';
import https from 'node:https';
import os from 'node:os';
import pg from 'pg';
import WebSocket from 'ws';
import { startReadmeNginx } from '../tests/support/nginx';
import { startServerProcess, type ServerProcess } from '../tests/support/processes';
import { pct } from './measure';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const TIMEOUT_MS = 5_000;
const OWNER = { email: 'owner@bench.example', password: 'a long bench passphrase' };

interface Answer {
  status: number;
  ms: number;
  retryAfter: boolean;
  title: string;
}

export async function run(): Promise<void> {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: base });
  try {
    await admin.connect();
  } catch {
    console.log(`PostgreSQL at ${base} does not answer: skipped.`);
    return;
  }
  const name = `airdeck_bench_two_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const env = { DATABASE_URL: url.toString(), DATA_DIR: '.bench-data', LOG_LEVEL: 'info', TRUST_PROXY: 'true', PUBLIC_URL: 'https://radio.station.example', STATION_EARS: 'off', REQUEST_LIMIT_IP: '100000', REQUEST_LIMIT_SESSION: '10000', REQUEST_REPEAT_MINUTES: '0', OWNER_EMAIL: OWNER.email, OWNER_PASSWORD: OWNER.password };
  let a: ServerProcess | null = null;
  let b: ServerProcess | null = null;
  try {
    a = await startServerProcess(env);
    b = await startServerProcess(env);
    const nginx = await startReadmeNginx([Number(new URL(a.url).port), Number(new URL(b.url).port)]);
    const agent = new https.Agent({ keepAlive: true, maxSockets: 512, rejectUnauthorized: false });
    let seq = 0;
    const errorKinds = new Map<string, number>();
    const songRequest = (): Promise<Answer> => {
      const title = `Bench ${++seq}`;
      const body = JSON.stringify({ artist: 'Bench', title, requester: 'bench' });
      const started = performance.now();
      return new Promise((resolve) => {
        const req = https.request(
          { host: '127.0.0.1', port: nginx.httpsPort, path: '/song-request-api', method: 'POST', agent, servername: 'radio.station.example', timeout: TIMEOUT_MS, headers: { Host: 'radio.station.example', 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, retryAfter: res.headers['retry-after'] !== undefined, title }));
          },
        );
        req.on('timeout', () => req.destroy(new Error('timeout')));
        req.on('error', (err) => {
          if (err.message !== 'timeout') errorKinds.set(err.message, (errorKinds.get(err.message) ?? 0) + 1);
          resolve({ status: err.message === 'timeout' ? -1 : 0, ms: performance.now() - started, retryAfter: false, title });
        });
        req.end(body);
      });
    };

    // Staff listening on each instance.
    const signIn = await nginx.call('/api/auth/token', { method: 'POST', body: { ...OWNER, client: 'desktop' } });
    const token = (JSON.parse(signIn.body) as { access_token: string }).access_token;
    const listeners = await Promise.all(
      [a, b].map(
        (p) =>
          new Promise<{ titles: Set<string>; resyncs: number; ws: WebSocket }>((resolve) => {
            const state = { titles: new Set<string>(), resyncs: 0, ws: new WebSocket(`${p.url.replace('http', 'ws')}/api/realtime`) };
            state.ws.on('message', (m) => {
              const f = JSON.parse(m.toString()) as { type: string; channel?: string; name?: string; data?: { request?: { title?: string } } };
              if (f.type === 'subscribed') resolve(state);
              if (f.type === 'event' && f.name === 'request.created' && f.data?.request?.title) state.titles.add(f.data.request.title);
              if (f.type === 'event' && f.name === 'bus.resync') state.resyncs += 1;
            });
            state.ws.on('open', () => {
              state.ws.send(JSON.stringify({ type: 'hello', token }));
              state.ws.send(JSON.stringify({ type: 'subscribe', channel: 'requests' }));
            });
          }),
      ),
    );

    // Database connections held, sampled all along.
    const sampler = new pg.Client({ connectionString: base, application_name: 'bench-sampler' });
    await sampler.connect();
    let peak = 0;
    let sampling = true;
    const sampled = (async () => {
      while (sampling) {
        const { rows } = await sampler.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name LIKE 'airdeck%'", [name]);
        peak = Math.max(peak, (rows[0] as { n: number }).n);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();

    // Capacity: a closed loop, 32 in flight.
    const closed: Answer[] = [];
    const until = performance.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (performance.now() < until) closed.push(await songRequest());
      }),
    );
    const capacity = closed.filter((r) => r.status === 201).length / SECONDS;
    const rate = Math.max(20, Math.round(capacity * 2));
    const aLines = () => a!.logs.filter((l) => l.msg === 'request' && l.url === '/song-request-api').length;
    const bLines = () => b!.logs.filter((l) => l.msg === 'request' && l.url === '/song-request-api').length;
    const [a0, b0] = [aLines(), bLines()];

    // Twice that, open loop: one request every 1/rate s whatever the answers do.
    const open: Promise<Answer>[] = [];
    const t0 = performance.now();
    const total = rate * SECONDS;
    for (let i = 0; i < total; i++) {
      const due = t0 + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      open.push(songRequest());
    }
    const answers = await Promise.all(open);
    const ok = answers.filter((r) => r.status === 201);
    const shed = answers.filter((r) => r.status === 503);
    const acknowledged = [...closed.filter((r) => r.status === 201), ...ok].map((r) => r.title);
    const check = new pg.Client({ connectionString: url.toString() });
    await check.connect();
    const stored = new Set((await check.query<{ title: string }>("SELECT title FROM song_requests WHERE artist = 'Bench'")).rows.map((r) => r.title));
    await check.end();
    for (let i = 0; i < 50 && listeners.some((l) => acknowledged.some((t) => !l.titles.has(t)) && l.resyncs === 0); i++) await new Promise((r) => setTimeout(r, 100));
    sampling = false;
    await sampled;
    await sampler.end();

    console.log(`load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}; two instances, default LOAD_MAX_IN_FLIGHT (256) and DATABASE_POOL_MAX (10), behind the README's nginx`);
    console.log(`capacity (32 in flight, ${SECONDS} s): ${capacity.toFixed(0)} acknowledged/s, p50 ${pct(closed.map((r) => r.ms), 50)} ms, p99 ${pct(closed.map((r) => r.ms), 99)} ms`);
    console.log(`twice that, open loop at ${rate}/s for ${SECONDS} s (${total} requests, ${TIMEOUT_MS / 1000} s client timeout):`);
    console.log(`  201: ${ok.length} (p50 ${ok.length ? pct(ok.map((r) => r.ms), 50) : '-'} ms, p99 ${ok.length ? pct(ok.map((r) => r.ms), 99) : '-'} ms)`);
    console.log(`  503 with Retry-After: ${shed.filter((r) => r.retryAfter).length}, without: ${shed.filter((r) => !r.retryAfter).length} (p50 ${shed.length ? pct(shed.map((r) => r.ms), 50) : '-'} ms, p99 ${shed.length ? pct(shed.map((r) => r.ms), 99) : '-'} ms)`);
    console.log(`  client timeouts: ${answers.filter((r) => r.status === -1).length}, errors: ${answers.filter((r) => r.status === 0).length}, other statuses: ${answers.filter((r) => ![201, 503, 0, -1].includes(r.status)).map((r) => r.status).join(', ') || 'none'}`);
    if (errorKinds.size) console.log(`  client errors: ${[...errorKinds].map(([m, n]) => `${m} × ${n}`).join('; ')}`);
    console.log(`  the instances logged shedding ${a.logs.filter((l) => l.msg === 'shedding load (503)').length + b.logs.filter((l) => l.msg === 'shedding load (503)').length} time(s) (at most once a second each); server errors logged: ${a.logs.filter((l) => l.level === 50).length + b.logs.filter((l) => l.level === 50).length}`);
    const serverMs = [...a.logs.filter((l) => l.msg === 'request' && l.url === '/song-request-api').slice(a0), ...b.logs.filter((l) => l.msg === 'request' && l.url === '/song-request-api').slice(b0)].map((l) => Number(l.ms));
    console.log(`  time inside the servers (access log): p50 ${pct(serverMs, 50)} ms, p99 ${pct(serverMs, 99)} ms; the rest of a client's wait is nginx, the network stack and the load client sharing the 2 cores`);
    console.log(`  spread: instance A answered ${aLines() - a0}, instance B ${bLines() - b0} (access log lines)`);
    console.log(`acknowledged ${acknowledged.length}, stored ${acknowledged.filter((t) => stored.has(t)).length} (lost ${acknowledged.filter((t) => !stored.has(t)).length}); stored without a 201 (timed out at the client): ${[...stored].filter((t) => !acknowledged.includes(t)).length}`);
    listeners.forEach((l, i) => console.log(`staff on instance ${'AB'[i]}: told of ${acknowledged.filter((t) => l.titles.has(t)).length} of ${acknowledged.length} acknowledged, resyncs ${l.resyncs}`));
    console.log(`database connections at most: ${peak} (budget 2 × (10 + 3) = 26)`);
    for (const l of listeners) l.ws.close();
    agent.destroy();
    await nginx.stop();
  } finally {
    await Promise.all([a?.stop(), b?.stop()]);
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}
