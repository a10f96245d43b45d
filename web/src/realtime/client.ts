import { isStaffChannel, type Channel, type ClientFrame, type ServerFrame } from '../../../shared/realtime';
import { currentAccessToken, renewSession } from '../app/api';
import { getApiBase } from '../platform';

/**
 * The one realtime connection of a page (see shared/realtime.ts for the
 * protocol). Components subscribe to channels; the client keeps a single
 * WebSocket, reconnects with exponential backoff and full jitter, subscribes
 * again after a reconnect, tells interested code to refetch what it may have
 * missed, notices a silent dead connection through its own pings, and never
 * queues more than a few frames while offline.
 */

/** An event as a subscriber receives it. */
export interface ChannelEvent {
  channel: Channel;
  name: string;
  data: unknown;
  /** The channel's current state sent on subscribe, rather than a change. */
  snapshot: boolean;
}

/** Connection state, for a status indicator. */
export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';

type Handler = (event: ChannelEvent) => void;

/** Backoff: full jitter over an exponential ceiling (0.5 s doubling to 30 s). */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(30_000, 500 * 2 ** Math.min(attempt, 16));
  return Math.round(250 + random() * ceiling);
}

/**
 * Polling fallback (issue 39 item 6): after this many connections in a row that failed or closed before the
 * server's welcome (a proxy or network that blocks WebSockets), the client asks every subscriber to refetch
 * (the resync listeners) at once and then every {@link POLL_FALLBACK_MS}, while it keeps trying to reconnect.
 */
export const FALLBACK_AFTER_FAILURES = 3;
export const POLL_FALLBACK_MS = 10_000;

/** The most frames kept while disconnected; the oldest are dropped beyond it. */
export const MAX_OUTBOX = 32;

/** Options, for tests. */
export interface RealtimeClientOptions {
  url: () => string;
  token?: () => Promise<string | null>;
  /** Renews the session when the server ends it or changes its role (signs out when the server refuses). */
  renewSession?: () => Promise<unknown>;
  WebSocketImpl?: typeof WebSocket;
  random?: () => number;
}

/** The realtime client (one per page; see {@link realtime}). */
export class RealtimeClient {
  private ws: WebSocket | null = null;
  private handlers = new Map<Channel, Set<Handler>>();
  private outbox: string[] = [];
  private attempt = 0;
  private everOpened = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private livenessTimer: ReturnType<typeof setInterval> | null = null;
  private lastFrameAt = 0;
  private heartbeatMs = 30_000;
  private state: RealtimeStatus = 'idle';
  private statusListeners = new Set<(s: RealtimeStatus) => void>();
  private resyncListeners = new Set<(channel: Channel | null) => void>();
  private renewing = false;
  /** Connections that failed or closed before a welcome, in a row. */
  private failures = 0;
  private pollTimer: ReturnType<typeof setInterval> | null = null;
  /** What arrived while held (hold()), in order; null when delivering at once. */
  private held: (() => void)[] | null = null;

  constructor(private readonly opts: RealtimeClientOptions) {}

  /** Current connection state. */
  get status(): RealtimeStatus {
    return this.state;
  }

  /** Subscribes to a channel; returns the unsubscribe function. Connects on first use. */
  subscribe(channel: Channel, handler: Handler): () => void {
    let set = this.handlers.get(channel);
    if (!set) {
      this.handlers.set(channel, (set = new Set()));
      this.sendNow({ type: 'subscribe', channel });
    }
    set.add(handler);
    this.ensureConnected();
    return () => {
      const s = this.handlers.get(channel);
      if (!s) return;
      s.delete(handler);
      if (s.size === 0) {
        this.handlers.delete(channel);
        this.sendNow({ type: 'unsubscribe', channel });
      }
    };
  }

  /**
   * Called after a reconnect (channel `null`) or when the server says a
   * channel's events may have been missed: refetch what you show.
   */
  onResync(fn: (channel: Channel | null) => void): () => void {
    this.resyncListeners.add(fn);
    return () => this.resyncListeners.delete(fn);
  }

