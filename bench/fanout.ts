import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { WebSocketServer } from 'ws';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/knex';
import { migrateLatest } from '../server/src/db/migrate';
import { createLogger } from '../server/src/log';
import { startPoller, type Poller } from '../server/src/radio/poller';
import type { NowPlayingSnapshot } from '../server/src/radio/sources/types';
import { startServer } from '../server/src/server';

/**
 * Now-playing fan-out: N WebSocket listeners on loopback (default 10,000;
 * BENCH_CLIENTS=5000 or `--clients=5000`), the time from a station change
 * (the poller reading a new track) to the moment the last client has it, the
 * server's memory per connection, and the same payload broadcast by a bare
 * `ws` server in the same run as the reference.
 */

const ROUNDS = 12;
const now = () => performance.timeOrigin + performance.now();
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;
const mib = (b: number) => `${(b / 1048576).toFixed(1)} MiB`;

function clientCount(): number {
  const arg = process.argv.find((a) => a.startsWith('--clients='));
  const n = Number(arg?.split('=')[1] ?? process.env.BENCH_CLIENTS ?? 10_000);
  return Number.isFinite(n) && n > 0 ? Math.min(20_000, Math.floor(n)) : 5000;
}

function snapshotFor(round: number): NowPlayingSnapshot {
  return {
    source: 'azuracast',
    fetchedAt: Date.now(),
    online: true,
    stationName: 'Bench FM',
    track: { title: `Bench ${round}`, artist: 'Fan-out Orchestra', album: 'Loopback', artUrl: null, durationSeconds: 240, startedAt: Date.now(), elapsedSeconds: 0, sourceId: String(round), songId: null, isRequest: false, playlist: null, streamer: null },
    live: { isLive: false, streamerName: null, broadcastStart: null, artUrl: null, streamerId: null },
    listeners: { current: round, unique: null },
    history: [],
    playingNext: null,
    streamUrl: null,
    streamStartedAt: null,
  };
}

interface Result {
  lastClient: number[];
  perClient: number[];
  /** From the moment the event was published on the bus to the last client (Airdeck only). */
  fanOut: number[];
  bytesPerConn: number;
  heapPerConn: number;
}

/** Collects garbage until the heap stops shrinking, so memory deltas are the connections' own. */
async function settle(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let i = 0; i < 4; i++) {
    gc?.();
    await new Promise((r) => setTimeout(r, 150));
  }
}

async function measure(label: string, n: number, clients: ChildProcess, url: string, subscribe: boolean, trigger: (round: number) => Promise<void>, published?: () => number | null): Promise<Result> {
  const waitFor = <T>(pred: (m: Record<string, unknown>) => boolean): Promise<T> =>
    new Promise((resolve, reject) => {
      const on = (m: Record<string, unknown>) => {
        if (m.error) {
          clients.off('message', on);
          reject(new Error(String(m.error)));
        } else if (pred(m)) {
          clients.off('message', on);
          resolve(m as T);
        }
      };
      clients.on('message', on);
    });
  await settle();
  const before = process.memoryUsage();
  const connected = waitFor<{ connected: number }>((m) => typeof m.connected === 'number');
  clients.send({ cmd: 'connect', url, n, subscribe });
  const { connected: open } = await connected;
  await settle();
  const after = process.memoryUsage();
  const lastClient: number[] = [];
  const perClient: number[] = [];
  const fanOut: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const got = waitFor<{ round: number; times: number[] }>((m) => m.round === round);
    const t0 = now();
    await trigger(round);
    const timeout = new Promise<null>((r) => setTimeout(() => r(null), 30_000));
    const res = await Promise.race([got, timeout]);
    if (!res) throw new Error(`${label}: round ${round} did not reach all ${n} clients within 30 s`);
    const lat = res.times.map((t) => t - t0);
    lastClient.push(Math.max(...lat));
    perClient.push(...lat);
    const tPub = published?.();
    if (tPub) fanOut.push(Math.max(...res.times) - tPub);
    await new Promise((r) => setTimeout(r, 300));
  }
  const closed = waitFor((m) => m.closed === true);
  clients.send({ cmd: 'close' });
  await closed;
  console.log(`${label}: ${open} clients connected`);
  return { lastClient, perClient, fanOut, bytesPerConn: (after.rss - before.rss) / n, heapPerConn: (after.heapUsed + after.external - before.heapUsed - before.external) / n };
}

