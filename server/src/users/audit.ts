import type { Knex } from 'knex';

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
 * Writes one row of the audit trail (user_action_logs): the one audit helper
 * of the product. Every sign-in and every staff write calls it, inside the
 * write's transaction when there is one, so the log and the change commit
 * together. Never pass secrets in details.
 */
export async function recordAction(db: Knex | Knex.Transaction, e: AuditEntry): Promise<void> {
  await db('user_action_logs').insert({
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
