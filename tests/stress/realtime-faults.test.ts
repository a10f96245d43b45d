import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerFrame } from '../../shared/realtime';
import { MAX_CLIENT_FRAME_BYTES } from '../../shared/realtime';
import { loadConfig } from '../../server/src/config';
import { createLogger } from '../../server/src/log';
import { startServer, type RunningServer } from '../../server/src/server';
import { RealtimeClient, type RealtimeStatus } from '../../web/src/realtime/client';
import { createTestDatabase, type TestDatabase } from '../support/db';
import { freePort, percentile, printFigures } from '../support/stress';
import { prepareDatabase } from '../../server/src/bootstrap';

/**
 * Realtime under faults, with real sockets: a silent peer is dropped by the
 * heartbeat; an oversized frame closes the socket; after a server restart 50
 * clients (the web app's own RealtimeClient, over the `ws` package) reconnect
 * spread over several seconds, subscribe again and show current data, and are
 * told to refetch what they missed.
 */
const HEARTBEAT_MS = 1_000;
let database: TestDatabase;
let server: RunningServer;
let port: number;

async function boot(): Promise<RunningServer> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: '.test-data',
    REALTIME_HEARTBEAT_MS: String(HEARTBEAT_MS),
    REALTIME_MAX_CONNECTIONS_PER_IP: '500',
  });
  const log = createLogger({ level: 'silent', pretty: false });
  await prepareDatabase(database.db, config, log);
  return startServer({ config, db: database.db, log, closeDatabase: false });
}

beforeAll(async () => {
  database = await createTestDatabase();
  port = await freePort(8140, 8169);
  server = await boot();
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const wsUrl = () => `ws://127.0.0.1:${port}/api/realtime`;

describe('realtime under faults', () => {
  it('drops a peer that stops answering pings, within two heartbeats', async () => {
    // The silent peer and an answering client on the same server, through the same heartbeats.
    const silent = new WebSocket(wsUrl(), { autoPong: false });
    const healthy = new WebSocket(wsUrl());
    await Promise.all([new Promise((r) => silent.once('open', r)), new Promise((r) => healthy.once('open', r))]);
    const before = server.hub.connectionCount();
    const t0 = Date.now();
    const code = await new Promise<number>((resolve) => silent.once('close', (c) => resolve(c)));
    const droppedMs = Date.now() - t0;
    // The answering client stays: still open three heartbeats after both connected.
    await sleep(Math.max(0, t0 + HEARTBEAT_MS * 3 - Date.now()));
    const healthyOpen = healthy.readyState === WebSocket.OPEN;
    healthy.close();
    printFigures('realtime: silent peer', { heartbeat: `${HEARTBEAT_MS} ms`, 'dropped after': `${droppedMs} ms`, 'close code seen by peer': code, 'server connections while it was silent (it and the answering client)': before, 'answering client still open after 3 heartbeats': String(healthyOpen) });
    expect(droppedMs).toBeLessThan(HEARTBEAT_MS * 2 + 1_500);
    expect(healthyOpen).toBe(true);
  });

  it('closes a socket that sends an oversized frame (1009) and keeps serving others', async () => {
    const ws = new WebSocket(wsUrl());
    await new Promise((r) => ws.once('open', r));
    const code = new Promise<number>((resolve) => ws.once('close', (c) => resolve(c)));
    ws.on('error', () => undefined);
    ws.send('x'.repeat(MAX_CLIENT_FRAME_BYTES + 1));
    const closed = await code;
    const other = new WebSocket(wsUrl());
    const welcome = await new Promise<ServerFrame>((resolve) => other.once('message', (m) => resolve(JSON.parse(String(m)) as ServerFrame)));
    other.close();
    printFigures('realtime: oversized frame', { 'frame size': `${MAX_CLIENT_FRAME_BYTES + 1} bytes (limit ${MAX_CLIENT_FRAME_BYTES})`, 'close code': closed, 'next client welcomed': welcome.type });
    expect(closed).toBe(1009);
    expect(welcome.type).toBe('welcome');
  });

  it('brings 50 clients back after a restart, spread out by jittered backoff, with current data and a refetch signal', async () => {
    const N = 50;
    const clients = Array.from({ length: N }, () => {
      const state = { count: -1, statuses: [] as Array<{ s: RealtimeStatus; at: number }>, resyncs: 0 };
      const client = new RealtimeClient({ url: wsUrl, WebSocketImpl: WebSocket as unknown as typeof globalThis.WebSocket });
      client.onStatus((s) => state.statuses.push({ s, at: Date.now() }));
      client.onResync(() => (state.resyncs += 1));
      client.subscribe('counters', (e) => {
        state.count = (e.data as { count: number }).count;
      });
      return { client, state };
    });
    const waitFor = async (ok: () => boolean, ms: number): Promise<boolean> => {
      const until = Date.now() + ms;
      while (!ok() && Date.now() < until) await sleep(50);
      return ok();
    };
    // Everyone connected and shows the counter.
    expect(await waitFor(() => clients.every((c) => c.state.count === 0), 15_000)).toBe(true);
    await fetch(`http://127.0.0.1:${port}/api/counters/bubble_clicks/increment`, { method: 'POST' });
    expect(await waitFor(() => clients.every((c) => c.state.count === 1), 10_000)).toBe(true);

    // Restart. While the server is away the counter moves on (another instance, or a request in the gap): events the clients miss.
    await server.close();
    const downAt = Date.now();
    await database.db.knex('global_counters').where({ id: 'bubble_clicks' }).update({ count: 42 });
    await sleep(3_000);
    server = await boot();
    const upAt = Date.now();
    const back = await waitFor(() => clients.every((c) => c.state.count === 42), 45_000);
    const reopened = clients.map((c) => (c.state.statuses.find((x) => x.s === 'open' && x.at >= upAt)?.at ?? NaN) - upAt);
    const live = server.hub.connectionCount();
    // And events flow again after the reconnect.
    await fetch(`http://127.0.0.1:${port}/api/counters/bubble_clicks/increment`, { method: 'POST' });
    const flowing = await waitFor(() => clients.every((c) => c.state.count === 43), 10_000);
    for (const c of clients) c.client.close();

    const ok = reopened.filter(Number.isFinite);
    printFigures('realtime: restart with 50 clients', {
      clients: N,
      'server away': `${upAt - downAt} ms`,
      'reconnected': `${ok.length} of ${N}`,
      'reconnect after restart first / p50 / last': `${Math.min(...ok)} / ${percentile(ok, 50)} / ${Math.max(...ok)} ms`,
      'spread of reconnects': `${Math.max(...ok) - Math.min(...ok)} ms`,
      'showing current count after restart': `${clients.filter((c) => c.state.count >= 42).length} of ${N}`,
      'told to refetch (resync) after reconnect': `${clients.filter((c) => c.state.resyncs > 0).length} of ${N}`,
      'server connections after reconnect': live,
      'live events after reconnect': String(flowing),
    });
    expect(back).toBe(true);
    expect(ok.length).toBe(N);
    expect(live).toBe(N);
    // Jittered backoff spreads them out instead of a thundering herd at one instant.
    expect(Math.max(...ok) - Math.min(...ok)).toBeGreaterThan(1_000);
    expect(clients.every((c) => c.state.resyncs > 0)).toBe(true);
    expect(flowing).toBe(true);
  }, 120_000);
});
