import Router from '@koa/router';
import { isEmbedWidget } from '../../../shared/embed-options';
import { EmbedSettingsSchema } from '../../../shared/embeds';
import { DENIED } from '../../../shared/permissions';
import type { AppRouter } from '../app';
import { authorize, currentUser } from '../auth/middleware';
import type { AppContext, RequestState } from '../context';
import { parse } from '../http/validate';
import { getEmbedSettings, readWidgetPage, saveEmbedSettings } from './service';

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
    c.type = 'text/html; charset=utf-8';
    c.set('Cache-Control', 'no-cache');
    if (!isEmbedWidget(widget)) {
      c.status = 404;
      c.body = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head><body><main><p>There is no such widget.</p></main></body></html>';
      return;
    }
    const page = await readWidgetPage(ctx.config, widget);
    if (!page) {
      c.status = 503;
      c.type = 'text/plain';
      c.body = 'The web app has not been built yet. Run `npm run build:web` (npm start does it for you).';
      return;
    }
    c.body = page;
  });

  router.get('/api/settings/widgets', settingsAccess, async (c) => {
    c.set('Cache-Control', 'no-store');
    c.body = await getEmbedSettings(ctx.knex);
  });

  router.put('/api/settings/widgets', settingsAccess, async (c) => {
    const input = parse(EmbedSettingsSchema, c.request.body);
    c.body = await saveEmbedSettings(ctx.knex, input, currentUser(c));
  });

  return router;
}
