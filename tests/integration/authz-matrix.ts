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
/** Audience figures (issue 21): moderator and above see everything, presenters and probation their own shows; guest none. */
export const AUDIENCE: readonly Role[] = ['owner', 'manager', 'admin', 'moderator', 'presenter', 'probation'];
/** The Uptime screen (issue 33): moderator and above. */
export const UPTIME: readonly Role[] = ['owner', 'manager', 'admin', 'moderator'];
/** Music-licensing reports (issue 34): owner and manager. */
export const LICENSING_REPORTS: readonly Role[] = ['owner', 'manager'];
/** The Discord integration: owner only (001 §6). */
export const OWNER_ONLY: readonly Role[] = ['owner'];

/** Going live outside a booked show (issue 31): nobody, whatever the role, without a booking or "unscheduled". */
export const NOBODY_OUTSIDE_SLOT: readonly Role[] = [];
/** Unscheduled live, overrun, ending a live session: owner and manager (issue 31). */
export const LIVE_MANAGERS: readonly Role[] = ['owner', 'manager'];

/** Listen again's station settings and publishing rules (issue 32): owner and manager. */
export const LISTEN_AGAIN_MANAGERS: readonly Role[] = ['owner', 'manager'];

/** `METHOD /path` exactly as the router declares it → who may call it. */
export const AUTHZ_MATRIX: Record<string, Access> = {
  // Foundation
  'GET /api/health': 'public',
  'GET /api/station': 'public',

  // Desktop studio update feed (issue 9)
  'GET /desktop/:file': 'public',
  'GET /api/on-air/summary': ALL_STAFF,

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
  // Two-factor sign-in, password reset and one's own sessions (issue 37)
  'POST /api/auth/mfa/verify': 'public',
  'POST /api/auth/mfa/totp/setup': 'any-user',
  'POST /api/auth/mfa/totp/enable': 'any-user',
  'POST /api/auth/mfa/totp/disable': 'any-user',
  'POST /api/auth/mfa/recovery-codes': 'any-user',
  'GET /api/me/mfa': 'any-user',
  'GET /api/auth/mfa/policy': OWNER_ONLY,
  'PUT /api/auth/mfa/policy': OWNER_ONLY,
  'POST /api/auth/password-reset': 'public',
  'POST /api/auth/password-reset/confirm': 'public',
  'GET /api/me/sessions': 'any-user',
  'DELETE /api/me/sessions/:id': 'any-user',
  // Privacy and retention (issue 37 item 1): the owner.
  'GET /api/privacy': 'public',
  'GET /api/privacy/settings': OWNER_ONLY,
  'PUT /api/privacy/settings': OWNER_ONLY,
  'GET /api/privacy/retention': OWNER_ONLY,
  'POST /api/privacy/retention/run': OWNER_ONLY,
  'GET /api/my-data': 'public',
  'DELETE /api/my-data': 'public',
  'GET /api/privacy/subjects': ACCESS_SETTINGS,
  'GET /api/privacy/subjects/export': ACCESS_SETTINGS,
  'POST /api/privacy/subjects/erase': ACCESS_SETTINGS,
  'GET /api/me/data': 'any-user',
  'POST /api/me/deletion-request': 'any-user',
  'GET /api/users': MANAGE_USERS,
  'POST /api/users': MANAGE_USERS,
  'PATCH /api/users/:id': MANAGE_USERS,
  'PUT /api/users/:id/avatar': MANAGE_USERS,
  'DELETE /api/users/:id': MANAGE_USERS,
  'GET /media/:bucket/*path': 'public',

  // Radio and realtime (issue 4)
  'GET /api/now-playing': 'public',
  'GET /api/nowplaying': 'public',
  'GET /api/nowplaying/:station': 'public',
  'GET /api/stream': 'public',
  // Reach (issue 36): playlist files of the public stream
  'GET /listen.m3u': 'public',
  'GET /listen.pls': 'public',
  'GET /listen.svg': 'public',
  'GET /listen-everywhere': 'public',
  // Follow a show, no account (issue 36); follower counts: moderator and above (as the station-wide audience)
  'GET /api/push/key': 'public',
  'POST /api/follows': 'public',
  'DELETE /api/follows': 'public',
  'GET /api/follows/counts': UPTIME,
  'GET /api/radio/history': 'public',
  'GET /api/radio/most-played': 'public',
  'GET /api/radio/most-liked': 'public',
  'GET /api/tracks/votes': 'public',
  'GET /api/tracks/:id/votes': 'public',
  'POST /api/tracks/:id/votes': 'public',
  'GET /api/counters/bubble_clicks': 'public',
  'POST /api/counters/bubble_clicks/increment': 'public',
  'GET /api/radio/dj-stats/:presenterId': 'public',
  'GET /api/radio/dj-stats': 'public',
  'GET /api/radio/on-air-report': 'any-user',

  // Schedule (issue 5). Edit and delete of one show are checked per show
  // (creator or presenter, else moderator and above) in schedule-authz.test.ts.
  'GET /api/schedule/me': 'any-user',
  'GET /api/schedule/events': 'any-user',
  'GET /api/schedule/events/:id': 'any-user',
  'POST /api/schedule/bookings': 'any-user',
  'PATCH /api/schedule/events/:id': 'any-user',
  'DELETE /api/schedule/events/:id': 'any-user',
  'POST /api/schedule/events/:id/approve': APPROVE_SHOWS,
  'POST /api/schedule/events/:id/resolve': APPROVE_SHOWS,
  'POST /api/schedule/events/:id/cancel': APPROVE_SHOWS,
  'POST /api/schedule/events/:id/restore': APPROVE_SHOWS,
  'POST /api/schedule/events/:id/image': 'any-user',
  'POST /api/schedule/images': 'any-user',
  'POST /api/schedule/overview/events': APPROVE_SHOWS,
  'PATCH /api/schedule/overview/events/:id': APPROVE_SHOWS,
  'GET /api/schedule/outstanding': APPLICATIONS_AND_LOGS,
  'GET /api/schedule/week': 'public',
  'GET /api/schedule/today': 'public',
  'GET /api/schedule/next': 'public',
  'GET /api/presenters/:id/shows': 'public',
  'GET /api/presenters': 'public',
  'GET /api/presenters/:id': 'public',
  'GET /schedule-api': 'public',
  'GET /api/public/schedule': 'public',
  'GET /api/schedule.ics': 'public',
  'GET /api/public/schedule.ics': 'public',

  // Content and settings (issue 7). Settings (and its sponsored and slider
  // tabs) follow the route table: owner and manager; Discord owner only;
  // Pages owner, manager and admin.
  'GET /api/settings/access': ACCESS_SETTINGS,
  'GET /api/settings/station': ACCESS_SETTINGS,
  'PUT /api/settings/station': ACCESS_SETTINGS,
  // First-run setup (issue 17): part of Settings; saving it is PUT /api/settings/station.
  'GET /api/settings/setup': ACCESS_SETTINGS,
  'POST /api/settings/setup/skip': ACCESS_SETTINGS,
  'GET /api/settings/discord': OWNER_ONLY,
  'PUT /api/settings/discord': OWNER_ONLY,
  'PATCH /api/settings/discord': OWNER_ONLY,

  // Go live from the studio (issue 31)
  'GET /api/live/status': ALL_STAFF,
  // Outside a booked slot the server refuses every role: a plain request (no booking, not "unscheduled") is 403 for all.
  'POST /api/live/sessions': NOBODY_OUTSIDE_SLOT,
  'POST /api/live/sessions/:id/overrun': LIVE_MANAGERS,
  'POST /api/live/sessions/:id/end': LIVE_MANAGERS,
  'GET /api/settings/live-input': ACCESS_SETTINGS,
  'PUT /api/settings/live-input': ACCESS_SETTINGS,
  'GET /api/settings/listing': ACCESS_SETTINGS,
  'PUT /api/settings/listing': ACCESS_SETTINGS,
  'POST /api/settings/listing/check': ACCESS_SETTINGS,
  'POST /api/settings/listing/radio-browser': ACCESS_SETTINGS,
  // Station widgets (issue 22): the widget pages are public; their settings are Settings (owner, manager).
  'GET /embed/:widget': 'public',
  'GET /api/settings/widgets': ACCESS_SETTINGS,
  'PUT /api/settings/widgets': ACCESS_SETTINGS,
  'GET /api/content/pages/:slug': 'public',
  'POST /api/content/pages/:slug/views': 'public',
  'GET /api/content/slider': 'public',
  'GET /api/content/sponsored': 'public',
  'POST /api/content/slides/:id/views': 'public',
  'POST /api/content/slides/:id/clicks': 'public',
  'POST /api/content/sponsored/:id/views': 'public',
  'POST /api/content/sponsored/:id/clicks': 'public',
  'GET /api/pages': PAGES,
  'GET /api/pages/analytics': PAGES,
  'POST /api/pages': PAGES,
  'PUT /api/pages/:id': PAGES,
  'DELETE /api/pages/:id': PAGES,
  'GET /api/sponsored': ACCESS_SETTINGS,
  'POST /api/sponsored': ACCESS_SETTINGS,
  'PUT /api/sponsored/:id': ACCESS_SETTINGS,
  'DELETE /api/sponsored/:id': ACCESS_SETTINGS,
  'GET /api/slider/settings': ACCESS_SETTINGS,
  'PUT /api/slider/settings': ACCESS_SETTINGS,
  'GET /api/slider/slides': ACCESS_SETTINGS,
  'POST /api/slider/slides': ACCESS_SETTINGS,
  'PUT /api/slider/slides/:id': ACCESS_SETTINGS,
  'DELETE /api/slider/slides/:id': ACCESS_SETTINGS,
  'GET /api/openapi.json': 'public',

  // Listener submissions and external services (issues 3 and 8)
  'POST /api/requests/song': 'public',
  'POST /api/requests/shoutout': 'public',
  'POST /api/requests/general': 'public',
  'GET /api/tracks/search': 'public',
  'GET /song-request-api': 'public',
  'POST /song-request-api': 'public',
  'GET /api/public/song-request-api': 'public',
  'POST /api/public/song-request-api': 'public',
  'POST /api/applications': 'public',
  'GET /api/spotify/search': 'public',
  'GET /api/spotify/status': 'public',
  'GET /api/discord/status': 'public',
  'GET /api/music-links': ALL_STAFF,
  'GET /api/discord/authorize': 'public',
  'POST /api/discord/callback': 'public',
  'GET /api/webhooks': ACCESS_SETTINGS,
  'POST /api/webhooks': ACCESS_SETTINGS,
  'PATCH /api/webhooks/:id': ACCESS_SETTINGS,
  'DELETE /api/webhooks/:id': ACCESS_SETTINGS,
  'POST /api/webhooks/:id/test': ACCESS_SETTINGS,
  'GET /api/webhooks/deliveries': ACCESS_SETTINGS,

  // Staff workflows (issue 6): request queues, leave, applications, DJs & Staff
  'GET /api/requests/song': ALL_STAFF,
  'PATCH /api/requests/song/:id': ALL_STAFF,
  'POST /api/requests/song/bulk': ALL_STAFF,
  'DELETE /api/requests/song/:id': DELETE_REQUESTS,
  'GET /api/requests/shoutout': ALL_STAFF,
  'PATCH /api/requests/shoutout/:id': ALL_STAFF,
  'POST /api/requests/shoutout/bulk': ALL_STAFF,
  'DELETE /api/requests/shoutout/:id': DELETE_REQUESTS,
  'GET /api/requests/general': ALL_STAFF,
  'PATCH /api/requests/general/:id': ALL_STAFF,
  'POST /api/requests/general/bulk': ALL_STAFF,
  'DELETE /api/requests/general/:id': DELETE_REQUESTS,
  'GET /api/loa': 'any-user',
  'POST /api/loa': 'any-user',
  'PATCH /api/loa/:id': APPROVE_SHOWS,
  'GET /api/loa/:id/shows': APPROVE_SHOWS,
  'POST /api/loa/:id/withdraw': 'any-user',
  'DELETE /api/loa/:id': DELETE_REQUESTS,
  'GET /api/applications': APPLICATIONS_AND_LOGS,
  'PATCH /api/applications/:id': APPLICATIONS_AND_LOGS,
  'GET /api/djs': 'any-user',
  'POST /api/djs': APPROVE_SHOWS,
  'PATCH /api/djs/:id': APPROVE_SHOWS,
  'DELETE /api/djs/:id': APPROVE_SHOWS,

  // Staff workflows: notifications, logs, dashboard (issue 6; 001 §2, §6)
  'GET /api/notifications': 'any-user',
  'GET /api/notifications/unread-count': 'any-user',
  'POST /api/notifications/read-all': 'any-user',
  'POST /api/notifications/:id/read': 'any-user',
  'POST /api/notifications/:id/dismiss': 'any-user',
  'GET /api/notifications/preferences': 'any-user',
  'PUT /api/notifications/preferences': 'any-user',
  'POST /api/notifications/announcements': ACCESS_SETTINGS,
  'GET /api/logs': APPLICATIONS_AND_LOGS,
  'GET /api/logs/stats': APPLICATIONS_AND_LOGS,
  'GET /api/logs/export': APPLICATIONS_AND_LOGS,
  'GET /api/dashboard': ALL_STAFF,

  // Audience figures (issue 21)
  'GET /api/audience/series': AUDIENCE,
  'GET /api/audience/heatmap': AUDIENCE,
  'GET /api/audience/shows': AUDIENCE,
  'GET /api/audience/shows.csv': AUDIENCE,
  'GET /api/audience/now': ALL_STAFF,
  'GET /api/audience/presenters': ALL_STAFF,
  'GET /api/presenters/:id/audience': 'public',
  'GET /api/audience/visibility': 'public',
  'PUT /api/settings/audience': ACCESS_SETTINGS,
  // Dead air (issue 33): the public condition (is the station heard; the backup stream), the staff Uptime screen, the watch's settings.
  'GET /api/station/condition': 'public',
  'GET /api/uptime': UPTIME,
  'GET /api/uptime/incidents/:id/sample': UPTIME,
  'GET /api/dead-air/settings': ACCESS_SETTINGS,
  'PUT /api/dead-air/settings': ACCESS_SETTINGS,
  // Rota tools (issue 30): move a show to another date (whoever may edit it; the rule is checked in the service).
  'POST /api/schedule/events/:id/move': 'any-user',
  // A whole series (issue 30): edit and delete by whoever may manage every occurrence; approve and cancel as for one show.
  'PATCH /api/schedule/series/:id': 'any-user',
  'DELETE /api/schedule/series/:id': 'any-user',
  'POST /api/schedule/series/:id/approve': APPROVE_SHOWS,
  'POST /api/schedule/series/:id/cancel': APPROVE_SHOWS,
  // Music-licensing reports (issue 34): owner and manager.
  'GET /api/reports/plays': LICENSING_REPORTS,
  'GET /api/reports/plays/preview': LICENSING_REPORTS,
  'GET /api/reports/ppl': LICENSING_REPORTS,
  'GET /api/reports/ppl-territory': LICENSING_REPORTS,
  'GET /api/reports/ppl-usage': LICENSING_REPORTS,
  'GET /api/reports/prs': LICENSING_REPORTS,
  'GET /api/reports/soundexchange': LICENSING_REPORTS,
  'PATCH /api/reports/plays/:id': LICENSING_REPORTS,
  'POST /api/reports/plays/:id/musicbrainz': LICENSING_REPORTS,
  // Listen again (issue 32): episodes, their audio and chapters and the podcast feeds are public; the station's
  // settings and each show's publishing rule are owners' and managers'; every staff role lists and changes
  // episodes (the service lets presenters see, hide and approve only their own).
  'GET /api/episodes': 'public',
  'GET /api/episodes/:id/audio.mp3': 'public',
  'GET /api/episodes/:id/chapters.json': 'public',
  'GET /podcasts/:show.xml': 'public',
  'GET /api/listen-again/status': LISTEN_AGAIN_MANAGERS,
  'PUT /api/listen-again/settings': LISTEN_AGAIN_MANAGERS,
  'PUT /api/listen-again/shows/:id': LISTEN_AGAIN_MANAGERS,
  'GET /api/listen-again/episodes': ALL_STAFF,
  'PATCH /api/listen-again/episodes/:id': ALL_STAFF,
  // Live-show tracklists (issue 34 item 2): every role that goes live (the service allows a presenter their own
  // shows only; owners and managers any show).
  'GET /api/tracklists/shows': ALL_STAFF,
  'GET /api/tracklists/search': ALL_STAFF,
  'GET /api/tracklists/shows/:id': ALL_STAFF,
  'POST /api/tracklists/shows/:id/plays': ALL_STAFF,
  'POST /api/tracklists/shows/:id/import': ALL_STAFF,
  'DELETE /api/tracklists/shows/:id/plays/:playId': ALL_STAFF,
  'GET /api/listen-again/shows': LISTEN_AGAIN_MANAGERS,
  'GET /api/listen-again/mixcloud': LISTEN_AGAIN_MANAGERS,
  'PUT /api/listen-again/mixcloud': LISTEN_AGAIN_MANAGERS,
  'DELETE /api/listen-again/mixcloud': LISTEN_AGAIN_MANAGERS,
};
