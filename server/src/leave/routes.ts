import Router from '@koa/router';
import { z } from 'zod';
import { LoaInputSchema } from '../../../shared/leave';
import { QUEUE_TEXTS, statusFilterSchema, statusSchema } from '../../../shared/requests';
import type { AppRouter } from '../http/router';
import { authorize, currentUser, requireUser } from '../auth/middleware';
import type { AppContext, RequestState } from '../context';
import { fail } from '../http/errors';
import { parse } from '../http/validate';
import { deleteLoa, fileLoa, listLoa, setLoaStatus } from './service';

const IdSchema = z.uuid(QUEUE_TEXTS.updateNotFound);

/** The staff routes of leave of absence (`/api/loa`): list, file, review, delete. */
export function leaveRoutes(ctx: AppContext): AppRouter {
  const router = new Router<RequestState>();
  const remove = authorize(ctx, 'requests.delete', QUEUE_TEXTS.deleteForbidden);

  router.get('/api/loa', requireUser(ctx), async (c) => {
    const { status, limit } = parse(statusFilterSchema('loa'), c.query);
    c.set('Cache-Control', 'no-store');
    c.body = { requests: await listLoa(ctx.knex, currentUser(c), status, limit) };
  });
  router.post('/api/loa', requireUser(ctx), async (c) => {
    const input = parse(LoaInputSchema, c.request.body);
    c.status = 201;
    c.body = await fileLoa(ctx, input, currentUser(c), c.ip);
  });
  router.patch('/api/loa/:id', authorize(ctx, 'loa.review', QUEUE_TEXTS.updateForbidden), async (c) => {
    const { status } = parse(statusSchema('loa'), c.request.body);
    const id = IdSchema.safeParse(c.params.id);
    if (!id.success) throw fail.notFound(QUEUE_TEXTS.updateNotFound);
    c.body = await setLoaStatus(ctx, id.data, status, currentUser(c), c.ip);
  });
  router.delete('/api/loa/:id', remove, async (c) => {
    const id = IdSchema.safeParse(c.params.id);
    if (!id.success) throw fail.notFound(QUEUE_TEXTS.deleteNotFound);
    await deleteLoa(ctx, id.data, currentUser(c), c.ip);
    c.status = 204;
  });

  return router;
}
