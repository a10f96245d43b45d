import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { isRole, type Role } from '../../../shared/permissions';
import { endSession, endUserSessions, insertRefreshToken, insertSession, liveSessionAccount, lockRefreshToken, markRefreshTokenUsed, sessionOfTokenHash, touchSession } from './repo';

/** Why a session ended (the values auth_sessions.revoked_reason accepts). */
export type RevokeReason = 'sign_out' | 'reuse_detected' | 'deactivated' | 'password_changed' | 'deleted' | 'expired' | 'admin';

/** The account a session belongs to, as tokens need it. */
export interface SessionUser {
  id: string;
  email: string;
  role: Role;
}

/** A new refresh token for a session. */
export interface IssuedRefresh {
  sessionId: string;
  refreshToken: string;
  /** When the session ends unless refreshed again (epoch ms). */
  expiresAt: number;
}

/** Why a refresh token was refused. */
export type RefreshFailure = 'not_found' | 'revoked' | 'expired' | 'reused' | 'inactive';

/** Opaque refresh tokens: 256 random bits; only their SHA-256 is stored. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The one token that replaces `parent` on rotation: an HMAC under a server-only key (unguessable without it). */
export function childRefreshToken(secret: Buffer, parent: string): string {
  return createHmac('sha256', secret).update(parent, 'utf8').digest('base64url');
}

/** The stored form of a refresh token. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Starts a session for a signed-in account, with its first refresh token. */
export async function startSession(
  db: Knex | Knex.Transaction,
  input: { userId: string; client: 'web' | 'desktop'; ip: string | null; userAgent: string | null; nowMs: number; ttlMs: number },
): Promise<IssuedRefresh> {
  const expiresAt = input.nowMs + input.ttlMs;
  const at = new Date(input.nowMs);
  const sessionId = await insertSession(db, { userId: input.userId, client: input.client, ip: input.ip?.slice(0, 100) ?? null, userAgent: input.userAgent?.slice(0, 500) ?? null, at, expiresAt: new Date(expiresAt) });
  const refreshToken = newRefreshToken();
  await insertRefreshToken(db, { sessionId, tokenHash: hashRefreshToken(refreshToken), at });
  return { sessionId, refreshToken, expiresAt };
}

/**
 * Rotates a refresh token: the presented one is spent and a new one issued in
 * the same session. Presenting a spent token again revokes the whole session
 * (someone else has a copy), except within `graceMs` of its first use: two
 * tabs or a client that lost the reply may race with the same token without
 * signing each other out. The child token is derived from the parent with a
 * server-only key, so every refresh of one parent within the grace gets the
 * SAME child back: concurrent refreshes leave exactly one live token.
 */
export async function rotateRefreshToken(
  knex: Knex,
  presented: string,
  opts: { nowMs: number; graceMs: number; ttlMs: number; rotationSecret: Buffer },
): Promise<{ ok: true; issued: IssuedRefresh; user: SessionUser } | { ok: false; reason: RefreshFailure; sessionId?: string; userId?: string }> {
  const now = new Date(opts.nowMs);
  return knex.transaction(async (trx) => {
    const row = await lockRefreshToken(trx, hashRefreshToken(presented));
    if (!row) return { ok: false, reason: 'not_found' };
    const base = { sessionId: row.session_id, userId: row.user_id };
    // A session ended because the account was deactivated says so (issue 30 item 7: the person was sent to sign-in with no word).
    if (row.revoked_at) return { ok: false, reason: row.is_active ? 'revoked' : 'inactive', ...base };
    if (new Date(row.expires_at).getTime() <= opts.nowMs) {
      await endSession(trx, row.session_id, 'expired', now);
      return { ok: false, reason: 'expired', ...base };
    }
    if (!row.is_active || !isRole(row.role)) {
      await endSession(trx, row.session_id, 'deactivated', now);
      return { ok: false, reason: 'inactive', ...base };
    }
    if (row.used_at) {
      const usedMs = new Date(row.used_at).getTime();
      if (opts.nowMs - usedMs > opts.graceMs) {
        await endSession(trx, row.session_id, 'reuse_detected', now, false);
        return { ok: false, reason: 'reused', ...base };
      }
    } else {
      await markRefreshTokenUsed(trx, row.token_id, now);
    }
    const refreshToken = childRefreshToken(opts.rotationSecret, presented);
    const expiresAt = opts.nowMs + opts.ttlMs;
    // The parent row is locked (FOR UPDATE): a racing refresh waits, then finds the child already stored.
    await insertRefreshToken(trx, { sessionId: row.session_id, tokenHash: hashRefreshToken(refreshToken), parentId: row.token_id, at: now });
    await touchSession(trx, row.session_id, now, new Date(expiresAt));
    return { ok: true, issued: { sessionId: row.session_id, refreshToken, expiresAt }, user: { id: row.user_id, email: row.email, role: row.role } };
  });
}

/** The session a refresh token belongs to (for sign-out), whatever its state. */
export async function sessionOfRefreshToken(db: Knex | Knex.Transaction, token: string): Promise<{ sessionId: string; userId: string } | null> {
  const row = await sessionOfTokenHash(db, hashRefreshToken(token));
  return row ? { sessionId: row.session_id, userId: row.user_id } : null;
}

/** Ends one session; returns whether it was still live. */
export async function revokeSession(db: Knex | Knex.Transaction, sessionId: string, reason: RevokeReason, nowMs: number): Promise<boolean> {
  return (await endSession(db, sessionId, reason, new Date(nowMs))) > 0;
}

/** Ends every live session of an account (deactivation, new password), optionally keeping one. */
export async function revokeUserSessions(db: Knex | Knex.Transaction, userId: string, reason: RevokeReason, nowMs: number, exceptSessionId?: string): Promise<number> {
  return endUserSessions(db, userId, reason, new Date(nowMs), exceptSessionId);
}

/**
 * The account behind a live session: the session `sid` exists, belongs to
 * `sub`, is not revoked, and the account is active. The role is read fresh,
 * so a demotion applies at once. The one live-session check (HTTP and
 * realtime both call it through `liveIdentity`).
 */
export async function liveSessionUser(db: Knex, sessionId: string, userId: string): Promise<SessionUser | null> {
  const row = await liveSessionAccount(db, sessionId, userId);
  if (!row || !isRole(row.role)) return null;
  return { id: userId, email: row.email, role: row.role };
}