  /**
   * Holds what the channels deliver (events, resyncs) until release(): while the app adopts the page the server drew,
   * a change to the data it was drawn from would make the page it is adopting differ from the server's (a new song,
   * a count), and React would throw that page away and draw it anew. The connection and subscriptions go on.
   */
  hold(): void {
    this.held ??= [];
  }

  /** Delivers what was held, in the order it came, and delivers at once from then on. */
  release(): void {
    const held = this.held;
    this.held = null;
    for (const deliver of held ?? []) deliver();
  }

  private deliver(fn: () => void): void {
    if (this.held) this.held.push(fn);
    else fn();
  }

  /** True while the page polls instead of being pushed to (WebSockets blocked). */
  get polling(): boolean {
    return this.pollTimer !== null;
  }

  /** Follows the connection state. */
  onStatus(fn: (s: RealtimeStatus) => void): () => void {
    this.statusListeners.add(fn);
    return () => this.statusListeners.delete(fn);
  }

  /** Sends a fresh token (after sign-in or a token refresh) and re-joins staff channels. */
  async authenticate(): Promise<void> {
    const token = (await this.opts.token?.()) ?? null;
    this.sendNow({ type: 'hello', ...(token ? { token } : {}) });
    for (const ch of this.handlers.keys()) if (isStaffChannel(ch)) this.sendNow({ type: 'subscribe', channel: ch });
  }

  /** Closes the connection for good (tests, sign-out of the studio). */
  close(): void {
    this.handlers.clear();
    this.clearTimers();
    this.stopPolling();
    const ws = this.ws;
    this.ws = null;
    ws?.close(1000);
    this.setStatus('idle');
  }

  private setStatus(s: RealtimeStatus): void {
    if (s === this.state) return;
    this.state = s;
    for (const fn of this.statusListeners) fn(s);
  }

  private sendNow(frame: ClientFrame): void {
    const text = JSON.stringify(frame);
    if (this.ws && this.ws.readyState === 1) {
      this.ws.send(text);
      return;
    }
    // (Re)subscriptions are rebuilt from the handler table on open; only other frames wait.
    if (frame.type === 'subscribe' || frame.type === 'unsubscribe' || frame.type === 'hello') return;
    this.outbox.push(text);
    if (this.outbox.length > MAX_OUTBOX) this.outbox.splice(0, this.outbox.length - MAX_OUTBOX);
  }

  private ensureConnected(): void {
    if (this.ws || this.reconnectTimer) return;
    this.connect();
  }

