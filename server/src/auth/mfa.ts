import { createHash, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { isRole, ROLES, type Role } from '../../../shared/permissions';
import { MFA_TEXT, type MfaChallengeResponse, type MfaPolicyResponse, type MfaSetupResponse, type MfaStatusResponse } from '../../../shared/mfa';
import type { AppContext } from '../context';
import { fail, HttpError } from '../http/errors';
import { cachedStationInfo } from '../settings/service';
import { recordAction, recordFailedSignIn } from '../users/audit';
import { findProfile, passwordHashOf } from '../users/repo';
import { verifyPassword } from './passwords';
import {
  countChallengeAttempt,
  deleteTotp,
  enableTotp,
  insertChallenge,
  lockChallenge,
  mfaPolicy,
  putPendingTotp,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  saveMfaPolicy,
  spendChallenge,
  spendRecoveryCode,
  spendTotpStep,
  totpOf,
  type ChallengeRow,
} from './repo';
import type { SessionUser } from './sessions';

/**
 * Two-factor sign-in for staff (issue 37 item 4): TOTP (RFC 6238: SHA-1, six
 * digits, 30-second steps, one step either side accepted for clock drift)
 * with ten single-use recovery codes.
 *
 * A right password on an account with TOTP does not start a session: it
 * answers `{ mfa_required, mfa_token }`, a random token (only its hash is
 * stored) good for five minutes and five wrong codes. An account whose role
 * the owner's policy requires and that has no TOTP yet answers
 * `{ mfa_setup_required, mfa_token }`: the token lets it set TOTP up, and the
 * first right code finishes the sign-in. Neither answer is given before the
 * password proved right, so they tell nothing about which addresses exist.
 *
 * Every code is counted by the sign-in limiter as a password is (per address,
 * per address and e-mail, the e-mail's slow-down) and by a per-account limit
 * shared by every instance (10 wrong codes per 15 minutes), so a stolen
 * password cannot be turned into many guesses at the code. A time step is
 * spent once: the same code, or an earlier one, does not work twice.
 */

const PERIOD = 30;
const DIGITS = 6;
const WINDOW = 1;
/** How long a second-step token lives. */
export const CHALLENGE_TTL_SECONDS = 300;
/** Wrong codes one challenge takes before it ends. */
const CHALLENGE_MAX_ATTEMPTS = 5;
const RECOVERY_CODES = 10;
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** A recovery code as stored: its hash, whatever the case, spaces or dashes typed. */
export const hashRecoveryCode = (c: string) => sha256(`recovery:${c.toUpperCase().replace(/[^A-Z0-9]/g, '')}`);

/** Ten new recovery codes, `XXXXX-XXXXX` (50 bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

function totpFor(secretBase32: string, label: string, issuer: string): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD, secret: Secret.fromBase32(secretBase32) });
}

/** The time step a TOTP code belongs to (within one step of now), or null when it is not a code of this secret now. */
export function totpStep(secretBase32: string, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secretBase32, 'x', 'x').validate({ token: code, timestamp: nowMs, window: WINDOW });
  return delta === null ? null : Math.floor(nowMs / 1000 / PERIOD) + delta;
}

async function openSecret(ctx: AppContext, sealed: string): Promise<string> {
  const plain = (await ctx.secrets.box()).open(sealed);
  if (!plain) throw new HttpError('internal', 'The two-factor secret cannot be read with this server key (SECRET_KEY changed?).');
  return plain;
}

/** Whether the owner's policy requires two-factor sign-in for a role. */
export async function mfaRequiredFor(ctx: AppContext, role: string): Promise<boolean> {
  const policy = await mfaPolicy(ctx.knex);
  return policy.enforced && policy.roles.includes(role);
}

/**
 * After a right password: the challenge this account must pass, or null when
 * it signs in with its password alone.
 */
