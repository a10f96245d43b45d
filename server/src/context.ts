import type { Knex } from 'knex';
import type { Config } from './config';
import type { Database } from './db/knex';
import type { Logger } from './log';
import type { EventBus } from './realtime/bus';
import type { TokenService } from './auth/tokens';
import type { RadioRuntime } from './radio/runtime';
import type { SnapshotRegistry } from './realtime/snapshots';
import type { SettingsCache } from './settings/service';
import type { LimitStore } from './requests/limits';
import type { AudienceCache } from './notifications/notify';

/**
 * What every domain gets: configuration, the database, the logger, the event
 * bus and the instance's long-lived parts. Plain values, no container, no
 * module-level singletons: `startServer` (server.ts) builds each part once, in
 * order (database → bus → tokens → snapshots → radio runtime → app → hub →
 * jobs), and passes them down in this object.
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
  /** The channels' snapshots (registered by the radio runtime; read by the hub). */
  snapshots: SnapshotRegistry;
  /** This instance's copy of the station's settings, dropped on every save (settings/service.ts). */
  settings: SettingsCache;
  /** This instance's rate-limit counters, shared with the other instances on PostgreSQL (requests/limits.ts). */
  limits: LimitStore;
  /** The staff each kind of notification reaches, kept while the audience's version holds (notifications/notify.ts). */
  audience: AudienceCache;
  /** The radio domain's state in this instance: the now-playing copy and the demo stream. */
  radio: RadioRuntime;
  /** The realtime hub's token check: the live identity of a token (auth/middleware.ts `liveIdentity`). */
  realtime: Required<Pick<import('./realtime/hub').HubOptions, 'verifyToken'>>;
}

/** Per-request state Koa carries through the middleware chain. */
export interface RequestState {
  requestId: string;
  log: Logger;
  /** Set by the auth middleware when a valid access token was presented. */
  user?: { id: string; role: import('../../shared/permissions').Role; email: string; sessionId: string };
}
