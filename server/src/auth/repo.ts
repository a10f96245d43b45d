import type { JWK } from 'jose';
import type { Knex } from 'knex';
import { joinableAccounts } from '../users/repo';

/**
 * The auth domain's tables: `auth_sessions` (one per sign-in), `refresh_tokens`
 * (only their hashes, chained by rotation), `signing_keys` (the JWT key pairs
 * every instance shares) and `auth_rate_limits` (the sign-in counters, kept
 * by rate-limiter-flexible, which is handed {@link RATE_LIMIT_TABLE}). Other
 * domains call sessions.ts and the auth service, never these tables.
 *
 * The refresh rotation and the live-session check (every request makes it)
 * read the account's role, email and active flag in the same query: they join
 * the users domain's piece, {@link joinableAccounts}, one round trip.
 */

type Db = Knex | Knex.Transaction;

/** The table the sign-in limiter's PostgreSQL store keeps its counters in (migration 030). */
export const RATE_LIMIT_TABLE = 'auth_rate_limits';

// ------------------------------------------------------------------ sessions

/** Creates a session; answers its id. */
export async function insertSession(
  db: Db,
  row: { userId: string; client: 'web' | 'desktop'; ip: string | null; userAgent: string | null; at: Date; expiresAt: Date },
): Promise<string> {
  const [session] = await db('auth_sessions')
    .insert({ user_id: row.userId, client: row.client, ip: row.ip, user_agent: row.userAgent, created_at: row.at, last_used_at: row.at, expires_at: row.expiresAt })
    .returning<{ id: string }[]>('id');
  return session!.id;
}

/** Stores a refresh token's hash in a session; a child already stored (a racing rotation) is left as it is. */
export async function insertRefreshToken(db: Db, row: { sessionId: string; tokenHash: string; parentId?: number; at: Date }): Promise<void> {
  const q = db('refresh_tokens').insert({ session_id: row.sessionId, token_hash: row.tokenHash, ...(row.parentId !== undefined ? { parent_id: row.parentId } : {}), created_at: row.at });
  if (row.parentId !== undefined) await q.onConflict('token_hash').ignore();
  else await q;
}

/** A presented refresh token with its session and account, as rotation reads it. */
export interface RefreshTokenRow {
  token_id: number;
  used_at: Date | null;
  session_id: string;
  revoked_at: Date | null;
  expires_at: Date;
  user_id: string;
  email: string;
  role: string;
  is_active: boolean;
}

/** The refresh token with this hash, its session and account, locked for the transaction (racing rotations wait). */
export async function lockRefreshToken(trx: Knex.Transaction, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  return trx('refresh_tokens as t')
    .join('auth_sessions as s', 's.id', 't.session_id')
    .join(joinableAccounts(trx).as('p'), 'p.id', 's.user_id')
    .where('t.token_hash', tokenHash)
    .forUpdate('t')
    .first<RefreshTokenRow | undefined>('t.id as token_id', 't.used_at', 's.id as session_id', 's.revoked_at', 's.expires_at', 'p.id as user_id', 'p.email', 'p.role', 'p.is_active');
}

/** Marks a refresh token spent. */
export async function markRefreshTokenUsed(db: Db, tokenId: number, at: Date): Promise<void> {
  await db('refresh_tokens').where({ id: tokenId }).update({ used_at: at });
}

/** Records a session's use and its new expiry. */
export async function touchSession(db: Db, sessionId: string, at: Date, expiresAt: Date): Promise<void> {
  await db('auth_sessions').where({ id: sessionId }).update({ last_used_at: at, expires_at: expiresAt });
}

/** The session a refresh token hash belongs to, whatever its state. */
export async function sessionOfTokenHash(db: Db, tokenHash: string): Promise<{ session_id: string; user_id: string } | undefined> {
  return db('refresh_tokens as t')
    .join('auth_sessions as s', 's.id', 't.session_id')
    .where('t.token_hash', tokenHash)
    .first<{ session_id: string; user_id: string } | undefined>('s.id as session_id', 's.user_id');
}

/** Ends a session; with `onlyLive`, only one not already ended. Answers how many rows changed. */
export async function endSession(db: Db, sessionId: string, reason: string, at: Date, onlyLive = true): Promise<number> {
  const q = db('auth_sessions').where({ id: sessionId });
  if (onlyLive) q.whereNull('revoked_at');
  return q.update({ revoked_at: at, revoked_reason: reason });
}

/** Ends every live session of an account, optionally keeping one; answers how many ended. */
export async function endUserSessions(db: Db, userId: string, reason: string, at: Date, exceptSessionId?: string): Promise<number> {
  const q = db('auth_sessions').where({ user_id: userId }).whereNull('revoked_at');
  if (exceptSessionId) q.whereNot({ id: exceptSessionId });
  return q.update({ revoked_at: at, revoked_reason: reason });
}