export async function secondStepFor(ctx: AppContext, user: { id: string; role: string }, client: 'web' | 'desktop', meta: { ip: string | null; userAgent: string | null }): Promise<MfaChallengeResponse | null> {
  const totp = await totpOf(ctx.knex, user.id);
  const purpose = totp?.enabled_at ? 'verify' : (await mfaRequiredFor(ctx, user.role)) ? 'enroll' : null;
  if (!purpose) return null;
  const token = randomBytes(32).toString('base64url');
  const nowMs = ctx.now();
  await insertChallenge(ctx.knex, {
    token_hash: sha256(token),
    user_id: user.id,
    purpose,
    client,
    ip: meta.ip?.slice(0, 100) ?? null,
    user_agent: meta.userAgent?.slice(0, 500) ?? null,
    created_at: new Date(nowMs),
    expires_at: new Date(nowMs + CHALLENGE_TTL_SECONDS * 1000),
  });
  return { ...(purpose === 'verify' ? { mfa_required: true as const } : { mfa_setup_required: true as const }), mfa_token: token, expires_in: CHALLENGE_TTL_SECONDS };
}

/** The live challenge of a token, or a 401 (unknown, spent, expired, too many wrong codes). */
async function liveChallenge(ctx: AppContext, token: string, purpose: ChallengeRow['purpose']): Promise<ChallengeRow> {
  const row = await ctx.knex.transaction((trx) => lockChallenge(trx, sha256(token)));
  if (!row || row.purpose !== purpose || row.used_at || new Date(row.expires_at).getTime() <= ctx.now() || row.attempts >= CHALLENGE_MAX_ATTEMPTS) throw fail.unauthorized(MFA_TEXT.challengeExpired);
  return row;
}

/** Counts a code against the limits before it is checked (429 when over). */
async function countCode(ctx: AppContext, ip: string | null, email: string, userId: string): Promise<void> {
  await ctx.signIn.limiter.attempt(ip ?? 'unknown', email);
  await ctx.limits.limiter('mfa_code_account', { points: 10, durationSec: 900 }).consume(userId);
}

/** A checked code's outcome for an account with TOTP on: spent (TOTP step or recovery code) or wrong. */
async function spendCode(ctx: AppContext, userId: string, code: string): Promise<'totp' | 'recovery' | null> {
  const totp = await totpOf(ctx.knex, userId);
  if (!totp?.enabled_at) return null;
  const digits = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(digits)) {
    const step = totpStep(await openSecret(ctx, totp.secret_enc), digits, ctx.now());
    return step !== null && (await spendTotpStep(ctx.knex, userId, step)) ? 'totp' : null;
  }
  return (await spendRecoveryCode(ctx.knex, userId, hashRecoveryCode(code), new Date(ctx.now()))) ? 'recovery' : null;
}

/**
 * The second step of a sign-in: a TOTP code or a recovery code for the
 * challenge's account. Answers the account (and the client the sign-in is
 * for) so the route starts the session as a password sign-in would.
 */
export async function verifySecondStep(ctx: AppContext, input: { mfa_token: string; code: string }, ip: string | null): Promise<{ user: SessionUser; client: 'web' | 'desktop'; userAgent: string | null; method: 'totp' | 'recovery' }> {
  const challenge = await liveChallenge(ctx, input.mfa_token, 'verify');
  const account = await findProfile(ctx.knex, challenge.user_id);
  if (!account || !account.is_active || !isRole(account.role)) throw fail.unauthorized(MFA_TEXT.challengeExpired);
  await countCode(ctx, ip, account.email, account.id);
  const method = await spendCode(ctx, account.id, input.code);
  if (!method) {
    await countChallengeAttempt(ctx.knex, challenge.token_hash);
    await ctx.signIn.limiter.failed(ip ?? 'unknown', account.email);
    await recordFailedSignIn(ctx.knex, { email: account.email, userId: account.id, ip, reason: 'wrong_code', client: challenge.client, nowMs: ctx.now(), windowMs: ctx.config.SIGNIN_WINDOW_SECONDS * 1000 });
    throw fail.badRequest(MFA_TEXT.codeWrong, [{ path: 'code', message: MFA_TEXT.codeWrong }]);
  }
  await spendChallenge(ctx.knex, challenge.token_hash, new Date(ctx.now()));
  await ctx.signIn.limiter.succeeded(ip ?? 'unknown', account.email);
  return { user: { id: account.id, email: account.email, role: account.role }, client: challenge.client, userAgent: challenge.user_agent, method };
}

