import type { Knex } from 'knex';
import type { AppContext } from '../context';
import type { BackgroundJob } from '../server';
import { deleteSessionsEndedBefore } from './repo';

/** Ended sessions are kept this long (for the audit of sign-outs and reuse), then removed with their tokens. */
export const ENDED_SESSION_RETENTION_MS = 30 * 86_400_000;
const PRUNE_EVERY_MS = 60 * 60_000;

/**
 * Removes sessions that expired or were revoked more than 30 days ago; their
 * refresh tokens go with them (ON DELETE CASCADE). Live sessions keep every
 * spent token, which is how a replayed one is recognised.
 */
export async function pruneSessions(knex: Knex, nowMs: number): Promise<number> {
  return deleteSessionsEndedBefore(knex, new Date(nowMs - ENDED_SESSION_RETENTION_MS));
}

/** The hourly prune as a background job of the server. */
export function sessionPruneJob(ctx: AppContext): BackgroundJob {
  const tick = () => {
    pruneSessions(ctx.knex, ctx.now())
      .then((n) => {
        if (n) ctx.log.info({ removed: n }, 'old sessions pruned');
      })
      .catch((err: unknown) => ctx.log.warn({ err }, 'session prune failed'));
  };
  const timer = setInterval(tick, PRUNE_EVERY_MS);
  timer.unref();
  return {
    name: 'session-prune',
    stop: async () => clearInterval(timer),
  };
}
