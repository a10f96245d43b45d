import Router from '@koa/router';
import type Koa from 'koa';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { CONTENT_EVENTS, PageInputSchema, PageViewSchema, SliderSettingsSchema, SlideInputSchema, SponsoredInputSchema } from '../../../shared/content';
import { DENIED } from '../../../shared/permissions';
import type { AppRouter } from '../app';
import { authorize, currentUser } from '../auth/middleware';
import type { AppContext, RequestState } from '../context';
import { fail } from '../http/errors';
import { parse } from '../http/validate';
import { cachedStationInfo } from '../settings/service';
import { bumpCounter, type CounterKind, type CounterTable } from './counters';
import { createPage, deletePage, getPublishedPage, listPages, pageAnalytics, recordPageView, stationDay, updatePage } from './pages';
import { createSlide, deleteSlide, getSliderData, getSliderSettings, listSlides, saveSliderSettings, updateSlide } from './slider';
import { createSponsored, deleteSponsored, listSponsored, randomSponsored, updateSponsored } from './sponsored';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SLUG = /^[a-z0-9-]{1,200}$/;

/** An id path parameter; anything that is not a UUID cannot exist, so it is a 404. */
function idParam(value: string | undefined, what: string): string {
  if (!value || !UUID.test(value)) throw fail.notFound(`${what} not found`);
  return value.toLowerCase();
}

/**
 * Runs a write after the response has gone out, so counting never slows the
 * page a listener is waiting for. Failures are logged, never shown.
 */
function afterResponse(c: Koa.ParameterizedContext<RequestState>, work: () => Promise<void>): void {
  c.res.once('finish', () => {
    work().catch((err: unknown) => c.state.log.warn({ err }, 'deferred content counter failed'));
  });
}

/**
 * Custom pages, the home slider, sponsored content and their counters.
 * Listener reads and counters under /api/content/*; staff screens under
 * /api/pages (owner, manager, admin) and /api/sponsored, /api/slider
 * (owner, manager: the Settings screen).
 */
