import type { Knex } from 'knex';
import { insertActionLog, lockLatestFailedSignIn, setActionLogDetails } from '../logs/repo';

/** The action types user_action_logs accepts. */
export type AuditAction = 'create' | 'update' | 'delete' | 'login' | 'logout' | 'login_failed' | 'export' | 'other';

/** The signed-in staff member behind a write. */
export interface AuditActor {
  id: string;
  email: string;
}

/** One audit entry: who did what to which resource. */
export interface AuditEntry {
  actor: { id: string | null; email: string | null } | null;
  action: AuditAction;
  resourceType: string;
  resourceId?: string | number | null;
  resourceName?: string | null;
  details?: Record<string, unknown> | null;
  ip?: string | null;
}

/**
 * Writes one row of the audit trail (logs/repo.ts): the one audit helper
 * of the product. Every sign-in and every staff write calls it, inside the
 * write's transaction when there is one, so the log and the change commit
 * together. Never pass secrets in details.
 */
export async function recordAction(db: Knex | Knex.Transaction, e: AuditEntry): Promise<void> {
  await insertActionLog(db, {
    user_id: e.actor?.id ?? null,
    user_email: e.actor?.email?.slice(0, 320) ?? null,
    action_type: e.action,
    resource_type: e.resourceType,
    resource_id: e.resourceId === undefined || e.resourceId === null ? null : String(e.resourceId),
    resource_name: e.resourceName?.slice(0, 300) ?? null,
    details: e.details ? JSON.stringify(e.details) : null,
    ip: e.ip?.slice(0, 100) ?? null,
  });
}

/**
 * Records a failed sign-in, aggregated: one row per (email, address) per
 * window, whose details count the attempts (`attempts`, `first_at`,
 * `last_at`, the last `reason`). A flood of wrong passwords becomes a handful
 * of rows instead of thousands, and never a row per guess.
 */
export async function recordFailedSignIn(db: Knex, e: { email: string; userId: string | null; ip: string | null; reason: string; client: string; nowMs: number; windowMs: number }): Promise<void> {
  const email = e.email.slice(0, 320);
  const ip = e.ip?.slice(0, 100) ?? null;
  const now = new Date(e.nowMs).toISOString();
  await db.transaction(async (trx) => {
    const row = await lockLatestFailedSignIn(trx, { email: email.slice(0, 300), ip, since: new Date(e.nowMs - e.windowMs) });
    if (row) {
      const raw = typeof row.details === 'string' ? (JSON.parse(row.details) as Record<string, unknown>) : ((row.details ?? {}) as Record<string, unknown>);
      const attempts = (typeof raw.attempts === 'number' ? raw.attempts : 1) + 1;
      await setActionLogDetails(trx, row.id, JSON.stringify({ ...raw, reason: e.reason, client: e.client, attempts, last_at: now }));
      return;
    }
    await recordAction(trx, { actor: { id: e.userId, email }, action: 'login_failed', resourceType: 'session', resourceName: email, details: { reason: e.reason, client: e.client, attempts: 1, first_at: now, last_at: now }, ip });
  });
}
