import type { Knex } from 'knex';
import type { BookedShow, BookingsChannelEvents } from '../../../shared/bookings';
import type { AppContext } from '../context';
import { insertNotification, publishNotification, type NotificationText } from '../notifications/notify';

/** The staff roles that review the schedule (moderator and above). */
export const REVIEWER_ROLES = ['owner', 'manager', 'admin', 'moderator'] as const;

/** The show notification types of spec 001 §3. */
export type ShowNotificationType = 'show_added' | 'show_updated' | 'show_deleted' | 'show_conflicts';

/** What a booking notification says and to whom. */
export interface ShowNotification {
  type: ShowNotificationType;
  /** Its text as catalogue keys and values (issue 35): each reader gets it in their language. */
  text: NotificationText;
  relatedId: string | null;
  /** The account of the show's presenter: told about changes to their show (never the actor themselves). */
  presenterUserId: string | null;
  createdBy: string;
  /** The shows it is about, oldest first (a new series: every date), as the `bookings` event carries them. */
  shows?: readonly BookedShow[];
}

/** A schedule row as a `bookings` event carries it. */
export function bookedShow(row: BookedShow): BookedShow {
  return { id: row.id, title: row.title, type: row.type, status: row.status, event_date: row.event_date, start_time: row.start_time, end_time: row.end_time, presenter_name: row.presenter_name };
}

const BUS_NAMES: Record<ShowNotificationType, keyof BookingsChannelEvents> = {
  show_added: 'booking.created',
  show_updated: 'booking.updated',
  show_deleted: 'booking.deleted',
  show_conflicts: 'booking.conflicted',
};

/**
 * Stores a staff notification about a show through the shared notifications
 * module, inside the caller's transaction, and returns what to run after
 * commit: the notification push (to those who may act on it and have not
 * turned the type off) and the schedule domain's own `bookings` event.
 * Changes go to moderator and above and to the show's presenter; conflicts
 * to those who may resolve them.
 */
export async function recordShowNotification(ctx: AppContext, db: Knex | Knex.Transaction, n: ShowNotification): Promise<() => Promise<void>> {
  const userIds = n.presenterUserId && n.type !== 'show_conflicts' ? [n.presenterUserId] : [];
  const pending = await insertNotification(db, {
    type: n.type,
    text: n.text,
    relatedId: n.relatedId,
    relatedType: 'schedule_event',
    audience: { capability: n.type === 'show_conflicts' ? 'shows.resolve' : 'shows.approve', userIds },
    createdBy: n.createdBy,
  });
  const { user_is_read: _r, read_at: _a, dismissed_at: _d, ...view } = pending.view;
  // The English title and message as before, and the keys and values a client formats in its reader's language.
  const data = { ...view, text_key: n.text.key, text_values: n.text.values ?? {}, shows: (n.shows ?? []).map(bookedShow) };
  const name = BUS_NAMES[n.type];
  return async () => {
    await publishNotification(ctx, pending);
    // The hub delivers to a listed user OR a listed role, so one event reaches both.
    await ctx.bus.publish({ channel: 'bookings', name, data, roles: [...REVIEWER_ROLES], ...(pending.userIds.length > 0 ? { userIds: pending.userIds } : {}) });
  };
}