/** The role and email of the active account behind a live session `sessionId` of `userId`, or undefined. */
export async function liveSessionAccount(db: Db, sessionId: string, userId: string): Promise<{ role: string; email: string } | undefined> {
  return db('auth_sessions as s')
    .join(joinableAccounts(db).as('p'), 'p.id', 's.user_id')
    .where('s.id', sessionId)
    .andWhere('s.user_id', userId)
    .whereNull('s.revoked_at')
    .andWhere('p.is_active', true)
    .first<{ role: string; email: string } | undefined>('p.role', 'p.email');
}

/** Removes sessions that expired or ended before `cutoff` (their refresh tokens cascade); answers how many. */
export async function deleteSessionsEndedBefore(db: Db, cutoff: Date): Promise<number> {
  // returning() rather than the bare count: knex-pglite answers delete() with a result object, not a number.
  const rows = await db('auth_sessions').where('expires_at', '<', cutoff).orWhere('revoked_at', '<', cutoff).delete().returning<{ id: string }[]>('id');
  return rows.length;
}

// -------------------------------------------------------------- signing keys

/** A stored signing key pair. */
export interface SigningKeyRow {
  kid: string;
  public_jwk: JWK;
  private_jwk: JWK;
}

/** The signing keys in use, newest first. */
export async function currentSigningKeys(db: Db): Promise<SigningKeyRow[]> {
  return db('signing_keys').whereNull('retired_at').orderBy('created_at', 'desc').select<SigningKeyRow[]>('kid', 'public_jwk', 'private_jwk');
}

/**
 * Stores a first key pair unless one exists. Two instances starting together
 * take a transaction-scoped advisory lock, so there is one key.
 */
export async function insertFirstSigningKey(knex: Knex, row: { kid: string; alg: string; publicJwk: JWK; privateJwk: JWK }): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(428101)');
    const existing = await trx('signing_keys').whereNull('retired_at').first('kid');
    if (!existing) await trx('signing_keys').insert({ kid: row.kid, alg: row.alg, public_jwk: JSON.stringify(row.publicJwk), private_jwk: JSON.stringify(row.privateJwk) });
  });
}

// ---------------------------------------------------- two-factor (issue 37)

/** An account's TOTP row: the sealed secret, when it was enabled (null while being set up), the last time step used. */
export interface TotpRow {
  user_id: string;
  secret_enc: string;
  enabled_at: Date | null;
  last_step: string | number;
}

/** The account's TOTP row, if any; `lock` takes it for the transaction (a code is spent once). */
export async function totpOf(db: Db, userId: string, lock = false): Promise<TotpRow | undefined> {
  const q = db('mfa_totp').where({ user_id: userId }).first<TotpRow | undefined>('user_id', 'secret_enc', 'enabled_at', 'last_step');
  if (lock) q.forUpdate();
  return q;
}

/** Stores a new, not yet enabled secret (replacing one not yet enabled). */
export async function putPendingTotp(db: Db, userId: string, secretEnc: string, at: Date): Promise<void> {
  await db('mfa_totp').insert({ user_id: userId, secret_enc: secretEnc, enabled_at: null, last_step: 0, created_at: at }).onConflict('user_id').merge(['secret_enc', 'enabled_at', 'last_step', 'created_at']);
}

/** Marks the secret enabled and records the step its first code used. */
export async function enableTotp(db: Db, userId: string, step: number, at: Date): Promise<void> {
  await db('mfa_totp').where({ user_id: userId }).update({ enabled_at: at, last_step: step });
}

/** Spends a time step: answers false when that step (or a later one) was already used. */
export async function spendTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const rows = await db('mfa_totp').where({ user_id: userId }).andWhere('last_step', '<', step).update({ last_step: step }).returning<{ user_id: string }[]>('user_id');
  return rows.length > 0;
}

/** Removes the account's TOTP and its recovery codes. */
export async function deleteTotp(db: Db, userId: string): Promise<void> {
  await db('mfa_recovery_codes').where({ user_id: userId }).delete();
  await db('mfa_totp').where({ user_id: userId }).delete();
}

/** Replaces the account's recovery codes with these hashes. */
export async function replaceRecoveryCodes(db: Db, userId: string, hashes: string[], at: Date): Promise<void> {
  await db('mfa_recovery_codes').where({ user_id: userId }).delete();
  if (hashes.length) await db('mfa_recovery_codes').insert(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: at })));
}

/** Spends one unused recovery code of the account with this hash; answers whether one was spent. */
export async function spendRecoveryCode(db: Db, userId: string, hash: string, at: Date): Promise<boolean> {
  const rows = await db('mfa_recovery_codes').where({ user_id: userId, code_hash: hash }).whereNull('used_at').update({ used_at: at }).returning<{ id: number }[]>('id');
  return rows.length > 0;
}

/** How many unused recovery codes the account has. */
export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const row = await db('mfa_recovery_codes').where({ user_id: userId }).whereNull('used_at').count<{ n: string | number }[]>('id as n');
  return Number(row[0]?.n ?? 0);
}

/** A second-step challenge: whose, why, for which client, how many wrong codes so far. */
export interface ChallengeRow {
  token_hash: string;
  user_id: string;
  purpose: 'verify' | 'enroll';
  client: 'web' | 'desktop';
  ip: string | null;
  user_agent: string | null;
  attempts: number;
  expires_at: Date;
  used_at: Date | null;
}

