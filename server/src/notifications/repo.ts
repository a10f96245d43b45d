import type { Knex } from 'knex';
import { HIDDEN_NOTIFICATION_TYPES, NOTIFICATION_TYPES, type NotificationPriority, type NotificationType } from '../../../shared/notifications';
import type { Role } from '../../../shared/permissions';

/**
 * The notifications domain's tables: `admin_notifications` (what was sent, to
 * which roles and users), `user_notification_states` (each user's read and
 * dismissed marks) and `notification_preferences` (each user's types turned
 * off; unset means on). Other domains send through `notify.ts` and read
 * through `service.ts`, never these tables.
 */

type Db = Knex | Knex.Transaction;

/** Who is looking: their id and role decide which notifications they see. */
export interface Viewer {
  id: string;
  role: Role;
}

/** A stored notification as the insert returns it. */
export interface NotificationRow {
  id: string;
  title: string;
  message: string;
  type: NotificationType;
  priority: NotificationPriority;
  related_id: string | null;
  related_type: string | null;
  created_at: Date | string;
  /** The message keys' prefix (`notify.leaveRequested` → `.title`, `.message`) and values; null for a stored English text. */
  text_key: string | null;
  text_values: Record<string, string | number> | string | null;
}

/** A notification with the viewer's own state. */
export interface ViewerNotificationRow extends NotificationRow {
  is_read: boolean | null;
  read_at: Date | string | null;
  dismissed_at: Date | string | null;
}

const NOTIFICATION_COLUMNS = ['id', 'title', 'message', 'type', 'priority', 'related_id', 'related_type', 'created_at', 'text_key', 'text_values'] as const;
const VIEW_COLUMNS = ['n.id', 'n.title', 'n.message', 'n.type', 'n.priority', 'n.related_id', 'n.related_type', 'n.created_at', 'n.text_key', 'n.text_values', 's.is_read', 's.read_at', 's.dismissed_at'] as const;

/** Stores one notification (already validated and aimed). */
export async function insertNotificationRow(
  db: Db,
  row: {
    title: string;
    message: string;
    type: NotificationType;
    priority: NotificationPriority;
    relatedId: string | null;
    relatedType: string | null;
    roles: readonly string[];
    userIds: readonly string[];
    createdBy: string | null;
    textKey?: string | null;
    textValues?: Record<string, string | number> | null;
  },
): Promise<NotificationRow> {
  const [inserted] = await db('admin_notifications')
    .insert({
      title: row.title,
      message: row.message,
      type: row.type,
      priority: row.priority,
      related_id: row.relatedId,
      related_type: row.relatedType,
      target_roles: [...row.roles],
      target_user_ids: [...row.userIds],
      created_by: row.createdBy,
      text_key: row.textKey ?? null,
      text_values: row.textValues ? JSON.stringify(row.textValues) : null,
      // The real time, not the transaction's start: two notifications of one write keep their order.
      created_at: db.raw('clock_timestamp()'),
    })
    .returning<NotificationRow[]>([...NOTIFICATION_COLUMNS]);
  return inserted!;
}

/** SQL for "the viewer's preference for n.type is not off". */
const PREF_CASE = `(CASE n.type ${NOTIFICATION_TYPES.map((t) => `WHEN '${t}' THEN np.${t}`).join(' ')} END) IS NOT FALSE`;

/** The notifications a viewer may see (not dismissed unless asked), with their state columns. */
function visible(db: Db, v: Viewer, opts: { includeDismissed?: boolean; includeHidden?: boolean } = {}) {
  const q = db('admin_notifications as n')
    .leftJoin('user_notification_states as s', (j) => j.on('s.notification_id', 'n.id').andOn('s.user_id', db.raw('?::uuid', [v.id])))
    .leftJoin('notification_preferences as np', 'np.user_id', db.raw('?::uuid', [v.id]))
    .where((w) =>
      w
        .whereRaw('?::text = ANY(n.target_roles)', [v.role])
        .orWhereRaw('?::uuid = ANY(n.target_user_ids)', [v.id])
        .orWhereRaw('(cardinality(n.target_roles) = 0 AND cardinality(n.target_user_ids) = 0)'),
    )
    .whereRaw(PREF_CASE);
  if (!opts.includeDismissed) q.whereNull('s.dismissed_at');
  if (!opts.includeHidden) q.whereNotIn('n.type', [...HIDDEN_NOTIFICATION_TYPES]);
  return q;
}

const unread = (w: Knex.QueryBuilder) => w.whereNull('s.is_read').orWhere('s.is_read', false);

/** The newest notifications in the viewer's list (not dismissed, hidden types left out). */
export async function listVisible(db: Db, v: Viewer, limit: number): Promise<ViewerNotificationRow[]> {
  return (await visible(db, v).orderBy('n.created_at', 'desc').orderBy('n.seq', 'desc').limit(limit).select(...VIEW_COLUMNS)) as ViewerNotificationRow[];
}

/** How many of the viewer's listed notifications are unread. */
export async function countUnread(db: Db, v: Viewer): Promise<number> {
  const [row] = (await visible(db, v).where(unread).count({ n: '*' })) as { n: string | number }[];
  return Number(row?.n ?? 0);
}

