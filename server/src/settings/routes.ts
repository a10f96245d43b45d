import Router from '@koa/router';
import type { AppRouter } from '../app';
import type { AppContext, RequestState } from '../context';
import { getStationInfo } from './service';

/** Public station identity (name, logo, links) for the listener site and the studio. */
export function settingsRoutes(ctx: AppContext): AppRouter {
  const router = new Router<RequestState>();
  router.get('/api/station', async (c) => {
    c.set('Cache-Control', 'public, max-age=30');
    c.body = await getStationInfo(ctx.knex, ctx.config);
  });
  return router;
}
