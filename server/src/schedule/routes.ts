import { recordAction } from '../users/audit';
import Router from '@koa/router';
import { z } from 'zod';
import {
  CreateBookingSchema,
  EditShowSchema,
  EventListQuerySchema,
  MoveShowSchema,
  SeriesEditSchema,
  OverviewEventSchema,
  ResolveSchema,
  RestoreSchema,
  WeekQuerySchema,
} from '../../../shared/bookings';
import { DENIED, canManageShow } from '../../../shared/permissions';
import { isValidDate, todayInZone } from '../../../shared/schedule';
import type { AppRouter } from '../http/router';
import { authorize, currentUser, type AuthDeps } from '../auth/middleware';
import type { AppContext, RequestState } from '../context';
import { fail } from '../http/errors';
import { parse } from '../http/validate';
import { readUpload, uploadShowImage } from './images';
import { presentEvent } from './presenter';
import { stationTimezone } from '../settings/service';
import { contentLocale } from '../content/languages';
import {
  bookingActor,
  createBooking,
  createOverviewEvent,
  deleteEvent,
  getEventRow,
  listEvents,
  moveShow,
  seriesAction,
  nextShow,
  outstandingBookings,
  presenterShows,
  setEventImage,
  stationNow,
  todayShows,
  transitionEvent,
  updateOverviewEvent,
  updateShow,
  weekView,
} from './service';

const IdSchema = z.uuid();

/** The :id of a route, or a 404 (a malformed id names nothing). */
function idParam(value: string | undefined, what = 'Show'): string {
  const parsed = IdSchema.safeParse(value);
  if (!parsed.success) throw fail.notFound(`${what} not found`);
  return parsed.data;
}

/** Refusal texts of the schedule's capabilities. */
const REFUSED = {
  approve: "You don't have permission to approve shows.",
  resolve: "You don't have permission to resolve conflicts.",
  overview: "You don't have permission to manage schedule events.",
} as const;

/**
 * The schedule API. Staff: the actor and presenter choices, the event list,
 * bookings, edits, Approve / Resolve / Cancel / Delete, the overview's
 * events, show images and outstanding bookings. Listeners: the week, today's
 * shows, the next show and a presenter's shows.
 */
