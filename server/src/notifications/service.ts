import type { Knex } from 'knex';
import type { z } from 'zod';
import { NOTIFICATION_TEXT, NOTIFICATION_TYPES, type AnnouncementSchema, type NotificationPreferences, type NotificationView } from '../../../shared/notifications';
import type { AppContext } from '../context';
import { fail } from '../http/errors';
import { recordAction, type AuditActor } from '../users/audit';
import { announceStaffChange, insertNotification, localisedText, publishNotification } from './notify';
import { localeOfUser } from '../i18n/recipients';
import { countUnread, findVisible, listVisible, markStates, preferenceRow, unreadIds, upsertPreferences, type Viewer, type ViewerNotificationRow } from './repo';

/**
 * The signed-in user's notifications (001 §2, §4, §7): the list with their
 * own read and dismissed state, read / dismiss / mark all read, the unread
 * count and their preferences, and the owner's and managers' announcements.
 * A user sees a notification when their role or id is targeted, they have
 * not turned its type off and have not dismissed it; user_added and
 * user_removed never show in the lists.
 */

export type { Viewer };

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** A notification as the viewer reads it, in their language (issue 35: stored keys drawn per reader). */
async function present(r: ViewerNotificationRow, locale: string): Promise<NotificationView> {
  const text = await localisedText(locale, r, { key: r.text_key, values: r.text_values });
  return {
    id: r.id,
    title: text.title,
    message: text.message,
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
export async function listNotifications(ctx: Pick<AppContext, 'knex' | 'settings'>, v: Viewer, limit: number): Promise<{ notifications: NotificationView[]; unread: number }> {
  const db = ctx.knex;
  const rows = await listVisible(db, v, limit);
  const locale = await localeOfUser(ctx, v.id);
  return { notifications: await Promise.all(rows.map((r) => present(r, locale))), unread: await unreadCount(db, v) };
}

/** How many notifications the viewer has not read (dismissed and hidden types excluded). */
export async function unreadCount(db: Knex, v: Viewer): Promise<number> {
  return countUnread(db, v);
}

async function assertVisible(db: Knex | Knex.Transaction, v: Viewer, id: string): Promise<void> {
  if (!(await findVisible(db, v, id))) throw fail.notFound(NOTIFICATION_TEXT.notFound);
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
  await markStates(ctx.knex, v.id, [id], new Date(ctx.now()));
  await publishState(ctx, v, { ids: [id], read: true, dismissed: false });
  return one(ctx, v, id);
}

/** Dismisses one notification for the viewer: it leaves their lists (and counts as read). */
export async function dismiss(ctx: AppContext, v: Viewer, id: string): Promise<NotificationView> {
  await assertVisible(ctx.knex, v, id);
  await markStates(ctx.knex, v.id, [id], new Date(ctx.now()), true);
  await publishState(ctx, v, { ids: [id], read: true, dismissed: true });
  return one(ctx, v, id);
}

async function one(ctx: AppContext, v: Viewer, id: string): Promise<NotificationView> {
  const row = await findVisible(ctx.knex, v, id);
  if (!row) throw fail.notFound(NOTIFICATION_TEXT.notFound);
  return present(row, await localeOfUser(ctx, v.id));
}

/** Marks every notification the viewer may see as read; answers how many changed. */
export async function markAllRead(ctx: AppContext, v: Viewer): Promise<number> {
  const ids = await unreadIds(ctx.knex, v);
  await markStates(ctx.knex, v.id, ids, new Date(ctx.now()));
  await publishState(ctx, v, { ids: 'all', read: true, dismissed: false });
  return ids.length;
}

/** The viewer's preferences, every type present (unset means on). */
export async function getPreferences(db: Knex | Knex.Transaction, userId: string): Promise<NotificationPreferences> {
  const row = await preferenceRow(db, userId);
  return Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, row?.[t] !== false])) as NotificationPreferences;
}

/** Saves the given flags (others keep their value). */
export async function savePreferences(db: Knex | Knex.Transaction, userId: string, flags: Partial<NotificationPreferences>, nowMs: number): Promise<void> {
  await upsertPreferences(db, userId, flags, new Date(nowMs));
}

/**
 * Saves the signed-in user's preferences with their audit entry, tells every
 * instance's recipients directory, and answers the full set.
 */
export async function updatePreferences(ctx: AppContext, user: AuditActor, flags: Partial<NotificationPreferences>, ip: string | null): Promise<NotificationPreferences> {
  await ctx.knex.transaction(async (trx) => {
    await savePreferences(trx, user.id, flags, ctx.now());
    await recordAction(trx, { actor: user, action: 'update', resourceType: 'notification_preferences', resourceId: user.id, resourceName: user.email, details: flags, ip });
  });
  await announceStaffChange(ctx, user.id, 'preferences');
  return getPreferences(ctx.knex, user.id);
}

/** Posts an announcement to every staff member (owner and managers), with its audit entry. */
export async function postAnnouncement(ctx: AppContext, user: AuditActor, input: z.output<typeof AnnouncementSchema>, ip: string | null): Promise<NotificationView> {
  const pending = await ctx.knex.transaction(async (trx) => {
    const p = await insertNotification(trx, { type: 'announcement', title: input.title, message: input.message, priority: input.priority, relatedType: 'announcement', createdBy: user.id });
    await recordAction(trx, { actor: user, action: 'create', resourceType: 'announcement', resourceId: p.view.id, resourceName: input.title, details: { priority: input.priority }, ip });
    return p;
  });
  await publishNotification(ctx, pending);
  return pending.view;
}
