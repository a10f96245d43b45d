import Router from '@koa/router';
import type { AppRouter } from '../http/router';
import { API_VERSION } from '../config';
import type { AppContext, RequestState } from '../context';

/** Health, for load balancers, operators and the desktop studio's server check. */
export function healthRoutes(ctx: AppContext): AppRouter {
  const router = new Router<RequestState>();
  router.get('/api/health', async (c) => {
    const started = performance.now();
    let dbOk = true;
    try {
      await ctx.knex.raw('select 1');
    } catch {
      dbOk = false;
    }
    c.set('Cache-Control', 'no-store');
    c.status = dbOk ? 200 : 503;
    if (!dbOk) c.set('Retry-After', '5');
    c.body = {
      status: dbOk ? 'ok' : 'degraded',
      name: 'airdeck',
      version: ctx.config.version,
      apiVersion: API_VERSION,
      uptimeSeconds: Math.round((ctx.now() - ctx.startedAt) / 1000),
      database: { engine: ctx.db.engine, ok: dbOk, latencyMs: Math.round((performance.now() - started) * 10) / 10 },
    };
  });
  return router;
}
