import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, MAX_OUTBOX, POLL_FALLBACK_MS, RealtimeClient } from './client';

/** A scriptable stand-in for the browser's WebSocket. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
}

const latest = () => FakeSocket.all[FakeSocket.all.length - 1]!;
const make = (token: string | null = null) =>
  new RealtimeClient({ url: () => 'ws://x/api/realtime', WebSocketImpl: FakeSocket as unknown as typeof WebSocket, random: () => 0.5, ...(token !== null ? { token: async () => token } : {}) });

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('backoffDelay', () => {
  it('grows exponentially to a 30 s ceiling, with full jitter', () => {
    expect(backoffDelay(0, () => 0)).toBe(250);
    expect(backoffDelay(0, () => 1)).toBe(750);
    expect(backoffDelay(3, () => 1)).toBe(4250);
    expect(backoffDelay(20, () => 1)).toBe(30_250);
    const spread = new Set(Array.from({ length: 50 }, () => backoffDelay(5)));
    expect(spread.size).toBeGreaterThan(40);
  });
});

describe('RealtimeClient', () => {
  it('connects on the first subscription and subscribes once per channel, however many handlers', () => {
    const c = make();
    const a = vi.fn();
    const b = vi.fn();
    c.subscribe('now-playing', a);
    c.subscribe('now-playing', b);
    expect(FakeSocket.all).toHaveLength(1);
    latest().open();
    expect(latest().sent).toEqual([{ type: 'subscribe', channel: 'now-playing' }]);
    latest().receive({ type: 'event', channel: 'now-playing', name: 'now-playing.updated', data: { x: 1 }, seq: 1, snapshot: true });
    expect(a).toHaveBeenCalledWith({ channel: 'now-playing', name: 'now-playing.updated', data: { x: 1 }, snapshot: true });
    expect(b).toHaveBeenCalledTimes(1);
  });

  it('while the app adopts the server-drawn page, holds what arrives and then delivers it in order', () => {
    const c = make();
    const got: unknown[] = [];
    const resync = vi.fn();
    c.onResync(resync);
    c.hold();
    c.subscribe('now-playing', (e) => got.push(e.data));
    latest().open();
    latest().receive({ type: 'event', channel: 'now-playing', name: 'now-playing.updated', data: { song: 'A' }, seq: 1, snapshot: true });
    latest().receive({ type: 'event', channel: 'now-playing', name: 'bus.resync', data: null, seq: 2 });
    latest().receive({ type: 'event', channel: 'now-playing', name: 'now-playing.updated', data: { song: 'B' }, seq: 3 });
    // Subscribed at once; nothing delivered yet.
    expect(latest().sent).toEqual([{ type: 'subscribe', channel: 'now-playing' }]);
    expect(got).toEqual([]);
    expect(resync).not.toHaveBeenCalled();
    c.release();
    expect(got).toEqual([{ song: 'A' }, { song: 'B' }]);
    expect(resync).toHaveBeenCalledWith('now-playing');
    // From then on, at once.
    latest().receive({ type: 'event', channel: 'now-playing', name: 'now-playing.updated', data: { song: 'C' }, seq: 4 });
    expect(got).toEqual([{ song: 'A' }, { song: 'B' }, { song: 'C' }]);
  });

  it('reconnects with backoff after a drop, subscribes again and asks for a resync', async () => {
    const c = make();
    const resync = vi.fn();
    c.onResync(resync);
    c.subscribe('votes', () => undefined);
    c.subscribe('counters', () => undefined);
    latest().open();
    expect(resync).not.toHaveBeenCalled();
    latest().drop();
    expect(c.status).toBe('reconnecting');
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(backoffDelay(0, () => 0.5));
    expect(FakeSocket.all).toHaveLength(2);
    // The next attempt fails too: the wait grows.
    latest().drop();
    vi.advanceTimersByTime(backoffDelay(0, () => 0.5));
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(backoffDelay(1, () => 0.5));
    expect(FakeSocket.all).toHaveLength(3);
    latest().open();
    expect(latest().sent).toEqual([
      { type: 'subscribe', channel: 'votes' },
      { type: 'subscribe', channel: 'counters' },
    ]);
    expect(resync).toHaveBeenCalledWith(null);
  });

  it('polls when WebSockets are blocked: after three connections that failed or closed before the welcome, a refetch at once and every 10 s, until one gets through', () => {
    const c = make();
    const resync = vi.fn();
    c.onResync(resync);
    c.subscribe('now-playing', () => undefined);
    // A proxy that refuses the upgrade, then one that accepts it and drops it before the server's welcome.
    latest().drop();
    vi.advanceTimersByTime(backoffDelay(0, () => 0.5));
    latest().drop();
    vi.advanceTimersByTime(backoffDelay(1, () => 0.5));
    expect(c.polling).toBe(false);
    latest().open();
    latest().drop();
    expect(c.polling).toBe(true);
    const afterFallback = resync.mock.calls.length;
    expect(resync).toHaveBeenLastCalledWith(null);
    // The wait between tries kept growing (the open without a welcome did not reset it).
    vi.advanceTimersByTime(backoffDelay(1, () => 0.5));
    expect(FakeSocket.all).toHaveLength(3);
    vi.advanceTimersByTime(backoffDelay(2, () => 0.5) - backoffDelay(1, () => 0.5));
    expect(FakeSocket.all).toHaveLength(4);
    vi.advanceTimersByTime(POLL_FALLBACK_MS);
    expect(resync.mock.calls.length).toBeGreaterThan(afterFallback);
    // A connection that reaches the server ends the polling.
    latest().open();
    latest().receive({ type: 'welcome', connectionId: 'x', authenticated: false, heartbeatMs: 30_000 });
    expect(c.polling).toBe(false);
    const atWelcome = resync.mock.calls.length;
    vi.advanceTimersByTime(POLL_FALLBACK_MS * 3);
    expect(resync.mock.calls.length).toBe(atWelcome);
    c.close();
  });

  it('passes on a server resync and oversized-event notice as a refetch request, not as data', () => {
    const c = make();
    const handler = vi.fn();
    const resync = vi.fn();
    c.onResync(resync);
    c.subscribe('now-playing', handler);
    latest().open();
    latest().receive({ type: 'event', channel: 'now-playing', name: 'bus.resync', data: null });
    latest().receive({ type: 'event', channel: 'now-playing', name: 'now-playing.updated.too-big', data: null });
    expect(handler).not.toHaveBeenCalled();
    expect(resync.mock.calls).toEqual([['now-playing'], ['now-playing']]);
  });

  it('keeps at most a bounded number of frames while offline', () => {
    const c = make();
    c.subscribe('now-playing', () => undefined);
    // Not open yet: pings pile up but never beyond the bound.
    for (let i = 0; i < MAX_OUTBOX * 3; i++) (c as unknown as { sendNow(f: unknown): void }).sendNow({ type: 'ping', t: i });
    latest().open();
    const pings = latest().sent.filter((f) => (f as { type: string }).type === 'ping') as { t: number }[];
    expect(pings).toHaveLength(MAX_OUTBOX);
    expect(pings[0]!.t).toBe(MAX_OUTBOX * 2);
  });

  it('sends the token before subscribing, and a fresh one when the server says it expired', async () => {
    const c = make('tok-1');
    c.subscribe('notifications', () => undefined);
    latest().open();
    await vi.runAllTicks();
    await Promise.resolve();
    expect(latest().sent.slice(0, 2)).toEqual([
      { type: 'hello', token: 'tok-1' },
      { type: 'subscribe', channel: 'notifications' },
    ]);
    latest().receive({ type: 'error', code: 'token_expired', message: 'x', channel: 'notifications' });
    await Promise.resolve();
    await Promise.resolve();
    expect(latest().sent.slice(2)).toEqual([
      { type: 'hello', token: 'tok-1' },
      { type: 'subscribe', channel: 'notifications' },
    ]);
  });

  it('renews the session when the server ends it, then says hello with what the session layer gives (none once signed out)', async () => {
    let token: string | null = 'tok-1';
    const renewSession = vi.fn(async () => {
      // The session layer's refresh was refused: it signed out.
      token = null;
    });
    const c = new RealtimeClient({ url: () => 'ws://x/api/realtime', WebSocketImpl: FakeSocket as unknown as typeof WebSocket, random: () => 0.5, token: async () => token, renewSession });
    c.subscribe('requests', () => undefined);
    c.subscribe('counters', () => undefined);
    latest().open();
    await vi.runAllTicks();
    await Promise.resolve();
    const before = latest().sent.length;
    // One error per staff channel: the session is renewed once, not once per frame.
    latest().receive({ type: 'error', code: 'session_ended', message: 'x', channel: 'requests' });
    latest().receive({ type: 'error', code: 'session_ended', message: 'x', channel: 'notifications' });
    for (let i = 0; i < 6; i++) await Promise.resolve();
    expect(renewSession).toHaveBeenCalledTimes(1);
    expect(latest().sent.slice(before)).toEqual([{ type: 'hello' }, { type: 'subscribe', channel: 'requests' }]);
    // The public channel was never left.
    expect(latest().sent.filter((f) => (f as { type: string }).type === 'unsubscribe')).toEqual([]);
  });

  it('unsubscribes when the last handler goes, and treats a silent connection as dead', () => {
    const c = make();
    const off = c.subscribe('counters', () => undefined);
    latest().open();
    latest().receive({ type: 'welcome', connectionId: 'c', authenticated: false, heartbeatMs: 5000 });
    off();
    expect(latest().sent.at(-1)).toEqual({ type: 'unsubscribe', channel: 'counters' });
    c.subscribe('counters', () => undefined);
    const first = latest();
    // No frame at all for well over two heartbeats (5 s here): reconnect.
    vi.advanceTimersByTime(5_000 * 4 + 1_000);
    expect(FakeSocket.all.length).toBeGreaterThan(1);
    expect(first.readyState).toBe(3);
  });
});