/** One notification the viewer may see (dismissed and hidden types included), or undefined. */
export async function findVisible(db: Db, v: Viewer, id: string): Promise<ViewerNotificationRow | undefined> {
  return (await visible(db, v, { includeDismissed: true, includeHidden: true }).where('n.id', id).first(...VIEW_COLUMNS)) as ViewerNotificationRow | undefined;
}

/** The ids of every unread notification the viewer may see (hidden types included, dismissed ones not). */
export async function unreadIds(db: Db, v: Viewer): Promise<string[]> {
  return (await visible(db, v, { includeHidden: true }).where(unread).pluck('n.id')) as string[];
}

/** Marks notifications read for a user, keeping each one's first read time; `dismissed` also dismisses them (keeping the first dismissal). */
export async function markStates(db: Db, userId: string, ids: readonly string[], at: Date, dismissed = false): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    const rows = ids.slice(i, i + 500).map((id) => ({ notification_id: id, user_id: userId, is_read: true, read_at: at, ...(dismissed ? { dismissed_at: at } : {}) }));
    await db('user_notification_states')
      .insert(rows)
      .onConflict(['notification_id', 'user_id'])
      .merge({
        is_read: true,
        read_at: db.raw('COALESCE(user_notification_states.read_at, excluded.read_at)'),
        ...(dismissed ? { dismissed_at: db.raw('COALESCE(user_notification_states.dismissed_at, excluded.dismissed_at)') } : {}),
      });
  }
}

/** A user's preference row (a flag per type, null when never set), or undefined. */
export async function preferenceRow(db: Db, userId: string): Promise<Record<string, boolean | null> | undefined> {
  return (await db('notification_preferences').where({ user_id: userId }).first()) as Record<string, boolean | null> | undefined;
}

/** Saves the given flags (known types only); the others keep their value. */
export async function upsertPreferences(db: Db, userId: string, flags: Partial<Record<NotificationType, boolean>>, updatedAt: Date): Promise<void> {
  const values = Object.fromEntries(Object.entries(flags).filter(([k, v]) => (NOTIFICATION_TYPES as readonly string[]).includes(k) && typeof v === 'boolean'));
  await db('notification_preferences')
    .insert({ user_id: userId, ...values, updated_at: updatedAt })
    .onConflict('user_id')
    .merge({ ...values, updated_at: updatedAt });
}

/** Every user's turned-off types (users with none are left out): the recipients directory's half of the data. */
export async function typesTurnedOff(db: Db): Promise<Map<string, Set<NotificationType>>> {
  const rows = (await db('notification_preferences').select('user_id', ...NOTIFICATION_TYPES)) as ({ user_id: string } & Record<NotificationType, boolean | null>)[];
  const off = new Map<string, Set<NotificationType>>();
  for (const r of rows) {
    const types = NOTIFICATION_TYPES.filter((t) => r[t] === false);
    if (types.length) off.set(r.user_id, new Set(types));
  }
  return off;
}

/** The stored values of one notification (already checked and trimmed by notify.ts `prepareNotification`). */
export interface NotificationValues {
  id: string;
  title: string;
  message: string;
  type: NotificationType;
  priority: NotificationPriority;
  related_id: string | null;
  related_type: string | null;
  target_roles: readonly string[];
  target_user_ids: readonly string[];
  created_by: string | null;
  text_key?: string | null;
  text_values?: Record<string, string | number> | null;
}

/**
 * For another domain's one-statement write (requests/repo.ts): `INSERT INTO admin_notifications … SELECT … FROM
 * <source>`, a data-modifying CTE storing one notification per row of the CTE `source` (none when the caller's insert
 * did nothing), returning its id and time (the real time, so notifications of one write keep their order).
 */
export function notificationInsertCte(v: NotificationValues, source: string): { sql: string; bindings: unknown[] } {
  if (!/^[a-z_]+$/.test(source)) throw new Error('bad CTE name');
  return {
    sql: `INSERT INTO admin_notifications (id, title, message, type, priority, related_id, related_type, target_roles, target_user_ids, created_by, text_key, text_values, created_at)
      SELECT ?::uuid, ?::text, ?::text, ?::text, ?::text, ?::text, ?::text, ?::text[], ?::uuid[], ?::uuid, ?::text, ?::jsonb, clock_timestamp() FROM ${source}
      RETURNING id, created_at`,
    bindings: [v.id, v.title, v.message, v.type, v.priority, v.related_id, v.related_type, pgArray(v.target_roles), pgArray(v.target_user_ids), v.created_by, v.text_key ?? null, v.text_values ? JSON.stringify(v.text_values) : null],
  };
}

/** A PostgreSQL array literal, each value quoted. */
function pgArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

/** Staff notifications about these records lose their text (it named the person; issue 37 item 2). Answers how many. */
export async function eraseNotificationTextAbout(db: Db, relatedIds: readonly string[]): Promise<number> {
  if (relatedIds.length === 0) return 0;
  const rows = await db('admin_notifications').whereIn('related_id', relatedIds).update({ message: '(removed at the person’s request)', text_key: null, text_values: null }).returning<{ id: string }[]>('id');
  return rows.length;
}
