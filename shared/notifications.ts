/**
 * Staff notifications, activity logs and the dashboard: types, labels,
 * limits, texts and request schemas of spec 001 §2, §3, §7, §8, §9, written
 * once for the server and the staff panel.
 */
import { z } from 'zod';
import { can, type Capability, type Role } from './permissions';

/** Notification types (001 §3). */
export const NOTIFICATION_TYPES = [
  'show_added',
  'show_updated',
  'show_deleted',
  'show_conflicts',
  'song_request',
  'general_request',
  'shoutout_request',
  'application_received',
  'user_added',
  'user_removed',
  'system_alert',
  'announcement',
  'leave_requested',
  'leave_decided',
  'application_decided',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_PRIORITIES = ['urgent', 'high', 'normal', 'low'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

/** Types hidden from the lists (001 §4). */
export const HIDDEN_NOTIFICATION_TYPES: readonly NotificationType[] = ['user_added', 'user_removed'];

/** Human labels of the types. */
export const NOTIFICATION_LABELS: Record<NotificationType, string> = {
  show_added: 'Show Added',
  show_updated: 'Show Updated',
  show_deleted: 'Show Deleted',
  show_conflicts: 'Show Conflicts',
  song_request: 'Song Request',
  general_request: 'General Request',
  shoutout_request: 'Shoutout Request',
  application_received: 'Application Received',
  user_added: 'User Added',
  user_removed: 'User Removed',
  system_alert: 'System Alert',
  announcement: 'Announcement',
  leave_requested: 'Leave Requested',
  leave_decided: 'Leave Decision',
  application_decided: 'Application Decided',
};

/** The Preferences tab's groups (001 §2). */
export const PREFERENCE_GROUPS: readonly { title: string; types: readonly NotificationType[] }[] = [
  { title: 'Show Management', types: ['show_added', 'show_updated', 'show_deleted', 'show_conflicts'] },
  { title: 'Request Management', types: ['song_request', 'general_request', 'shoutout_request'] },
  { title: 'Leave of Absence', types: ['leave_requested', 'leave_decided'] },
  { title: 'Application Management', types: ['application_received', 'application_decided'] },
  { title: 'User Management', types: ['user_added', 'user_removed'] },
  { title: 'System & Announcements', types: ['system_alert', 'announcement'] },
];

/** The roles that can act on each type (001 §6), by capability: the notification's default audience. */
export const NOTIFICATION_AUDIENCE: Record<NotificationType, Capability> = {
  show_added: 'shows.approve',
  show_updated: 'shows.approve',
  show_deleted: 'shows.approve',
  show_conflicts: 'shows.resolve',
  song_request: 'requests.manage',
  shoutout_request: 'requests.manage',
  general_request: 'requests.manage',
  application_received: 'applications.manage',
  user_added: 'users.manage',
  user_removed: 'users.manage',
  system_alert: 'shows.resolve',
  announcement: 'notifications.view',
  leave_requested: 'loa.review',
  // Always sent with an explicit audience (the presenter); the reviewers otherwise.
  leave_decided: 'loa.review',
  application_decided: 'applications.manage',
};

/**
 * Types that also reach one person whatever their role: their own shows booked, changed or removed, their leave
 * decided, their reminders and alerts (system_alert), announcements.
 */
export const PERSONAL_NOTIFICATION_TYPES: readonly NotificationType[] = ['show_added', 'show_updated', 'show_deleted', 'leave_decided', 'system_alert', 'announcement'];

/**
 * The types a role can ever receive: its audience's, plus the personal ones. The Preferences tab offers switches
 * only for these (issue 30 item 7: no switch that can never fire).
 */
export function preferenceTypesFor(role: Role | null | undefined): NotificationType[] {
  return NOTIFICATION_TYPES.filter((t) => PERSONAL_NOTIFICATION_TYPES.includes(t) || can(role, NOTIFICATION_AUDIENCE[t]));
}

/** Where clicking a notification goes (001 §2). */
export function notificationTarget(type: string): string {
  switch (type) {
    case 'song_request':
      return '/admin/song-requests';
    case 'shoutout_request':
      return '/admin/shoutout-requests';
    case 'general_request':
      return '/admin/general-requests';
    case 'application_received':
    case 'application_decided':
      return '/admin/applications';
    case 'leave_requested':
      return '/admin/loa-requests';
    case 'leave_decided':
      return '/admin/request-loa';
    case 'show_added':
    case 'show_updated':
    case 'show_deleted':
    case 'show_conflicts':
      return '/admin/shows';
    case 'user_added':
    case 'user_removed':
      return '/admin/users';
    default:
      return '/admin';
  }
}

/** A notification as a user sees it, with their own state (the list view of 001 §3). */
export interface NotificationView {
  id: string;
  title: string;
  message: string;
  type: NotificationType;
  priority: NotificationPriority;
  related_id: string | null;
  related_type: string | null;
  created_at: string;
  user_is_read: boolean;
  read_at: string | null;
  dismissed_at: string | null;
}

/** Limits of 001 §9. */
export const NOTIFICATION_LIMITS = { bell: 50, screen: 200, staleMs: 30_000, bellRefreshMs: 60_000 } as const;

/** The spec's texts (001 §2, §8). */
export const NOTIFICATION_TEXT = {
  notFound: 'Notification not found',
  preferencesSaved: 'Preferences Updated',
  preferencesSavedBody: 'Your notification preferences have been saved.',
  markedRead: 'Notification marked as read.',
  dismissed: 'Notification dismissed.',
  emptyTitle: 'No notifications found',
  emptyBody: 'Try adjusting your filters or check back later',
  bellEmptyTitle: 'No notifications',
  bellEmptyBody: "You're all caught up!",
  errorTitle: 'Error Loading Notifications',
  bellError: 'Error loading notifications',
  announcementPosted: 'Announcement sent',
  titleRequired: 'Title is required',
  messageRequired: 'Message is required',
} as const;

/** GET /api/notifications query. */
export const ListNotificationsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_LIMITS.screen).default(NOTIFICATION_LIMITS.bell),
});

