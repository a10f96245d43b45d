import Router from '@koa/router';
import type { AppRouter } from '../app';
import type { AppContext, RequestState } from '../context';

/** Sign-in, refresh, sign-out and the public keys that verify access tokens. */
export function authRoutes(ctx: AppContext): AppRouter {
  const router = new Router<RequestState>();
  router.get('/.well-known/jwks.json', (c) => {
    c.set('Cache-Control', 'public, max-age=300');
    c.body = ctx.tokens.jwks();
  });
  return router;
}
