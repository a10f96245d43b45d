import { localeOfUser, translatorFor } from '../i18n/recipients';
import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { ACCOUNT_TEXT } from '../../../shared/accounts';
import { MFA_TEXT, type OwnSession } from '../../../shared/mfa';
import type { AppContext } from '../context';
import { fail } from '../http/errors';
import { panelUrl, queueEmail, sendQueuedEmail } from '../mail/outbox';
import { passwordResetEmail } from '../mail/templates';
import { cachedStationInfo } from '../settings/service';
import { recordAction } from '../users/audit';
import { findCredentials, findProfile, updateProfile } from '../users/repo';
import { isCommonPassword } from './common-passwords';
import { hashPassword, MAX_PASSWORD_BYTES } from './passwords';
import { endOwnSession, insertResetToken, liveSessionsOf, spendResetToken } from './repo';
import { announceSessionChange } from './session-events';
import { revokeUserSessions } from './sessions';

/**
 * Recovery and sessions (issue 37 item 5): a forgotten password is reset from
 * a link sent by e-mail (single use, 30 minutes; asking for a new one ends
 * the earlier ones), and setting it ends every session of the account on
 * every instance, the realtime feed included. The answer to a reset request
 * is the same, after the same time, whether or not the address has an
 * account: the look-up and the e-mail happen after the answer. My Profile
 * lists the account's live sessions and ends any of them.
 */

/** How long a reset link works. */
export const RESET_TTL_MINUTES = 30;

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** Asks for a reset link: counted per address and per e-mail; the work is done after the (uniform) answer. */
export async function requestPasswordReset(ctx: AppContext, emailTyped: string, ip: string | null): Promise<void> {
  const email = emailTyped.trim().toLowerCase();
  await ctx.limits.limiter('password_reset_ip', { points: 10, durationSec: 900 }).consume(ip ?? 'unknown');
  await ctx.limits.limiter('password_reset_email', { points: 3, durationSec: 3600 }).consume(email.slice(0, 320));
  void sendResetLink(ctx, email, ip).catch((err: unknown) => ctx.log.warn({ err }, 'password reset e-mail could not be queued'));
}

async function sendResetLink(ctx: AppContext, email: string, ip: string | null): Promise<void> {
  const row = await findCredentials(ctx.knex, email);
  if (!row || !row.is_active) return;
  const profile = await findProfile(ctx.knex, row.id);
  const token = randomBytes(32).toString('base64url');
  const nowMs = ctx.now();
  const station = await cachedStationInfo(ctx).catch(() => null);
  // In the account's language (its profile's, else the station's default; issue 35).
  const t = await translatorFor(await localeOfUser(ctx, row.id));
  const mailId = await ctx.knex.transaction(async (trx) => {
    await insertResetToken(trx, { tokenHash: sha256(token), userId: row.id, at: new Date(nowMs), expiresAt: new Date(nowMs + RESET_TTL_MINUTES * 60_000) });
    await recordAction(trx, { actor: { id: null, email: row.email }, action: 'update', resourceType: 'profile', resourceId: row.id, resourceName: row.email, details: { password_reset: 'link_sent' }, ip });
    // The token rides in the fragment: it never reaches a server log or another site's Referer.
    return queueEmail(trx, row.email, passwordResetEmail({ station: station?.name || 'Airdeck', username: profile?.username ?? row.email, resetUrl: panelUrl(ctx, `/auth/reset#token=${token}`), minutes: RESET_TTL_MINUTES }, t));
  });
  sendQueuedEmail(ctx, mailId);
}

/** How long a new account's set-password link works (it is the same single-use link as a reset, longer lived). */
export const WELCOME_LINK_DAYS = 7;

/**
 * A single-use link for a new account to choose its own password (issue 30's "new staff told how to sign in",
 * issue 37): a reset token in the same table, spent the same way, valid for WELCOME_LINK_DAYS. Answers the link.
 */
export async function issueSetPasswordLink(ctx: AppContext, trx: Knex.Transaction, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const nowMs = ctx.now();
  await insertResetToken(trx, { tokenHash: sha256(token), userId, at: new Date(nowMs), expiresAt: new Date(nowMs + WELCOME_LINK_DAYS * 86_400_000) });
  return panelUrl(ctx, `/auth/reset#token=${token}`);
}

/** Sets a new password from a reset link: the link is spent, every session of the account ends. */
export async function confirmPasswordReset(ctx: AppContext, token: string, password: string, ip: string | null): Promise<void> {
  await ctx.limits.limiter('password_reset_confirm', { points: 20, durationSec: 900 }).consume(ip ?? 'unknown');
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) throw fail.badRequest(ACCOUNT_TEXT.passwordTooLong);
  if (isCommonPassword(password)) throw fail.badRequest(ACCOUNT_TEXT.passwordCommon, [{ path: 'password', message: ACCOUNT_TEXT.passwordCommon }]);
  const hash = await hashPassword(password);
  const nowMs = ctx.now();
  const userId = await ctx.knex.transaction(async (trx) => {
    const id = await spendResetToken(trx, sha256(token), new Date(nowMs));
    if (!id) throw fail.badRequest(MFA_TEXT.resetInvalid);
    const row = await updateProfile(trx, id, { password_hash: hash, password_changed_at: new Date(nowMs), password_reset_required: false, updated_at: new Date(nowMs) });
    if (!row || !row.is_active) throw fail.badRequest(MFA_TEXT.resetInvalid);
    const ended = await revokeUserSessions(trx, id, 'password_changed', nowMs);
    await recordAction(trx, { actor: { id, email: row.email }, action: 'update', resourceType: 'profile', resourceId: id, resourceName: row.email, details: { password: 'reset_by_email', sessions_ended: ended }, ip });
    return id;
  });
  await announceSessionChange(ctx, userId, 'password_changed');
}

/** The account's live sessions, the caller's own marked. */
export async function listOwnSessions(ctx: AppContext, actor: { id: string; sessionId: string }): Promise<OwnSession[]> {
  const rows = await liveSessionsOf(ctx.knex, actor.id, new Date(ctx.now()));
  return rows.map((r) => ({ id: r.id, client: r.client, user_agent: r.user_agent, ip: r.ip, created_at: new Date(r.created_at).toISOString(), last_used_at: new Date(r.last_used_at).toISOString(), current: r.id === actor.sessionId }));
}

/** Ends one of the account's sessions at once: its tokens stop working and its realtime connection is dropped. */
export async function endOwnSessionNow(ctx: AppContext, actor: { id: string; email: string }, sessionId: string, ip: string | null): Promise<void> {
  if (!(await endOwnSession(ctx.knex, actor.id, sessionId, new Date(ctx.now())))) throw fail.notFound(MFA_TEXT.sessionNotFound);
  await recordAction(ctx.knex, { actor, action: 'logout', resourceType: 'session', resourceId: sessionId, resourceName: actor.email, details: { ended_from: 'my_profile' }, ip });
  await announceSessionChange(ctx, actor.id, 'sign_out');
}