/** The preference flags; unset (null) means on. */
export type NotificationPreferences = Record<NotificationType, boolean>;

/** PUT /api/notifications/preferences body: any subset of the flags. */
export const PreferencesSchema = z
  .object(Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, z.boolean().optional()])) as Record<NotificationType, z.ZodOptional<z.ZodBoolean>>)
  .strict();

/** POST /api/notifications/announcements body. */
export const AnnouncementSchema = z.object({
  title: z.string({ error: NOTIFICATION_TEXT.titleRequired }).trim().min(1, NOTIFICATION_TEXT.titleRequired).max(200, 'Title must be at most 200 characters'),
  message: z.string({ error: NOTIFICATION_TEXT.messageRequired }).trim().min(1, NOTIFICATION_TEXT.messageRequired).max(2000, 'Message must be at most 2000 characters'),
  priority: z.enum(NOTIFICATION_PRIORITIES).default('normal'),
});

// ---------------------------------------------------------------- logs

/** Action filter choices of the Logs screen (001 §2). */
export const LOG_ACTION_FILTERS = ['all', 'create', 'update', 'delete', 'login'] as const;
/** Period choices in days; default 30. */
export const LOG_PERIODS = [7, 30, 90] as const;
export const LOG_LIST_LIMIT = 100;
/**
 * Failed sign-ins (aggregated rows) shown beside the newest staff actions:
 * they are listed on top of the LOG_LIST_LIMIT, never in its place.
 */
export const LOG_FAILED_SIGNIN_LIMIT = 20;
/** Whether the list and export include failed sign-ins. */
export const LOG_FAILED_FILTERS = ['show', 'hide'] as const;

export const LOG_TEXT = {
  denied: "You don't have permission to access the logs page.",
  empty: 'No logs found matching your criteria.',
  exported: 'Logs exported successfully',
  exportFailed: 'Failed to export logs',
  badPeriod: 'Period must be 7, 30 or 90 days',
} as const;

/** GET /api/logs and /api/logs/export query. */
export const LogsQuerySchema = z.object({
  q: z.string().trim().max(200, 'Search must be at most 200 characters').optional().default(''),
  action: z.enum(LOG_ACTION_FILTERS, { error: 'Action must be one of all, create, update, delete, login' }).optional().default('all'),
  days: z.coerce
    .number()
    .refine((n) => (LOG_PERIODS as readonly number[]).includes(n), LOG_TEXT.badPeriod)
    .optional()
    .default(30),
  failed: z.enum(LOG_FAILED_FILTERS, { error: 'Failed sign-ins must be show or hide' }).optional().default('show'),
});
export type LogsQuery = z.output<typeof LogsQuerySchema>;

/** One row of the activity log. */
export interface LogEntry {
  id: string;
  user_email: string | null;
  action_type: string;
  resource_type: string;
  resource_id: string | null;
  resource_name: string | null;
  details: unknown;
  created_at: string;
}

