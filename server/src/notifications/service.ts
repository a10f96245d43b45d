import type { Knex } from 'knex';
import {
  HIDDEN_NOTIFICATION_TYPES,
  NOTIFICATION_TEXT,
  NOTIFICATION_TYPES,
  type NotificationPreferences,
  type NotificationType,
  type NotificationView,
} from '../../../shared/notifications';
import type { Role } from '../../../shared/permissions';
import type { AppContext } from '../context';
import { fail } from '../http/errors';

/**
 * The signed-in user's notifications (001 §2, §4, §7): the list with their
 * own read and dismissed state, read / dismiss / mark all read, the unread
 * count and their preferences. A user sees a notification when their role
 * or id is targeted, they have not turned its type off and have not
 * dismissed it; user_added and user_removed never show in the lists.
 */

export interface Viewer {
  id: string;
  role: Role;
}

/** SQL for "the viewer's preference for n.type is not off". */
const PREF_CASE = `(CASE n.type ${NOTIFICATION_TYPES.map((t) => `WHEN '${t}' THEN np.${t}`).join(' ')} END) IS NOT FALSE`;

/** The notifications a viewer may see (not dismissed unless asked), with their state columns. */
function visible(db: Knex | Knex.Transaction, v: Viewer, opts: { includeDismissed?: boolean; includeHidden?: boolean } = {}) {
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

interface Row {
  id: string;
  title: string;
  message: string;
  type: NotificationType;
  priority: NotificationView['priority'];
  related_id: string | null;
  related_type: string | null;
  created_at: Date | string;
  is_read: boolean | null;
  read_at: Date | string | null;
  dismissed_at: Date | string | null;
}

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

function present(r: Row): NotificationView {
  return {
    id: r.id,
    title: r.title,
    message: r.message,
    type: r.type,
    priority: r.priority,
    related_id: r.related_id,
    related_type: r.related_type,
    created_at: iso(r.created_at)!,
    user_is_read: r.is_read === true,
    read_at: iso(r.read_at),
    dismissed_at: iso(r.dismissed_at),
  };
}

/** The newest notifications the viewer may see, and how many of all of them are unread. */
export async function listNotifications(db: Knex, v: Viewer, limit: number): Promise<{ notifications: NotificationView[]; unread: number }> {
  const rows = (await visible(db, v)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(limit)
    .select('n.id', 'n.title', 'n.message', 'n.type', 'n.priority', 'n.related_id', 'n.related_type', 'n.created_at', 's.is_read', 's.read_at', 's.dismissed_at')) as Row[];
  return { notifications: rows.map(present), unread: await unreadCount(db, v) };
}

/** How many notifications the viewer has not read (dismissed and hidden types excluded). */
export async function unreadCount(db: Knex, v: Viewer): Promise<number> {
  const [row] = (await visible(db, v).where((w) => w.whereNull('s.is_read').orWhere('s.is_read', false)).count({ n: '*' })) as { n: string | number }[];
  return Number(row?.n ?? 0);
}

async function assertVisible(db: Knex | Knex.Transaction, v: Viewer, id: string): Promise<void> {
  const found = await visible(db, v, { includeDismissed: true, includeHidden: true }).where('n.id', id).first('n.id');
  if (!found) throw fail.notFound(NOTIFICATION_TEXT.notFound);
}

/** Tells the viewer's other tabs and devices that their state changed. */
async function publishState(ctx: AppContext, v: Viewer, data: { ids: string[] | 'all'; read: boolean; dismissed: boolean }): Promise<void> {
  try {
    await ctx.bus.publish({ channel: 'notifications', name: 'notification.updated', data, userIds: [v.id] });
  } catch (err) {
    ctx.log.warn({ err }, 'could not publish a notification state change');
  }
}

/** Marks one notification read for the viewer (keeps the first read time). */
export async function markRead(ctx: AppContext, v: Viewer, id: string): Promise<NotificationView> {
  await assertVisible(ctx.knex, v, id);
  const now = new Date(ctx.now());
  await ctx.knex('user_notification_states')
    .insert({ notification_id: id, user_id: v.id, is_read: true, read_at: now })
    .onConflict(['notification_id', 'user_id'])
    .merge({ is_read: true, read_at: ctx.knex.raw('COALESCE(user_notification_states.read_at, excluded.read_at)') });
  await publishState(ctx, v, { ids: [id], read: true, dismissed: false });
  return one(ctx.knex, v, id);
}

/** Dismisses one notification for the viewer: it leaves their lists (and counts as read). */
export async function dismiss(ctx: AppContext, v: Viewer, id: string): Promise<NotificationView> {
  await assertVisible(ctx.knex, v, id);
  const now = new Date(ctx.now());
  await ctx.knex('user_notification_states')
    .insert({ notification_id: id, user_id: v.id, is_read: true, read_at: now, dismissed_at: now })
    .onConflict(['notification_id', 'user_id'])
    .merge({
      is_read: true,
      read_at: ctx.knex.raw('COALESCE(user_notification_states.read_at, excluded.read_at)'),
      dismissed_at: ctx.knex.raw('COALESCE(user_notification_states.dismissed_at, excluded.dismissed_at)'),
    });
  await publishState(ctx, v, { ids: [id], read: true, dismissed: true });
  return one(ctx.knex, v, id);
}

async function one(db: Knex, v: Viewer, id: string): Promise<NotificationView> {
  const row = (await visible(db, v, { includeDismissed: true, includeHidden: true })
    .where('n.id', id)
    .first('n.id', 'n.title', 'n.message', 'n.type', 'n.priority', 'n.related_id', 'n.related_type', 'n.created_at', 's.is_read', 's.read_at', 's.dismissed_at')) as Row | undefined;
  if (!row) throw fail.notFound(NOTIFICATION_TEXT.notFound);
  return present(row);
}

/** Marks every notification the viewer may see as read; answers how many changed. */
export async function markAllRead(ctx: AppContext, v: Viewer): Promise<number> {
  const now = new Date(ctx.now());
  const ids = (await visible(ctx.knex, v, { includeHidden: true })
    .where((w) => w.whereNull('s.is_read').orWhere('s.is_read', false))
    .pluck('n.id')) as string[];
  for (let i = 0; i < ids.length; i += 500) {
    await ctx.knex('user_notification_states')
      .insert(ids.slice(i, i + 500).map((id) => ({ notification_id: id, user_id: v.id, is_read: true, read_at: now })))
      .onConflict(['notification_id', 'user_id'])
      .merge({ is_read: true, read_at: ctx.knex.raw('COALESCE(user_notification_states.read_at, excluded.read_at)') });
  }
  await publishState(ctx, v, { ids: 'all', read: true, dismissed: false });
  return ids.length;
}

/** The viewer's preferences, every type present (unset means on). */
export async function getPreferences(db: Knex, userId: string): Promise<NotificationPreferences> {
  const row = (await db('notification_preferences').where({ user_id: userId }).first()) as Record<string, boolean | null> | undefined;
  return Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, row?.[t] !== false])) as NotificationPreferences;
}

/** Saves the given flags (others keep their value) and answers the full set. */
export async function savePreferences(db: Knex | Knex.Transaction, userId: string, flags: Partial<NotificationPreferences>, nowMs: number): Promise<void> {
  const values = Object.fromEntries(Object.entries(flags).filter(([k, v]) => (NOTIFICATION_TYPES as readonly string[]).includes(k) && typeof v === 'boolean'));
  const updatedAt = new Date(nowMs);
  await db('notification_preferences')
    .insert({ user_id: userId, ...values, updated_at: updatedAt })
    .onConflict('user_id')
    .merge({ ...values, updated_at: updatedAt });
}
