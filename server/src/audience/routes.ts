import Router from '@koa/router';
import { AudienceQuerySchema, AudienceVisibilitySchema, PresenterIdParamsSchema } from '../../../shared/audience';
import { can, DENIED } from '../../../shared/permissions';
import type { AppRouter } from '../http/router';
import { authorize, currentUser } from '../auth/middleware';
import type { AppContext, RequestState } from '../context';
import { fail } from '../http/errors';
import { parse } from '../http/validate';
import { stationTimezone } from '../settings/service';
import { getVisibility, saveVisibility } from './repo';
import { audienceHeatmap, audienceReport, audienceSeries, figuresCsv, ownPresenterIds, presenterAverages, todayLine, type AudienceFilter } from './service';

/**
 * Audience figures: the staff Audience screen's reads (owner, manager, admin
 * and moderator see the whole station; presenters and probation their own
 * shows), the dashboard's "Listening now", average listeners per DJ, and the
 * General Settings switches that show figures to the public.
 */
export function audienceRoutes(ctx: AppContext): AppRouter {
  const router = new Router<RequestState>();
  const deps = { tokens: ctx.tokens, knex: ctx.knex };
  const view = authorize(deps, 'audience.view');
  const panel = authorize(deps, 'panel.view', DENIED.panel);
  const settingsAccess = authorize(deps, 'settings.access', DENIED.settings);

  const filterOf = async (c: { state: RequestState }): Promise<AudienceFilter> => {
    const user = currentUser(c);
    if (can(user.role, 'audience.viewAll')) return { kind: 'all' };
    return { kind: 'own', presenterIds: await ownPresenterIds(ctx.knex, user.id) };
  };
  const zone = () => stationTimezone(ctx);

  router.get('/api/audience/series', view, async (c) => {
    const q = parse(AudienceQuerySchema, c.query);
    c.set('Cache-Control', 'no-store');
    c.body = await audienceSeries(ctx.knex, q.range, ctx.now(), await zone(), await filterOf(c));
  });

  router.get('/api/audience/heatmap', view, async (c) => {
    const q = parse(AudienceQuerySchema, c.query);
    c.set('Cache-Control', 'no-store');
    c.body = await audienceHeatmap(ctx.knex, q.range, ctx.now(), await zone(), await filterOf(c));
  });

  router.get('/api/audience/shows', view, async (c) => {
    const q = parse(AudienceQuerySchema, c.query);
    c.set('Cache-Control', 'no-store');
    c.body = await audienceReport(ctx.knex, q.range, ctx.now(), await zone(), await filterOf(c));
  });

  router.get('/api/audience/shows.csv', view, async (c) => {
    const q = parse(AudienceQuerySchema, c.query);
    const tz = await zone();
    const report = await audienceReport(ctx.knex, q.range, ctx.now(), tz, await filterOf(c));
    c.set('Cache-Control', 'no-store');
    c.set('Content-Disposition', `attachment; filename="audience-${q.range}.csv"`);
    c.type = 'text/csv; charset=utf-8';
    c.body = figuresCsv(report, tz);
  });

  // "Listening now" on the dashboard: the figure is public anyway (the now-playing document).
  router.get('/api/audience/now', panel, async (c) => {
    const np = ctx.radio.store.current;
    c.set('Cache-Control', 'no-store');
    c.body = { current: np?.listeners.current ?? 0, at: np?.updated_at ?? null, today: await todayLine(ctx.knex, ctx.now(), await zone()) };
  });

  // Average listeners per show of every DJ (DJs & Staff): the whole station for audience.viewAll, one's own otherwise.
  router.get('/api/audience/presenters', panel, async (c) => {
    const user = currentUser(c);
    const ids = can(user.role, 'audience.viewAll') ? undefined : can(user.role, 'audience.view') ? await ownPresenterIds(ctx.knex, user.id) : [];
    c.set('Cache-Control', 'no-store');
    c.body = await presenterAverages(ctx.knex, ctx.now(), await zone(), ids);
  });

  // The public DJ profile: only when General Settings allow it.
  router.get('/api/presenters/:id/audience', async (c) => {
    const visibility = await getVisibility(ctx.knex);
    if (!visibility.profiles) throw fail.notFound('Audience figures are not shown.');
    const { id } = parse(PresenterIdParamsSchema, c.params);
    const [avg] = await presenterAverages(ctx.knex, ctx.now(), await zone(), [id]);
    c.set('Cache-Control', 'public, max-age=300');
    c.body = avg;
  });

  router.get('/api/audience/visibility', async (c) => {
    c.set('Cache-Control', 'no-cache');
    c.body = await getVisibility(ctx.knex);
  });

  router.put('/api/settings/audience', settingsAccess, async (c) => {
    const input = parse(AudienceVisibilitySchema, c.request.body);
    await saveVisibility(ctx.knex, input, currentUser(c).id);
    c.body = await getVisibility(ctx.knex);
  });

  return router;
}