/** Log statistics (001 §3). */
export interface LogStats {
  total_actions: number;
  actions_today: number;
  actions_this_week: number;
  top_users: { user_email: string; count: number }[];
  top_actions: { action_type: string; count: number }[];
}

/** The CSV file name of an export on a date (YYYY-MM-DD). */
export function logsCsvName(date: string): string {
  return `user-logs-${date}.csv`;
}

// ---------------------------------------------------------------- dashboard

/** Dashboard list sizes and refresh intervals (001 §9). */
export const DASHBOARD_LIMITS = { lists: 3, nowPlayingRefreshMs: 30_000, topSongRefreshMs: 60_000 } as const;

/** What GET /api/dashboard answers (the now-playing parts come from the `now-playing` channel). */
export interface DashboardData {
  /** The signed-in user's presenter hours still to book this week; null when they have no presenter record. */
  hours: { remaining: number; scheduled: number; required: number; week_start: string; week_end: string } | null;
  /** Net up minus down votes this month, only songs with votes; null when none. */
  top_song: { id: string; title: string; artist: string; album: string | null; net: number; up: number; down: number } | null;
  pending: {
    song: { id: string; title: string; artist: string; requester: string; created_at: string }[];
    shoutout: { id: string; requester_name: string; recipient_name: string; created_at: string }[];
    general: { id: string; name: string; subject: string; created_at: string }[];
  };
  upcoming: { id: string; title: string; event_date: string; start_time: string; end_time: string; presenter_name: string | null; status: string }[];
  /**
   * The signed-in presenter's own next show (issue 30): day and times on the station's wall clock, `starts_at`
   * the instant it starts (for "in 2 days"), `zone` the station's; `show` null when nothing is booked ahead; the
   * whole null when the user has no presenter record.
   */
  my_next_show: { show: { id: string; title: string; event_date: string; start_time: string; end_time: string; status: string; starts_at: string } | null; zone: string } | null;
  /** Owners only: demo accounts that still sign in with the README's published password (issue 39). */
  demo_accounts?: string[];
  /**
   * Owners only, while a step is left (issue 30): the new station's first-run checklist, each step true once done —
   * a DJ profile added, another account made, a show booked, the stream set (a station server or STREAM_URL
   * configured, or General Settings' Stream URL changed from the demo's).
   */
  first_run?: FirstRunChecklist | null;
}

/** The steps of the owner's first-run checklist, in the order shown. */
export const FIRST_RUN_STEPS = ['djs', 'staff', 'show', 'stream'] as const;
export type FirstRunStep = (typeof FIRST_RUN_STEPS)[number];
export type FirstRunChecklist = Record<FirstRunStep, boolean>;

/** The checklist to show: null once every step is done. */
export function pendingChecklist(steps: FirstRunChecklist): FirstRunChecklist | null {
  return FIRST_RUN_STEPS.every((k) => steps[k]) ? null : steps;
}

// ---------------------------------------------------------------------------
// Realtime events of the staff `notifications` channel
// ---------------------------------------------------------------------------

/** `notification.created`: a new notification (without the reader's own state) and who raised it. */
export type NotificationCreatedEvent = Omit<NotificationView, 'user_is_read' | 'read_at' | 'dismissed_at'> & { created_by: string | null };
/** `notification.updated`: the reader's own state changed in another tab or device (sent to that user only). */
export interface NotificationStateEvent {
  ids: string[] | 'all';
  read: boolean;
  dismissed: boolean;
}
/** Events of the staff `notifications` channel. */
export interface NotificationsChannelEvents {
  'notification.created': NotificationCreatedEvent;
  'notification.updated': NotificationStateEvent;
}

/** The schemas of the `notifications` channel's events. */
export const NOTIFICATION_EVENT_SCHEMAS = {
  notifications: {
    'notification.created': z
      .object({ id: z.string(), title: z.string(), message: z.string(), type: z.enum(NOTIFICATION_TYPES), priority: z.enum(NOTIFICATION_PRIORITIES), related_id: z.string().nullable(), related_type: z.string().nullable(), created_at: z.string(), created_by: z.string().nullable() })
      .loose() as unknown as z.ZodType<NotificationCreatedEvent>,
    'notification.updated': z.object({ ids: z.union([z.array(z.string()), z.literal('all')]), read: z.boolean(), dismissed: z.boolean() }),
  },
} as const;
