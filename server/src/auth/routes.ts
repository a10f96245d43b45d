import Router from '@koa/router';
import type Koa from 'koa';
import { ACCOUNT_TEXT, RefreshSchema, SignInSchema } from '../../../shared/accounts';
import type { AppRouter } from '../http/router';
import type { AppContext, RequestState } from '../context';
import { fail, HttpError } from '../http/errors';
import { parse } from '../http/validate';
import { clearRefreshCookie, isCrossSiteRequest, readRefreshCookie, setRefreshCookie } from './cookies';
import { beginSession, sessionReply, sessionTtlMs, signIn, signOut, type ClientMeta } from './service';
import { rotateRefreshToken, type SessionUser } from './sessions';
import { MFA_TEXT, MfaEnableSchema, MfaPasswordSchema, MfaPolicySchema, MfaSetupSchema, MfaVerifySchema, ResetConfirmSchema, ResetRequestSchema } from '../../../shared/mfa';
import { DENIED } from '../../../shared/permissions';
import { authorize, currentUser, identify, requireUser } from './middleware';
import { disableTotp, enableTotpWithCode, getMfaPolicy, mfaStatus, putMfaPolicy, regenerateRecoveryCodes, setupTotp, verifySecondStep, type Enroller } from './mfa';
import { confirmPasswordReset, endOwnSessionNow, listOwnSessions, requestPasswordReset } from './recovery';

const meta = (c: Koa.Context): ClientMeta => ({ ip: c.ip || null, userAgent: c.get('User-Agent') || null });

/**
 * Sign-in, refresh, sign-out and the public keys that verify access tokens.
 * The website's refresh token lives in an httpOnly SameSite=Strict cookie
 * (and cookie calls are refused from other sites); the desktop app sends
 * its refresh token in the body and gets the next one back in the body.
 */
export function authRoutes(ctx: AppContext): AppRouter {
  const router = new Router<RequestState>();
  const signedIn = requireUser(ctx);
  const ownerPolicy = authorize(ctx, 'security.policy', DENIED.generic);

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
    const result = await signIn(ctx, input, meta(c));
    if (result.challenge) {
      c.body = result.challenge;
      return;
    }
    const { user, issued } = result;
    if (!desktop) setRefreshCookie(c, issued.refreshToken, sessionTtlMs(ctx));
    c.body = await sessionReply(ctx, user, issued.sessionId, desktop ? issued.refreshToken : undefined);
  });

  /** Answers a finished sign-in as /api/auth/token does: a cookie for the website, the refresh token in the body for the studio. */
  const answerSession = async (c: Koa.ParameterizedContext<RequestState>, user: SessionUser, client: 'web' | 'desktop', details: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const issued = await beginSession(ctx, user, client, meta(c), null, details);
    if (client !== 'desktop') setRefreshCookie(c, issued.refreshToken, sessionTtlMs(ctx));
    c.body = { ...extra, ...(await sessionReply(ctx, user, issued.sessionId, client === 'desktop' ? issued.refreshToken : undefined)) };
  };

  // The second step of a sign-in (issue 37): a TOTP or recovery code for the token the password step answered.
  router.post('/api/auth/mfa/verify', async (c) => {
    c.set('Cache-Control', 'no-store');
    const input = parse(MfaVerifySchema, c.request.body ?? {});
    if (isCrossSiteRequest(c, ctx.config)) throw fail.forbidden(ACCOUNT_TEXT.crossSite);
    const done = await verifySecondStep(ctx, input, c.ip || null);
    await answerSession(c, done.user, done.client, { second_factor: done.method });
  });

  /** The account setting TOTP up: the signed-in user, or a sign-in that must enrol first (its mfa_token). */
  const enroller = async (c: Koa.ParameterizedContext<RequestState>, token: string | undefined): Promise<Enroller> => {
    if (token) return { kind: 'challenge', token };
    const user = await identify(ctx, c.get('Authorization') || undefined);
    if (!user) throw fail.unauthorized('Please sign in to continue.');
    return { kind: 'user', id: user.id };
  };

  router.post('/api/auth/mfa/totp/setup', async (c) => {
    c.set('Cache-Control', 'no-store');
    const body = (c.request.body ?? {}) as { mfa_token?: unknown };
    const who = await enroller(c, typeof body.mfa_token === 'string' && body.mfa_token ? body.mfa_token : undefined);
    parse(MfaSetupSchema, body);
    c.body = await setupTotp(ctx, who);
  });

  router.post('/api/auth/mfa/totp/enable', async (c) => {
    c.set('Cache-Control', 'no-store');
    const body = (c.request.body ?? {}) as { mfa_token?: unknown };
    const who = await enroller(c, typeof body.mfa_token === 'string' && body.mfa_token ? body.mfa_token : undefined);
    const input = parse(MfaEnableSchema, body);
    if (who.kind === 'challenge' && isCrossSiteRequest(c, ctx.config)) throw fail.forbidden(ACCOUNT_TEXT.crossSite);
    const done = await enableTotpWithCode(ctx, who, input.code, c.ip || null);
    // A sign-in that had to enrol is finished by its first right code.
    if (done.viaChallenge) await answerSession(c, done.user, done.client, { second_factor: 'totp_enrolled' }, { recovery_codes: done.recoveryCodes });
    else c.body = { recovery_codes: done.recoveryCodes };
  });

  router.post('/api/auth/mfa/totp/disable', signedIn, async (c) => {
    const input = parse(MfaPasswordSchema, c.request.body ?? {});
    await disableTotp(ctx, currentUser(c), input.password, c.ip || null);
    c.status = 204;
  });

  router.post('/api/auth/mfa/recovery-codes', signedIn, async (c) => {
    c.set('Cache-Control', 'no-store');
    const input = parse(MfaPasswordSchema, c.request.body ?? {});
    c.body = { recovery_codes: await regenerateRecoveryCodes(ctx, currentUser(c), input.password, c.ip || null) };
  });

  router.get('/api/me/mfa', signedIn, async (c) => {
    c.set('Cache-Control', 'no-store');
    c.body = await mfaStatus(ctx, currentUser(c));
  });

  router.get('/api/auth/mfa/policy', ownerPolicy, async (c) => {
    c.set('Cache-Control', 'no-store');
    c.body = await getMfaPolicy(ctx);
  });

  router.put('/api/auth/mfa/policy', ownerPolicy, async (c) => {
    const input = parse(MfaPolicySchema, c.request.body ?? {});
    c.body = await putMfaPolicy(ctx, currentUser(c), input, c.ip || null);
  });

  // Recovery (issue 37 item 5): the same answer whether or not the address has an account.
  router.post('/api/auth/password-reset', async (c) => {
    c.set('Cache-Control', 'no-store');
    const input = parse(ResetRequestSchema, c.request.body ?? {});
    await requestPasswordReset(ctx, input.email, c.ip || null);
    c.status = 202;
    c.body = { message: MFA_TEXT.resetSent };
  });

  router.post('/api/auth/password-reset/confirm', async (c) => {
    c.set('Cache-Control', 'no-store');
    const input = parse(ResetConfirmSchema, c.request.body ?? {});
    await confirmPasswordReset(ctx, input.token, input.password, c.ip || null);
    c.status = 204;
  });

  router.get('/api/me/sessions', signedIn, async (c) => {
    c.set('Cache-Control', 'no-store');
    c.body = { sessions: await listOwnSessions(ctx, currentUser(c)) };
  });

  router.delete('/api/me/sessions/:id', signedIn, async (c) => {
    await endOwnSessionNow(ctx, currentUser(c), c.params.id ?? '', c.ip || null);
    c.status = 204;
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
