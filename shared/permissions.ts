/**
 * The one authorization module. Role order, every capability row of the spec
 * (000 §6, 001 §6), the sidebar rules and the user create/edit/delete rules.
 * The server enforces these on every route; the UI calls the same functions
 * only to hide or disable what the server would refuse.
 */

/** Every role, highest first (spec 000 §6). */
export const ROLES = ['owner', 'manager', 'admin', 'moderator', 'presenter', 'guest', 'probation'] as const;
export type Role = (typeof ROLES)[number];

/** Roles a presenter record may carry (spec 000 §3); unknown roles display as presenter. */
export const PRESENTER_ROLES = ['owner', 'manager', 'admin', 'moderator', 'presenter', 'probation'] as const;
export type PresenterRole = (typeof PRESENTER_ROLES)[number];

/** Human labels for roles, used on public pages and in the staff panel. */
export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  manager: 'Manager',
  admin: 'Admin',
  moderator: 'Moderator',
  presenter: 'Presenter',
  guest: 'Guest',
  probation: 'Probation',
};

/** True when the value is one of the seven roles. */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** A role's rank: higher number, more power. With no profile the role defaults to guest. */
export function rank(role: Role | null | undefined): number {
  const r = role ?? 'guest';
  return ROLES.length - ROLES.indexOf(r);
}

/** The display label of a presenter role; an unknown role shows as presenter (spec 000 §3). */
export function presenterRoleLabel(role: string | null | undefined): string {
  return isRole(role) ? ROLE_LABELS[role] : ROLE_LABELS.presenter;
}

/** Capabilities of the spec's permission table, plus the finer rules of 001 §6. */
export const CAPABILITIES = {
  'settings.access': ['owner', 'manager'],
  'settings.discord': ['owner'],
  'shows.editAll': ['owner', 'manager', 'admin'],
  'shows.approve': ['owner', 'manager', 'admin', 'moderator'],
  'shows.resolve': ['owner', 'manager', 'admin', 'moderator'],
  'shows.pickAnyPresenter': ['owner', 'manager', 'admin', 'moderator'],
  'shows.manageAny': ['owner', 'manager', 'admin', 'moderator'],
  'schedule.overview': ['owner', 'manager', 'admin', 'moderator'],
  'panel.view': ['owner', 'manager', 'admin', 'moderator', 'presenter', 'guest', 'probation'],
  'users.manage': ['owner', 'manager', 'admin', 'moderator'],
  'requests.manage': ['owner', 'manager', 'admin', 'moderator', 'presenter', 'guest', 'probation'],
  'requests.delete': ['owner', 'manager', 'admin', 'moderator'],
  'djs.manage': ['owner', 'manager', 'admin', 'moderator'],
  'loa.fileForAnyone': ['owner', 'manager', 'admin', 'moderator'],
  'loa.review': ['owner', 'manager', 'admin', 'moderator'],
  'applications.manage': ['owner', 'manager', 'admin', 'moderator'],
  'pages.manage': ['owner', 'manager', 'admin'],
  'logs.view': ['owner', 'manager', 'admin', 'moderator'],
  'notifications.view': ['owner', 'manager', 'admin', 'moderator', 'presenter', 'guest', 'probation'],
  'notifications.announce': ['owner', 'manager'],
  'content.manage': ['owner', 'manager'],
  // Audience figures (issue 21): presenters and probation see their own shows; moderator and above everything.
  'audience.view': ['owner', 'manager', 'admin', 'moderator', 'presenter', 'probation'],
  'audience.viewAll': ['owner', 'manager', 'admin', 'moderator'],
  // Go live from the studio (issue 31): every staff role may go live inside their own booked show (the server
  // checks the booking); owners and managers may also go live at any time ("unscheduled live", audited),
  // let a show overrun its slot and end someone's live session.
  'live.goLive': ['owner', 'manager', 'admin', 'moderator', 'presenter', 'guest', 'probation'],
  'live.unscheduled': ['owner', 'manager'],
  // Dead air (issue 33): the Uptime screen (availability, incidents, per-show and per-presenter counts).
  'uptime.view': ['owner', 'manager', 'admin', 'moderator'],
  // Listen again (issue 32): trim, retitle and approve any episode, the station's recording settings and each
  // show's publishing rule; a presenter hides or approves their own episodes (the server checks the episode).
  'episodes.manage': ['owner', 'manager'],
  // Which roles must use two-factor sign-in (issue 37): the owner alone decides.
  'security.policy': ['owner'],
  // Retention periods and the analytics level (issue 37): the owner.
  'privacy.manage': ['owner'],
  // Music-licensing reports (issue 34): owner and manager.
  'reports.view': ['owner', 'manager'],
  // Live-show tracklists (issue 34 item 2): whoever goes live logs their own shows' plays (the server checks the
  // show is theirs); owners and managers any show's.
  'tracklists.log': ['owner', 'manager', 'admin', 'moderator', 'presenter', 'guest', 'probation'],
  'tracklists.manageAll': ['owner', 'manager'],
  // A person's data (issue 37 item 2): find, export and erase what names a person, answering a written request.
  'privacy.subjects': ['owner', 'manager'],
  // Follower counts per show (issue 36): moderator and above, as the station-wide audience figures.
  'follows.view': ['owner', 'manager', 'admin', 'moderator'],
} as const satisfies Record<string, readonly Role[]>;

