import type { NotifyInput } from '../../../shared/bridge';

/**
 * Turns staff notification pushes into native (or web) notifications: what a
 * notification says and which screen a click opens. Pure, so the rules are
 * unit-tested; the relay in StudioServices calls it.
 */

/** A notification as the server pushes it (`notification.created`, and the bookings channel's `booking.*`). */
export interface NotificationPushData {
  id: string;
  title: string;
  message: string;
  type: string;
  related_id?: string | null;
  related_type?: string | null;
  /** Who caused it; a person is not alerted about their own action. */
  created_by?: string | null;
}

/** The staff screen a notification type belongs to. */
export function routeForNotification(n: Pick<NotificationPushData, 'type' | 'related_id' | 'related_type'>): string {
  switch (n.type) {
    case 'song_request':
      return '/admin/song-requests';
    case 'shoutout_request':
      return '/admin/shoutout-requests';
    case 'general_request':
      return '/admin/general-requests';
    case 'application_received':
      return '/admin/applications';
    case 'show_conflicts':
      return '/admin/schedule';
    case 'show_added':
    case 'show_updated':
      return n.related_id && /^[0-9a-f-]{36}$/i.test(n.related_id) ? `/admin/shows/${n.related_id}/edit` : '/admin/shows';
    case 'show_deleted':
      return '/admin/shows';
    case 'user_added':
    case 'user_removed':
      return '/admin/users';
    case 'system_alert':
      return n.related_type === 'schedule_event' ? '/admin/on-air' : '/admin/notifications';
    default:
      return '/admin/notifications';
  }
}

/** True for data that looks like a notification push. */
export function isNotificationPush(data: unknown): data is NotificationPushData {
  if (!data || typeof data !== 'object') return false;
  const d = data as Record<string, unknown>;
  return typeof d.id === 'string' && typeof d.title === 'string' && typeof d.message === 'string' && typeof d.type === 'string';
}

/** The events that carry a notification for the person signed in. */
export function carriesNotification(channel: string, name: string): boolean {
  return (channel === 'notifications' && name === 'notification.created') || (channel === 'bookings' && /^booking\.(created|updated|deleted|conflicted)$/.test(name));
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
