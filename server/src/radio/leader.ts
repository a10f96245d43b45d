import type pg from 'pg';
import { pgDriver } from '../db/pg-driver';
import type { Database } from '../db/knex';
import type { Logger } from '../log';

/**
 * Who runs the station poller. With PostgreSQL, the instance holding a
 * session-level advisory lock on its own dedicated connection; when that
 * instance dies its connection ends, the lock is released, and another
 * instance takes it at its next attempt (within one poll interval). With
 * PGlite there is one process, and it always leads.
 */
export interface Leadership {
  /** Tries to become (or confirms still being) the leader. Never throws. */
  acquire(): Promise<boolean>;
  isLeader(): boolean;
  /** Gives up the lock and closes the connection. */
  release(): Promise<void>;
}

/** The advisory lock key of the station poller (two int4 keys: 'AIRD', 1). */
export const POLLER_LOCK: readonly [number, number] = [0x41495244, 1];

/** Creates the election for a database. */
export function createLeadership(db: Database, log: Logger, lock: readonly [number, number] = POLLER_LOCK): Leadership {
  if (db.engine !== 'postgres' || !db.url) {
    return { acquire: async () => true, isLeader: () => true, release: async () => undefined };
  }
  const url = db.url;
  let client: pg.Client | null = null;
  let leader = false;

  const drop = (c: pg.Client | null) => {
    if (c && client === c) {
      if (leader) log.warn('lost the station poller lock connection; another instance may take over');
      client = null;
      leader = false;
    }
    void c?.end().catch(() => undefined);
  };

  return {
    async acquire() {
      let c = client;
      try {
        if (!c) {
          c = new (pgDriver().Client)({ connectionString: url, connectionTimeoutMillis: 3_000, query_timeout: 5_000, keepAlive: true, application_name: 'airdeck-poller-lock' });
          const mine = c;
          mine.on('error', (err) => {
            log.warn({ err }, 'station poller lock connection error');
            drop(mine);
          });
          mine.on('end', () => drop(mine));
          await mine.connect();
          client = mine;
        }
        if (leader) {
          // The lock lives as long as this session: check the session is still there.
          await c.query('SELECT 1');
          return true;
        }
        const res = await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [lock[0], lock[1]]);
        leader = res.rows[0]?.ok === true;
        if (leader) log.info('this instance now runs the station poller');
        return leader;
      } catch (err) {
        log.warn({ err }, 'station poller election failed; retrying');
        drop(c);
        return false;
      }
    },
    isLeader: () => leader,
    async release() {
      const c = client;
      client = null;
      if (c && leader) await c.query('SELECT pg_advisory_unlock($1, $2)', [lock[0], lock[1]]).catch(() => undefined);
      leader = false;
      await c?.end().catch(() => undefined);
    },
  };
}
