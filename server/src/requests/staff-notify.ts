import type { Knex } from 'knex';
import { can, ROLES, type Capability, type Role } from '../../../shared/permissions';
import type { AppContext } from '../context';

/**
 * Staff notifications raised by listener actions (new requests, new
 * applications): a row in admin_notifications aimed at the roles that hold a
 * capability, inserted inside the caller's transaction, then published on the
 * `notifications` channel to those roles once the transaction has committed.
 */
export type StaffNotificationType = 'song_request' | 'shoutout_request' | 'general_request' | 'application_received';

/** What to notify about. */
export interface StaffNotificationInput {
  type: StaffNotificationType;
  title: string;
  message: string;
  priority?: 'urgent' | 'high' | 'normal' | 'low';
  relatedId: string;
  relatedType: string;
  /** Everyone whose role holds this capability is notified. */
  capability: Capability;
}

/** A notification as staff clients receive it (the list view's per-user fields start unread). */
export interface StaffNotificationView {
  id: string;
  title: string;
  message: string;
  type: StaffNotificationType;
  priority: string;
  related_id: string | null;
  related_type: string | null;
  created_at: string;
  user_is_read: boolean;
  read_at: string | null;
  dismissed_at: string | null;
}

interface NotificationRow {
  id: string;
  title: string;
  message: string;
  type: StaffNotificationType;
  priority: string;
  related_id: string | null;
  related_type: string | null;
  created_at: Date | string;
}

/** The roles that hold a capability. */
export function rolesWith(capability: Capability): Role[] {
  return ROLES.filter((r) => can(r, capability));
}

/** Inserts the notification (inside the caller's transaction) and returns what to publish after commit. */
export async function insertStaffNotification(db: Knex | Knex.Transaction, input: StaffNotificationInput): Promise<{ view: StaffNotificationView; roles: Role[] }> {
  const roles = rolesWith(input.capability);
  const [row] = await db('admin_notifications')
    .insert({
      title: input.title.slice(0, 200),
      message: input.message.slice(0, 2000),
      type: input.type,
      priority: input.priority ?? 'normal',
      related_id: input.relatedId,
      related_type: input.relatedType,
      target_roles: roles,
    })
    .returning<NotificationRow[]>(['id', 'title', 'message', 'type', 'priority', 'related_id', 'related_type', 'created_at']);
  const r = row!;
  return {
    roles,
    view: {
      id: r.id,
      title: r.title,
      message: r.message,
      type: r.type,
      priority: r.priority,
      related_id: r.related_id,
      related_type: r.related_type,
      created_at: new Date(r.created_at).toISOString(),
      user_is_read: false,
      read_at: null,
      dismissed_at: null,
    },
  };
}

/** Publishes a committed notification to the staff who may see it. Never throws: a lost push is refetched. */
export async function publishStaffNotification(ctx: AppContext, n: { view: StaffNotificationView; roles: Role[] }): Promise<void> {
  try {
    await ctx.bus.publish({ channel: 'notifications', name: 'notification.created', data: n.view, roles: n.roles });
  } catch (err) {
    ctx.log.warn({ err }, 'could not publish a staff notification');
  }
}