/** Stores a challenge (and drops the long-expired ones). */
export async function insertChallenge(db: Db, row: Omit<ChallengeRow, 'attempts' | 'used_at'> & { created_at: Date }): Promise<void> {
  await db('mfa_challenges').where('expires_at', '<', new Date(row.created_at.getTime() - 86_400_000)).delete();
  await db('mfa_challenges').insert(row);
}

/** The challenge with this hash, locked for the transaction. */
export async function lockChallenge(trx: Knex.Transaction, tokenHash: string): Promise<ChallengeRow | undefined> {
  return trx('mfa_challenges').where({ token_hash: tokenHash }).forUpdate().first<ChallengeRow | undefined>('token_hash', 'user_id', 'purpose', 'client', 'ip', 'user_agent', 'attempts', 'expires_at', 'used_at');
}

/** Counts a wrong code against a challenge. */
export async function countChallengeAttempt(db: Db, tokenHash: string): Promise<void> {
  await db('mfa_challenges').where({ token_hash: tokenHash }).increment('attempts', 1);
}

/** Spends a challenge. */
export async function spendChallenge(db: Db, tokenHash: string, at: Date): Promise<void> {
  await db('mfa_challenges').where({ token_hash: tokenHash }).update({ used_at: at });
}

/** The owner's two-factor policy: whether it is enforced and for which roles. */
export async function mfaPolicy(db: Db): Promise<{ enforced: boolean; roles: string[] }> {
  const row = await db('mfa_policy').where({ id: 1 }).first<{ enforced: boolean; roles: string[] } | undefined>('enforced', 'roles');
  return row ?? { enforced: false, roles: ['owner', 'manager', 'admin'] };
}

/** Saves the two-factor policy. */
export async function saveMfaPolicy(db: Db, policy: { enforced: boolean; roles: string[] }, by: string, at: Date): Promise<void> {
  await db('mfa_policy').where({ id: 1 }).update({ enforced: policy.enforced, roles: policy.roles, updated_by: by, updated_at: at });
}

// ------------------------------------------------ password reset (issue 37)

/** Stores a reset link's hash (an account's earlier unused links stop working). */
export async function insertResetToken(db: Db, row: { tokenHash: string; userId: string; at: Date; expiresAt: Date }): Promise<void> {
  await db('password_reset_tokens').where({ user_id: row.userId }).whereNull('used_at').update({ used_at: row.at });
  await db('password_reset_tokens').insert({ token_hash: row.tokenHash, user_id: row.userId, created_at: row.at, expires_at: row.expiresAt });
}

/** Spends a reset token that is unused and unexpired; answers its account or undefined. */
export async function spendResetToken(db: Db, tokenHash: string, at: Date): Promise<string | undefined> {
  const rows = await db('password_reset_tokens').where({ token_hash: tokenHash }).whereNull('used_at').andWhere('expires_at', '>', at).update({ used_at: at }).returning<{ user_id: string }[]>('user_id');
  return rows[0]?.user_id;
}

// ---------------------------------------------------- own sessions (issue 37)

/** A live session as My Profile lists it. */
export interface LiveSessionRow {
  id: string;
  client: 'web' | 'desktop';
  user_agent: string | null;
  ip: string | null;
  created_at: Date;
  last_used_at: Date;
}

/** The account's live sessions (not ended, not expired), most recently used first. */
export async function liveSessionsOf(db: Db, userId: string, now: Date): Promise<LiveSessionRow[]> {
  return db('auth_sessions').where({ user_id: userId }).whereNull('revoked_at').andWhere('expires_at', '>', now).orderBy('last_used_at', 'desc').select<LiveSessionRow[]>('id', 'client', 'user_agent', 'ip', 'created_at', 'last_used_at');
}

/** Ends one live session of this account; answers whether it was one. */
export async function endOwnSession(db: Db, userId: string, sessionId: string, at: Date): Promise<boolean> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sessionId)) return false;
  const rows = await db('auth_sessions').where({ id: sessionId, user_id: userId }).whereNull('revoked_at').update({ revoked_at: at, revoked_reason: 'sign_out' }).returning<{ id: string }[]>('id');
  return rows.length > 0;
}

/** Spent or expired sign-in challenges and reset links, and sign-in counters whose window ended, older than `cutoff`. Answers how many. */
export async function deleteAuthLeftoversBefore(db: Db, cutoff: Date, nowMs: number): Promise<{ mfa_challenges: number; password_reset_tokens: number; auth_rate_limits: number }> {
  const challenges = await db('mfa_challenges').where('expires_at', '<', cutoff).delete().returning<{ token_hash: string }[]>('token_hash');
  const resets = await db('password_reset_tokens').where('expires_at', '<', cutoff).delete().returning<{ token_hash: string }[]>('token_hash');
  const limits = await db(RATE_LIMIT_TABLE).where('expire', '<', nowMs).delete().returning<{ key: string }[]>('key');
  return { mfa_challenges: challenges.length, password_reset_tokens: resets.length, auth_rate_limits: limits.length };
}
