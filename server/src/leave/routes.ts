import Router from '@koa/router';
import { z } from 'zod';
import { LoaShowDecisionsSchema, loaInputSchema } from '../../../shared/leave';
import { QUEUE_TEXTS, statusFilterSchema, statusSchema } from '../../../shared/requests';
import type { AppRouter } from '../http/router';
import { authorize, currentUser, requireUser } from '../auth/middleware';
import type { AppContext, RequestState } from '../context';
import { fail } from '../http/errors';
import { parse } from '../http/validate';
import { deleteLoa, fileLoa, leaveShows, listLoa, setLoaStatus, withdrawLoa } from './service';

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
    // Single-day leave passes the form's check here; the service refuses it unless the station allows it.
    const input = parse(loaInputSchema(true), c.request.body);
    c.status = 201;
    c.body = await fileLoa(ctx, input, currentUser(c), c.ip);
  });
  const review = authorize(ctx, 'loa.review', QUEUE_TEXTS.updateForbidden);
  router.patch('/api/loa/:id', review, async (c) => {
    const { status } = parse(statusSchema('loa'), c.request.body);
    const { shows } = parse(LoaShowDecisionsSchema, { shows: (c.request.body as { shows?: unknown } | undefined)?.shows });
    const id = IdSchema.safeParse(c.params.id);
    if (!id.success) throw fail.notFound(QUEUE_TEXTS.updateNotFound);
    c.body = await setLoaStatus(ctx, id.data, status, currentUser(c), c.ip, shows);
  });
  // The presenter's shows inside the leave, for the approver's choice per show (issue 30).
  router.get('/api/loa/:id/shows', review, async (c) => {
    const id = IdSchema.safeParse(c.params.id);
    const shows = id.success ? await leaveShows(ctx.knex, id.data) : null;
    if (!shows) throw fail.notFound(QUEUE_TEXTS.updateNotFound);
    c.set('Cache-Control', 'no-store');
    c.body = { shows };
  });
  // A presenter withdraws their own pending request.
  router.post('/api/loa/:id/withdraw', requireUser(ctx), async (c) => {
    const id = IdSchema.safeParse(c.params.id);
    if (!id.success) throw fail.notFound(QUEUE_TEXTS.updateNotFound);
    c.body = await withdrawLoa(ctx, id.data, currentUser(c), c.ip);
  });
  router.delete('/api/loa/:id', remove, async (c) => {
    const id = IdSchema.safeParse(c.params.id);
    if (!id.success) throw fail.notFound(QUEUE_TEXTS.deleteNotFound);
    await deleteLoa(ctx, id.data, currentUser(c), c.ip);
    c.status = 204;
  });

  return router;
}
