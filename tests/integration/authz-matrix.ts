/**
 * The authorization matrix: every HTTP route of the server and who may call
 * it, written from the spec's tables (000 §6, 001 §2 and §6), not from
 * shared/permissions.ts, so that a wrong capability there is caught here.
 *
 * Every route the routers mount must have a row (the test enumerates them
 * and fails on a missing one); every row must name a mounted route. A new
 * route adds one row here. Kinds:
 * - 'public': anyone, signed in or not; nobody gets 401 or 403.
 * - 'any-user': any signed-in account of the seven roles; anonymous gets 401.
 * - 'credential': authenticated by its own credential (a refresh token), not
 *   by an access token; without one everybody gets 401 and nobody 403.
 * - a list of roles: anonymous gets 401, those roles get past the check
 *   (anything but 401/403), every other role gets 403.
 */
import type { Role } from '../../shared/permissions';

/** Who may call a route. */
export type Access = 'public' | 'any-user' | 'credential' | readonly Role[];

// The spec's rows, spelled out (000 §6 table; 001 §2 route table; 001 §6).
/** Manage users: owner, manager, admin, moderator. */
export const MANAGE_USERS: readonly Role[] = ['owner', 'manager', 'admin', 'moderator'];
/** Access settings: owner, manager. */
export const ACCESS_SETTINGS: readonly Role[] = ['owner', 'manager'];
/** Edit all shows: owner, manager, admin. */
export const EDIT_ALL_SHOWS: readonly Role[] = ['owner', 'manager', 'admin'];
/** Approve shows (and resolve conflicts, add/edit/delete DJs, overview events): owner, manager, admin, moderator. */
export const APPROVE_SHOWS: readonly Role[] = ['owner', 'manager', 'admin', 'moderator'];
/** View the admin panel and manage requests: all seven. */
export const ALL_STAFF: readonly Role[] = ['owner', 'manager', 'admin', 'moderator', 'presenter', 'guest', 'probation'];
/** Delete requests: owner, manager, admin, moderator. */
export const DELETE_REQUESTS: readonly Role[] = ['owner', 'manager', 'admin', 'moderator'];
/** Applications and logs: owner, manager, admin, moderator (001 §2 route table). */
export const APPLICATIONS_AND_LOGS: readonly Role[] = ['owner', 'manager', 'admin', 'moderator'];
/** Pages: owner, manager, admin (001 §2 route table). */
export const PAGES: readonly Role[] = ['owner', 'manager', 'admin'];
/** The Discord integration: owner only (001 §6). */
export const OWNER_ONLY: readonly Role[] = ['owner'];

/** `METHOD /path` exactly as the router declares it → who may call it. */
export const AUTHZ_MATRIX: Record<string, Access> = {
  // Foundation
  'GET /api/health': 'public',
  'GET /api/station': 'public',

  // Accounts (issue 11)
  'GET /.well-known/jwks.json': 'public',
  'POST /api/auth/token': 'public',
  'POST /api/auth/refresh': 'credential',
  'POST /api/auth/sign-out': 'public',
  'GET /api/me': 'any-user',
  'PATCH /api/me': 'any-user',
  'PUT /api/me/avatar': 'any-user',
  'POST /api/me/password': 'any-user',
  'PATCH /api/me/presenter': 'any-user',
  'GET /api/users': MANAGE_USERS,
  'POST /api/users': MANAGE_USERS,
  'PATCH /api/users/:id': MANAGE_USERS,
  'PUT /api/users/:id/avatar': MANAGE_USERS,
  'DELETE /api/users/:id': MANAGE_USERS,
  'GET /media/:bucket/*path': 'public',
};
