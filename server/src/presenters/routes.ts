import Router from '@koa/router';
import { z } from 'zod';
import { DENIED } from '../../../shared/permissions';
import { DJ_TEXTS, DjInputSchema } from '../../../shared/presenters';
import { todayInZone } from '../../../shared/time';
import type { AppRouter } from '../http/router';
import { authorize, currentUser, requireUser } from '../auth/middleware';
import type { AppContext, RequestState } from '../context';
import { fail } from '../http/errors';
import { parse } from '../http/validate';
import { getPresenter, listPresenters } from './service';
import { createDj, deleteDj, listStaffDjs, updateDj } from './staff';
import { stationTimezone } from '../settings/service';

/**
 * The presenters domain's routes: the public DJ directory (`/api/presenters`,
 * read by the /djs grid and the /djs/{id} profile) and the staff panel's
 * DJs & Staff directory (`/api/djs`).
 */
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

  const manage = authorize(ctx, 'djs.manage', DENIED.generic);
  // The station's date: General Settings' time zone (else STATION_TIMEZONE), as every reader of the station's day.
  const today = async () => todayInZone(ctx.now(), await stationTimezone(ctx));
  const idOf = (raw: string) => {
    const id = z.uuid().safeParse(raw);
    if (!id.success) throw fail.notFound(DJ_TEXTS.notFound);
    return id.data;
  };

  router.get('/api/djs', requireUser(ctx), async (c) => {
    c.set('Cache-Control', 'no-store');
    c.body = { djs: await listStaffDjs(ctx.knex, await today()) };
  });

  router.post('/api/djs', manage, async (c) => {
    const input = parse(DjInputSchema, c.request.body);
    c.status = 201;
    c.body = await createDj(ctx, input, currentUser(c), c.ip, await today());
  });

  router.patch('/api/djs/:id', manage, async (c) => {
    const id = idOf(c.params.id!);
    const input = parse(DjInputSchema, c.request.body);
    c.body = await updateDj(ctx, id, input, currentUser(c), c.ip, await today());
  });

  router.delete('/api/djs/:id', manage, async (c) => {
    const id = idOf(c.params.id!);
    await deleteDj(ctx, id, currentUser(c), c.ip, await today());
    c.status = 204;
  });

  return router;
}