/** Who is setting TOTP up: a signed-in account, or a sign-in that must enrol first (its token). */
export type Enroller = { kind: 'user'; id: string } | { kind: 'challenge'; token: string };

async function enrollingAccount(ctx: AppContext, who: Enroller): Promise<{ id: string; email: string; role: Role; client: 'web' | 'desktop'; userAgent: string | null; challenge: ChallengeRow | null }> {
  const challenge = who.kind === 'challenge' ? await liveChallenge(ctx, who.token, 'enroll') : null;
  const account = await findProfile(ctx.knex, challenge?.user_id ?? (who.kind === 'user' ? who.id : ''));
  if (!account || !account.is_active || !isRole(account.role)) throw fail.unauthorized(challenge ? MFA_TEXT.challengeExpired : 'Please sign in to continue.');
  return { id: account.id, email: account.email, role: account.role, client: challenge?.client ?? 'web', userAgent: challenge?.user_agent ?? null, challenge };
}

/** Starts (or restarts) setting TOTP up: a new secret, shown once as text and as an otpauth:// address for a QR code. */
export async function setupTotp(ctx: AppContext, who: Enroller): Promise<MfaSetupResponse> {
  const account = await enrollingAccount(ctx, who);
  const existing = await totpOf(ctx.knex, account.id);
  if (existing?.enabled_at) throw fail.conflict(MFA_TEXT.alreadyEnabled);
  const secret = new Secret({ size: 20 }).base32;
  await putPendingTotp(ctx.knex, account.id, (await ctx.secrets.box()).seal(secret), new Date(ctx.now()));
  const station = await cachedStationInfo(ctx).catch(() => null);
  return { secret, otpauth_url: totpFor(secret, account.email, station?.name || 'Airdeck').toString() };
}

/**
 * Turns TOTP on with a first right code; answers the recovery codes (shown
 * once). For a sign-in that had to enrol, the caller then starts its session.
 */
export async function enableTotpWithCode(ctx: AppContext, who: Enroller, code: string, ip: string | null): Promise<{ recoveryCodes: string[]; user: SessionUser; client: 'web' | 'desktop'; userAgent: string | null; viaChallenge: boolean }> {
  const account = await enrollingAccount(ctx, who);
  await countCode(ctx, ip, account.email, account.id);
  const pending = await totpOf(ctx.knex, account.id);
  if (pending?.enabled_at) throw fail.conflict(MFA_TEXT.alreadyEnabled);
  if (!pending) throw fail.badRequest(MFA_TEXT.notSetUp);
  const step = totpStep(await openSecret(ctx, pending.secret_enc), code.replace(/\s/g, ''), ctx.now());
  if (step === null) {
    if (account.challenge) await countChallengeAttempt(ctx.knex, account.challenge.token_hash);
    await ctx.signIn.limiter.failed(ip ?? 'unknown', account.email);
    throw fail.badRequest(MFA_TEXT.codeWrong, [{ path: 'code', message: MFA_TEXT.codeWrong }]);
  }
  const codes = newRecoveryCodes();
  const nowMs = ctx.now();
  await ctx.knex.transaction(async (trx) => {
    await enableTotp(trx, account.id, step, new Date(nowMs));
    await replaceRecoveryCodes(trx, account.id, codes.map(hashRecoveryCode), new Date(nowMs));
    if (account.challenge) await spendChallenge(trx, account.challenge.token_hash, new Date(nowMs));
    await recordAction(trx, { actor: { id: account.id, email: account.email }, action: 'update', resourceType: 'profile', resourceId: account.id, resourceName: account.email, details: { two_factor: 'enabled' }, ip });
  });
  return { recoveryCodes: codes, user: { id: account.id, email: account.email, role: account.role }, client: account.client, userAgent: account.userAgent, viaChallenge: !!account.challenge };
}

