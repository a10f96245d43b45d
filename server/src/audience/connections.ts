import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context';
import type { RadioRuntime } from '../radio/runtime';
import type { BackgroundJob } from '../server';
import * as repo from './repo';

/**
 * The demo station's listener count: the open connections to its own stream
 * (`/api/stream`). With one process (PGlite) that is this instance's count.
 * With several instances on PostgreSQL each reports its count when it changes
 * and every few seconds, and the poller adds the others' recent reports to its
 * own: a listener connected to any instance counts once.
 */

/** How often an instance repeats its count (so a crashed instance's report goes stale). */
export const CONNECTIONS_HEARTBEAT_MS = 10_000;
/** Reports older than this are ignored. */
export const CONNECTIONS_FRESH_MS = 3 * CONNECTIONS_HEARTBEAT_MS;

/** The running reporter. */
export interface StreamConnections extends BackgroundJob {
  /** Connections to the demo stream across every instance. */
  total(): Promise<number>;
}

/** Starts reporting this instance's demo stream connections (PostgreSQL only; a no-op on PGlite). */
export function startStreamConnections(ctx: AppContext, runtime: RadioRuntime): StreamConnections {
  const local = () => runtime.stream.listenerCount();
  if (ctx.db.engine !== 'postgres') return { name: 'stream-connections', total: async () => local(), stop: async () => undefined };
  const id = randomUUID();
  let writing: Promise<void> | null = null;
  let again = false;
  const write = (): void => {
    if (writing) {
      again = true;
      return;
    }
    writing = repo
      .reportConnections(ctx.knex, id, local())
      .catch((err: unknown) => ctx.log.debug({ err }, 'could not report demo stream connections'))
      .finally(() => {
        writing = null;
        if (again) {
          again = false;
          write();
        }
      });
  };
  const unsubscribe = runtime.stream.onListenerCount(write);
  const timer = setInterval(write, CONNECTIONS_HEARTBEAT_MS);
  timer.unref();
  write();
  return {
    name: 'stream-connections',
    async total() {
      const others = await repo.otherConnections(ctx.knex, id, CONNECTIONS_FRESH_MS).catch(() => 0);
      return local() + others;
    },
    async stop() {
      unsubscribe();
      clearInterval(timer);
      await writing;
      await repo.forgetInstance(ctx.knex, id).catch(() => undefined);
    },
  };
}
