import type { Knex } from 'knex';

/**
 * Notification SQL that other domains' statements embed (the song request's
 * one statement, requests/repo.ts): the notification row's INSERT as a
 * data-modifying CTE fed by the caller's inserted row, and the audience's
 * version, which triggers (migration 096) move whenever a staff account
 * (created, deleted, new role, (de)activated) or anyone's notification
 * preferences change. The version read in the same statement as the insert
 * tells whether the recipients resolved earlier still hold.
 */

/** A scalar subquery: the notification audience's version (text). */
export const AUDIENCE_VERSION_SQL = 'SELECT version::text FROM notification_audience WHERE id = 1';

/** The stored values of one notification (already checked and trimmed by notify.ts). */
export interface NotificationValues {
  id: string;
  title: string;
  message: string;
  type: string;
  priority: string;
  related_id: string | null;
  related_type: string | null;
  target_roles: readonly string[];
  target_user_ids: readonly string[];
  created_by: string | null;
}

/**
 * `INSERT INTO admin_notifications … SELECT … FROM <source>`: one notification per row of the CTE `source`
 * (none when the caller's insert did nothing), returning its id and its time (the real time, not the statement's
 * start, so notifications keep their order).
 */
export function notificationInsertCte(v: NotificationValues, source: string): { sql: string; bindings: unknown[] } {
  if (!/^[a-z_]+$/.test(source)) throw new Error('bad CTE name');
  return {
    sql: `INSERT INTO admin_notifications (id, title, message, type, priority, related_id, related_type, target_roles, target_user_ids, created_by, created_at)
      SELECT ?::uuid, ?::text, ?::text, ?::text, ?::text, ?::text, ?::text, ?::text[], ?::uuid[], ?::uuid, clock_timestamp() FROM ${source}
      RETURNING id, created_at`,
    bindings: [v.id, v.title, v.message, v.type, v.priority, v.related_id, v.related_type, pgArray(v.target_roles), pgArray(v.target_user_ids), v.created_by],
  };
}

/** The notification audience's version now. */
export async function audienceVersion(db: Knex | Knex.Transaction): Promise<string | null> {
  const row = await db('notification_audience').where({ id: 1 }).first<{ version: string | number } | undefined>('version');
  return row ? String(row.version) : null;
}

/** A PostgreSQL array literal (roles and uuids: no quoting needed, but quoted anyway). */
function pgArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}
