import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import pino from 'pino';
import type { ServerFrame } from '../../../shared/realtime';
import { createLocalBus, type EventBus } from './bus';
import { createHub, type HubOptions, type Hub } from './hub';

/** A hub on its own HTTP server, with a token table instead of the accounts domain. */
async function startHub(opts: Partial<HubOptions> = {}) {
  const bus: EventBus = createLocalBus();
  const tokens = new Map<string, { userId: string; role: string; exp: number }>();
  const hub: Hub = createHub({ bus, log: pino({ level: 'silent' }), verifyToken: async (t) => tokens.get(t) ?? null, ...opts });
  const server = http.createServer();
  server.on('upgrade', (req, socket, head) => hub.handleUpgrade(req, socket, head));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clients: WebSocket[] = [];
  const connect = async (wsOpts: WebSocket.ClientOptions = {}) => {
    const ws = new WebSocket(url, wsOpts);
    clients.push(ws);
    const frames: ServerFrame[] = [];
    ws.on('message', (m) => frames.push(JSON.parse(m.toString()) as ServerFrame));
    ws.on('error', () => undefined);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    });
    const send = (f: unknown) => ws.send(JSON.stringify(f));
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    return { ws, frames, send, closed, events: (channel: string) => frames.filter((f) => f.type === 'event' && f.channel === channel) };
  };
  const stop = async () => {
    for (const c of clients) c.terminate();
    await hub.close();
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  };
  stops.push(stop);
  return { bus, hub, tokens, connect, url };
}

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

describe('realtime hub', () => {
  it('lets anyone join public channels and only a valid token join staff channels', async () => {
    const { connect, tokens, bus } = await startHub();
    tokens.set('good', { userId: 'u1', role: 'moderator', exp: Date.now() / 1000 + 60 });
    const anon = await connect();
    anon.send({ type: 'subscribe', channel: 'requests' });
    await expect.poll(() => anon.frames.find((f) => f.type === 'error')).toMatchObject({ code: 'forbidden', channel: 'requests' });
    anon.send({ type: 'hello', token: 'forged' });
    await expect.poll(() => anon.frames.filter((f) => f.type === 'welcome').length).toBe(2);
    expect(anon.frames.filter((f) => f.type === 'welcome').at(-1)).toMatchObject({ type: 'welcome', authenticated: false });

    const staff = await connect();
    staff.send({ type: 'hello', token: 'good' });
    staff.send({ type: 'subscribe', channel: 'requests' });
    await expect.poll(() => staff.frames.some((f) => f.type === 'subscribed')).toBe(true);
    expect(staff.frames.find((f) => f.type === 'welcome' && f.authenticated)).toBeTruthy();
    await bus.publish({ channel: 'requests', name: 'request.created', data: { id: 1 } as never });
    await expect.poll(() => staff.events('requests').length).toBe(1);
    expect(anon.events('requests')).toHaveLength(0);
  });

  it('re-checks the token when it expires: staff channels are left until a fresh token arrives', async () => {
    const { connect, tokens, bus } = await startHub();
    tokens.set('short', { userId: 'u1', role: 'presenter', exp: Date.now() / 1000 + 0.3 });
    tokens.set('fresh', { userId: 'u1', role: 'presenter', exp: Date.now() / 1000 + 60 });
    const c = await connect();
    c.send({ type: 'hello', token: 'short' });
    c.send({ type: 'subscribe', channel: 'notifications' });
    c.send({ type: 'subscribe', channel: 'now-playing' });
    await expect.poll(() => c.frames.filter((f) => f.type === 'subscribed').length).toBe(2);
    await expect.poll(() => c.frames.find((f) => f.type === 'error'), { timeout: 3000 }).toMatchObject({ code: 'token_expired', channel: 'notifications' });
    await bus.publish({ channel: 'notifications', name: 'notification.created', data: {} as never });
    await bus.publish({ channel: 'now-playing', name: 'now-playing.updated', data: {} as never });
    await expect.poll(() => c.events('now-playing').length).toBe(1);
    expect(c.events('notifications')).toHaveLength(0);
    c.send({ type: 'hello', token: 'fresh' });
    c.send({ type: 'subscribe', channel: 'notifications' });
    await expect.poll(() => c.frames.filter((f) => f.type === 'subscribed').length).toBe(3);
    await bus.publish({ channel: 'notifications', name: 'notification.created', data: {} as never });
    await expect.poll(() => c.events('notifications').length).toBe(1);
  });

  it('delivers a targeted staff event to the listed users or roles only', async () => {
    const { connect, tokens, bus } = await startHub();
    const people = { mod: 'moderator', pres: 'presenter', other: 'presenter' } as const;
    const conns: Record<string, Awaited<ReturnType<typeof connect>>> = {};
    for (const [id, role] of Object.entries(people)) {
      tokens.set(id, { userId: id, role, exp: Date.now() / 1000 + 60 });
      const c = await connect();
      c.send({ type: 'hello', token: id });
      c.send({ type: 'subscribe', channel: 'notifications' });
      await expect.poll(() => c.frames.some((f) => f.type === 'subscribed')).toBe(true);
      conns[id] = c;
    }
    await bus.publish({ channel: 'notifications', name: 'notification.created', data: { n: 1 } as never, roles: ['moderator'], userIds: ['pres'] });
    await bus.publish({ channel: 'notifications', name: 'notification.created', data: { n: 2 } as never });
    await expect.poll(() => conns.other!.events('notifications').length).toBe(1);
    expect(conns.mod!.events('notifications')).toHaveLength(2);
    expect(conns.pres!.events('notifications')).toHaveLength(2);
  });

  it('sends a new subscriber the channel snapshot at once', async () => {
    const { connect } = await startHub({ snapshot: async (ch) => (ch === 'counters' ? { name: 'counters.updated', data: { count: 7 } } : null) });
    const c = await connect();
    c.send({ type: 'subscribe', channel: 'counters' });
    await expect.poll(() => c.events('counters')).toEqual([expect.objectContaining({ snapshot: true, data: { count: 7 } })]);
  });

  it('disconnects a client that stops reading instead of buffering for it', async () => {
    const { connect, bus, hub } = await startHub({ maxBufferedBytes: 64 * 1024 });
    const slow = await connect();
    const fast = await connect();
    for (const c of [slow, fast]) c.send({ type: 'subscribe', channel: 'now-playing' });
    await expect.poll(() => hub.connectionCount()).toBe(2);
    await expect.poll(() => slow.frames.length + fast.frames.length).toBe(4);
    // The slow client's socket stops reading: the server's send buffer grows.
    (slow.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const big = 'x'.repeat(32 * 1024);
    for (let i = 0; i < 400 && hub.connectionCount() === 2; i++) {
      await bus.publish({ channel: 'now-playing', name: 'now-playing.updated', data: big as never });
      await new Promise((r) => setImmediate(r));
    }
    await expect.poll(() => hub.connectionCount()).toBe(1);
    expect(fast.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('drops a connection that stops answering heartbeats', async () => {
    const { connect, hub } = await startHub({ heartbeatMs: 300 });
    // The answering one first: on a busy machine the silent one can be dropped before a second connect is done.
    const alive = await connect();
    const dead = await connect({ autoPong: false });
    await expect.poll(() => hub.connectionCount(), { timeout: 5000 }).toBe(1);
    await dead.closed;
    expect(alive.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('caps connections per address', async () => {
    const { connect } = await startHub({ maxConnectionsPerIp: 2 });
    await connect();
    await connect();
    await expect(connect()).rejects.toThrow('HTTP 429');
  });
});
