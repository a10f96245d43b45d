import type { ComponentType } from 'react';
import { ADMIN_ROUTE_ROLES, CAPABILITIES, DENIED, type Capability, type Role } from '../../../shared/permissions';

/** One screen of the staff panel. */
export interface AdminScreen {
  /** The full path, e.g. `/admin/users` (`/admin` is the dashboard). */
  path: string;
  /** The heading of the screen and of its "coming soon" card. */
  title: string;
  /** The screen's code, loaded on first visit; without it a "coming soon" card shows. */
  load?: () => Promise<{ default: ComponentType }>;
  /** The screen's own refusal text, where the spec gives one; else the generic role refusal. */
  denied?: { title?: string; text: string };
}

/**
 * Every screen of the staff panel. Adding a screen is one line here: its path
 * (the access rule comes from ADMIN_ROUTE_ROLES in shared/permissions), its
 * title and `load: () => import('../<domain>/Screen')` with a default export.
 */
export const ADMIN_SCREENS: readonly AdminScreen[] = [
  { path: '/admin', title: 'Dashboard', load: () => import('./DashboardScreen') },
  { path: '/admin/on-air', title: 'On Air', load: () => import('./OnAirScreen') },
  { path: '/admin/shows', title: 'Show Management', load: () => import('../schedule/admin/ShowManagement').then((m) => ({ default: m.ShowManagement })) },
  { path: '/admin/shows/new', title: 'Create Show Booking', load: () => import('../schedule/admin/CreateBooking').then((m) => ({ default: m.CreateBooking })) },
  { path: '/admin/shows/:id/edit', title: 'Edit show', load: () => import('../schedule/admin/EditShow').then((m) => ({ default: m.EditShow })) },
  { path: '/admin/rota', title: 'Weekly rota', load: () => import('../schedule/admin/PrintRota') },
  { path: '/admin/djs', title: 'DJs & Staff', load: () => import('../presenters/admin/DjsStaff') },
  { path: '/admin/audience', title: 'Audience', load: () => import('../audience/AudienceScreen') },
  { path: '/admin/uptime', title: 'Uptime', load: () => import('../deadair/UptimeScreen') },
  { path: '/admin/tracklists', title: 'Tracklists', load: () => import('../tracklists/TracklistScreen') },
  { path: '/admin/listen-again', title: 'Listen again', load: () => import('../listen-again/admin/ListenAgainAdmin') },
  { path: '/admin/reports', title: 'Reports', load: () => import('../reports/ReportsScreen') },
  { path: '/admin/schedule', title: 'Schedule Overview', load: () => import('../schedule/admin/ScheduleOverview').then((m) => ({ default: m.ScheduleOverview })) },
  { path: '/admin/song-requests', title: 'Song Requests', load: () => import('../requests/admin/QueueScreens').then((m) => ({ default: m.SongRequests })) },
  { path: '/admin/shoutout-requests', title: 'Shoutout Requests', load: () => import('../requests/admin/QueueScreens').then((m) => ({ default: m.ShoutoutRequests })) },
  { path: '/admin/general-requests', title: 'General Requests', load: () => import('../requests/admin/QueueScreens').then((m) => ({ default: m.GeneralRequests })) },
  { path: '/admin/loa-requests', title: 'Leave of Absence Requests', load: () => import('../requests/admin/QueueScreens').then((m) => ({ default: m.LoaRequests })) },
  { path: '/admin/request-loa', title: 'Request LOA', load: () => import('../requests/admin/RequestLoa') },
  { path: '/admin/applications', title: 'Applications', load: () => import('../applications/admin/Applications') },
  { path: '/admin/notifications', title: 'Notifications', load: () => import('../notifications/NotificationsScreen') },
  { path: '/admin/users', title: 'User Management', load: () => import('./users/UserManagement'), denied: { text: DENIED.users } },
  { path: '/admin/pages', title: 'Pages', load: () => import('../content/admin').then((m) => ({ default: m.PagesAdmin })) },
  { path: '/admin/data-requests', title: 'Data Requests', load: () => import('../privacy/DataRequestsScreen') },
  { path: '/admin/logs', title: 'Logs', load: () => import('./LogsScreen'), denied: { title: 'Access Denied', text: DENIED.logs } },
  { path: '/admin/settings', title: 'Settings', load: () => import('../settings/admin').then((m) => ({ default: m.SettingsPage })), denied: { text: DENIED.settings } },
];

/** The capability a screen needs (001 §2 route table), panel access when the table has no row. */
export function screenCapability(path: string): Capability {
  return ADMIN_ROUTE_ROLES[path] ?? 'panel.view';
}

/** The roles that may open a screen. */
export function screenRoles(path: string): readonly Role[] {
  return CAPABILITIES[screenCapability(path)];
}
