import type { Knex } from 'knex';
import type { AppContext } from '../context';

/** The staff roles that review the schedule (moderator and above). */
export const REVIEWER_ROLES = ['owner', 'manager', 'admin', 'moderator'] as const;

/** The show notification types of spec 001 §3. */
export type ShowNotificationType = 'show_added' | 'show_updated' | 'show_deleted' | 'show_conflicts';

/** What a booking notification says and to whom. */
export interface ShowNotification {
  type: ShowNotificationType;
  title: string;
  message: string;
  relatedId: string | null;
  /** The account of the show's presenter: told about changes to their show (never the actor themselves). */
  presenterUserId: string | null;
  createdBy: string;
}

const BUS_NAMES: Record<ShowNotificationType, string> = {
  show_added: 'booking.created',
  show_updated: 'booking.updated',
  show_deleted: 'booking.deleted',
  show_conflicts: 'booking.conflicted',
};

/**
 * Stores a staff notification about a show (admin_notifications) inside the
 * caller's transaction and returns a function that publishes it on the staff
 * `bookings` channel; call that after commit. Conflicts go to moderator and
 * above; changes go to them and to the show's presenter.
 *
 * Local to the schedule domain: when the notifications domain's shared
 * `notify()` lands, this becomes a call to it.
 */
export async function recordShowNotification(ctx: AppContext, db: Knex | Knex.Transaction, n: ShowNotification): Promise<() => Promise<void>> {
  const userIds = n.presenterUserId && n.presenterUserId !== n.createdBy && n.type !== 'show_conflicts' ? [n.presenterUserId] : [];
  const [row] = await db('admin_notifications')
    .insert({
      title: n.title.slice(0, 200),
      message: n.message.slice(0, 2000),
      type: n.type,
      priority: n.type === 'show_conflicts' ? 'high' : 'normal',
      related_id: n.relatedId,
      related_type: 'schedule_event',
      target_roles: [...REVIEWER_ROLES],
      target_user_ids: userIds,
      created_by: n.createdBy,
    })
    .returning<{ id: string; created_at: Date }[]>(['id', 'created_at']);
  const data = {
    id: row!.id,
    title: n.title,
    message: n.message,
    type: n.type,
    priority: n.type === 'show_conflicts' ? 'high' : 'normal',
    related_id: n.relatedId,
    related_type: 'schedule_event',
    created_at: new Date(row!.created_at).toISOString(),
    // Clients do not alert people about their own actions.
    created_by: n.createdBy,
  };
  const name = BUS_NAMES[n.type];
  return async () => {
    // The hub requires every given filter to match, so roles and users are two deliveries.
    await ctx.bus.publish({ channel: 'bookings', name, data, roles: [...REVIEWER_ROLES] });
    if (userIds.length > 0) await ctx.bus.publish({ channel: 'bookings', name, data, userIds });
  };
}
