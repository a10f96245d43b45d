import type { Knex } from 'knex';

/** The actor of a staff write, as the audit trail records it. */
export interface AuditActor {
  id: string;
  email: string;
}

/**
 * Writes one row of the audit trail (user_action_logs) for a schedule write,
 * inside the caller's transaction so a failed write leaves no log behind.
 * Local to the schedule domain until a shared audit helper lands.
 */
export async function logScheduleAction(
  db: Knex | Knex.Transaction,
  actor: AuditActor,
  entry: { action: 'create' | 'update' | 'delete'; resourceId: string | null; resourceName: string; details?: Record<string, unknown> },
): Promise<void> {
  await db('user_action_logs').insert({
    user_id: actor.id,
    user_email: actor.email,
    action_type: entry.action,
    resource_type: 'schedule_event',
    resource_id: entry.resourceId,
    resource_name: entry.resourceName.slice(0, 200),
    details: entry.details ? JSON.stringify(entry.details) : null,
  });
}
