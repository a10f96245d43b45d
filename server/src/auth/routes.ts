import Router from '@koa/router';
import type Koa from 'koa';
import { ACCOUNT_TEXT, RefreshSchema, SignInSchema } from '../../../shared/accounts';
import type { AppRouter } from '../http/router';
import type { AppContext, RequestState } from '../context';
import { fail, HttpError } from '../http/errors';
import { parse } from '../http/validate';
import { clearRefreshCookie, isCrossSiteRequest, readRefreshCookie, setRefreshCookie } from './cookies';
import { sessionReply, sessionTtlMs, signIn, signOut, type ClientMeta } from './service';
import { rotateRefreshToken } from './sessions';

const meta = (c: Koa.Context): ClientMeta => ({ ip: c.ip || null, userAgent: c.get('User-Agent') || null });

/**
 * Sign-in, refresh, sign-out and the public keys that verify access tokens.
 * The website's refresh token lives in an httpOnly SameSite=Strict cookie
 * (and cookie calls are refused from other sites); the desktop app sends
 * its refresh token in the body and gets the next one back in the body.
 */
export function authRoutes(ctx: AppContext): AppRouter {
  const router = new Router<RequestState>();

  router.get('/.well-known/jwks.json', (c) => {
    c.set('Cache-Control', 'public, max-age=300');
    c.body = ctx.tokens.jwks();
  });

  router.post('/api/auth/token', async (c) => {
    c.set('Cache-Control', 'no-store');
    const input = parse(SignInSchema, c.request.body ?? {});
    const desktop = input.client === 'desktop';
    // A cookie sign-in from another site's page would sign the visitor in to someone else's account.
    if (!desktop && isCrossSiteRequest(c, ctx.config)) throw fail.forbidden(ACCOUNT_TEXT.crossSite);
    const { user, issued } = await signIn(ctx, input, meta(c));
    if (!desktop) setRefreshCookie(c, issued.refreshToken, sessionTtlMs(ctx));
    c.body = await sessionReply(ctx, user, issued.sessionId, desktop ? issued.refreshToken : undefined);
  });

  router.post('/api/auth/refresh', async (c) => {
    c.set('Cache-Control', 'no-store');
    const body = parse(RefreshSchema, c.request.body ?? {});
    const fromBody = body.refresh_token;
    let presented = fromBody;
    if (!presented) {
      if (isCrossSiteRequest(c, ctx.config)) throw fail.forbidden(ACCOUNT_TEXT.crossSite);
      presented = readRefreshCookie(c);
    }
    if (!presented) throw fail.unauthorized(ACCOUNT_TEXT.refreshInvalid);
    const result = await rotateRefreshToken(ctx.knex, presented, { nowMs: ctx.now(), graceMs: ctx.config.REFRESH_REUSE_GRACE_SECONDS * 1000, ttlMs: sessionTtlMs(ctx), rotationSecret: ctx.tokens.rotationSecret });
    if (!result.ok) {
      if (!fromBody) clearRefreshCookie(c);
      if (result.reason === 'reused') c.state.log.warn({ sessionId: result.sessionId, userId: result.userId }, 'refresh token reused: session revoked');
      throw new HttpError('unauthorized', result.reason === 'reused' ? ACCOUNT_TEXT.refreshReused : result.reason === 'not_found' ? ACCOUNT_TEXT.refreshInvalid : result.reason === 'inactive' ? ACCOUNT_TEXT.inactive : ACCOUNT_TEXT.sessionEnded);
    }
    if (!fromBody) setRefreshCookie(c, result.issued.refreshToken, sessionTtlMs(ctx));
    c.body = await sessionReply(ctx, result.user, result.issued.sessionId, fromBody ? result.issued.refreshToken : undefined);
  });

  // Sign-out ends the session named by the access token or the refresh
  // token. An already-dead session is not an error (000 §8): always 204.
  router.post('/api/auth/sign-out', async (c) => {
    c.set('Cache-Control', 'no-store');
    const body = parse(RefreshSchema, c.request.body ?? {});
    const auth = c.get('Authorization');
    const claims = auth.startsWith('Bearer ') ? await ctx.tokens.verify(auth.slice(7).trim()) : null;
    const cookie = body.refresh_token ? undefined : readRefreshCookie(c);
    if (cookie && isCrossSiteRequest(c, ctx.config)) throw fail.forbidden(ACCOUNT_TEXT.crossSite);
    if (cookie !== undefined || !body.refresh_token) clearRefreshCookie(c);
    await signOut(ctx, claims ? { sessionId: claims.sid, userId: claims.sub } : null, body.refresh_token ?? cookie, c.ip || null);
    c.status = 204;
  });

  return router;
}
