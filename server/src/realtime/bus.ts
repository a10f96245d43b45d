import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { RealtimeEvent } from '../../../shared/realtime';
import type { Logger } from '../log';

/**
 * The event bus under the realtime hub. In-process for PGlite; PostgreSQL
 * LISTEN/NOTIFY with a server, so that every instance delivers every event.
 */
export interface EventBus {
  publish(event: RealtimeEvent): Promise<void>;
  subscribe(listener: (event: RealtimeEvent) => void): () => void;
  close(): Promise<void>;
}

/** The bus for a single process. */
export function createLocalBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(event) {
      queueMicrotask(() => emitter.emit('event', event));
      return Promise.resolve();
    },
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
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_NOTIFY_BYTES = 7900;

/**
 * A bus over PostgreSQL LISTEN/NOTIFY. One dedicated connection listens and
 * reconnects with backoff if the server goes away; publishing uses
 * `pg_notify` through a short-lived pool. Payloads too big for NOTIFY are
 * delivered locally and announced to other instances as `too-big` so they
 * can tell their clients to refetch.
 */
export function createPgBus(url: string, log: Logger): EventBus {
  const local = createLocalBus();
  const pool = new pg.Pool({ connectionString: url, max: 2, idleTimeoutMillis: 10_000, connectionTimeoutMillis: 3_000 });
  pool.on('error', (err) => log.warn({ err }, 'event bus pool error'));
  const instance = Math.random().toString(36).slice(2);
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 500;

  const connect = async (): Promise<void> => {
    if (closed) return;
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
    c.on('error', (err) => log.warn({ err }, 'event bus listener error'));
    c.on('end', () => {
      client = null;
      if (!closed) setTimeout(() => void connect(), retryMs).unref();
    });
    c.on('notification', (msg) => {
      if (!msg.payload) return;
      try {
        const parsed = JSON.parse(msg.payload) as { from: string; event: RealtimeEvent };
        if (parsed.from === instance) return;
        void local.publish(parsed.event);
      } catch (err) {
        log.warn({ err }, 'bad event bus payload');
      }
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
      client = c;
      retryMs = 500;
    } catch (err) {
      log.warn({ err }, 'event bus could not listen; retrying');
      retryMs = Math.min(retryMs * 2, 10_000);
      await c.end().catch(() => undefined);
    }
  };
  void connect();

  return {
    async publish(event) {
      await local.publish(event);
      let payload = JSON.stringify({ from: instance, event });
      if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES) {
        payload = JSON.stringify({ from: instance, event: { channel: event.channel, name: `${event.name}.too-big`, data: null } });
      }
      try {
        await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
      } catch (err) {
        log.warn({ err }, 'event bus publish failed; delivered locally only');
      }
    },
    subscribe: local.subscribe,
    async close() {
      closed = true;
      await local.close();
      await client?.end().catch(() => undefined);
      await pool.end().catch(() => undefined);
    },
  };
}