export type Capability = keyof typeof CAPABILITIES;

/** The signed-in actor as the permission rules see it. */
export interface Actor {
  id: string;
  role: Role;
}

/** Whether a role holds a capability. */
export function can(role: Role | null | undefined, capability: Capability): boolean {
  if (!role) return false;
  return (CAPABILITIES[capability] as readonly Role[]).includes(role);
}

/** Roles an actor may give to a new account (spec 000 §6). */
export function creatableRoles(actorRole: Role): Role[] {
  switch (actorRole) {
    case 'owner':
      return [...ROLES];
    case 'manager':
      return ROLES.filter((r) => r !== 'owner');
    case 'admin':
      return ROLES.filter((r) => r !== 'owner' && r !== 'manager');
    case 'moderator':
      return ['presenter', 'guest', 'probation'];
    default:
      return [];
  }
}

/** Whether the actor may create an account with this role. */
export function canCreateUser(actorRole: Role, targetRole: Role): boolean {
  return creatableRoles(actorRole).includes(targetRole);
}

/** The five ranked roles of the edit rule (000 §6); guest and probation rank below presenter. */
const EDIT_ORDER: readonly Role[] = ['owner', 'manager', 'admin', 'moderator', 'presenter'];

/**
 * Edit a profile of role X: the actor's rank is equal to or higher than X among
 * owner, manager, admin, moderator, presenter (000 §6). Guest and probation
 * targets rank below presenter, so anyone who can manage users may edit them.
 * Editing is also gated by `users.manage`.
 */
export function canEditUser(actorRole: Role, targetRole: Role): boolean {
  if (!can(actorRole, 'users.manage')) return false;
  const a = EDIT_ORDER.indexOf(actorRole);
  const t = EDIT_ORDER.indexOf(targetRole);
  if (a === -1) return false;
  if (t === -1) return true;
  return a <= t;
}

/** Whether the actor may change a user's role to `newRole`: must be able to edit and to create that role. */
export function canAssignRole(actorRole: Role, targetRole: Role, newRole: Role): boolean {
  return canEditUser(actorRole, targetRole) && canCreateUser(actorRole, newRole);
}

/** Delete a user of role X: the actor must be strictly higher in the seven-role order. */
export function canDeleteUser(actorRole: Role, targetRole: Role): boolean {
  return can(actorRole, 'users.manage') && rank(actorRole) > rank(targetRole);
}

/** The fields of a show the edit/delete rule needs. */
export interface ShowOwnership {
  created_by: string | null;
  presenter_user_id: string | null;
}

/** Edit or delete a show: moderator and above always; others only as the show's creator or presenter. */
export function canManageShow(actor: Actor, show: ShowOwnership): boolean {
  if (can(actor.role, 'shows.manageAny')) return true;
  return show.created_by === actor.id || (show.presenter_user_id !== null && show.presenter_user_id === actor.id);
}

/** The spec's refusal texts, written once. */
export const DENIED = {
  panel: 'Access Denied - You need proper privileges to access this page.',
  adminFlag: 'You need admin privileges to access this page.',
  role: "You don't have the required role to access this page.",
  users: 'Access denied. User management privileges required.',
  deleteUser: 'You cannot delete users with equal or higher privileges.',
  settings: "Access Denied: You don't have permission to access the settings page.",
  logs: "You don't have permission to access the logs page.",
  requestStatus: "Access Denied: You don't have permission to change request status.",
  requestDelete: "You don't have permission to delete requests.",
  editShow: "You don't have permission to edit this show.",
  deleteShow: "You don't have permission to delete this show.",
  generic: "You don't have permission to do that.",
} as const;

