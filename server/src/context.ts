import type { Knex } from 'knex';
import type { Config } from './config';
import type { Database } from './db/knex';
import type { Logger } from './log';
import type { EventBus } from './realtime/bus';
import type { TokenService } from './auth/tokens';

/**
 * What every domain gets: configuration, the database, the logger and the
 * event bus. Plain values, no container: domains are functions of this.
 */
export interface AppContext {
  config: Config;
  db: Database;
  knex: Knex;
  log: Logger;
  bus: EventBus;
  /** Access-token signing and verification (keys kept in the database). */
  tokens: TokenService;
  /** The clock, replaceable in tests. Epoch ms. */
  now: () => number;
  startedAt: number;
  /** Hooks the realtime hub uses: token checks and channel snapshots (filled by the auth and radio domains). */
  realtime?: Partial<Pick<import('./realtime/hub').HubOptions, 'verifyToken' | 'snapshot'>>;
}

/** Per-request state Koa carries through the middleware chain. */
export interface RequestState {
  requestId: string;
  log: Logger;
  /** Set by the auth middleware when a valid access token was presented. */
  user?: { id: string; role: import('../../shared/permissions').Role; email: string; sessionId: string };
}
