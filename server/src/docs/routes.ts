import Router from '@koa/router';
import type { AppRouter } from '../http/router';
import { APP_VERSION } from '../config';
import type { AppContext, RequestState } from '../context';
import { getStationInfo } from '../settings/service';
import { registerListenerApis, realtimeDescription } from './listener-apis';
import { buildOpenApiDocument, registerPublicApis } from './openapi';
import { registerStaffApis } from './staff-apis';

/** `GET /api/openapi.json`: the OpenAPI 3.1 document of every route, generated from the zod schemas the routes parse with. */
export function docsRoutes(ctx: AppContext): AppRouter {
  registerPublicApis();
  registerListenerApis();
  registerStaffApis();
  const router = new Router<RequestState>();
  let cached: { title: string; doc: Record<string, unknown> } | null = null;
  router.get('/api/openapi.json', async (c) => {
    const station = await getStationInfo(ctx.knex, ctx.config);
    c.set('Cache-Control', 'public, max-age=60');
    const title = `${station.name} API`;
    // Building it takes a tenth of a second: once per station name.
    if (cached?.title !== title) cached = { title, doc: buildOpenApiDocument({ title, version: APP_VERSION, serverUrl: ctx.config.PUBLIC_URL }, { 'x-realtime': realtimeDescription() }) };
    c.body = cached.doc;
  });
  return router;
}