async function checkOwnPassword(ctx: AppContext, userId: string, password: string): Promise<void> {
  await ctx.limits.limiter('password_change', { points: 10, durationSec: 900 }).consume(userId);
  const stored = await passwordHashOf(ctx.knex, userId);
  if (!stored) throw fail.unauthorized('Please sign in to continue.');
  if (!(await verifyPassword(stored, password))) throw fail.badRequest(MFA_TEXT.passwordWrong, [{ path: 'password', message: MFA_TEXT.passwordWrong }]);
}

/** Turns TOTP off (the password again); refused while the owner's policy requires it for the account's role. */
export async function disableTotp(ctx: AppContext, actor: { id: string; email: string; role: Role }, password: string, ip: string | null): Promise<void> {
  await checkOwnPassword(ctx, actor.id, password);
  if (await mfaRequiredFor(ctx, actor.role)) throw fail.forbidden(MFA_TEXT.requiredForRole);
  await ctx.knex.transaction(async (trx) => {
    await deleteTotp(trx, actor.id);
    await recordAction(trx, { actor, action: 'update', resourceType: 'profile', resourceId: actor.id, resourceName: actor.email, details: { two_factor: 'disabled' }, ip });
  });
}

/** New recovery codes (the old ones stop working); the password again. */
export async function regenerateRecoveryCodes(ctx: AppContext, actor: { id: string; email: string }, password: string, ip: string | null): Promise<string[]> {
  await checkOwnPassword(ctx, actor.id, password);
  const totp = await totpOf(ctx.knex, actor.id);
  if (!totp?.enabled_at) throw fail.badRequest(MFA_TEXT.notSetUp);
  const codes = newRecoveryCodes();
  await ctx.knex.transaction(async (trx) => {
    await replaceRecoveryCodes(trx, actor.id, codes.map(hashRecoveryCode), new Date(ctx.now()));
    await recordAction(trx, { actor, action: 'update', resourceType: 'profile', resourceId: actor.id, resourceName: actor.email, details: { recovery_codes: 'replaced' }, ip });
  });
  return codes;
}

/** My Profile's view of the account's two-factor state. */
export async function mfaStatus(ctx: AppContext, actor: { id: string; role: Role }): Promise<MfaStatusResponse> {
  const totp = await totpOf(ctx.knex, actor.id);
  const enabled = !!totp?.enabled_at;
  return { enabled, recovery_codes_left: enabled ? await recoveryCodesLeft(ctx.knex, actor.id) : 0, required: await mfaRequiredFor(ctx, actor.role) };
}

/** The owner's policy. */
export async function getMfaPolicy(ctx: AppContext): Promise<MfaPolicyResponse> {
  const policy = await mfaPolicy(ctx.knex);
  return { enforced: policy.enforced, roles: ROLES.filter((r) => policy.roles.includes(r)) };
}

/** Saves the owner's policy. An owner without TOTP cannot require it of owners (they would lock themselves into enrolling). */
export async function putMfaPolicy(ctx: AppContext, actor: { id: string; email: string }, policy: MfaPolicyResponse, ip: string | null): Promise<MfaPolicyResponse> {
  const roles = ROLES.filter((r) => policy.roles.includes(r));
  if (policy.enforced && roles.includes('owner') && !(await totpOf(ctx.knex, actor.id))?.enabled_at) throw fail.badRequest(MFA_TEXT.ownerNeedsTotp);
  await ctx.knex.transaction(async (trx) => {
    await saveMfaPolicy(trx, { enforced: policy.enforced, roles }, actor.id, new Date(ctx.now()));
    await recordAction(trx, { actor, action: 'update', resourceType: 'settings', resourceId: 'mfa_policy', resourceName: 'Two-factor sign-in', details: { enforced: policy.enforced, roles }, ip });
  });
  return { enforced: policy.enforced, roles };
}

