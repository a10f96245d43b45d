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