/** One item of the staff sidebar. */
export interface NavItem {
  key: string;
  label: string;
  path: string;
  icon: 'dashboard' | 'disc' | 'users' | 'calendar' | 'music' | 'user-plus' | 'file' | 'settings' | 'radio' | 'bell' | 'chart';
  exact?: boolean;
}

/**
 * The sidebar items a role sees (000 §6, 001 §6). Where the sidebar rules and
 * the route table differ, the route table wins on the server; the sidebar
 * follows it too so that no item leads to a refusal.
 */
export function sidebarItems(role: Role): NavItem[] {
  const items: NavItem[] = [
    { key: 'dashboard', label: 'Dashboard', path: '/admin', icon: 'dashboard', exact: true },
    { key: 'on-air', label: 'On Air', path: '/admin/on-air', icon: 'radio' },
    { key: 'shows', label: 'Shows', path: '/admin/shows', icon: 'calendar' },
    { key: 'djs', label: 'DJs & Staff', path: '/admin/djs', icon: 'disc' },
  ];
  if (can(role, 'audience.view')) items.push({ key: 'audience', label: 'Audience', path: '/admin/audience', icon: 'chart' });
  if (can(role, 'uptime.view')) items.push({ key: 'uptime', label: 'Uptime', path: '/admin/uptime', icon: 'chart' });
  // Listen again (issue 32): managers every episode and setting; presenters their own episodes. Not guests.
  if (role !== 'guest') items.push({ key: 'listen-again', label: 'Listen again', path: '/admin/listen-again', icon: 'radio' });
  if (can(role, 'reports.view')) items.push({ key: 'reports', label: 'Reports', path: '/admin/reports', icon: 'file' });
  if (can(role, 'schedule.overview')) items.push({ key: 'schedule', label: 'Schedule Overview', path: '/admin/schedule', icon: 'calendar' });
  if (can(role, 'applications.manage')) items.push({ key: 'applications', label: 'Applications', path: '/admin/applications', icon: 'user-plus' });
  if (can(role, 'users.manage')) items.push({ key: 'users', label: 'User Management', path: '/admin/users', icon: 'users' });
  if (can(role, 'pages.manage')) items.push({ key: 'pages', label: 'Pages', path: '/admin/pages', icon: 'file' });
  if (can(role, 'logs.view')) items.push({ key: 'logs', label: 'Logs', path: '/admin/logs', icon: 'file' });
  if (can(role, 'privacy.subjects')) items.push({ key: 'data-requests', label: 'Data Requests', path: '/admin/data-requests', icon: 'file' });
  if (can(role, 'settings.access')) items.push({ key: 'settings', label: 'Settings', path: '/admin/settings', icon: 'settings' });
  return items;
}

/** The four request queues of the collapsible Requests group. */
export const REQUEST_NAV: readonly NavItem[] = [
  { key: 'song-requests', label: 'Song Requests', path: '/admin/song-requests', icon: 'music' },
  { key: 'shoutout-requests', label: 'Shoutout Requests', path: '/admin/shoutout-requests', icon: 'music' },
  { key: 'general-requests', label: 'General Requests', path: '/admin/general-requests', icon: 'music' },
  { key: 'loa-requests', label: 'LOA Requests', path: '/admin/loa-requests', icon: 'calendar' },
];

/** Route-level access for the staff area (001 §2 route table): which roles may open each path. */
export const ADMIN_ROUTE_ROLES: Record<string, Capability> = {
  '/admin': 'panel.view',
  '/admin/on-air': 'panel.view',
  '/admin/shows': 'panel.view',
  '/admin/djs': 'panel.view',
  '/admin/schedule': 'panel.view',
  '/admin/song-requests': 'panel.view',
  '/admin/shoutout-requests': 'panel.view',
  '/admin/general-requests': 'panel.view',
  '/admin/loa-requests': 'panel.view',
  '/admin/request-loa': 'panel.view',
  '/admin/applications': 'applications.manage',
  '/admin/notifications': 'notifications.view',
  '/admin/users': 'users.manage',
  '/admin/pages': 'pages.manage',
  '/admin/logs': 'logs.view',
  '/admin/data-requests': 'privacy.subjects',
  '/admin/settings': 'settings.access',
  '/admin/audience': 'audience.view',
  '/admin/uptime': 'uptime.view',
  '/admin/tracklists': 'tracklists.log',
  '/admin/listen-again': 'panel.view',
  '/admin/reports': 'reports.view',
};
