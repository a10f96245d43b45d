import Router from '@koa/router';
import { isEmbedWidget } from '../../../shared/embed-options';
import { EmbedSettingsSchema } from '../../../shared/embeds';
import { DENIED } from '../../../shared/permissions';
import type { AppRouter } from '../http/router';
import { authorize, currentUser } from '../auth/middleware';
import type { AppContext, RequestState } from '../context';
import { fail } from '../http/errors';
import { parse } from '../http/validate';
import { getEmbedSettings, saveEmbedSettings } from './repo';
import { acceptLanguageTags, asLocale, LANG_PARAM, matchLocale, type Locale } from '../../../shared/i18n/locales';
import { embedTexts, localiseWidgetPage, readWidgetPage } from './service';

/**
 * Station widgets: the widget pages (`GET /embed/<widget>`, public, framable:
 * see embedFraming) and their settings (`GET|PUT /api/settings/widgets`,
 * owner and manager, like the rest of Settings).
 */
export function embedRoutes(ctx: AppContext): AppRouter {
  const router = new Router<RequestState>();
  const settingsAccess = authorize({ tokens: ctx.tokens, knex: ctx.knex }, 'settings.access', DENIED.settings);

  router.get('/embed/:widget', async (c) => {
    const widget = c.params.widget;
    if (!isEmbedWidget(widget)) throw fail.notFound('There is no such widget.');
    const page = await readWidgetPage(ctx.config, widget);
    if (!page) throw fail.unavailable('The web app has not been built yet. Run `npm run build:web` (npm start does it for you).', 60);
    // The page's language (issue 35): `?lang=` (the loader passes `data-lang`), else the visitor's Accept-Language,
    // else the station's default. No cookie: a widget lives in other sites' pages.
    const param = asLocale(typeof c.query[LANG_PARAM] === 'string' ? c.query[LANG_PARAM] : null);
    const station = await ctx.settings.station();
    const locale: Locale = param ?? matchLocale(acceptLanguageTags(c.get('Accept-Language'))) ?? matchLocale([station.language ?? '']) ?? 'en';
    c.type = 'text/html; charset=utf-8';
    c.set('Cache-Control', 'no-cache');
    c.vary('Accept-Language');
    c.body = localiseWidgetPage(page.toString('utf8'), widget, locale, await embedTexts(locale));
  });

  router.get('/api/settings/widgets', settingsAccess, async (c) => {
    c.set('Cache-Control', 'no-store');
    c.body = await getEmbedSettings(ctx.knex);
  });

  router.put('/api/settings/widgets', settingsAccess, async (c) => {
    const input = parse(EmbedSettingsSchema, c.request.body);
    c.body = await saveEmbedSettings(ctx.knex, input, currentUser(c));
    ctx.frameAncestors.forget();
  });

  return router;
}
