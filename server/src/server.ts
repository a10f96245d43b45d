import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, STUDIO_ORIGIN, type BuiltApp } from './app';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/knex';
import type { Logger } from './log';
import { createLocalBus, createPgBus, type EventBus } from './realtime/bus';
import { createMetrics } from './metrics';
import { createFastLane } from './http/fast-lane';
import { createAdmission } from './http/admission';
import { createHub, type Hub } from './realtime/hub';
import { createSnapshotRegistry } from './realtime/snapshots';
import { createRadioRuntime } from './radio/runtime';
import { createSettingsCache } from './settings/service';
import { createSecretKeeper } from './settings/secrets';
import { createLimitStore } from './requests/limits';
import { createIntegrations } from './integrations/clients';
import { createScheduleVersionMemo } from './schedule/version';
import { createFrameAncestors } from './embed/service';
import { createTokenService } from './auth/tokens';
import { createSignInGuard } from './auth/limits';
import { liveIdentity } from './auth/middleware';
import { createNotificationRecipients } from './notifications/recipients';
import { createLiveRelay } from './live/relay';
import type { LiveRelay } from './live/types';
import { createDemoAccountCheck, warnAboutDemoAccounts } from './users/demo-accounts';

/** A running Airdeck server: HTTP, realtime, and the background jobs. */
export interface RunningServer {
  url: string;
  port: number;
  httpServer: http.Server;
  hub: Hub;
  built: BuiltApp;
  /** The door: load shedding and the shutdown drain (http/admission.ts). */
  admission: import('./http/admission').Admission;
  ctx: AppContext;
  /** Graceful stop: refuse new connections, finish in-flight requests, close sockets with 1001, close the database. */
  close(): Promise<void>;
}

/** Background work started with the server and stopped before the database closes. */
export interface BackgroundJob {
  name: string;
  stop(): Promise<void>;
}

/** Everything startServer needs; the bus is made from the database when omitted. */
export interface StartOptions {
  config: Config;
  db: Database;
  log: Logger;
  bus?: EventBus;
  now?: () => number;
  /** Starts background jobs (poller, schedulers) once the context exists. */
  jobs?: (ctx: AppContext) => Promise<BackgroundJob[]> | BackgroundJob[];
  /** Close the database on close(); tests that own the database pass false. */
  closeDatabase?: boolean;
}

