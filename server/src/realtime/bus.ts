import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { pgDriver } from '../db/pg-driver';
import { eventSchema } from '../../../shared/events';
import { PUBLIC_CHANNELS, STAFF_CHANNELS, isChannel, isControlEvent, type ChannelEvent, type RealtimeEvent } from '../../../shared/realtime';
import type { Logger } from '../log';

/**
 * The event bus under the realtime hub. In-process for PGlite; PostgreSQL
 * LISTEN/NOTIFY with a server, so that every instance delivers every event.
 */
export interface EventBus {
  /** Publishes a declared event: its channel, name and payload type must agree (shared/realtime.ts `ChannelEvents`). */
  publish(event: ChannelEvent): Promise<void>;
  subscribe(listener: (event: RealtimeEvent) => void): () => void;
  close(): Promise<void>;
}

/** The bus for a single process; `deliver` also takes the bus's own control events. */
export function createLocalBus(): EventBus & { deliver(event: RealtimeEvent): Promise<void> } {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const deliver = (event: RealtimeEvent): Promise<void> => {
    queueMicrotask(() => emitter.emit('event', event));
    return Promise.resolve();
  };
  return {
    publish: deliver,
    deliver,
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    close() {
      emitter.removeAllListeners();
      return Promise.resolve();
    },
  };
}

const CHANNEL = 'airdeck_events';

/**
 * An event another process published, checked against its channel's declared
 * schema (shared/events.ts) before anyone here trusts its payload. Control
 * events (`bus.resync`, `<name>.too-big`) carry no payload. Null when it does
 * not match.
 */
export function checkForeignEvent(raw: unknown): RealtimeEvent | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const e = raw as { channel?: unknown; name?: unknown; data?: unknown };
  if (!isChannel(e.channel) || typeof e.name !== 'string') return null;
  const event = raw as RealtimeEvent;
  if (isControlEvent(event)) return { ...event, data: null };
  const schema = eventSchema(e.channel, e.name);
  if (!schema) return null;
  return schema.safeParse(e.data).success ? event : null;
}
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_NOTIFY_BYTES = 7900;
/** Tries of one batch of events before it is given up (about 12 s with the backoff). */
const MAX_ATTEMPTS = 6;
/** Events waiting for the database at most; past it the oldest are given up. */
const MAX_QUEUED = 10_000;

/**
 * A bus over PostgreSQL LISTEN/NOTIFY. One dedicated connection listens and
 * reconnects with backoff if the server goes away; publishing uses
 * `pg_notify` through one more connection (closed when idle; one batch is sent at a time). Payloads too big for NOTIFY are
 * delivered locally and announced to other instances as `<name>.too-big` so
 * they can tell their clients to refetch. After the listening connection
 * comes back, a `bus.resync` event on every channel does the same.
 */
