import type { PGlite } from '@electric-sql/pglite';
import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { pgDriver } from './pg-driver';
import { startPglite } from './pglite';

/** Which engine a database handle talks to; the event bus and the poller's election depend on it. */
export type DbEngine = 'pglite' | 'postgres';

/** A Knex handle plus what the rest of the server needs to know about it. */
export interface Database {
  knex: Knex;
  /** The embedded engine itself (PGlite only), for dumps and tests. */
  pglite?: PGlite;
  engine: DbEngine;
  /** A connection string for LISTEN/NOTIFY and advisory locks (PostgreSQL only). */
  url: string | null;
  close(): Promise<void>;
}

/** Options for opening the database: a PostgreSQL URL, or a PGlite folder (null = in memory). */
export type OpenOptions =
  | { kind: 'postgres'; url: string; poolMax?: number; acquireTimeoutMs?: number }
  | { kind: 'pglite'; dataDir: string | null; loadFrom?: Blob; started?: PGlite | Promise<PGlite> };

/**
 * The one Knex factory. PGlite (PostgreSQL compiled to WASM, in-process) is the
 * embedded default (`started`: one {@link startPglite} began opening on `dataDir`); a PostgreSQL
 * server is used through `pg` with a pool.
 * The pool gives up acquiring after a few seconds so that a request during a
 * database outage fails fast with 503 instead of hanging for a minute.
 */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.kind === 'postgres') {
    pgDriver();
    const knex = knexFactory({
      client: 'pg',
      connection: { connectionString: opts.url, application_name: 'airdeck', statement_timeout: 30_000 },
      pool: { min: 0, max: opts.poolMax ?? 10, idleTimeoutMillis: 30_000 },
      acquireConnectionTimeout: opts.acquireTimeoutMs ?? 4_000,
    });
    guardAcquire(knex);
    return { knex, engine: 'postgres', url: opts.url, close: () => knex.destroy() };
  }
  const pglite = (await opts.started) ?? startPglite(opts.dataDir, opts.loadFrom);
  await pglite.waitReady;
  const knex = knexFactory({
    client: ClientPgLite as unknown as typeof knexFactory.Client,
    dialect: 'postgres',
    connection: () => ({ pglite }) as object,
    acquireConnectionTimeout: 60_000,
  });
  let closed = false;
  return {
    knex,
    pglite,
    engine: 'pglite',
    url: null,
    close: async () => {
      if (closed) return;
      closed = true;
      await knex.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/**
 * A circuit breaker on the pool: once getting a connection has failed because
 * the database is unreachable, further requests fail at once (503) instead of
 * each waiting out the acquire timeout, while one probe at a time (at most one
 * a second) tries for real. The first success closes the circuit. Without it a
 * request that touches the database twice (rate limit, then its transaction)
 * waited twice the timeout during an outage.
 */
function guardAcquire(knex: Knex): void {
  const client = knex.client as { acquireConnection(): Promise<unknown> };
  const acquire = client.acquireConnection.bind(client);
  let open = false;
  let probing = false;
  let retryAt = 0;
  let lastSuccess = 0;
  const poolFull = (): boolean => {
    const pool = (knex.client as { pool?: { numUsed(): number; max: number } }).pool;
    return Boolean(pool && pool.numUsed() >= pool.max);
  };
  client.acquireConnection = async () => {
    if (open && (probing || Date.now() < retryAt)) {
      throw Object.assign(new Error('Connection terminated: the database is unreachable (circuit open)'), { code: '08006' });
    }
    const probe = open;
    if (probe) probing = true;
    const started = performance.now();
    try {
      const conn = await acquire();
      open = false;
      lastSuccess = performance.now();
      return conn;
    } catch (err) {
      // A failure that began before the latest success is old news: the database is back. A wait that timed out
      // with every connection of the pool in use is overload, not an outage: the request gets its 503 and
      // Retry-After, and the circuit stays closed (the database answers, the pool is busy).
      if (isDatabaseUnavailable(err) && started > lastSuccess && !poolFull()) {
        open = true;
        retryAt = Date.now() + 1_000;
      }
      throw err;
    } finally {
      if (probe) probing = false;
    }
  };
}

/** True for errors that mean the database is unreachable (as opposed to a bad query). */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006'].includes(code))) {
    return true;
  }
  return (
    err.name === 'KnexTimeoutError' ||
    /Knex: Timeout acquiring a connection|Connection terminated|connection closed|terminating connection|the database system is (starting up|shutting down)|Client has encountered a connection error/i.test(err.message)
  );
}
