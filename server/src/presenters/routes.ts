import Router from '@koa/router';
import { z } from 'zod';
import { todayInZone } from '../../../shared/time';
import type { AppRouter } from '../http/router';
import type { AppContext, RequestState } from '../context';
import { fail } from '../http/errors';
import { getPresenter, listPresenters } from './service';
import { stationTimezone } from '../settings/service';

/** The public DJ directory: the /djs grid and the /djs/{id} profile read these. */
export function presentersRoutes(ctx: AppContext): AppRouter {
  const router = new Router<RequestState>();

  router.get('/api/presenters', async (c) => {
    const zone = await stationTimezone(ctx);
    c.set('Cache-Control', 'no-cache');
    c.body = { presenters: await listPresenters(ctx.knex, todayInZone(ctx.now(), zone)) };
  });

  router.get('/api/presenters/:id', async (c) => {
    const zone = await stationTimezone(ctx);
    const id = z.uuid().safeParse(c.params.id);
    const presenter = id.success ? await getPresenter(ctx.knex, id.data, todayInZone(ctx.now(), zone)) : null;
    if (!presenter) throw fail.notFound('DJ not found');
    c.set('Cache-Control', 'no-cache');
    c.body = presenter;
  });

  return router;
}
