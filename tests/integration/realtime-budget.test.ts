import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/auth';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Every realtime socket has a message budget (issue 29 item 8): one socket's flood of pings or `hello` frames
 * gets it closed with 4030 (too many messages) instead of slowing the other clients or driving database
 * look-ups; a client within its budget is never closed.
 */
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ env: { REALTIME_MESSAGE_BURST: '50', REALTIME_MESSAGE_RATE: '5' } });
});
afterAll(async () => t?.close());

interface Client {
  ws: WebSocket;
  frames: Array<{ type: string; t?: number; authenticated?: boolean }>;
  closed: Promise<{ code: number; reason: string }>;
}

async function connect(): Promise<Client> {
  const ws = new WebSocket(`${t.url.replace(/^http/, 'ws')}/api/realtime`);
  const frames: Client['frames'] = [];
  ws.on('message', (m) => frames.push(JSON.parse(m.toString())));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  await expect.poll(() => frames.some((f) => f.type === 'welcome')).toBe(true);
  return { ws, frames, closed };
}

describe('the realtime message budget', () => {
  it('closes a socket that floods pings with 4030, and another client keeps its answers', async () => {
    const flood = await connect();
    const calm = await connect();
    for (let i = 0; i < 2_000 && flood.ws.readyState === WebSocket.OPEN; i++) flood.ws.send(JSON.stringify({ type: 'ping', t: i }));
    expect(await flood.closed).toEqual({ code: 4030, reason: 'too many messages' });
    // Only about its burst of pings was answered.
    expect(flood.frames.filter((f) => f.type === 'pong').length).toBeLessThanOrEqual(60);
    calm.ws.send(JSON.stringify({ type: 'ping', t: 7 }));
    await expect.poll(() => calm.frames.some((f) => f.type === 'pong' && f.t === 7)).toBe(true);
    expect(calm.ws.readyState).toBe(WebSocket.OPEN);
    calm.ws.close();
  });

  it('closes a socket that repeats hello with a valid token long before it costs many database look-ups', async () => {
    const user = await createUser(t, { role: 'presenter' });
    const c = await connect();
    for (let i = 0; i < 300 && c.ws.readyState === WebSocket.OPEN; i++) c.ws.send(JSON.stringify({ type: 'hello', token: user.token }));
    expect((await c.closed).code).toBe(4030);
    // A hello costs 10 of the 50: at most a handful were checked.
    expect(c.frames.filter((f) => f.type === 'welcome' && f.authenticated).length).toBeLessThanOrEqual(6);
  });

  it('never closes a client within its budget', async () => {
    const c = await connect();
    for (let i = 0; i < 30; i++) c.ws.send(JSON.stringify({ type: 'ping', t: i }));
    await expect.poll(() => c.frames.filter((f) => f.type === 'pong').length).toBe(30);
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
    c.ws.close();
  });
});