  private clearTimers(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.livenessTimer) clearInterval(this.livenessTimer);
    this.reconnectTimer = null;
    this.livenessTimer = null;
  }

  private connect(): void {
    this.clearTimers();
    this.setStatus(this.everOpened ? 'reconnecting' : 'connecting');
    const Impl = this.opts.WebSocketImpl ?? WebSocket;
    let ws: WebSocket;
    try {
      ws = new Impl(this.opts.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      if (this.ws !== ws) return;
      const reconnected = this.everOpened;
      this.everOpened = true;
      this.lastFrameAt = Date.now();
      this.setStatus('open');
      void this.opts.token?.().then((token) => {
        if (this.ws !== ws || ws.readyState !== 1) return;
        if (token) ws.send(JSON.stringify({ type: 'hello', token } satisfies ClientFrame));
        for (const ch of this.handlers.keys()) ws.send(JSON.stringify({ type: 'subscribe', channel: ch } satisfies ClientFrame));
      });
      if (!this.opts.token) for (const ch of this.handlers.keys()) ws.send(JSON.stringify({ type: 'subscribe', channel: ch } satisfies ClientFrame));
      const waiting = this.outbox.splice(0);
      for (const text of waiting) ws.send(text);
      this.startLiveness(ws);
      if (reconnected)
        this.deliver(() => {
          for (const fn of this.resyncListeners) fn(null);
        });
    };
    ws.onmessage = (msg) => {
      if (this.ws !== ws) return;
      this.lastFrameAt = Date.now();
      let frame: ServerFrame;
      try {
        frame = JSON.parse(String(msg.data)) as ServerFrame;
      } catch {
        return;
      }
      this.onFrame(frame);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.scheduleReconnect();
    };
    ws.onerror = () => {
      // onclose follows and schedules the retry.
    };
  }

  private onFrame(frame: ServerFrame): void {
    switch (frame.type) {
      case 'welcome':
        // A connection that reached the server: the backoff starts again, and polling stops.
        this.attempt = 0;
        this.failures = 0;
        this.stopPolling();
        if (frame.heartbeatMs !== this.heartbeatMs && this.ws) {
          this.heartbeatMs = frame.heartbeatMs;
          if (this.livenessTimer) clearInterval(this.livenessTimer);
          this.startLiveness(this.ws);
        }
        return;
      case 'event': {
        if (frame.name === 'bus.resync' || frame.name.endsWith('.too-big')) {
          this.deliver(() => {
            for (const fn of this.resyncListeners) fn(frame.channel);
          });
          return;
        }
        const event: ChannelEvent = { channel: frame.channel, name: frame.name, data: frame.data, snapshot: frame.snapshot === true };
        this.deliver(() => {
          const set = this.handlers.get(frame.channel);
          if (set) for (const h of [...set]) h(event);
        });
        return;
      }
      case 'error':
        if (frame.code === 'token_expired') void this.authenticate();
        // The session ended or its role changed on the server: the cached token is stale. Renewing it
        // signs out (and the socket drops to public channels) or re-authenticates with the new role.
        else if ((frame.code === 'session_ended' || frame.code === 'role_changed') && !this.renewing) {
          this.renewing = true;
          void Promise.resolve(this.opts.renewSession?.())
            .then(() => this.authenticate())
            .catch(() => undefined)
            .finally(() => {
              this.renewing = false;
            });
        }
        return;
      default:
        return;
    }
  }

  private startLiveness(ws: WebSocket): void {
    // The server pings at the protocol level, which pages cannot see: ping it back
    // and treat a long silence as a dead connection.
    const every = Math.max(5_000, Math.min(this.heartbeatMs, 30_000));
    this.livenessTimer = setInterval(() => {
      if (this.ws !== ws) return;
      if (Date.now() - this.lastFrameAt > every * 2 + 5_000) {
        this.ws = null;
        ws.close();
        this.scheduleReconnect();
        return;
      }
      if (ws.readyState === 1) ws.send(JSON.stringify({ type: 'ping', t: Date.now() } satisfies ClientFrame));
    }, every);
  }

  private startPolling(): void {
    if (this.pollTimer) return;
    const poll = () =>
      this.deliver(() => {
        for (const fn of this.resyncListeners) fn(null);
      });
    this.pollTimer = setInterval(poll, POLL_FALLBACK_MS);
    poll();
  }

  private stopPolling(): void {
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = null;
  }

  private scheduleReconnect(): void {
    this.clearTimers();
    if (this.handlers.size === 0) {
      this.stopPolling();
      this.setStatus('idle');
      return;
    }
    this.setStatus('reconnecting');
    this.failures += 1;
    if (this.failures >= FALLBACK_AFTER_FAILURES) this.startPolling();
    const delay = backoffDelay(this.attempt++, this.opts.random);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delay);
  }

  /** Skips the wait when the network is back or the page becomes visible again. */
  retryNow(): void {
    if (this.ws || this.handlers.size === 0) return;
    this.attempt = 0;
    this.connect();
  }
}

/** The WebSocket address of the realtime endpoint, on the API's host. */
export function realtimeUrl(): string {
  const base = getApiBase();
  if (base) return `${base.replace(/^http/, 'ws')}/api/realtime`;
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/realtime`;
}

/** The page's realtime client. */
export const realtime = new RealtimeClient({ url: realtimeUrl, token: currentAccessToken, renewSession });

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => realtime.retryNow());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') realtime.retryNow();
  });
}
