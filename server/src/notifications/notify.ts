import type { AppContext } from '../context';

/**
 * The one way any part of the server notifies staff: it stores an
 * admin_notifications row and pushes it on the `notifications` realtime
 * channel to the staff it targets. Targets: `targetRoles` and
 * `targetUserIds` (a user receives it when their role OR their id is listed);
 * both empty means every signed-in staff member. Per-user read and dismissed
 * state and the notification screens belong to the staff-workflows domain.
 */

/** Notification types of spec 001 §3. */
export type NotificationType =
  | 'show_added'
  | 'show_updated'
  | 'show_deleted'
  | 'show_conflicts'
  | 'song_request'
  | 'general_request'
  | 'shoutout_request'
  | 'application_received'
  | 'user_added'
  | 'user_removed'
  | 'system_alert'
  | 'announcement';

/** What to send. */
export interface NotifyInput {
  type: NotificationType;
  title: string;
  message: string;
  priority?: 'urgent' | 'high' | 'normal' | 'low';
  relatedId?: string | null;
  relatedType?: string | null;
  targetRoles?: string[];
  targetUserIds?: string[];
  createdBy?: string | null;
}

/** A stored notification as it is pushed (the list API of the staff domain may add per-user state). */
export interface NotificationPush {
  id: string;
  title: string;
  message: string;
  type: NotificationType;
  priority: string;
  related_id: string | null;
  related_type: string | null;
  created_at: string;
  /** Who caused it (null for the system): clients do not alert people about their own actions. */
  created_by: string | null;
}

/** Stores a notification and pushes it to its targets (call it after the caller's own transaction has committed). */
export async function notify(ctx: AppContext, input: NotifyInput): Promise<NotificationPush> {
  const db = ctx.knex;
  const roles = input.targetRoles ?? [];
  const userIds = input.targetUserIds ?? [];
  const [row] = await db('admin_notifications')
    .insert({
      title: input.title.slice(0, 200),
      message: input.message.slice(0, 2000),
      type: input.type,
      priority: input.priority ?? 'normal',
      related_id: input.relatedId ?? null,
      related_type: input.relatedType ?? null,
      target_roles: roles,
      target_user_ids: userIds,
      created_by: input.createdBy ?? null,
    })
    .returning<{ id: string; created_at: Date }[]>(['id', 'created_at']);
  const push: NotificationPush = {
    id: row!.id,
    title: input.title,
    message: input.message,
    type: input.type,
    priority: input.priority ?? 'normal',
    related_id: input.relatedId ?? null,
    related_type: input.relatedType ?? null,
    created_at: row!.created_at.toISOString(),
    created_by: input.createdBy ?? null,
  };
  await ctx.bus.publish({
    channel: 'notifications',
    name: 'notification.created',
    data: push,
    ...(roles.length > 0 ? { roles } : {}),
    ...(userIds.length > 0 ? { userIds } : {}),
  });
  return push;
}
