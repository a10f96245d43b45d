import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  HIDDEN_NOTIFICATION_TYPES,
  NOTIFICATION_LIMITS,
  type NotificationPreferences,
  type NotificationPriority,
  type NotificationView,
} from '../../../shared/notifications';
import { api } from '../app/api';
import { useChannel, useResync } from '../realtime/hooks';

/** Every notification query starts with this key: one invalidation refreshes the bell and the screen. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;

export interface NotificationList {
  notifications: NotificationView[];
  unread: number;
}

/** The bell's list: latest 50, stale after 30 s, refreshed every 60 s (001 §9) and on every push. */
export function useBellNotifications() {
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'list', NOTIFICATION_LIMITS.bell],
    queryFn: () => api<NotificationList>(`/api/notifications?limit=${NOTIFICATION_LIMITS.bell}`),
    staleTime: NOTIFICATION_LIMITS.staleMs,
    refetchInterval: NOTIFICATION_LIMITS.bellRefreshMs,
    retry: 1,
  });
}

/** The screen's list: up to 200, cached 30 s, 3 retries (001 §9). */
export function useScreenNotifications() {
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'list', NOTIFICATION_LIMITS.screen],
    queryFn: () => api<NotificationList>(`/api/notifications?limit=${NOTIFICATION_LIMITS.screen}`),
    staleTime: NOTIFICATION_LIMITS.staleMs,
    retry: 3,
  });
}

/**
 * Live updates: a new notification for this user, or a change of their own
 * read state in another tab, refreshes every list; so does a reconnect.
 * `onCreated` sees each new (listed) notification, e.g. to announce it.
 */
export function useNotificationsLive(onCreated?: (n: NotificationView) => void): void {
  const qc = useQueryClient();
  const refresh = useCallback(() => void qc.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }), [qc]);
  useChannel('notifications', (e) => {
    if (e.name === 'notification.created') {
      const n = e.data as NotificationView;
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
    markRead: useMutation({ mutationFn: (id: string) => api<{ notification: NotificationView }>(`/api/notifications/${id}/read`, { method: 'POST' }), onSettled: settle }),
    dismiss: useMutation({ mutationFn: (id: string) => api<{ notification: NotificationView }>(`/api/notifications/${id}/dismiss`, { method: 'POST' }), onSettled: settle }),
    markAll: useMutation({ mutationFn: () => api<{ updated: number }>('/api/notifications/read-all', { method: 'POST' }), onSettled: settle }),
    announce: useMutation({
      mutationFn: (input: { title: string; message: string; priority: NotificationPriority }) => api<{ notification: NotificationView }>('/api/notifications/announcements', { method: 'POST', body: input }),
      onSettled: settle,
    }),
  };
}

const PREFS_KEY = [...NOTIFICATIONS_KEY, 'preferences'] as const;

/** The signed-in user's preferences (unset means on). */
export function usePreferences() {
  return useQuery({ queryKey: PREFS_KEY, queryFn: async () => (await api<{ preferences: NotificationPreferences }>('/api/notifications/preferences')).preferences, staleTime: 60_000 });
}

/** Saves preferences, then refreshes the lists (a type turned off leaves them). */
export function useSavePreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (prefs: NotificationPreferences) => (await api<{ preferences: NotificationPreferences }>('/api/notifications/preferences', { method: 'PUT', body: prefs })).preferences,
    onSuccess: (prefs) => qc.setQueryData(PREFS_KEY, prefs),
    onSettled: () => void qc.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