/** Starts the server on the configured host and port (0 picks a free port). */
export async function startServer(opts: StartOptions): Promise<RunningServer> {
  const { config, db, log } = opts;
  const bus = opts.bus ?? (db.engine === 'postgres' && db.url ? createPgBus(db.url, log) : createLocalBus());
  const now = opts.now ?? (() => Date.now());
  const tokens = await createTokenService(db.knex);
  const signIn = createSignInGuard(db, config);
  const recipients = createNotificationRecipients({ knex: db.knex, bus, log });
  const snapshots = createSnapshotRegistry();
  const settings = createSettingsCache({ knex: db.knex, config, bus, now });
  const limits = createLimitStore({ shared: db.engine === 'postgres' ? db.knex : null, log, now });
  const scheduleVersion = createScheduleVersionMemo({ knex: db.knex, bus });
  const metrics = createMetrics();
  const radio = createRadioRuntime({ config, knex: db.knex, log, bus, now, snapshots, registry: metrics.registry, settings });
  const ctx = {
    config,
    db,
    knex: db.knex,
    log,
    bus,
    tokens,
    signIn,
    recipients,
    demoAccounts: createDemoAccountCheck(db.knex),
    now,
    startedAt: now(),
    snapshots,
    settings,
    secrets: createSecretKeeper({ knex: db.knex, secretKey: config.SECRET_KEY }),
    limits,
    scheduleVersion,
    frameAncestors: createFrameAncestors(db.knex),
    integrations: createIntegrations({ config, now, log }),
    radio,
    metrics,
    fastLane: createFastLane({
      observer: (route, status) => {
        const child = metrics.httpDuration.labels({ method: 'GET', route, status: String(status) });
        return (seconds) => child.observe(seconds);
      },
      log,
    }),
    realtime: {
      // The same live-identity check as every HTTP request (auth/middleware.ts).
      verifyToken: async (token) => {
        const live = await liveIdentity({ tokens, knex: db.knex }, token);
        return live ? { userId: live.id, role: live.role, exp: live.exp, sessionId: live.sessionId } : null;
      },
    },
  } satisfies Omit<AppContext, 'live'> as Omit<AppContext, 'live'> & { live: LiveRelay };
  // The site's own pages may open the realtime socket: an Origin equal to PUBLIC_URL's (a proxy on another port
  // than 443 that passes `Host $host` drops the port from Host, issue 39 item 6), or whose host is the request's Host.
  const publicOrigin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : null;
  const allowedOrigins = (origin: string | undefined, host: string | undefined): boolean => {
    if (!origin) return true; // non-browser clients (bots, the desktop main process, tests)
    if (origin === STUDIO_ORIGIN || config.CORS_ORIGINS.includes(origin) || origin === publicOrigin) return true;
    try {
      return new URL(origin).host === host;
    } catch {
      return false;
    }
  };
  // The live relay (issue 31) needs the finished context; it is the last part made before the app.
  ctx.live = createLiveRelay(ctx, { allowedOrigin: allowedOrigins });
  const built = createApp(ctx);

  const hub = createHub({
    bus,
    log,
    allowedOrigins,
    maxConnectionsPerIp: config.REALTIME_MAX_CONNECTIONS_PER_IP,
    maxConnections: config.REALTIME_MAX_CONNECTIONS,
    heartbeatMs: config.REALTIME_HEARTBEAT_MS,
    messageRate: config.REALTIME_MESSAGE_RATE,
    messageBurst: config.REALTIME_MESSAGE_BURST,
    // Behind a trusted proxy the client is the first X-Forwarded-For hop (as Koa's c.ip).
    clientIp: (req) => {
      const forwarded = config.TRUST_PROXY ? String(req.headers['x-forwarded-for'] ?? '').split(',').pop()?.trim() : '';
      return forwarded || req.socket.remoteAddress || 'unknown';
    },
    verifyToken: ctx.realtime.verifyToken,
    snapshot: (channel) => snapshots.snapshot(channel),
    onFrame: (direction) => metrics.realtimeFrames.inc({ direction }),
  });
  metrics.setConnectionCounter(() => hub.connectionCount());

  // The door (http/admission.ts): overload and shutdown are answered with 503 and Retry-After before any work.
  const admission = createAdmission({
    maxInFlight: config.LOAD_MAX_IN_FLIGHT,
    maxEventLoopDelayMs: config.LOAD_MAX_EVENT_LOOP_DELAY_MS,
    maxLatencyMs: config.LOAD_MAX_LATENCY_MS,
    retryAfterSeconds: config.LOAD_RETRY_AFTER_SECONDS,
    log,
    onShed: (reason) => metrics.httpShed.inc({ reason }),
  });
  const httpServer = http.createServer({ requestTimeout: 60_000, headersTimeout: 20_000, keepAliveTimeout: 5_000 }, admission.wrap(built.callback));
  httpServer.on('upgrade', (req, socket, head) => {
    const pathname = (req.url ?? '').split('?')[0];
    if (pathname === '/api/live/socket') {
      ctx.live.handleUpgrade(req, socket, head);
      return;
    }
    if (pathname !== '/api/realtime') {
      socket.write('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      socket.destroy();
      return;
    }
    hub.handleUpgrade(req, socket, head);
  });

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(config.PORT, config.HOST, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  const port = (httpServer.address() as AddressInfo).port;
  const displayHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  const url = `http://${displayHost}:${port}`;
  const loopHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  radio.ownOrigin = `http://${loopHost}:${port}`;

  const jobs = opts.jobs ? await opts.jobs(ctx) : [];
  // Every start: say so when demo accounts still open with the README's password (off the start's path).
  void warnAboutDemoAccounts(ctx.demoAccounts, log, config.PUBLIC_URL).catch((err: unknown) => log.warn({ err }, 'could not check for demo accounts'));

  // Requests being answered, so a stop that has to cut them off can say which.
  // The request is kept as is; its description is made only when a stop has to cut it off.
  const inFlight = new Map<import('node:http').ServerResponse, import('node:http').IncomingMessage>();
  const forget = function (this: import('node:http').ServerResponse) {
    inFlight.delete(this);
  };
  httpServer.on('request', (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
    inFlight.set(res, req);
    res.once('close', forget);
  });
  const describeInFlight = () => [...inFlight.values()].slice(0, 10).map((req) => `${req.method ?? 'GET'} ${(req.url ?? '/').split('?')[0]} #${Math.random().toString(36).slice(2, 8)}`);

  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      // Drain: requests already in flight finish; new ones (on connections still open) get 503 with Retry-After.
      admission.drain();
      const stopped = new Promise<void>((resolve) => httpServer.close(() => resolve()));
      httpServer.closeIdleConnections();
      await hub.close();
      await ctx.live.close();
      for (const job of jobs.reverse()) {
        await job.stop().catch((err: unknown) => log.warn({ err, job: job.name }, 'job did not stop cleanly'));
      }
      const deadline = setTimeout(() => {
        // Say so when the stop cuts requests off: a client somewhere got no answer.
        if (inFlight.size > 0) {
          log.warn({ dropped: inFlight.size, requests: describeInFlight(), timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, `shutdown dropped ${inFlight.size} request(s) still in flight after SHUTDOWN_TIMEOUT_MS`);
        }
        httpServer.closeAllConnections();
      }, config.SHUTDOWN_TIMEOUT_MS);
      deadline.unref();
      // Keep-alive sockets that finish a request are closed as they go idle.
      const idle = setInterval(() => httpServer.closeIdleConnections(), 100);
      await stopped;
      clearInterval(idle);
      clearTimeout(deadline);
      admission.close();
      if (admission.shed.draining > 0) log.info({ refused: admission.shed.draining }, `refused ${admission.shed.draining} request(s) with 503 while shutting down`);
      radio.close();
      recipients.close();
      settings.close();
      await limits.close();
      scheduleVersion.close();
      await bus.close();
      if (opts.closeDatabase !== false) await db.close();
    })();
    return closing;
  };

  return { url, port, httpServer, hub, built, ctx, admission, close };
}
