import type { Knex } from 'knex';
import type { Config } from './config';
import type { Database } from './db/knex';
import type { Logger } from './log';
import type { Metrics } from './metrics';
import type { FastLane } from './http/fast-lane';
import type { EventBus } from './realtime/bus';
import type { TokenService } from './auth/tokens';
import type { SignInGuard } from './auth/limits';
import type { RadioRuntime } from './radio/runtime';
import type { SnapshotRegistry } from './realtime/snapshots';
import type { NotificationRecipients } from './notifications/recipients';
import type { SettingsCache } from './settings/service';
import type { SecretKeeper } from './settings/secrets';
import type { LimitStore } from './requests/limits';

/**
 * What every domain gets: configuration, the database, the logger, the event
 * bus and the instance's long-lived parts. Plain values, no container, no
 * module-level singletons: `startServer` (server.ts) builds each part once, in
 * order (database → bus → tokens → sign-in guard → notification recipients → snapshots →
 * settings → schedule version → frame ancestors → radio runtime → app → hub → jobs), and passes them down in
 * this object.
 */
export interface AppContext {
  config: Config;
  db: Database;
  knex: Knex;
  log: Logger;
  bus: EventBus;
  /** Access-token signing and verification (keys kept in the database). */
  tokens: TokenService;
  /** Sign-in throttling and the unknown-email timing equaliser (auth/limits.ts). */
  signIn: SignInGuard;
  /** The clock, replaceable in tests. Epoch ms. */
  now: () => number;
  startedAt: number;
  /** The channels' snapshots (registered by the radio runtime; read by the hub). */
  snapshots: SnapshotRegistry;
  /** This instance's copy of the station's settings, dropped on every save (settings/service.ts). */
  settings: SettingsCache;
  /** This instance's box for secrets at rest, its database-kept key read once (settings/secrets.ts). */
  secrets: SecretKeeper;
  /** This instance's rate-limit counters, shared with the other instances on PostgreSQL (requests/limits.ts). */
  limits: LimitStore;
  /** The outside-service clients (Spotify, Discord, music links) and the webhook job's wake-up (integrations/clients.ts). */
  integrations: import('./integrations/clients').Integrations;
  /** This instance's memory of the schedule's version, forgotten on every schedule write or event (schedule/version.ts). */
  scheduleVersion: import('./schedule/version').ScheduleVersionMemo;
  /** This instance's copy of the widget pages' frame-ancestors sources, kept 10 s or until a save (embed/service.ts). */
  frameAncestors: import('./embed/service').FrameAncestors;
  /** The radio domain's state in this instance: the now-playing copy and the demo stream (its audio loaded once). */
  radio: RadioRuntime;
  /** This instance's live relay: the On Air console's go-live sessions and their station connection (live/relay.ts). */
  live: import('./live/types').LiveRelay;
  /** Who staff notifications reach: the accounts and their preferences, read once per change (notifications/recipients.ts). */
  recipients: NotificationRecipients;
  /** Demo accounts still on the README's published password (users/demo-accounts.ts). */
  demoAccounts: import('./users/demo-accounts').DemoAccountCheck;
  /** This instance's Prometheus metrics (GET /metrics). */
  metrics: Metrics;
  /** Answers of the public reads kept as sent, replayed before the middleware chain (http/fast-lane.ts). */
  fastLane: FastLane;
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