function report(label: string, r: Result): void {
  console.log(`${label}:`);
  console.log(`  change -> last client   p50 ${ms(pct(r.lastClient, 50))}, p99 ${ms(pct(r.lastClient, 99))}`);
  console.log(`  change -> each client   p50 ${ms(pct(r.perClient, 50))}, p99 ${ms(pct(r.perClient, 99))}`);
  if (r.fanOut.length) console.log(`  publish -> last client  p50 ${ms(pct(r.fanOut, 50))}, p99 ${ms(pct(r.fanOut, 99))}  (the hub's fan-out alone)`);
  console.log(`  memory per connection   ${(r.bytesPerConn / 1024).toFixed(1)} KiB RSS, ${(r.heapPerConn / 1024).toFixed(1)} KiB JS heap + buffers`);
}

/** Runs the benchmark and prints its figures. */
export async function run(): Promise<void> {
  const n = clientCount();
  if (!(globalThis as { gc?: unknown }).gc) console.log('(run node with --expose-gc for steadier memory figures)');
  console.log(`now-playing fan-out to ${n} WebSocket clients on loopback, ${ROUNDS} station changes each`);
  const clients = fork(path.resolve(import.meta.dirname, 'fanout-clients.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });

  // Airdeck: the real server, its poller reading a station whose track the bench changes.
  const db = await openDatabase({ kind: 'pglite', dataDir: null });
  await migrateLatest(db.knex);
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SEED_DEMO: 'false', REALTIME_MAX_CONNECTIONS_PER_IP: String(n + 100), DATA_DIR: '.bench-data' });
  let next = snapshotFor(0);
  let poller: Poller | null = null;
  const server = await startServer({
    config,
    db,
    log: createLogger({ level: 'silent', pretty: false }),
    jobs: (ctx) => {
      poller = startPoller(ctx, ctx.radio, { source: { kind: 'azuracast', read: async () => ({ ...next, fetchedAt: Date.now() }) }, intervalMs: 3_600_000 });
      return [poller];
    },
  });
  await poller!.pollNow();
  // Note when the now-playing event is handed to the bus: the rest is the hub's fan-out.
  let publishedAt: number | null = null;
  const bus = server.ctx.bus;
  const original = bus.publish.bind(bus);
  bus.publish = (event) => {
    if (event.channel === 'now-playing') publishedAt = now();
    return original(event);
  };
  const airdeck = await measure('Airdeck', n, clients, `${server.url.replace('http', 'ws')}/api/realtime`, true, async (round) => {
    publishedAt = null;
    next = snapshotFor(round);
    await poller!.pollNow();
  }, () => publishedAt);
  const payload = server.ctx.radio.store.serialised.body;
  await server.close();

  // Reference: a bare ws server broadcasting the same now-playing document.
  const httpServer = http.createServer();
  const wss = new WebSocketServer({ server: httpServer, perMessageDeflate: false });
  await new Promise<void>((r) => httpServer.listen(0, '127.0.0.1', () => r()));
  const bareUrl = `ws://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  const bare = await measure('bare ws', n, clients, bareUrl, false, async (round) => {
    const text = JSON.stringify({ type: 'event', channel: 'now-playing', name: 'now-playing.updated', data: JSON.parse(payload.replace(/"title":"Bench \d+"/, `"title":"Bench ${round}"`)), seq: round });
    for (const c of wss.clients) c.send(text);
  });
  wss.close();
  httpServer.close();
  clients.kill();

  console.log(`payload: ${Buffer.byteLength(payload)} bytes of now-playing JSON`);
  report('Airdeck', airdeck);
  report('bare ws', bare);
  const ratio = pct(airdeck.lastClient, 50) / pct(bare.lastClient, 50);
  const fanRatio = pct(airdeck.fanOut, 50) / pct(bare.lastClient, 50);
  console.log(`ratio Airdeck / bare ws: ${ratio.toFixed(2)}x change -> last client (p50), ${fanRatio.toFixed(2)}x fan-out alone; memory per connection ${(airdeck.heapPerConn / Math.max(1, bare.heapPerConn)).toFixed(2)}x (JS heap + buffers; RSS moves in pages and is noisy)`);
  console.log(`(Airdeck's time includes reading the station, the database transaction and building the document; server RSS ${mib(process.memoryUsage().rss)})`);
}