export function createPgBus(url: string, log: Logger, tuning: { maxAttempts?: number; retryBaseMs?: number } = {}): EventBus {
  const maxAttempts = tuning.maxAttempts ?? MAX_ATTEMPTS;
  const retryBaseMs = tuning.retryBaseMs ?? 250;
  const local = createLocalBus();
  const pool = new (pgDriver().Pool)({ connectionString: url, max: 1, idleTimeoutMillis: 10_000, connectionTimeoutMillis: 3_000, application_name: 'airdeck-bus' });
  pool.on('error', (err) => log.warn({ err }, 'event bus pool error'));
  // The pool's connections still open: `pool.end()` resolves once it has asked each to end, not once they have
  // (a database dropped just after would see them, and end them with an error), so close() waits for each.
  const open = new Set<pg.Client>();
  pool.on('connect', (c: pg.Client) => {
    open.add(c);
    c.once('end', () => open.delete(c));
  });
  const instance = Math.random().toString(36).slice(2);
  /** The last number heard from each other instance (a few dozen at most; the oldest forgotten past 1,000). */
  const lastSeq = new Map<string, number>();
  const resyncAll = (): void => {
    for (const channel of [...PUBLIC_CHANNELS, ...STAFF_CHANNELS]) void local.deliver({ channel, name: 'bus.resync', data: null });
  };
  const noteSeq = (from: string, seq: number): void => {
    const prev = lastSeq.get(from);
    if (prev === undefined) {
      if (lastSeq.size >= 1000) lastSeq.delete(lastSeq.keys().next().value!);
    } else if (seq > prev + 1) {
      log.warn({ from, missed: seq - prev - 1 }, 'missed events from another instance; asking clients to resync');
      resyncAll();
    }
    if (prev === undefined || seq > prev) lastSeq.set(from, seq);
  };
  /** How this instance's payloads begin (`JSON.stringify({ from: instance, … })`). */
  const ownPrefix = `{"from":${JSON.stringify(instance)},`;
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 500;
  let everListened = false;
  let reconnectTimer: NodeJS.Timeout | null = null;
  const scheduleReconnect = (): void => {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      void connect();
    }, retryMs);
    reconnectTimer.unref();
  };

  /** The listening connection being made, if any (close() waits for it, then ends it). */
  let connecting: Promise<void> | null = null;
  const connect = (): Promise<void> => {
    connecting ??= listen().finally(() => {
      connecting = null;
    });
    return connecting;
  };
  const listen = async (): Promise<void> => {
    if (closed) return;
    const c = new (pgDriver().Client)({ connectionString: url, connectionTimeoutMillis: 3_000, keepAlive: true, application_name: 'airdeck-bus' });
    c.on('error', (err) => log.warn({ err }, 'event bus listener error'));
    c.on('end', () => {
      if (client === c) client = null;
      scheduleReconnect();
    });
    c.on('notification', (msg) => {
      // This instance's own events (every song request's, under load) are known by their opening, not parsed.
      if (!msg.payload || msg.payload.startsWith(ownPrefix)) return;
      try {
        const parsed = JSON.parse(msg.payload) as { from: string; seq?: unknown; event?: RealtimeEvent };
        if (parsed.from === instance) return;
        // Each instance numbers what it publishes: a number skipped is an event this instance never got (a
        // batch its publisher gave up on, a queue it had to cut): every subscriber refetches.
        if (typeof parsed.from === 'string' && typeof parsed.seq === 'number') noteSeq(parsed.from, parsed.seq);
        if (parsed.event === undefined) return; // a gap marker: only its number counts
        const checked = checkForeignEvent(parsed.event);
        if (!checked) {
          log.warn({ channel: (parsed.event as { channel?: unknown })?.channel, name: (parsed.event as { name?: unknown })?.name }, 'event from another instance does not match its declared shape; asking clients to refetch');
          const channel = (parsed.event as { channel?: unknown })?.channel;
          if (isChannel(channel)) void local.deliver({ channel, name: 'bus.resync', data: null });
          return;
        }
        void local.deliver(checked);
      } catch (err) {
        log.warn({ err }, 'bad event bus payload');
      }
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
      if (closed) {
        // Closed while connecting: this connection must not outlive the bus.
        await c.end().catch(() => undefined);
        return;
      }
      client = c;
      retryMs = 500;
      // Events published while this instance was not listening are lost: tell
      // every subscriber to refetch what it shows.
      if (everListened) {
        log.info('event bus listening again; asking clients to resync');
        resyncAll();
      }
      everListened = true;
    } catch (err) {
      log.warn({ err }, 'event bus could not listen; retrying');
      retryMs = Math.min(retryMs * 2, 10_000);
      await c.end().catch(() => undefined);
      scheduleReconnect();
    }
  };
  void connect();

  // Events published while a NOTIFY is on its way go out together in the next one: one statement (one commit)
  // for a burst of events instead of one each, in publishing order. Each publish resolves once its batch has been
  // tried. A batch that fails is tried again with backoff (events arrive late, in order); one that still fails after
  // MAX_ATTEMPTS, or events cut from a queue grown past MAX_QUEUED, are given up, never silently: the numbers
  // skipped tell the other instances to resync, and a gap marker goes out so they learn it even if nothing follows.
  let queued: { payload: string; done: () => void }[] = [];
  let published = 0;
  let sending: Promise<void> | null = null;
  let gaveUp = false;
  const marker = (): string => JSON.stringify({ from: instance, seq: ++published, gap: true });
  const sendQueued = async (): Promise<void> => {
    let failures = 0;
    while (queued.length > 0 && !closed) {
      const batch = queued.slice(0, 200);
      try {
        await pool.query('SELECT pg_notify($1, p) FROM unnest($2::text[]) WITH ORDINALITY AS t(p, n) ORDER BY n', [CHANNEL, batch.map((b) => b.payload)]);
        queued = queued.slice(batch.length);
        for (const b of batch) b.done();
        if (failures > 0) log.info({ attempts: failures + 1 }, 'event bus publishing again');
        failures = 0;
        gaveUp = false;
      } catch (err) {
        failures += 1;
        // Whoever published does not wait for the retries.
        for (const b of batch) b.done();
        if (failures === 1) log.warn({ err, events: batch.length }, 'event bus publish failed; retrying');
        if (failures >= maxAttempts) {
          log.warn({ err, events: batch.length, attempts: failures }, 'event bus gave up a batch of events; the other instances will resync');
          queued = queued.slice(batch.length);
          failures = 0;
          gaveUp = true;
          // So that the others learn of the gap even if nothing else is published: a marker with the next number.
          if (queued.length === 0) queued.push({ payload: marker(), done: () => undefined });
        }
        await new Promise((resolve) => setTimeout(resolve, Math.min(4_000, retryBaseMs * 2 ** failures)).unref());
      }
    }
    for (const b of queued) b.done();
    if (closed) queued = [];
  };
  const send = (payload: string): Promise<void> =>
    new Promise<void>((resolve) => {
      if (queued.length >= MAX_QUEUED) {
        // The database has not taken events for a while: the oldest go (numbers skipped: the others resync).
        const cut = queued.splice(0, queued.length - MAX_QUEUED + 1);
        for (const b of cut) b.done();
        if (!gaveUp) log.warn({ dropped: cut.length }, 'event bus queue full; oldest events dropped, the other instances will resync');
        gaveUp = true;
      }
      queued.push({ payload, done: resolve });
      sending ??= sendQueued().finally(() => {
        sending = null;
      });
    });

  return {
    async publish(event) {
      // Queued for the other instances before anything is awaited, so a close() straight after still sends it.
      const delivered = local.publish(event);
      // A sequence number keeps two equal events apart: PostgreSQL folds equal notifications of one transaction into one.
      const seq = ++published;
      let payload = JSON.stringify({ from: instance, seq, event });
      if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES) {
        payload = JSON.stringify({ from: instance, seq, event: { channel: event.channel, name: `${event.name}.too-big`, data: null } });
      }
      await Promise.all([delivered, send(payload)]);
    },
    subscribe: local.subscribe,
    async close() {
      // Events already answered for (a song request's 201 does not wait for its push) still reach the other
      // instances: what is queued is sent before the connections close, for at most 2 s.
      if (sending) await Promise.race([sending, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      await local.close();
      await connecting;
      await client?.end().catch(() => undefined);
      await pool.end().catch(() => undefined);
      const ended = Promise.all([...open].map((c) => new Promise((resolve) => c.once('end', resolve))));
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
    },
  };
}