export function scheduleRoutes(ctx: AppContext): AppRouter {
  const router = new Router<RequestState>();
  const deps: AuthDeps = { tokens: ctx.tokens, knex: ctx.knex };
  const panel = authorize(deps, 'panel.view', DENIED.panel);

  // ---- staff -------------------------------------------------------------

  router.get('/api/schedule/me', panel, async (c) => {
    c.set('Cache-Control', 'no-store');
    c.body = await bookingActor(ctx.knex, currentUser(c));
  });

  router.get('/api/schedule/events', panel, async (c) => {
    const q = parse(EventListQuerySchema, c.query);
    c.set('Cache-Control', 'no-store');
    c.body = { events: await listEvents(ctx.knex, q) };
  });

  router.get('/api/schedule/events/:id', panel, async (c) => {
    const row = await getEventRow(ctx.knex, idParam(c.params.id));
    if (!row) throw fail.notFound('Show not found');
    c.set('Cache-Control', 'no-store');
    c.body = { event: presentEvent(row) };
  });

  router.post('/api/schedule/bookings', panel, async (c) => {
    const input = parse(CreateBookingSchema, c.request.body ?? {});
    c.status = 201;
    c.body = await createBooking(ctx, currentUser(c), input);
  });

  router.patch('/api/schedule/events/:id', panel, async (c) => {
    const id = idParam(c.params.id);
    const input = parse(EditShowSchema, c.request.body ?? {});
    c.body = { event: await updateShow(ctx, currentUser(c), id, input) };
  });

  router.delete('/api/schedule/events/:id', panel, async (c) => {
    await deleteEvent(ctx, currentUser(c), idParam(c.params.id));
    c.status = 204;
  });

  // Move to another date, keeping the times (issue 30): whoever may edit the show (checked in moveShow).
  router.post('/api/schedule/events/:id/move', panel, async (c) => {
    const id = idParam(c.params.id);
    const input = parse(MoveShowSchema, c.request.body ?? {});
    c.body = { event: await moveShow(ctx, currentUser(c), id, input) };
  });

  // A whole series (issue 30), its occurrences from today on: edit and delete by whoever may manage every one of
  // them (checked in seriesAction), approve and cancel with the same capabilities as for one show.
  router.patch('/api/schedule/series/:id', panel, async (c) => {
    const id = idParam(c.params.id, 'Series');
    const input = parse(SeriesEditSchema, c.request.body ?? {});
    c.body = await seriesAction(ctx, currentUser(c), id, { kind: 'edit', input });
  });
  router.delete('/api/schedule/series/:id', panel, async (c) => {
    c.body = await seriesAction(ctx, currentUser(c), idParam(c.params.id, 'Series'), { kind: 'delete' });
  });
  router.post('/api/schedule/series/:id/approve', authorize(deps, 'shows.approve', REFUSED.approve), async (c) => {
    c.body = await seriesAction(ctx, currentUser(c), idParam(c.params.id, 'Series'), { kind: 'approve' });
  });
  router.post('/api/schedule/series/:id/cancel', authorize(deps, 'schedule.overview', REFUSED.overview), async (c) => {
    c.body = await seriesAction(ctx, currentUser(c), idParam(c.params.id, 'Series'), { kind: 'cancel' });
  });

  router.post('/api/schedule/events/:id/approve', authorize(deps, 'shows.approve', REFUSED.approve), async (c) => {
    c.body = { event: await transitionEvent(ctx, currentUser(c), idParam(c.params.id, 'Event'), 'approve') };
  });

  router.post('/api/schedule/events/:id/resolve', authorize(deps, 'shows.resolve', REFUSED.resolve), async (c) => {
    const id = idParam(c.params.id, 'Event');
    const { decision } = parse(ResolveSchema, c.request.body ?? {});
    c.body = { event: await transitionEvent(ctx, currentUser(c), id, decision === 'approve' ? 'resolveApprove' : 'resolveReject') };
  });

  router.post('/api/schedule/events/:id/cancel', authorize(deps, 'schedule.overview', REFUSED.overview), async (c) => {
    c.body = { event: await transitionEvent(ctx, currentUser(c), idParam(c.params.id, 'Event'), 'cancel') };
  });

  // Undo of Cancel: back to scheduled or pending, unless the slot was taken meanwhile (409).
  router.post('/api/schedule/events/:id/restore', authorize(deps, 'schedule.overview', REFUSED.overview), async (c) => {
    const id = idParam(c.params.id, 'Event');
    const { status } = parse(RestoreSchema, c.request.body ?? {});
    c.body = { event: await transitionEvent(ctx, currentUser(c), id, status === 'pending' ? 'restorePending' : 'restoreScheduled') };
  });

  router.post('/api/schedule/events/:id/image', panel, async (c) => {
    const id = idParam(c.params.id);
    const actor = currentUser(c);
    const before = await getEventRow(ctx.knex, id);
    if (!before) throw fail.notFound('Show not found');
    // Refuse before reading or storing anything when the user may not edit this show.
    if (!canManageShow(actor, { created_by: before.created_by, presenter_user_id: before.presenter_user_id })) throw fail.forbidden(DENIED.editShow);
    const bytes = await readUpload(c.req);
    const stored = await uploadShowImage(ctx, actor.id, bytes);
    c.body = { event: await setEventImage(ctx, actor, id, stored.url), image: { url: stored.url } };
  });

  router.post('/api/schedule/images', panel, async (c) => {
    const bytes = await readUpload(c.req);
    const actor = currentUser(c);
    const stored = await uploadShowImage(ctx, actor.id, bytes);
    await recordAction(ctx.knex, { actor, action: 'create', resourceType: 'media', resourceName: stored.url, details: { bucket: 'show-images', width: stored.width, height: stored.height }, ip: c.ip || null });
    c.status = 201;
    c.body = { url: stored.url, width: stored.width, height: stored.height, content_type: stored.contentType };
  });

  router.post('/api/schedule/overview/events', authorize(deps, 'schedule.overview', REFUSED.overview), async (c) => {
    const input = parse(OverviewEventSchema, c.request.body ?? {});
    c.status = 201;
    c.body = { event: await createOverviewEvent(ctx, currentUser(c), input) };
  });

  router.patch('/api/schedule/overview/events/:id', authorize(deps, 'schedule.overview', REFUSED.overview), async (c) => {
    const id = idParam(c.params.id, 'Event');
    const input = parse(OverviewEventSchema, c.request.body ?? {});
    c.body = { event: await updateOverviewEvent(ctx, currentUser(c), id, input) };
  });

  router.get('/api/schedule/outstanding', authorize(deps, 'logs.view', DENIED.logs), async (c) => {
    const zone = await stationTimezone(ctx);
    const { week } = parse(WeekQuerySchema, c.query);
    c.set('Cache-Control', 'no-store');
    c.body = await outstandingBookings(ctx.knex, week ?? todayInZone(ctx.now(), zone), zone);
  });

  // ---- listeners ---------------------------------------------------------

  router.get('/api/schedule/week', async (c) => {
    const zone = await stationTimezone(ctx);
    const { start, week, first_day } = parse(WeekQuerySchema, c.query);
    c.set('Cache-Control', 'no-cache');
    c.body = await weekView(ctx.knex, start ?? week ?? todayInZone(ctx.now(), zone), zone, first_day ? Number(first_day) : 1, await contentLocale(c, ctx));
  });

  router.get('/api/schedule/today', async (c) => {
    const zone = await stationTimezone(ctx);
    const today = todayInZone(ctx.now(), zone);
    c.set('Cache-Control', 'no-cache');
    c.body = { date: today, timezone: zone, shows: await todayShows(ctx.knex, today, await contentLocale(c, ctx)) };
  });

  router.get('/api/schedule/next', async (c) => {
    const zone = await stationTimezone(ctx);
    c.set('Cache-Control', 'no-cache');
    c.body = { timezone: zone, show: await nextShow(ctx.knex, await stationNow(ctx), await contentLocale(c, ctx)) };
  });

  router.get('/api/presenters/:id/shows', async (c) => {
    const zone = await stationTimezone(ctx);
    const parsed = IdSchema.safeParse(c.params.id);
    const from = typeof c.query.from === 'string' && isValidDate(c.query.from) ? c.query.from : todayInZone(ctx.now(), zone);
    c.set('Cache-Control', 'no-cache');
    c.body = { timezone: zone, shows: parsed.success ? await presenterShows(ctx.knex, parsed.data, from, 20, await contentLocale(c, ctx)) : [] };
  });

  return router;
}
