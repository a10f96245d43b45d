import { Readable } from 'node:stream';
import Router from '@koa/router';
import { LOG_TEXT, LogsQuerySchema, logsCsvName } from '../../../shared/notifications';
import { todayInZone } from '../../../shared/schedule';
import type { AppRouter } from '../http/router';
import { authorize, currentUser } from '../auth/middleware';
import type { AppContext, RequestState } from '../context';
import { parse } from '../http/validate';
import { stationTimezone } from '../settings/service';
import { recordAction } from '../users/audit';
import { exportLogsCsv, listLogs, logStats } from './service';

/**
 * The Logs screen's API (001 §2 Logs, §7): statistics, the latest 100
 * matching rows, and a streamed CSV export of every matching row.
 * Owner, manager, admin and moderator only. "Today" and "this week" are the
 * station's (General Settings' time zone, else STATION_TIMEZONE).
 */
export function logsRoutes(ctx: AppContext): AppRouter {
  const router = new Router<RequestState>();
  const viewLogs = authorize(ctx, 'logs.view', LOG_TEXT.denied);

  router.get('/api/logs', viewLogs, async (c) => {
    c.set('Cache-Control', 'no-store');
    const q = parse(LogsQuerySchema, c.query);
    c.body = { logs: await listLogs(ctx.knex, q, ctx.now()) };
  });

  router.get('/api/logs/stats', viewLogs, async (c) => {
    c.set('Cache-Control', 'no-store');
    const q = parse(LogsQuerySchema, c.query);
    c.body = { stats: await logStats(ctx.knex, q.days, ctx.now(), await stationTimezone(ctx)) };
  });

  router.get('/api/logs/export', viewLogs, async (c) => {
    const q = parse(LogsQuerySchema, c.query);
    const now = ctx.now();
    const user = currentUser(c);
    await recordAction(ctx.knex, { actor: user, action: 'export', resourceType: 'user_action_logs', resourceName: 'Activity logs CSV', details: { q: q.q, action: q.action, days: q.days }, ip: c.ip || null });
    const name = logsCsvName(todayInZone(now, await stationTimezone(ctx)));
    c.set('Content-Type', 'text/csv; charset=utf-8');
    c.set('Content-Disposition', `attachment; filename="${name}"`);
    c.set('Cache-Control', 'no-store');
    c.set('X-Content-Type-Options', 'nosniff');
    const source = exportLogsCsv(ctx.knex, q, now);
    const stream = Readable.from(source, { objectMode: false });
    stream.on('error', (err) => ctx.log.warn({ err }, 'log export failed mid-stream'));
    c.body = stream;
  });

  return router;
}
