import type { Knex } from 'knex';

/** Who did it: the signed-in staff member of the request. */
export interface AuditActor {
  id: string;
  email: string;
}

/** One entry of the audit trail (user_action_logs). */
export interface AuditEntry {
  action: 'create' | 'update' | 'delete';
  resourceType: string;
  resourceId?: string | number | null;
  resourceName?: string | null;
  details?: Record<string, unknown> | null;
}

/**
 * Writes a staff action to user_action_logs, inside the caller's transaction
 * so the write and its record land together. Never pass secrets in details.
 */
export async function logAction(db: Knex | Knex.Transaction, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db('user_action_logs').insert({
    user_id: actor.id,
    user_email: actor.email,
    action_type: entry.action,
    resource_type: entry.resourceType,
    resource_id: entry.resourceId === undefined || entry.resourceId === null ? null : String(entry.resourceId),
    resource_name: entry.resourceName ?? null,
    details: entry.details ? JSON.stringify(entry.details) : null,
  });
}
