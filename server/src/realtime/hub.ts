import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket, type RawData } from 'ws';
import {
  CLOSE_CODES,
  MAX_CLIENT_FRAME_BYTES,
  SESSION_CHANGED_EVENT,
  STAFF_CHANGED_EVENT,
  canJoinStaffChannel,
  isChannel,
  isStaffChannel,
  type Channel,
  type ClientFrame,
  type RealtimeEvent,
  type ServerFrame,
  type SessionChangedData,
} from '../../../shared/realtime';
import type { Logger } from '../log';
import type { EventBus } from './bus';

/** Who a verified access token belongs to. */
export interface TokenIdentity {
  userId: string;
  role: string;
  /** Expiry, epoch seconds. */
  exp: number;
  /** The session the token belongs to. */
  sessionId?: string;
}

/** Options of the hub; the defaults suit a station. */
export interface HubOptions {
  bus: EventBus;
  log: Logger;
  verifyToken?: (token: string) => Promise<TokenIdentity | null>;
  /** Current state of a channel, sent at once to a new subscriber. */
  snapshot?: (channel: Channel) => Promise<{ name: string; data: unknown } | null>;
  allowedOrigins?: (origin: string | undefined, host: string | undefined) => boolean;
  heartbeatMs?: number;
  maxConnectionsPerIp?: number;
  /** Connections this instance holds at most (REALTIME_MAX_CONNECTIONS); past it an upgrade gets 503 with Retry-After. */
  maxConnections?: number;
  /** A client whose unsent buffer grows past this is disconnected, never buffered without bound. */
  maxBufferedBytes?: number;
  clientIp?: (req: IncomingMessage) => string;
  /**
   * Each socket's message budget (issue 29): a bucket of `messageBurst` tokens refilled at `messageRate` a second.
   * A frame costs 1, a `hello` (a token check and a database look-up) {@link HELLO_COST}. A socket that overdraws
   * it is closed with 4030 (too many messages) and its queued frames are not handled, so one socket cannot slow
   * the others or drive database look-ups.
   */
  messageRate?: number;
  messageBurst?: number;
  /** The clock of the budget (ms); Date.now by default. */
  now?: () => number;
  /** Told of every frame received ('in') and sent ('out'), for the metrics. */
  onFrame?: (direction: 'in' | 'out') => void;
}

interface Conn {
  id: string;
  ws: WebSocket;
  ip: string;
  alive: boolean;
  identity: TokenIdentity | null;
  /** The token of the last `hello`, kept to re-check the live identity when the user's sessions change. */
  token: string | null;
  channels: Set<Channel>;
  expiryTimer: NodeJS.Timeout | null;
  /** Frames are handled one at a time, in order: a `hello` is done before the `subscribe` after it. */
  queue: Promise<void>;
  /** Message budget left, and when it was last refilled (ms). */
  tokens: number;
  refilledAt: number;
  /** Over budget: closed, its frames no longer handled. */
  overBudget: boolean;
}

/** What a `hello` costs of a socket's message budget: it checks a token against the database. */
export const HELLO_COST = 10;

/** The realtime hub: one `ws` server on the HTTP server's upgrade path. */
export interface Hub {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  connectionCount(): number;
  /** Closes every client with 1001 (going away) and stops the heartbeat. */
  close(): Promise<void>;
}

