import Router from '@koa/router';
import type { AppRouter } from '../http/router';
import { APP_VERSION } from '../config';
import type { AppContext, RequestState } from '../context';
import { getStationInfo } from '../settings/service';
import { registerListenerApis, realtimeDescription } from './listener-apis';
import { buildOpenApiDocument, registerPublicApis } from './openapi';

/** `GET /api/openapi.json`: the OpenAPI 3.1 document of the public APIs, generated from their zod schemas. */
export function docsRoutes(ctx: AppContext): AppRouter {
  registerPublicApis();
  registerListenerApis();
  const router = new Router<RequestState>();
  router.get('/api/openapi.json', async (c) => {
    const station = await getStationInfo(ctx.knex, ctx.config);
    c.set('Cache-Control', 'public, max-age=60');
    c.body = buildOpenApiDocument({ title: `${station.name} public API`, version: APP_VERSION, serverUrl: ctx.config.PUBLIC_URL }, { 'x-realtime': realtimeDescription() });
  });
  return router;
}
