import Router from '@koa/router';
import type Koa from 'koa';
import type { Knex } from 'knex';
import type { ChannelEvent, EventData, EventName } from '../../../shared/realtime';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { z } from 'zod';
import { CONTENT_EVENTS, PageInputSchema, PageViewSchema, SliderSettingsSchema, SlideInputSchema, SponsoredInputSchema } from '../../../shared/content';
import { DENIED } from '../../../shared/permissions';
import type { AppRouter } from '../http/router';
import { authorize, currentUser } from '../auth/middleware';
import type { AppContext, RequestState } from '../context';
import { fail } from '../http/errors';
import { parse } from '../http/validate';
import { imagePolicyOf, refuseUnapprovedImages, type ImageFieldWrite } from '../http/public-images';
import { allowedImageUrl } from '../../../shared/image-hosts';
import { compactImageSrc, namesImageHost } from '../../../shared/sanitize';
import { pageRow, slideRows, sliderSettingsRow, sponsoredRows } from './repo';
import { imageSources, withoutImages } from './sanitize';
import { cachedStationInfo } from '../settings/service';
import type { AuditActor } from '../users/audit';
import { bumpCounter, type CounterItem, type CounterKind } from './counters';
import { analyticsKey } from '../privacy/service';
import { contentLocale } from './languages';
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
  const publish = <N extends EventName<'content'>>(name: N, ...data: EventData<'content', N> extends Record<string, never> ? [] : [EventData<'content', N>]) =>
    ctx.bus.publish({ channel: 'content', name, data: data[0] ?? {} } as ChannelEvent<'content'>);
  const today = async () => stationDay(ctx.now(), (await cachedStationInfo(ctx)).timezone);

  // ---------------------------------------------------------------- listener side
  router.get('/api/content/pages/:slug', async (c) => {
    const slug = c.params.slug ?? '';
    // In the reader's language when the page has that translation (issue 35).
    const locale = await contentLocale(c, ctx);
    const page = SLUG.test(slug) ? await getPublishedPage(ctx.knex, slug, locale, (await ctx.settings.station()).language) : null;
    if (!page) throw fail.notFound('Page not found');
    // Listeners get no image from a host staff have not approved (pages saved before that rule included).
    const policy = imagePolicyOf(await ctx.settings.station(), ctx.config);
    const content = withoutImages(page.content, JSON.stringify(policy), (src) => !namesImageHost(src) || allowedImageUrl(compactImageSrc(src), policy) !== null);
    c.set('Cache-Control', 'no-cache');
    c.body = { ...page, content };
  });

  router.post('/api/content/pages/:slug/views', limitCounters, async (c) => {
    const slug = c.params.slug ?? '';
    const { session_id } = parse(PageViewSchema, c.request.body);
    if (!SLUG.test(slug)) throw fail.notFound('Page not found');
    const day = await today();
    // What is recorded follows the station's analytics level (issue 37): the id, a daily-salted hash, or nothing.
    afterResponse(c, async () => {
      const key = await analyticsKey(ctx, session_id, day);
      if (key) await recordPageView(ctx.knex, slug, key, day);
    });
    c.status = 202;
    c.body = { accepted: true };
  });

  router.get('/api/content/slider', async (c) => {
    c.set('Cache-Control', 'no-cache');
    c.body = await getSliderData(ctx.knex, await contentLocale(c, ctx));
  });

  router.get('/api/content/sponsored', async (c) => {
    c.set('Cache-Control', 'no-store');
    c.body = { item: await randomSponsored(ctx.knex, await today()) };
  });

  const counter = (path: string, item: CounterItem, kind: CounterKind, what: string) =>
    router.post(path, limitCounters, (c) => {
      const id = idParam(c.params.id, what);
      afterResponse(c, () => bumpCounter(ctx.knex, item, id, kind));
      c.status = 202;
      c.body = { accepted: true };
    });
  counter('/api/content/slides/:id/views', 'slide', 'view', 'Slide');
  counter('/api/content/slides/:id/clicks', 'slide', 'click', 'Slide');
  counter('/api/content/sponsored/:id/views', 'sponsored', 'view', 'Sponsored content');
  counter('/api/content/sponsored/:id/clicks', 'sponsored', 'click', 'Sponsored content');

  /**
   * A staff collection: list (not cached), create (201), update and delete
   * (204) under one path, behind one permission. `changed` tells listeners
   * after every write; it gets the saved item, or nothing after a delete.
   */
  const staffCollection = <S extends z.ZodType, T>(c: {
    path: string;
    what: string;
    guard: Koa.Middleware<RequestState>;
    schema: S;
    list: (db: Knex) => Promise<T[]>;
    create: (db: Knex, input: z.output<S>, actor: AuditActor) => Promise<T>;
    update: (db: Knex, id: string, input: z.output<S>, actor: AuditActor) => Promise<T>;
    remove: (db: Knex, id: string, actor: AuditActor) => Promise<void>;
    changed: (item?: T) => Promise<unknown>;
    /** The image fields of a create (id null) or an update, checked against the approved hosts (issue 29). */
    images?: (input: z.output<S>, id: string | null) => Promise<ImageFieldWrite[]>;
  }) => {
    const checked = async (k: Koa.ParameterizedContext<RequestState>, id: string | null): Promise<z.output<S>> => {
      const input = parse(c.schema, k.request.body);
      if (c.images) await refuseUnapprovedImages(ctx, await c.images(input, id));
      return input;
    };
    router.get(c.path, c.guard, async (k) => {
      k.set('Cache-Control', 'no-store');
      k.body = await c.list(ctx.knex);
    });
    router.post(c.path, c.guard, async (k) => {
      const item = await c.create(ctx.knex, await checked(k, null), currentUser(k));
      await c.changed(item);
      k.status = 201;
      k.body = item;
    });
    router.put(`${c.path}/:id`, c.guard, async (k) => {
      const id = idParam(k.params.id, c.what);
      const item = await c.update(ctx.knex, id, await checked(k, id), currentUser(k));
      await c.changed(item);
      k.body = item;
    });
    router.delete(`${c.path}/:id`, c.guard, async (k) => {
      await c.remove(ctx.knex, idParam(k.params.id, c.what), currentUser(k));
      await c.changed();
      k.status = 204;
    });
  };

  // ---------------------------------------------------------------- pages (staff)
  router.get('/api/pages/analytics', managePages, async (c) => {
    const tz = (await cachedStationInfo(ctx)).timezone;
    c.set('Cache-Control', 'no-store');
    c.body = await pageAnalytics(ctx.knex, ctx.now(), tz);
  });

  staffCollection({
    path: '/api/pages',
    what: 'Page',
    guard: managePages,
    schema: PageInputSchema,
    list: listPages,
    create: (db, input, actor) => createPage(db, input, actor, ctx),
    update: (db, id, input, actor) => updatePage(db, id, input, actor, ctx),
    remove: deletePage,
    changed: (page) => publish(CONTENT_EVENTS.pageUpdated, page ? { slug: page.slug } : {}),
    // Every image of the page's HTML: from this site or an approved host; one already on the page may stay.
    images: async (input, id) => {
      const before = new Set(id ? imageSources((await pageRow(ctx.knex, id))?.content ?? '').map(compactImageSrc) : []);
      // Only addresses naming a host are judged here; the sanitiser drops scripts and data: as before.
      // The translations' content too (issue 35).
      const html = [input.content, ...Object.values(input.translations ?? {}).map((t) => t?.content ?? '')].join('\n');
      return imageSources(html)
        .filter(namesImageHost)
        .map(compactImageSrc)
        .map((src) => ({ path: 'content', label: 'An image in the content', value: src, before: before.has(src) ? src : undefined }));
    },
  });

  // ---------------------------------------------------------------- sponsored (staff)
  staffCollection({
    path: '/api/sponsored',
    what: 'Sponsored content',
    guard: manageContent,
    schema: SponsoredInputSchema,
    list: listSponsored,
    create: createSponsored,
    update: updateSponsored,
    remove: deleteSponsored,
    changed: () => publish(CONTENT_EVENTS.sponsoredUpdated),
    images: async (input, id) => [{ path: 'image_url', label: 'Image URL', value: input.image_url, before: id ? (await sponsoredRows(ctx.knex)).find((r) => r.id === id)?.image_url : undefined }],
  });

  // ---------------------------------------------------------------- slider (staff)
  router.get('/api/slider/settings', manageContent, async (c) => {
    c.set('Cache-Control', 'no-store');
    c.body = await getSliderSettings(ctx.knex);
  });

  router.put('/api/slider/settings', manageContent, async (c) => {
    const input = parse(SliderSettingsSchema, c.request.body);
    const before = await sliderSettingsRow(ctx.knex);
    await refuseUnapprovedImages(ctx, [{ path: 'background_image_url', label: 'Background image URL', value: input.background_image_url, before: before?.background_image_url as string | null | undefined }]);
    const settings = await saveSliderSettings(ctx.knex, input, currentUser(c));
    await publish(CONTENT_EVENTS.sliderUpdated);
    c.body = settings;
  });

  staffCollection({
    path: '/api/slider/slides',
    what: 'Slide',
    guard: manageContent,
    schema: SlideInputSchema,
    list: listSlides,
    create: (db, input, actor) => createSlide(db, input, actor, ctx),
    update: (db, id, input, actor) => updateSlide(db, id, input, actor, ctx),
    remove: deleteSlide,
    changed: () => publish(CONTENT_EVENTS.sliderUpdated),
    images: async (input, id) => [{ path: 'image_url', label: 'Image URL', value: input.image_url, before: id ? (await slideRows(ctx.knex)).find((r) => r.id === id)?.image_url : undefined }],
  });

  return router;
}