/** Builds the hub and wires it to the event bus. */
export function createHub(opts: HubOptions): Hub {
  const heartbeatMs = opts.heartbeatMs ?? 30_000;
  const maxPerIp = opts.maxConnectionsPerIp ?? 50;
  const maxConnections = opts.maxConnections ?? 20_000;
  const maxBuffered = opts.maxBufferedBytes ?? 1024 * 1024;
  const rate = opts.messageRate ?? 20;
  const burst = opts.messageBurst ?? 100;
  const clock = opts.now ?? (() => Date.now());
  /** Takes `cost` from the socket's budget; false (and the socket closed with 4030) when it cannot pay. */
  const spend = (c: Conn, cost: number): boolean => {
    if (c.overBudget) return false;
    const t = clock();
    c.tokens = Math.min(burst, c.tokens + ((t - c.refilledAt) / 1000) * rate);
    c.refilledAt = t;
    if (c.tokens >= cost) {
      c.tokens -= cost;
      return true;
    }
    c.overBudget = true;
    opts.log.info({ conn: c.id, ip: c.ip }, 'closing realtime client over its message budget');
    c.ws.close(CLOSE_CODES.tooManyMessages, 'too many messages');
    // A client that ignores the close is cut off shortly after.
    setTimeout(() => c.ws.terminate(), 2_000).unref();
    return false;
  };
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_FRAME_BYTES, perMessageDeflate: false, clientTracking: false });
  const conns = new Set<Conn>();
  const perIp = new Map<string, number>();
  const byChannel = new Map<Channel, Set<Conn>>();
  const seqs = new Map<Channel, number>();
  let closing = false;

  const tooSlow = (c: Conn): boolean => {
    if (c.ws.bufferedAmount <= maxBuffered) return false;
    opts.log.info({ conn: c.id, buffered: c.ws.bufferedAmount }, 'dropping slow realtime client');
    // A slow consumer is cut off at once: never buffered without bound, never waited for.
    c.ws.terminate();
    drop(c);
    return true;
  };

  const send = (c: Conn, frame: ServerFrame | string | Buffer): void => {
    if (c.ws.readyState !== c.ws.OPEN || tooSlow(c)) return;
    opts.onFrame?.('out');
    if (Buffer.isBuffer(frame)) c.ws.send(frame, { binary: false });
    else c.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  };

  /** A staff event reaches a user listed in userIds or holding a role in roles (either); with neither, every staff member. */
  const targeted = (event: RealtimeEvent, identity: TokenIdentity): boolean => {
    const hasUsers = Boolean(event.userIds && event.userIds.length > 0);
    const hasRoles = Boolean(event.roles && event.roles.length > 0);
    if (!hasUsers && !hasRoles) return true;
    return Boolean((hasUsers && event.userIds!.includes(identity.userId)) || (hasRoles && event.roles!.includes(identity.role)));
  };

  const deliver = (event: RealtimeEvent): void => {
    const subs = byChannel.get(event.channel);
    if (!subs || subs.size === 0) return;
    const seq = (seqs.get(event.channel) ?? 0) + 1;
    seqs.set(event.channel, seq);
    // Serialise and encode once for every subscriber: the fan-out cost is one write per client.
    const bytes = Buffer.from(JSON.stringify({ type: 'event', channel: event.channel, name: event.name, data: event.data, seq } satisfies ServerFrame));
    const staff = isStaffChannel(event.channel);
    for (const c of subs) {
      if (staff && (!c.identity || !targeted(event, c.identity))) continue;
      send(c, bytes);
    }
  };
  const unsubscribeBus = opts.bus.subscribe((event) => {
    if (event.name === SESSION_CHANGED_EVENT) {
      sessionChanged(event.data as SessionChangedData);
      return;
    }
    // Bus-only: for each instance's notification recipients directory, never for clients.
    if (event.name === STAFF_CHANGED_EVENT) return;
    deliver(event);
  });

  const leave = (c: Conn, channel: Channel): void => {
    c.channels.delete(channel);
    const set = byChannel.get(channel);
    set?.delete(c);
    if (set && set.size === 0) byChannel.delete(channel);
  };

  const drop = (c: Conn): void => {
    if (!conns.delete(c)) return;
    for (const ch of c.channels) leave(c, ch);
    if (c.expiryTimer) clearTimeout(c.expiryTimer);
    const n = (perIp.get(c.ip) ?? 1) - 1;
    if (n <= 0) perIp.delete(c.ip);
    else perIp.set(c.ip, n);
  };

  const STAFF_LEFT_TEXT = {
    token_expired: 'Your session expired; sign in again to keep receiving staff updates.',
    forbidden: 'Your session expired; sign in again to keep receiving staff updates.',
    session_ended: 'Your session has ended; sign in again to keep receiving staff updates.',
  } as const;
  const dropStaffChannels = (c: Conn, reason: keyof typeof STAFF_LEFT_TEXT): void => {
    for (const ch of [...c.channels]) {
      if (isStaffChannel(ch)) {
        leave(c, ch);
        send(c, { type: 'error', code: reason, message: STAFF_LEFT_TEXT[reason], channel: ch });
      }
    }
  };

  /**
   * A user's sessions changed somewhere (this instance or another): re-check
   * the live identity of each of their connections, in order with its frames.
   * An ended session leaves every staff channel; a new role leaves those it
   * may not see and re-targets the rest.
   */
  const sessionChanged = (data: SessionChangedData): void => {
    if (!data || typeof data.userId !== 'string') return;
    for (const c of conns) {
      if (c.identity?.userId !== data.userId) continue;
      c.queue = c.queue
        .then(async () => {
          if (c.identity?.userId !== data.userId) return;
          const before = c.identity;
          const fresh = c.token && opts.verifyToken ? await opts.verifyToken(c.token).catch(() => null) : null;
          if (!fresh) {
            c.identity = null;
            c.token = null;
            if (c.expiryTimer) clearTimeout(c.expiryTimer);
            c.expiryTimer = null;
            dropStaffChannels(c, 'session_ended');
            return;
          }
          c.identity = fresh;
          if (fresh.role === before.role) return;
          for (const ch of [...c.channels]) {
            if (isStaffChannel(ch) && !canJoinStaffChannel(fresh.role, ch)) {
              leave(c, ch);
              send(c, { type: 'error', code: 'forbidden', message: 'Your role no longer receives this channel.', channel: ch });
            }
          }
          send(c, { type: 'error', code: 'role_changed', message: 'Your role has changed; refresh your session.' });
        })
        .catch((err: unknown) => opts.log.warn({ err }, 'realtime session re-check failed'));
    }
  };

  const authenticate = async (c: Conn, token: string | undefined): Promise<void> => {
    c.token = token ?? null;
    if (!token || !opts.verifyToken) {
      c.identity = null;
      dropStaffChannels(c, 'forbidden');
      return;
    }
    const identity = await opts.verifyToken(token).catch(() => null);
    c.identity = identity;
    if (c.expiryTimer) clearTimeout(c.expiryTimer);
    if (!identity) {
      dropStaffChannels(c, 'token_expired');
      return;
    }
    // Re-checked when the token expires: staff channels are left until a fresh token arrives.
    const ms = Math.max(0, identity.exp * 1000 - Date.now());
    c.expiryTimer = setTimeout(() => {
      c.identity = null;
      c.token = null;
      dropStaffChannels(c, 'token_expired');
    }, Math.min(ms, 2 ** 31 - 1));
    c.expiryTimer.unref();
  };

  const onFrame = async (c: Conn, raw: RawData): Promise<void> => {
    if (c.overBudget) return;
    let frame: ClientFrame;
    try {
      const text = raw.toString();
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null || typeof (parsed as { type?: unknown }).type !== 'string') throw new Error('no type');
      frame = parsed as ClientFrame;
    } catch {
      send(c, { type: 'error', code: 'bad_frame', message: 'Frames are JSON objects with a type.' });
      return;
    }
    switch (frame.type) {
      case 'ping':
        send(c, { type: 'pong', ...(typeof frame.t === 'number' ? { t: frame.t } : {}) });
        return;
      case 'hello':
        await authenticate(c, typeof frame.token === 'string' ? frame.token : undefined);
        send(c, { type: 'welcome', connectionId: c.id, authenticated: c.identity !== null, heartbeatMs });
        return;
      case 'subscribe': {
        const channel = frame.channel;
        if (!isChannel(channel)) {
          send(c, { type: 'error', code: 'unknown_channel', message: 'Unknown channel.' });
          return;
        }
        if (isStaffChannel(channel) && !c.identity) {
          send(c, { type: 'error', code: 'forbidden', message: 'Sign in to receive staff updates.', channel });
          return;
        }
        if (isStaffChannel(channel) && !canJoinStaffChannel(c.identity!.role, channel)) {
          send(c, { type: 'error', code: 'forbidden', message: 'Your role does not receive this channel.', channel });
          return;
        }
        if (c.channels.size >= 32 && !c.channels.has(channel)) {
          send(c, { type: 'error', code: 'rate_limited', message: 'Too many subscriptions.', channel });
          return;
        }
        c.channels.add(channel);
        let set = byChannel.get(channel);
        if (!set) byChannel.set(channel, (set = new Set()));
        set.add(c);
        send(c, { type: 'subscribed', channel, ...(typeof frame.id === 'string' ? { id: frame.id.slice(0, 64) } : {}) });
        const snap = await opts.snapshot?.(channel).catch(() => null);
        if (snap) send(c, { type: 'event', channel, name: snap.name, data: snap.data, seq: seqs.get(channel) ?? 0, snapshot: true });
        return;
      }
      case 'unsubscribe':
        if (isChannel(frame.channel)) leave(c, frame.channel);
        send(c, { type: 'unsubscribed', channel: frame.channel });
        return;
      default:
        send(c, { type: 'error', code: 'bad_frame', message: 'Unknown frame type.' });
    }
  };

  const heartbeat = setInterval(() => {
    for (const c of conns) {
      if (tooSlow(c)) continue;
      if (!c.alive) {
        c.ws.terminate();
        drop(c);
        continue;
      }
      c.alive = false;
      c.ws.ping();
    }
  }, heartbeatMs);
  heartbeat.unref();

  const clientIp = opts.clientIp ?? ((req: IncomingMessage) => req.socket.remoteAddress ?? 'unknown');

  return {
    handleUpgrade(req, socket, head) {
      const reject = (status: number, text: string): void => {
        // A refusal that passes (shutting down, full) says when to come back; the client's backoff is longer anyway.
        const retry = status === 503 ? 'Retry-After: 5\r\n' : '';
        socket.write(`HTTP/1.1 ${status} ${text}\r\n${retry}Connection: close\r\nContent-Length: 0\r\n\r\n`);
        socket.destroy();
      };
      if (closing) return reject(503, 'Service Unavailable');
      if (conns.size >= maxConnections) {
        opts.log.warn({ connections: conns.size, max: maxConnections }, 'realtime connection refused: REALTIME_MAX_CONNECTIONS reached');
        return reject(503, 'Service Unavailable');
      }
      if (opts.allowedOrigins && !opts.allowedOrigins(req.headers.origin, req.headers.host)) return reject(403, 'Forbidden');
      const ip = clientIp(req);
      if ((perIp.get(ip) ?? 0) >= maxPerIp) return reject(429, 'Too Many Requests');
      wss.handleUpgrade(req, socket, head, (ws) => {
        perIp.set(ip, (perIp.get(ip) ?? 0) + 1);
        const c: Conn = { id: randomUUID(), ws, ip, alive: true, identity: null, token: null, channels: new Set(), expiryTimer: null, queue: Promise.resolve(), tokens: burst, refilledAt: clock(), overBudget: false };
        conns.add(c);
        ws.on('pong', () => {
          c.alive = true;
        });
        ws.on('message', (raw) => {
          c.alive = true;
          opts.onFrame?.('in');
          // A hello costs more (a database look-up); the type is read cheaply, before the frame is parsed.
          if (!spend(c, /"type"\s*:\s*"hello"/.test(raw.toString()) ? HELLO_COST : 1)) return;
          c.queue = c.queue.then(() => onFrame(c, raw)).catch((err: unknown) => opts.log.warn({ err }, 'realtime frame failed'));
        });
        ws.on('close', () => drop(c));
        ws.on('error', () => {
          ws.terminate();
          drop(c);
        });
        send(c, { type: 'welcome', connectionId: c.id, authenticated: false, heartbeatMs });
      });
    },
    connectionCount: () => conns.size,
    async close() {
      closing = true;
      clearInterval(heartbeat);
      unsubscribeBus();
      const closed = [...conns].map(
        (c) =>
          new Promise<void>((resolve) => {
            const t = setTimeout(() => {
              c.ws.terminate();
              resolve();
            }, 2_000);
            c.ws.once('close', () => {
              clearTimeout(t);
              resolve();
            });
            c.ws.close(CLOSE_CODES.goingAway, 'server shutting down');
          }),
      );
      await Promise.all(closed);
      conns.clear();
      wss.close();
    },
  };
}
