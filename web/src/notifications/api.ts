import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  HIDDEN_NOTIFICATION_TYPES,
  NOTIFICATION_LIMITS,
  type NotificationCreatedEvent,
  type NotificationPreferences,
  type NotificationPriority,
  type NotificationView,
} from '../../../shared/notifications';
import { endpoint } from '../app/api';
import { useChannel, useResync } from '../realtime/hooks';

/** Every notification query starts with this key: one invalidation refreshes the bell and the screen. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;

export interface NotificationList {
  notifications: NotificationView[];
  unread: number;
}

type Announcement = { title: string; message: string; priority: NotificationPriority };
type One = { notification: NotificationView };
type Prefs = { preferences: NotificationPreferences };
const list = endpoint<NotificationList, [limit: number]>('GET', (limit) => `/api/notifications?limit=${limit}`);
const markRead = endpoint<One, [id: string]>('POST', (id) => `/api/notifications/${id}/read`);
const dismiss = endpoint<One, [id: string]>('POST', (id) => `/api/notifications/${id}/dismiss`);
const markAll = endpoint<{ updated: number }>('POST', () => '/api/notifications/read-all');
const announce = endpoint<One, [input: Announcement]>('POST', (body) => ({ path: '/api/notifications/announcements', body }));
const getPrefs = endpoint<Prefs>('GET', () => '/api/notifications/preferences');
const putPrefs = endpoint<Prefs, [prefs: NotificationPreferences]>('PUT', (body) => ({ path: '/api/notifications/preferences', body }));

/** The bell's list: latest 50, stale after 30 s, refreshed every 60 s (001 §9) and on every push. */
export function useBellNotifications() {
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'list', NOTIFICATION_LIMITS.bell],
    queryFn: () => list(NOTIFICATION_LIMITS.bell),
    staleTime: NOTIFICATION_LIMITS.staleMs,
    refetchInterval: NOTIFICATION_LIMITS.bellRefreshMs,
    retry: 1,
  });
}

/** The screen's list: up to 200, cached 30 s, 3 retries (001 §9). */
export function useScreenNotifications() {
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'list', NOTIFICATION_LIMITS.screen],
    queryFn: () => list(NOTIFICATION_LIMITS.screen),
    staleTime: NOTIFICATION_LIMITS.staleMs,
    retry: 3,
  });
}

/**
 * Live updates: a new notification for this user, or a change of their own
 * read state in another tab, refreshes every list; so does a reconnect.
 * `onCreated` sees each new (listed) notification, e.g. to announce it.
 */
export function useNotificationsLive(onCreated?: (n: NotificationCreatedEvent) => void): void {
  const qc = useQueryClient();
  const refresh = useCallback(() => void qc.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }), [qc]);
  useChannel('notifications', (e) => {
    if (e.name === 'notification.created') {
      const n = e.data;
      if (HIDDEN_NOTIFICATION_TYPES.includes(n.type)) return;
      onCreated?.(n);
      refresh();
    } else if (e.name === 'notification.updated' || e.name.endsWith('.too-big') || e.name === 'bus.resync') {
      refresh();
    }
  });
  useResync('notifications', refresh);
}

/** Mark read, dismiss and mark all read; each refreshes the lists. */
export function useNotificationActions() {
  const qc = useQueryClient();
  const settle = () => void qc.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  return {
    markRead: useMutation({ mutationFn: markRead, onSettled: settle }),
    dismiss: useMutation({ mutationFn: dismiss, onSettled: settle }),
    markAll: useMutation({ mutationFn: () => markAll(), onSettled: settle }),
    announce: useMutation({
      mutationFn: announce,
      onSettled: settle,
    }),
  };
}

const PREFS_KEY = [...NOTIFICATIONS_KEY, 'preferences'] as const;

/** The signed-in user's preferences (unset means on). */
export function usePreferences() {
  return useQuery({ queryKey: PREFS_KEY, queryFn: async () => (await getPrefs()).preferences, staleTime: 60_000 });
}

/** Saves preferences, then refreshes the lists (a type turned off leaves them). */
export function useSavePreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (prefs: NotificationPreferences) => (await putPrefs(prefs)).preferences,
    onSuccess: (prefs) => qc.setQueryData(PREFS_KEY, prefs),
    onSettled: () => void qc.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
