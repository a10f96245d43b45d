import type { z } from 'zod';
import { ACCOUNT_TEXT, type SessionResponse, type SignInSchema } from '../../../shared/accounts';
import { isRole } from '../../../shared/permissions';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { recordAction, recordFailedSignIn } from '../users/audit';
import { emailOf, findCredentials, recordSignIn } from '../users/repo';
import { hashPassword, MAX_PASSWORD_BYTES, needsRehash, verifyPassword } from './passwords';
import { announceSessionChange } from './session-events';
import { revokeSession, sessionOfRefreshToken, startSession, type IssuedRefresh, type SessionUser } from './sessions';
import { ACCESS_TOKEN_TTL_SECONDS } from './tokens';
import type { MfaChallengeResponse } from '../../../shared/mfa';
import { secondStepFor } from './mfa';

/** Where a sign-in came from, for the session row and the audit trail. */
export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
}

/** How long a session lives without being refreshed. */
export const sessionTtlMs = (ctx: AppContext) => ctx.config.SESSION_TTL_DAYS * 86_400_000;

const invalidCredentials = () => new HttpError('bad_request', ACCOUNT_TEXT.invalidCredentials);

/**
 * Password sign-in. Unknown email and wrong password get the same answer
 * after the same work (a dummy hash is verified for unknown emails); an
 * inactive account is refused only after its password proved right. Every
 * attempt is counted by the instance's limiter (`ctx.signIn`) and written to
 * the audit trail.
 */
export async function signIn(ctx: AppContext, input: z.output<typeof SignInSchema>, meta: ClientMeta): Promise<{ user: SessionUser; issued: IssuedRefresh; challenge?: undefined } | { challenge: MfaChallengeResponse }> {
  const email = input.email.trim().toLowerCase();
  const { limiter, dummyHash } = ctx.signIn;
  await limiter.attempt(meta.ip ?? 'unknown', email);
  const row = await findCredentials(ctx.knex, email);
  const tooLong = Buffer.byteLength(input.password, 'utf8') > MAX_PASSWORD_BYTES;
  const ok = (await verifyPassword(row?.password_hash ?? (await dummyHash()), tooLong ? '' : input.password)) && !!row && !tooLong;
  if (!ok || !row) {
    await limiter.failed(meta.ip ?? 'unknown', email);
    await recordFailedSignIn(ctx.knex, { email, userId: row?.id ?? null, ip: meta.ip, reason: row ? 'wrong_password' : 'unknown_email', client: input.client, nowMs: ctx.now(), windowMs: ctx.config.SIGNIN_WINDOW_SECONDS * 1000 });
    throw invalidCredentials();
  }
  if (!row.is_active || !isRole(row.role)) {
    await recordFailedSignIn(ctx.knex, { email: row.email, userId: row.id, ip: meta.ip, reason: 'inactive', client: input.client, nowMs: ctx.now(), windowMs: ctx.config.SIGNIN_WINDOW_SECONDS * 1000 });
    throw new HttpError('forbidden', ACCOUNT_TEXT.inactive);
  }
  await limiter.succeeded(meta.ip ?? 'unknown', email);
  const role = row.role;
  // The password was right: an account with TOTP (or whose role must have it) takes a second step first (issue 37).
  const challenge = await secondStepFor(ctx, { id: row.id, role }, input.client, meta);
  if (challenge) return { challenge };
  const rehash = needsRehash(row.password_hash) ? await hashPassword(input.password) : null;
  const user = { id: row.id, email: row.email, role };
  return { user, issued: await beginSession(ctx, user, input.client, meta, rehash) };
}

/** Starts the session of a sign-in that passed every step, records it and audits it. */
export async function beginSession(ctx: AppContext, user: SessionUser, client: 'web' | 'desktop', meta: ClientMeta, rehash: string | null = null, details: Record<string, unknown> = {}): Promise<IssuedRefresh> {
  const nowMs = ctx.now();
  return ctx.knex.transaction(async (trx) => {
    const s = await startSession(trx, { userId: user.id, client, ip: meta.ip, userAgent: meta.userAgent, nowMs, ttlMs: sessionTtlMs(ctx) });
    await recordSignIn(trx, user.id, new Date(nowMs), rehash);
    await recordAction(trx, { actor: { id: user.id, email: user.email }, action: 'login', resourceType: 'session', resourceId: s.sessionId, resourceName: user.email, details: { client, ...details }, ip: meta.ip });
    return s;
  });
}

/** The Session reply (the spec's shape): a fresh access token, and the refresh token only when it travels in the body. */
export async function sessionReply(ctx: AppContext, user: SessionUser, sessionId: string, refreshToken: string | undefined): Promise<SessionResponse> {
  const { token, expiresAt } = await ctx.tokens.sign({ userId: user.id, sessionId, role: user.role, email: user.email }, ctx.now());
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    expires_at: Math.floor(expiresAt / 1000),
    ...(refreshToken ? { refresh_token: refreshToken } : {}),
    user: { id: user.id, email: user.email, role: user.role },
  };
}

/**
 * Ends the session named by an access token's claims or, failing that, by a
 * refresh token, and audits it. An already-ended or unknown session is not
 * an error (000 §8): nothing happens.
 */
export async function signOut(ctx: AppContext, target: { sessionId: string; userId: string } | null, refreshToken: string | undefined, ip: string | null): Promise<void> {
  const session = target ?? (refreshToken ? await sessionOfRefreshToken(ctx.knex, refreshToken) : null);
  if (!session) return;
  if (!(await revokeSession(ctx.knex, session.sessionId, 'sign_out', ctx.now()))) return;
  const email = await emailOf(ctx.knex, session.userId);
  await recordAction(ctx.knex, { actor: { id: session.userId, email }, action: 'logout', resourceType: 'session', resourceId: session.sessionId, resourceName: email, ip });
  await announceSessionChange(ctx, session.userId, 'sign_out');
}
