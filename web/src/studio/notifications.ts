import type { NotifyInput } from '../../../shared/bridge';
import { notificationTarget } from '../../../shared/notifications';

/**
 * Turns staff notification pushes into native (or web) notifications: what a
 * notification says and which screen a click opens. Pure, so the rules are
 * unit-tested; the relay in StudioServices calls it.
 */

/** A notification as the server pushes it (`notification.created` on the `notifications` channel). */
export interface NotificationPushData {
  id: string;
  title: string;
  message: string;
  type: string;
  related_id?: string | null;
  related_type?: string | null;
  /** Who caused it (null for the system). */
  created_by?: string | null;
}

/**
 * The staff screen a click opens: the same as the bell's (shared
 * notificationTarget), except that alerts about a show on air (the presenter
 * reminders, dead-air alerts) open the On Air console.
 */
export function routeForNotification(n: Pick<NotificationPushData, 'type' | 'related_type'>): string {
  if (n.type === 'system_alert' && n.related_type === 'schedule_event') return '/admin/on-air';
  // Dead air (issue 33): the console's banner says what is wrong, since when and who is on air, for every role.
  if (n.type === 'system_alert' && n.related_type === 'station_incident') return '/admin/on-air';
  return notificationTarget(n.type);
}

/** True for data that looks like a notification push. */
export function isNotificationPush(data: unknown): data is NotificationPushData {
  if (!data || typeof data !== 'object') return false;
  const d = data as Record<string, unknown>;
  return typeof d.id === 'string' && typeof d.title === 'string' && typeof d.message === 'string' && typeof d.type === 'string';
}

/**
 * The events that carry a notification for the person signed in: the server
 * pushes `notification.created` only to the users whose role or account it
 * targets and who have not turned its type off (booking alerts and presenter
 * reminders included), so every one of them is shown.
 */
export function carriesNotification(channel: string, name: string): boolean {
  return channel === 'notifications' && name === 'notification.created';
}

/** What the OS notification shows, and where a click goes. One tag per stored notification, so two channels never show it twice. */
export function toNotifyInput(n: NotificationPushData): NotifyInput {
  return { title: n.title, body: n.message, route: routeForNotification(n), tag: `notification:${n.id}` };
}

/**
 * Remembers which notifications were shown, so the same stored notification
 * arriving on two channels (or again after a reconnect) is shown once.
 */
export class SeenNotifications {
  private seen = new Set<string>();
  private order: string[] = [];
  constructor(private readonly max = 500) {}
  /** True the first time an id is offered. */
  first(id: string): boolean {
    if (this.seen.has(id)) return false;
    this.seen.add(id);
    this.order.push(id);
    if (this.order.length > this.max) this.seen.delete(this.order.shift()!);
    return true;
  }
}