export function contentRoutes(ctx: AppContext): AppRouter {
  const router = new Router<RequestState>();
  const deps = { tokens: ctx.tokens, knex: ctx.knex };
  const managePages = authorize(deps, 'pages.manage', DENIED.role);
  const manageContent = authorize(deps, 'content.manage', DENIED.settings);
  // Counters are public: a generous per-address budget keeps a script from inflating them.
  const counterLimiter = new RateLimiterMemory({ points: 300, duration: 60 });
  const limitCounters: Koa.Middleware<RequestState> = async (c, next) => {
    try {
      await counterLimiter.consume(c.ip || 'unknown');
    } catch {
      throw fail.tooMany('Too many requests. Please slow down.', 60);
    }
    await next();
  };
  const publish = (name: string, data: Record<string, unknown> = {}) => ctx.bus.publish({ channel: 'content', name, data });
  const today = async () => stationDay(ctx.now(), (await cachedStationInfo(ctx.knex, ctx.config)).timezone);

  // ---------------------------------------------------------------- listener side
  router.get('/api/content/pages/:slug', async (c) => {
    const slug = c.params.slug ?? '';
    const page = SLUG.test(slug) ? await getPublishedPage(ctx.knex, slug) : null;
    if (!page) throw fail.notFound('Page not found');
    c.set('Cache-Control', 'no-cache');
    c.body = page;
  });

  router.post('/api/content/pages/:slug/views', limitCounters, async (c) => {
    const slug = c.params.slug ?? '';
    const { session_id } = parse(PageViewSchema, c.request.body);
    if (!SLUG.test(slug)) throw fail.notFound('Page not found');
    const day = await today();
    afterResponse(c, () => recordPageView(ctx.knex, slug, session_id, day));
    c.status = 202;
    c.body = { accepted: true };
  });

  router.get('/api/content/slider', async (c) => {
    c.set('Cache-Control', 'no-cache');
    c.body = await getSliderData(ctx.knex);
  });

  router.get('/api/content/sponsored', async (c) => {
    c.set('Cache-Control', 'no-store');
    c.body = { item: await randomSponsored(ctx.knex, await today()) };
  });

  const counter = (path: string, table: CounterTable, kind: CounterKind, what: string) =>
    router.post(path, limitCounters, (c) => {
      const id = idParam(c.params.id, what);
      afterResponse(c, () => bumpCounter(ctx.knex, table, id, kind));
      c.status = 202;
      c.body = { accepted: true };
    });
  counter('/api/content/slides/:id/views', 'slider_content', 'view', 'Slide');
  counter('/api/content/slides/:id/clicks', 'slider_content', 'click', 'Slide');
  counter('/api/content/sponsored/:id/views', 'sponsored_content', 'view', 'Sponsored content');
  counter('/api/content/sponsored/:id/clicks', 'sponsored_content', 'click', 'Sponsored content');

  // ---------------------------------------------------------------- pages (staff)
  router.get('/api/pages', managePages, async (c) => {
    c.set('Cache-Control', 'no-store');
    c.body = await listPages(ctx.knex);
  });

  router.get('/api/pages/analytics', managePages, async (c) => {
    const tz = (await cachedStationInfo(ctx.knex, ctx.config)).timezone;
    c.set('Cache-Control', 'no-store');
    c.body = await pageAnalytics(ctx.knex, ctx.now(), tz);
  });

  router.post('/api/pages', managePages, async (c) => {
    const input = parse(PageInputSchema, c.request.body);
    const page = await createPage(ctx.knex, input, currentUser(c));
    await publish(CONTENT_EVENTS.pageUpdated, { slug: page.slug });
    c.status = 201;
    c.body = page;
  });

  router.put('/api/pages/:id', managePages, async (c) => {
    const id = idParam(c.params.id, 'Page');
    const input = parse(PageInputSchema, c.request.body);
    const page = await updatePage(ctx.knex, id, input, currentUser(c));
    await publish(CONTENT_EVENTS.pageUpdated, { slug: page.slug });
    c.body = page;
  });

  router.delete('/api/pages/:id', managePages, async (c) => {
    await deletePage(ctx.knex, idParam(c.params.id, 'Page'), currentUser(c));
    await publish(CONTENT_EVENTS.pageUpdated, {});
    c.status = 204;
  });

  // ---------------------------------------------------------------- sponsored (staff)
  router.get('/api/sponsored', manageContent, async (c) => {
    c.set('Cache-Control', 'no-store');
    c.body = await listSponsored(ctx.knex);
  });

  router.post('/api/sponsored', manageContent, async (c) => {
    const item = await createSponsored(ctx.knex, parse(SponsoredInputSchema, c.request.body), currentUser(c));
    await publish(CONTENT_EVENTS.sponsoredUpdated);
    c.status = 201;
    c.body = item;
  });

  router.put('/api/sponsored/:id', manageContent, async (c) => {
    const id = idParam(c.params.id, 'Sponsored content');
    const item = await updateSponsored(ctx.knex, id, parse(SponsoredInputSchema, c.request.body), currentUser(c));
    await publish(CONTENT_EVENTS.sponsoredUpdated);
    c.body = item;
  });

  router.delete('/api/sponsored/:id', manageContent, async (c) => {
    await deleteSponsored(ctx.knex, idParam(c.params.id, 'Sponsored content'), currentUser(c));
    await publish(CONTENT_EVENTS.sponsoredUpdated);
    c.status = 204;
  });

  // ---------------------------------------------------------------- slider (staff)
  router.get('/api/slider/settings', manageContent, async (c) => {
    c.set('Cache-Control', 'no-store');
    c.body = await getSliderSettings(ctx.knex);
  });

  router.put('/api/slider/settings', manageContent, async (c) => {
    const settings = await saveSliderSettings(ctx.knex, parse(SliderSettingsSchema, c.request.body), currentUser(c));
    await publish(CONTENT_EVENTS.sliderUpdated);
    c.body = settings;
  });

  router.get('/api/slider/slides', manageContent, async (c) => {
    c.set('Cache-Control', 'no-store');
    c.body = await listSlides(ctx.knex);
  });

  router.post('/api/slider/slides', manageContent, async (c) => {
    const slide = await createSlide(ctx.knex, parse(SlideInputSchema, c.request.body), currentUser(c));
    await publish(CONTENT_EVENTS.sliderUpdated);
    c.status = 201;
    c.body = slide;
  });

  router.put('/api/slider/slides/:id', manageContent, async (c) => {
    const id = idParam(c.params.id, 'Slide');
    const slide = await updateSlide(ctx.knex, id, parse(SlideInputSchema, c.request.body), currentUser(c));
    await publish(CONTENT_EVENTS.sliderUpdated);
    c.body = slide;
  });

  router.delete('/api/slider/slides/:id', manageContent, async (c) => {
    await deleteSlide(ctx.knex, idParam(c.params.id, 'Slide'), currentUser(c));
    await publish(CONTENT_EVENTS.sliderUpdated);
    c.status = 204;
  });

  return router;
}
