import {
  ChangePasswordSchema,
  CreateUserSchema,
  ListUsersQuerySchema,
  RefreshSchema,
  SignInSchema,
  SocialLinksSchema,
  UpdateMeSchema,
  UpdateUserSchema,
} from '../../../shared/accounts';
import { ApplicationDecisionSchema, ApplicationFilterSchema } from '../../../shared/applications';
import { AudienceQuerySchema, AudienceVisibilitySchema } from '../../../shared/audience';
import { CreateBookingSchema, EditShowSchema, EventListQuerySchema, MoveShowSchema, OverviewEventSchema, SeriesEditSchema, ResolveSchema, RestoreSchema, WeekQuerySchema } from '../../../shared/bookings';
import { DiscordConfigInputSchema, DiscordConfigUpdateSchema, PageInputSchema, SliderSettingsSchema, SlideInputSchema, SponsoredInputSchema } from '../../../shared/content';
import { DeadAirSettingsSchema } from '../../../shared/dead-air';
import { EmbedSettingsSchema } from '../../../shared/embeds';
import { DiscordCallbackInputSchema, MusicLinksQuerySchema, WebhookCreateSchema, WebhookUpdateSchema } from '../../../shared/integrations';
import { LoaShowDecisionsSchema, loaInputSchema } from '../../../shared/leave';
import { LiveInputSettingsInputSchema, LiveStartSchema } from '../../../shared/live';
import { MfaEnableSchema, MfaPasswordSchema, MfaPolicySchema, MfaSetupSchema, MfaVerifySchema, ResetConfirmSchema, ResetRequestSchema } from '../../../shared/mfa';
import { AnnouncementSchema, ListNotificationsQuerySchema, LogsQuerySchema, PreferencesSchema } from '../../../shared/notifications';
import { DjInputSchema } from '../../../shared/presenters';
import { ReportQuerySchema } from '../../../shared/licensing';
import { DeletionRequestSchema, PrivacySettingsSchema, SubjectEraseSchema, SubjectQuerySchema } from '../../../shared/privacy';
import { bulkActionSchema, statusFilterSchema, statusSchema, type QueueKind } from '../../../shared/requests';
import { StationInfoSchema } from '../../../shared/station';
import { DeliveriesQuerySchema } from '../integrations/routes';
import { UptimeQuerySchema } from '../radio/ears/routes';
import { EpisodePatchSchema, ListenAgainSettingsSchema, ShowPublishSchema } from '../../../shared/listen-again';
import { ImportTracklistSchema, LogPlaySchema } from '../../../shared/tracklists';
import { registerOperation, type OperationResponse, type OperationSpec } from './openapi';

/**
 * Every other route of the server: the station's own boot data and health, sign-in, and the staff panel's
 * operations (bearer access token), each with the schemas its route parses with, who may call it and the
 * answers it gives. With the public and listener operations this documents every route the routers mount
 * (tests/integration/openapi.test.ts checks both ways; tests/integration/openapi-contract.test.ts walks them).
 */

const error = (description: string): OperationResponse => ({ description, error: true });
const obj = (description: string): OperationResponse => ({ description, json: 'object' });
const arr = (description: string): OperationResponse => ({ description, json: 'array' });
const none = (description: string): OperationResponse => ({ description });
const notFound = (what: string) => error(`${what} not found (an id that is not one is not found either).`);
const ID = { id: 'The item’s id (a UUID).' };

const queueOps = (kind: Exclude<QueueKind, 'loa'>, label: string): OperationSpec[] => [
  { method: 'get', path: `/api/requests/${kind}`, tag: 'Request queues', auth: 'roles', summary: `The ${label} queue`, description: 'Every staff role; newest first, filtered by status.', query: statusFilterSchema(kind), responses: { 200: obj(`The ${label}s (\`requests\`).`), 400: error('Invalid filter.') } },
  { method: 'patch', path: `/api/requests/${kind}/{id}`, tag: 'Request queues', auth: 'roles', pathParams: ID, summary: `Set a ${label}’s status`, body: statusSchema(kind), responses: { 200: obj(`The ${label}.`), 404: notFound(label) } },
  { method: 'post', path: `/api/requests/${kind}/bulk`, tag: 'Request queues', auth: 'roles', summary: `Set the status of many ${label}s, or delete them`, description: `Every staff role may set a status; deleting is moderator and above. At most 100 ids; each is changed as its own PATCH or DELETE would be. Answers \`done\` and \`missing\` (ids not found).`, body: bulkActionSchema(kind), responses: { 200: obj('The ids changed and the ids not found.'), 400: error('Invalid action.'), 403: error('Deleting needs moderator or above.') } },
  { method: 'delete', path: `/api/requests/${kind}/{id}`, tag: 'Request queues', auth: 'roles', pathParams: ID, summary: `Delete a ${label}`, description: 'Moderator and above.', responses: { 204: none('Deleted.'), 404: notFound(label) } },
];

const ops: OperationSpec[] = [
  // Foundation
  { method: 'get', path: '/api/health', tag: 'Station', summary: 'Health check', description: 'For operators and load balancers: the database, the station source, the station’s condition and the last incident.', responses: { 200: obj('Healthy or degraded, with each part’s state.'), 503: obj('Unhealthy (the database cannot be reached), with each part’s state.') } },
  { method: 'get', path: '/api/station', tag: 'Station', summary: 'The station’s public settings', description: 'What the web app boots with: name, tagline, logo, stream, contact, social links, theme, donation, approved image hosts, languages.', responses: { 200: obj('The station information.') } },
  { method: 'get', path: '/api/openapi.json', tag: 'Station', summary: 'This document', responses: { 200: obj('The OpenAPI 3.1 document.') } },
  { method: 'get', path: '/.well-known/jwks.json', tag: 'Sign-in', summary: 'The public keys access tokens are signed with', responses: { 200: obj('A JSON Web Key Set.') } },
  { method: 'get', path: '/metrics', tag: 'Station', auth: 'metrics', summary: 'Prometheus metrics', description: 'Off (404) unless METRICS_TOKEN is set; then only with that token.', responses: { 200: { description: 'Prometheus text exposition format.', content: 'text/plain' }, 401: error('A valid metrics token is required.'), 404: error('Metrics are off.') } },
  { method: 'get', path: '/desktop/{file}', tag: 'Station', pathParams: { file: 'An update file of the desktop studio (latest.yml, latest-mac.yml, latest-linux.yml, a signed manifest or an installer).' }, summary: 'Desktop studio update files', responses: { 200: { description: 'The file.', content: 'application/octet-stream' }, 404: error('No such file.') } },
  { method: 'get', path: '/media/{bucket}/{path}', tag: 'Station', pathParams: { bucket: 'avatars or show-images.', path: 'The file’s path in the bucket (may contain slashes).' }, summary: 'An uploaded image', description: 'Served with long caching, an ETag and a sandboxing content policy.', responses: { 200: { description: 'The image.', content: 'image/*' }, 304: none('Not modified.'), 404: error('No such image.') } },
  { method: 'get', path: '/api/stream', tag: 'Station', summary: 'The demo station’s audio stream', description: 'An endless MP3 stream (with ICY titles when asked with Icy-MetaData: 1) when the station source is the demo; otherwise a redirect to the station’s stream.', responses: { 200: { description: 'MP3 audio.', content: 'audio/mpeg' }, 302: none('The station’s own stream.'), 503: error('No stream to give yet.') } },
  { method: 'get', path: '/embed/{widget}', tag: 'Station', pathParams: { widget: 'now-playing, schedule or request.' }, summary: 'An embeddable widget', description: 'An HTML page another site may frame (Settings → Widgets).', responses: { 200: { description: 'The widget page.', content: 'text/html' }, 404: error('No such widget.'), 503: error('The web app has not been built on this server yet.') } },

  // Sign-in
  { method: 'post', path: '/api/auth/token', tag: 'Sign-in', summary: 'Sign in', description: 'Email and password; answers the access token (15 minutes), the account and, for the website, sets the refresh cookie (the desktop studio gets the refresh token in the body).', body: SignInSchema, responses: { 200: obj('The access token and the account.'), 401: error('Wrong email or password, or the account is not active.'), 429: error('Too many attempts: wait for Retry-After seconds.') } },
  { method: 'post', path: '/api/auth/refresh', tag: 'Sign-in', auth: 'refresh', summary: 'A new access token', description: 'From the refresh token (body, or the website’s cookie), which is rotated.', body: RefreshSchema, responses: { 200: obj('A new access token and the account.'), 401: error('No refresh token, or one that is unknown, reused, ended or of an inactive account.'), 403: error('A cookie sent from another site.') } },
  { method: 'post', path: '/api/auth/sign-out', tag: 'Sign-in', summary: 'Sign out', description: 'Ends the session named by the access token (Authorization) or the refresh token; an already-ended session is not an error.', body: RefreshSchema, responses: { 204: none('Signed out.'), 403: error('A cookie sent from another site.') } },

  { method: 'post', path: '/api/auth/mfa/verify', tag: 'Sign-in', summary: 'Sign in, second step', description: 'A TOTP or recovery code for the mfa_token the password step answered; then as POST /api/auth/token.', body: MfaVerifySchema, responses: { 200: obj('The access token and the account.'), 401: error('A wrong or expired code or token.'), 403: error('Sent from another site.'), 429: error('Too many attempts: wait for Retry-After seconds.') } },
  { method: 'post', path: '/api/auth/mfa/totp/setup', tag: 'Sign-in', auth: 'enrolling', summary: 'Set up two-factor sign-in (TOTP)', description: 'Signed in, or a sign-in that must set it up first (mfa_token in the body): a new secret and its otpauth address.', body: MfaSetupSchema, responses: { 200: obj('The secret and its otpauth:// address.'), 409: error('Two-factor sign-in is on already.') } },
  { method: 'post', path: '/api/auth/mfa/totp/enable', tag: 'Sign-in', auth: 'enrolling', summary: 'Turn two-factor sign-in on', description: 'With the first code of the app; a sign-in that had to set it up is finished by it (the session is answered).', body: MfaEnableSchema, responses: { 200: obj('The recovery codes (shown once), and for a sign-in the session.'), 401: error('A wrong code.'), 403: error('Sent from another site.'), 409: error('Not set up, or on already.') } },
  { method: 'post', path: '/api/auth/mfa/totp/disable', tag: 'Sign-in', auth: 'signed-in', summary: 'Turn two-factor sign-in off', body: MfaPasswordSchema, responses: { 204: none('Off.'), 403: error('The station’s policy requires it for this role.'), 409: error('It is not on.') } },
  { method: 'post', path: '/api/auth/mfa/recovery-codes', tag: 'Sign-in', auth: 'signed-in', summary: 'New recovery codes', body: MfaPasswordSchema, responses: { 200: obj('The new codes (shown once).'), 409: error('Two-factor sign-in is not on.') } },
  { method: 'get', path: '/api/auth/mfa/policy', tag: 'Sign-in', auth: 'roles', summary: 'Which roles must use two-factor sign-in (owner)', responses: { 200: obj('The roles.') } },
  { method: 'put', path: '/api/auth/mfa/policy', tag: 'Sign-in', auth: 'roles', summary: 'Set which roles must use two-factor sign-in (owner)', body: MfaPolicySchema, responses: { 200: obj('The roles.') } },
  { method: 'post', path: '/api/auth/password-reset', tag: 'Sign-in', summary: 'Forgot password: e-mail a reset link', description: 'The same answer whether or not the address has an account.', body: ResetRequestSchema, responses: { 202: obj('The message to show.'), 429: error('Too many requests: wait for Retry-After seconds.') } },
  { method: 'post', path: '/api/auth/password-reset/confirm', tag: 'Sign-in', summary: 'Set a new password from a reset link', description: 'Single use, 30 minutes; every session of the account ends.', body: ResetConfirmSchema, responses: { 204: none('Changed.'), 401: error('The link is unknown, used or expired.'), 429: error('Too many attempts.') } },

  // My account
  { method: 'get', path: '/api/me/mfa', tag: 'My account', auth: 'signed-in', summary: 'My two-factor sign-in', responses: { 200: obj('Whether it is on, required, and the recovery codes left.') } },
  { method: 'get', path: '/api/me/sessions', tag: 'My account', auth: 'signed-in', summary: 'My sessions', responses: { 200: obj('The sessions (`sessions`), this one marked.') } },
  { method: 'delete', path: '/api/me/sessions/{id}', tag: 'My account', auth: 'signed-in', pathParams: { id: 'The session’s id.' }, summary: 'End one of my sessions now', description: 'Its tokens stop working at once, realtime included.', responses: { 204: none('Ended.'), 404: notFound('Session') } },
  { method: 'get', path: '/api/me/data', tag: 'My account', auth: 'signed-in', summary: 'Download my data', description: 'The account, its presenter profile, sessions, two-factor state, leave, applications and audit trail, as a JSON attachment.', responses: { 200: obj('The file.') } },
  { method: 'post', path: '/api/me/deletion-request', tag: 'My account', auth: 'signed-in', summary: 'Ask for my account to be deleted', description: 'The owners and managers are told; the request is in the audit trail.', body: DeletionRequestSchema, responses: { 202: obj('Asked (`{ requested: true }`).') } },
  { method: 'get', path: '/api/me', tag: 'My account', auth: 'signed-in', summary: 'My account', responses: { 200: obj('The account and its presenter profile.') } },
  { method: 'patch', path: '/api/me', tag: 'My account', auth: 'signed-in', summary: 'Edit my profile', body: UpdateMeSchema, responses: { 200: obj('The account.'), 409: error('The username is taken.') } },
  { method: 'put', path: '/api/me/avatar', tag: 'My account', auth: 'signed-in', summary: 'Upload my avatar', rawBody: { content: 'image/*', description: 'A JPEG, PNG, WebP or GIF image, at most 5 MB.' }, responses: { 200: obj('The account with its new avatar.'), 413: error('File too large.'), 415: error('Not an image.'), 422: error('The image cannot be read.') } },
  { method: 'post', path: '/api/me/password', tag: 'My account', auth: 'signed-in', summary: 'Change my password', description: 'Needs the current password; the new one has at least 8 characters and is not a common password. Other sessions end.', body: ChangePasswordSchema, responses: { 204: none('Changed.') } },
  { method: 'patch', path: '/api/me/presenter', tag: 'My account', auth: 'signed-in', summary: 'My presenter profile’s social links', body: SocialLinksSchema, responses: { 200: obj('The profile.'), 404: error('No presenter profile.') } },

  // Users
  { method: 'get', path: '/api/users', tag: 'Users', auth: 'roles', summary: 'User Management: the accounts', description: 'Moderator and above.', query: ListUsersQuerySchema, responses: { 200: obj('The accounts.'), 400: error('Invalid filter.') } },
  { method: 'post', path: '/api/users', tag: 'Users', auth: 'roles', summary: 'Add an account', description: 'Moderator and above; a role up to one’s own.', body: CreateUserSchema, responses: { 201: obj('The account.'), 409: error('The email or username is taken.') } },
  { method: 'patch', path: '/api/users/{id}', tag: 'Users', auth: 'roles', pathParams: ID, summary: 'Edit an account', body: UpdateUserSchema, responses: { 200: obj('The account.'), 404: notFound('User'), 409: error('The email or username is taken, or the last owner would be lost.') } },
  { method: 'put', path: '/api/users/{id}/avatar', tag: 'Users', auth: 'roles', pathParams: ID, summary: 'Upload an account’s avatar', rawBody: { content: 'image/*', description: 'A JPEG, PNG, WebP or GIF image, at most 5 MB.' }, responses: { 200: obj('The account.'), 404: notFound('User'), 413: error('File too large.'), 415: error('Not an image.'), 422: error('The image cannot be read.') } },
  { method: 'delete', path: '/api/users/{id}', tag: 'Users', auth: 'roles', pathParams: ID, summary: 'Delete an account', responses: { 204: none('Deleted.'), 404: notFound('User'), 409: error('The last owner, or an account with booked shows.') } },

  // Schedule (staff)
  { method: 'get', path: '/api/schedule/me', tag: 'Schedule (staff)', auth: 'signed-in', summary: 'My presenter identity and shows', responses: { 200: obj('The presenter and options for booking.') } },
  { method: 'get', path: '/api/schedule/events', tag: 'Schedule (staff)', auth: 'signed-in', summary: 'Events in a range', query: EventListQuerySchema, responses: { 200: obj('The events.'), 400: error('Invalid range or filter.') } },
  { method: 'get', path: '/api/schedule/events/{id}', tag: 'Schedule (staff)', auth: 'signed-in', pathParams: ID, summary: 'One event', responses: { 200: obj('The event.'), 404: notFound('Show') } },
  { method: 'post', path: '/api/schedule/bookings', tag: 'Schedule (staff)', auth: 'signed-in', summary: 'Book a show', description: 'Daily, weekly, monthly or hand-picked dates; probation bookings wait for approval; overlaps answer 409 unless proceed. Images only from this site or an approved host.', body: CreateBookingSchema, responses: { 201: obj('The booking, its events and the message to show.'), 403: error('Booking for another presenter needs moderator or above.'), 409: error('The booking overlaps other events (details.conflicts).'), 422: error('The presenter is on leave then.') } },
  { method: 'patch', path: '/api/schedule/events/{id}', tag: 'Schedule (staff)', auth: 'signed-in', pathParams: ID, summary: 'Edit a show', description: 'Its creator or presenter, or moderator and above. Fields left out keep their value.', body: EditShowSchema, responses: { 200: obj('The event.'), 403: error('Not yours to edit.'), 404: notFound('Show'), 409: error('The new times overlap other events.') } },
  { method: 'delete', path: '/api/schedule/events/{id}', tag: 'Schedule (staff)', auth: 'signed-in', pathParams: ID, summary: 'Delete a show', responses: { 204: none('Deleted.'), 403: error('Not yours to delete.'), 404: notFound('Show') } },
  { method: 'post', path: '/api/schedule/events/{id}/move', tag: 'Schedule (staff)', auth: 'signed-in', pathParams: ID, summary: 'Move a show to another date', description: 'Whoever may edit it; the times are kept; not into the past nor inside approved leave; overlaps answer 409 unless proceed.', body: MoveShowSchema, responses: { 200: obj('The event.'), 403: error('Not yours to edit.'), 404: notFound('Show'), 409: error('The new date overlaps other events.'), 422: error('The presenter is on leave then.') } },
  { method: 'patch', path: '/api/schedule/series/{id}', tag: 'Schedule (staff)', auth: 'signed-in', pathParams: { id: 'The series’ id.' }, summary: 'Edit a whole series from today on', description: 'Whoever may manage every upcoming occurrence.', body: SeriesEditSchema, responses: { 200: obj('How many occurrences changed.'), 403: error('Not yours to edit.'), 404: notFound('Series'), 409: error('The new times overlap other events.') } },
  { method: 'delete', path: '/api/schedule/series/{id}', tag: 'Schedule (staff)', auth: 'signed-in', pathParams: { id: 'The series’ id.' }, summary: 'Delete a whole series from today on', responses: { 200: obj('How many occurrences were deleted.'), 403: error('Not yours to delete.'), 404: notFound('Series') } },
  { method: 'post', path: '/api/schedule/series/{id}/approve', tag: 'Schedule (staff)', auth: 'roles', pathParams: { id: 'The series’ id.' }, summary: 'Approve a whole series', responses: { 200: obj('How many occurrences were approved.'), 404: notFound('Series'), 409: error('Nothing to approve, or it overlaps.') } },
  { method: 'post', path: '/api/schedule/series/{id}/cancel', tag: 'Schedule (staff)', auth: 'roles', pathParams: { id: 'The series’ id.' }, summary: 'Cancel a whole series from today on', responses: { 200: obj('How many occurrences were cancelled.'), 404: notFound('Series'), 409: error('Nothing to cancel.') } },
  { method: 'post', path: '/api/schedule/events/{id}/approve', tag: 'Schedule (staff)', auth: 'roles', pathParams: ID, summary: 'Approve a pending show', responses: { 200: obj('The event.'), 404: notFound('Show'), 409: error('Not pending, or it overlaps.') } },
  { method: 'post', path: '/api/schedule/events/{id}/resolve', tag: 'Schedule (staff)', auth: 'roles', pathParams: ID, summary: 'Resolve a conflicted show', body: ResolveSchema, responses: { 200: obj('The event.'), 404: notFound('Show'), 409: error('Not conflicted, or still overlapping.') } },
  { method: 'post', path: '/api/schedule/events/{id}/cancel', tag: 'Schedule (staff)', auth: 'roles', pathParams: ID, summary: 'Cancel an event (Schedule Overview)', responses: { 200: obj('The event.'), 404: notFound('Show'), 409: error('Already cancelled.') } },
  { method: 'post', path: '/api/schedule/events/{id}/restore', tag: 'Schedule (staff)', auth: 'roles', pathParams: ID, summary: 'Undo a cancellation', body: RestoreSchema, responses: { 200: obj('The event.'), 404: notFound('Show'), 409: error('The slot was booked meanwhile, or it is not cancelled.') } },
  { method: 'post', path: '/api/schedule/events/{id}/image', tag: 'Schedule (staff)', auth: 'signed-in', pathParams: ID, summary: 'Upload a show’s image', rawBody: { content: 'image/*', description: 'A JPEG, PNG, WebP or GIF image, at most 5 MB.' }, responses: { 200: obj('The event.'), 403: error('Not yours to edit.'), 404: notFound('Show'), 413: error('File too large.'), 415: error('Invalid file type.'), 422: error('Upload failed.') } },
  { method: 'post', path: '/api/schedule/images', tag: 'Schedule (staff)', auth: 'signed-in', summary: 'Upload an image for a booking', rawBody: { content: 'image/*', description: 'A JPEG, PNG, WebP or GIF image, at most 5 MB.' }, responses: { 201: obj('Its address (url).'), 413: error('File too large.'), 415: error('Invalid file type.'), 422: error('Upload failed.') } },
  { method: 'post', path: '/api/schedule/overview/events', tag: 'Schedule (staff)', auth: 'roles', summary: 'Add a slot (Schedule Overview)', body: OverviewEventSchema, responses: { 201: obj('The event.'), 409: error('It overlaps other events.') } },
  { method: 'patch', path: '/api/schedule/overview/events/{id}', tag: 'Schedule (staff)', auth: 'roles', pathParams: ID, summary: 'Edit a slot (Schedule Overview)', body: OverviewEventSchema, responses: { 200: obj('The event.'), 404: notFound('Event'), 409: error('It overlaps other events.') } },
  { method: 'get', path: '/api/schedule/outstanding', tag: 'Schedule (staff)', auth: 'roles', summary: 'Outstanding bookings: presenters short of their weekly hours', query: WeekQuerySchema, responses: { 200: obj('The presenters and their hours.'), 400: error('Invalid week.') } },

  // Content (staff)
  { method: 'get', path: '/api/pages', tag: 'Content (staff)', auth: 'roles', summary: 'Custom pages', responses: { 200: arr('The pages.') } },
  { method: 'post', path: '/api/pages', tag: 'Content (staff)', auth: 'roles', summary: 'Add a page', description: 'Content is sanitised; images only from this site or an approved host.', body: PageInputSchema, responses: { 201: obj('The page.'), 409: error('The slug is taken.') } },
  { method: 'put', path: '/api/pages/{id}', tag: 'Content (staff)', auth: 'roles', pathParams: ID, summary: 'Edit a page', body: PageInputSchema, responses: { 200: obj('The page.'), 404: notFound('Page'), 409: error('The slug is taken.') } },
  { method: 'delete', path: '/api/pages/{id}', tag: 'Content (staff)', auth: 'roles', pathParams: ID, summary: 'Delete a page', responses: { 204: none('Deleted.'), 404: notFound('Page') } },
  { method: 'get', path: '/api/pages/analytics', tag: 'Content (staff)', auth: 'roles', summary: 'Page views', responses: { 200: arr('Views per page: today, this week, this month, all time.') } },
  { method: 'get', path: '/api/sponsored', tag: 'Content (staff)', auth: 'roles', summary: 'Sponsored content', responses: { 200: arr('The items.') } },
  { method: 'post', path: '/api/sponsored', tag: 'Content (staff)', auth: 'roles', summary: 'Add a sponsored item', body: SponsoredInputSchema, responses: { 201: obj('The item.') } },
  { method: 'put', path: '/api/sponsored/{id}', tag: 'Content (staff)', auth: 'roles', pathParams: ID, summary: 'Edit a sponsored item', body: SponsoredInputSchema, responses: { 200: obj('The item.'), 404: notFound('Sponsored content') } },
  { method: 'delete', path: '/api/sponsored/{id}', tag: 'Content (staff)', auth: 'roles', pathParams: ID, summary: 'Delete a sponsored item', responses: { 204: none('Deleted.'), 404: notFound('Sponsored content') } },
  { method: 'get', path: '/api/slider/settings', tag: 'Content (staff)', auth: 'roles', summary: 'Slider settings', responses: { 200: obj('The settings.') } },
  { method: 'put', path: '/api/slider/settings', tag: 'Content (staff)', auth: 'roles', summary: 'Save the slider settings', body: SliderSettingsSchema, responses: { 200: obj('The settings.') } },
  { method: 'get', path: '/api/slider/slides', tag: 'Content (staff)', auth: 'roles', summary: 'Slides', responses: { 200: arr('The slides.') } },
  { method: 'post', path: '/api/slider/slides', tag: 'Content (staff)', auth: 'roles', summary: 'Add a slide', body: SlideInputSchema, responses: { 201: obj('The slide.') } },
  { method: 'put', path: '/api/slider/slides/{id}', tag: 'Content (staff)', auth: 'roles', pathParams: ID, summary: 'Edit a slide', body: SlideInputSchema, responses: { 200: obj('The slide.'), 404: notFound('Slide') } },
  { method: 'delete', path: '/api/slider/slides/{id}', tag: 'Content (staff)', auth: 'roles', pathParams: ID, summary: 'Delete a slide', responses: { 204: none('Deleted.'), 404: notFound('Slide') } },

  // Settings
  { method: 'get', path: '/api/settings/access', tag: 'Settings', auth: 'roles', summary: 'Whether this account may open Settings', responses: { 200: obj('The tabs it may open.') } },
  { method: 'get', path: '/api/settings/station', tag: 'Settings', auth: 'roles', summary: 'General Settings', responses: { 200: obj('The station information.') } },
  { method: 'put', path: '/api/settings/station', tag: 'Settings', auth: 'roles', summary: 'Save General Settings', description: 'Approved image hosts: at most 10 https origins; the logo from this site or an approved host.', body: StationInfoSchema, responses: { 200: obj('The station information.') } },
  { method: 'get', path: '/api/settings/setup', tag: 'Settings', auth: 'roles', summary: 'First-run setup state', responses: { 200: obj('Whether setup is needed and what the configuration already says.') } },
  { method: 'post', path: '/api/settings/setup/skip', tag: 'Settings', auth: 'roles', summary: 'Skip first-run setup', responses: { 204: none('Skipped.') } },
  { method: 'get', path: '/api/settings/discord', tag: 'Settings', auth: 'roles', summary: 'The Discord integration (owner)', responses: { 200: obj('The configuration, secrets shown by their ends only.') } },
  { method: 'put', path: '/api/settings/discord', tag: 'Settings', auth: 'roles', summary: 'Configure Discord (owner)', body: DiscordConfigInputSchema, responses: { 200: obj('The configuration.') } },
  { method: 'patch', path: '/api/settings/discord', tag: 'Settings', auth: 'roles', summary: 'Change part of the Discord configuration (owner)', body: DiscordConfigUpdateSchema, responses: { 200: obj('The configuration.'), 404: error('Discord is not configured yet.') } },
  { method: 'get', path: '/api/settings/widgets', tag: 'Settings', auth: 'roles', summary: 'Widget settings', responses: { 200: obj('The settings.') } },
  { method: 'put', path: '/api/settings/widgets', tag: 'Settings', auth: 'roles', summary: 'Save the widget settings', body: EmbedSettingsSchema, responses: { 200: obj('The settings.') } },
  { method: 'get', path: '/api/settings/live-input', tag: 'Settings', auth: 'roles', summary: 'Live input settings', responses: { 200: obj('The settings.') } },
  { method: 'put', path: '/api/settings/live-input', tag: 'Settings', auth: 'roles', summary: 'Save the live input settings', body: LiveInputSettingsInputSchema, responses: { 200: obj('The settings.') } },
  { method: 'put', path: '/api/settings/audience', tag: 'Settings', auth: 'roles', summary: 'Which audience figures the station shows', body: AudienceVisibilitySchema, responses: { 200: obj('The two switches.') } },
  { method: 'get', path: '/api/dead-air/settings', tag: 'Settings', auth: 'roles', summary: 'Dead-air watch settings', responses: { 200: obj('The settings.') } },
  { method: 'put', path: '/api/dead-air/settings', tag: 'Settings', auth: 'roles', summary: 'Save the dead-air watch settings', body: DeadAirSettingsSchema, responses: { 200: obj('The settings.') } },

  { method: 'get', path: '/api/privacy', tag: 'Station', summary: 'How long the station keeps personal data', description: 'The retention periods the Privacy Policy page states.', responses: { 200: obj('The retention periods.') } },
  { method: 'get', path: '/api/privacy/settings', tag: 'Settings', auth: 'roles', summary: 'How long personal data is kept (owner)', responses: { 200: obj('The retention periods.') } },
  { method: 'put', path: '/api/privacy/settings', tag: 'Settings', auth: 'roles', summary: 'Set how long personal data is kept (owner)', body: PrivacySettingsSchema, responses: { 200: obj('The retention periods.') } },
  { method: 'get', path: '/api/privacy/retention', tag: 'Settings', auth: 'roles', summary: 'The retention job’s recent runs (owner)', responses: { 200: obj('The runs (`runs`).') } },
  { method: 'post', path: '/api/privacy/retention/run', tag: 'Settings', auth: 'roles', summary: 'Run the retention job now (owner)', responses: { 200: obj('What was erased or deleted (`removed`).') } },
  { method: 'get', path: '/api/privacy/subjects', tag: 'Settings', auth: 'roles', summary: 'Find a person’s data (owner, manager)', description: 'By name, e-mail or Discord handle (contains, any case) across requests and presenter applications.', query: SubjectQuerySchema, responses: { 200: obj('The records, per kind.'), 400: error('Invalid search.') } },
  { method: 'get', path: '/api/privacy/subjects/export', tag: 'Settings', auth: 'roles', summary: 'Export a person’s data as a file (owner, manager)', description: 'The same search, whole applications included, as a JSON attachment; the export is in the audit trail.', query: SubjectQuerySchema, responses: { 200: obj('The file.'), 400: error('Invalid search.') } },
  { method: 'post', path: '/api/privacy/subjects/erase', tag: 'Settings', auth: 'roles', summary: 'Erase a person’s records (owner, manager)', description: 'The chosen records, with a reason kept in the audit trail.', body: SubjectEraseSchema, responses: { 200: obj('What was removed (`removed`).'), 400: error('Invalid field.') } },

  // Go live
  { method: 'get', path: '/api/live/status', tag: 'Go live', auth: 'roles', summary: 'Whether this account may go live now', responses: { 200: obj('The live state and this account’s slot.') } },
  { method: 'post', path: '/api/live/sessions', tag: 'Go live', auth: 'roles', summary: 'Go live', description: 'Inside one’s booked show; outside a slot only owner and manager, saying unscheduled.', body: LiveStartSchema, responses: { 201: obj('The session and where to send the audio.'), 403: error('Not inside a booked show.'), 409: error('Someone is live already.') } },
  { method: 'post', path: '/api/live/sessions/{id}/overrun', tag: 'Go live', auth: 'roles', pathParams: ID, summary: 'Let a live session run over', responses: { 200: obj('The session.'), 404: notFound('Live session') } },
  { method: 'post', path: '/api/live/sessions/{id}/end', tag: 'Go live', auth: 'roles', pathParams: ID, summary: 'End a live session', responses: { 204: none('Ended.'), 404: notFound('Live session') } },

  // Listener requests (staff), leave, applications, DJs
  ...queueOps('song', 'song request'),
  ...queueOps('shoutout', 'shoutout'),
  ...queueOps('general', 'general request'),
  { method: 'get', path: '/api/loa', tag: 'Leave', auth: 'signed-in', summary: 'Leave requests', description: 'Presenters see their own; reviewers every request.', query: statusFilterSchema('loa'), responses: { 200: obj('The requests (`requests`).'), 400: error('Invalid filter.') } },
  { method: 'post', path: '/api/loa', tag: 'Leave', auth: 'signed-in', summary: 'Request leave', body: loaInputSchema(true), responses: { 201: obj('The request.'), 404: error('No presenter profile.'), 409: error('Overlaps another request.') } },
  { method: 'patch', path: '/api/loa/{id}', tag: 'Leave', auth: 'roles', pathParams: ID, summary: 'Approve or deny leave', description: 'With the reviewer’s choice for each show inside it (cancel, find cover, keep).', body: statusSchema('loa').extend(LoaShowDecisionsSchema.shape), responses: { 200: obj('The request.'), 404: notFound('Leave request'), 409: error('Already decided.') } },
  { method: 'get', path: '/api/loa/{id}/shows', tag: 'Leave', auth: 'roles', pathParams: ID, summary: 'The shows inside a leave request', responses: { 200: obj('The shows.'), 404: notFound('Leave request') } },
  { method: 'post', path: '/api/loa/{id}/withdraw', tag: 'Leave', auth: 'signed-in', pathParams: ID, summary: 'Withdraw my pending leave request', responses: { 200: obj('The request.'), 403: error('Not yours.'), 404: notFound('Leave request'), 409: error('No longer pending.') } },
  { method: 'delete', path: '/api/loa/{id}', tag: 'Leave', auth: 'roles', pathParams: ID, summary: 'Delete a leave request', responses: { 204: none('Deleted.'), 404: notFound('Leave request') } },
  { method: 'get', path: '/api/applications', tag: 'Applications', auth: 'roles', summary: 'Presenter applications', query: ApplicationFilterSchema, responses: { 200: obj('The applications and the counts per status.'), 400: error('Invalid filter.') } },
  { method: 'patch', path: '/api/applications/{id}', tag: 'Applications', auth: 'roles', pathParams: ID, summary: 'Approve or reject an application', body: ApplicationDecisionSchema, responses: { 200: obj('The application.'), 404: notFound('Application'), 409: error('Already decided, or the email has an account.') } },
  { method: 'get', path: '/api/djs', tag: 'DJs & Staff', auth: 'signed-in', summary: 'DJs & Staff', responses: { 200: obj('The presenters.') } },
  { method: 'post', path: '/api/djs', tag: 'DJs & Staff', auth: 'roles', summary: 'Add a DJ', body: DjInputSchema, responses: { 201: obj('The presenter.'), 409: error('The name is taken.') } },
  { method: 'patch', path: '/api/djs/{id}', tag: 'DJs & Staff', auth: 'roles', pathParams: ID, summary: 'Edit a DJ', body: DjInputSchema, responses: { 200: obj('The presenter.'), 404: notFound('DJ'), 409: error('The name is taken.') } },
  { method: 'delete', path: '/api/djs/{id}', tag: 'DJs & Staff', auth: 'roles', pathParams: ID, summary: 'Delete a DJ', responses: { 204: none('Deleted.'), 404: notFound('DJ'), 409: error('The DJ has upcoming shows or leave.') } },

  // Notifications, logs, dashboard
  { method: 'get', path: '/api/notifications', tag: 'Notifications', auth: 'signed-in', summary: 'My notifications', query: ListNotificationsQuerySchema, responses: { 200: obj('The notifications and the unread count.'), 400: error('Invalid limit.') } },
  { method: 'get', path: '/api/notifications/unread-count', tag: 'Notifications', auth: 'signed-in', summary: 'My unread count', responses: { 200: obj('The count.') } },
  { method: 'post', path: '/api/notifications/read-all', tag: 'Notifications', auth: 'signed-in', summary: 'Mark all read', responses: { 200: obj('The unread count.') } },
  { method: 'post', path: '/api/notifications/{id}/read', tag: 'Notifications', auth: 'signed-in', pathParams: ID, summary: 'Mark one read', responses: { 200: obj('The unread count.'), 400: error('Invalid id.'), 404: notFound('Notification') } },
  { method: 'post', path: '/api/notifications/{id}/dismiss', tag: 'Notifications', auth: 'signed-in', pathParams: ID, summary: 'Dismiss one', responses: { 200: obj('The unread count.'), 400: error('Invalid id.'), 404: notFound('Notification') } },
  { method: 'get', path: '/api/notifications/preferences', tag: 'Notifications', auth: 'signed-in', summary: 'My notification preferences', responses: { 200: obj('The switches.') } },
  { method: 'put', path: '/api/notifications/preferences', tag: 'Notifications', auth: 'signed-in', summary: 'Save my notification preferences', body: PreferencesSchema, responses: { 200: obj('The switches.') } },
  { method: 'post', path: '/api/notifications/announcements', tag: 'Notifications', auth: 'roles', summary: 'Announce to every staff member', body: AnnouncementSchema, responses: { 201: obj('How many were told.') } },
  { method: 'get', path: '/api/logs', tag: 'Logs', auth: 'roles', summary: 'Staff actions and failed sign-ins', query: LogsQuerySchema, responses: { 200: obj('The entries.'), 400: error('Invalid filter.') } },
  { method: 'get', path: '/api/logs/stats', tag: 'Logs', auth: 'roles', summary: 'Log counts', query: LogsQuerySchema, responses: { 200: obj('Counts by kind.'), 400: error('Invalid filter.') } },
  { method: 'get', path: '/api/logs/export', tag: 'Logs', auth: 'roles', summary: 'Export the logs', query: LogsQuerySchema, responses: { 200: { description: 'CSV, every cell quoted, formulas neutralised.', content: 'text/csv' }, 400: error('Invalid filter.') } },
  { method: 'get', path: '/api/dashboard', tag: 'Dashboard', auth: 'roles', summary: 'The dashboard', responses: { 200: obj('Tiles: live show, next show, requests, hours, listeners.') } },
  { method: 'get', path: '/api/on-air/summary', tag: 'Dashboard', auth: 'roles', summary: 'The studio’s On Air summary', responses: { 200: obj('Now playing, the current and next show, the queues.') } },
  { method: 'get', path: '/api/radio/on-air-report', tag: 'Dashboard', auth: 'signed-in', summary: 'On Air report', queryParams: [{ name: 'from', description: 'First day, YYYY-MM-DD (default a week ago).', schema: { type: 'string', format: 'date' } }, { name: 'to', description: 'Last day, YYYY-MM-DD (default today).', schema: { type: 'string', format: 'date' } }], responses: { 200: arr('The shows of the range, each with its sessions and plays.'), 400: error('Invalid date.') } },

  // Music-licensing reports (issue 34)
  { method: 'get', path: '/api/reports/plays', tag: 'Reports', auth: 'roles', summary: 'The play log as CSV', query: ReportQuerySchema, responses: { 200: { description: 'CSV, one line per play, every cell quoted, formulas neutralised.', content: 'text/csv' }, 400: error('Invalid dates.') } },
  { method: 'get', path: '/api/reports/plays/preview', tag: 'Reports', auth: 'roles', summary: 'The play log (first 500 plays)', query: ReportQuerySchema, responses: { 200: obj('The plays and how many there are.'), 400: error('Invalid dates.') } },
  { method: 'get', path: '/api/reports/ppl', tag: 'Reports', auth: 'roles', summary: 'PPL webcasting figures', query: ReportQuerySchema, responses: { 200: obj('tracks_per_hour, total_listening_hours, streams, band.'), 400: error('Invalid dates.') } },
  { method: 'get', path: '/api/reports/ppl-territory', tag: 'Reports', auth: 'roles', summary: 'PPL territory report', query: ReportQuerySchema, responses: { 200: obj('Streams per country and each one’s share.'), 400: error('Invalid dates.') } },
  { method: 'get', path: '/api/reports/ppl-usage', tag: 'Reports', auth: 'roles', summary: 'PPL music usage report as CSV', query: ReportQuerySchema, responses: { 200: { description: 'CSV: artist, title, label, catalogue number, ISRC per play.', content: 'text/csv' }, 400: error('Invalid dates.') } },
  { method: 'get', path: '/api/reports/prs', tag: 'Reports', auth: 'roles', summary: 'PRS programme return as CSV', query: ReportQuerySchema, responses: { 200: { description: 'CSV per work and time-of-day band.', content: 'text/csv' }, 400: error('Invalid dates.') } },
  { method: 'get', path: '/api/reports/soundexchange', tag: 'Reports', auth: 'roles', summary: 'SoundExchange report of use', query: ReportQuerySchema, responses: { 200: { description: 'Caret-delimited text, one line per play with its actual total performances.', content: 'text/plain' }, 400: error('Invalid dates.') } },

  // Audience
  { method: 'get', path: '/api/audience/series', tag: 'Audience', auth: 'roles', summary: 'Listeners over time', query: AudienceQuerySchema, responses: { 200: obj('The series.'), 400: error('Invalid range.') } },
  { method: 'get', path: '/api/audience/heatmap', tag: 'Audience', auth: 'roles', summary: 'Listeners by weekday and hour', query: AudienceQuerySchema, responses: { 200: obj('The heatmap.'), 400: error('Invalid range.') } },
  { method: 'get', path: '/api/audience/shows', tag: 'Audience', auth: 'roles', summary: 'Listeners per show', query: AudienceQuerySchema, responses: { 200: obj('The shows.'), 400: error('Invalid range.') } },
  { method: 'get', path: '/api/audience/shows.csv', tag: 'Audience', auth: 'roles', summary: 'Listeners per show as CSV', query: AudienceQuerySchema, responses: { 200: { description: 'CSV.', content: 'text/csv' }, 400: error('Invalid range.') } },
  { method: 'get', path: '/api/audience/now', tag: 'Audience', auth: 'roles', summary: 'Listeners now', responses: { 200: obj('The count.') } },
  { method: 'get', path: '/api/audience/presenters', tag: 'Audience', auth: 'roles', summary: 'Average listeners per presenter', responses: { 200: arr('The presenters.') } },
  { method: 'get', path: '/api/uptime/incidents/{id}/sample', tag: 'Audience', auth: 'roles', pathParams: { id: 'The incident’s id.' }, summary: 'What listeners heard around an incident', description: 'Ten seconds of the public stream: five before the incident began, five after.', responses: { 200: { description: 'The audio.', content: 'audio/mpeg' }, 400: error('The id is not an incident id.'), 404: error('This incident has no sample.') } },
  { method: 'get', path: '/api/follows/counts', tag: 'Audience', auth: 'roles', summary: 'Followers per show', description: 'How many browsers follow each show (moderator and above).', responses: { 200: arr('Follower counts, one entry per followed show.') } },
  { method: 'get', path: '/api/uptime', tag: 'Audience', auth: 'roles', summary: 'Uptime and dead-air incidents', query: UptimeQuerySchema, responses: { 200: obj('Uptime and incidents.'), 400: error('Choose 24h, 7d or 30d.') } },

  // Listen again
  { method: 'get', path: '/api/listen-again/status', tag: 'Listen again', auth: 'roles', summary: 'The recorder, disk use and settings', description: 'What the recorder is doing (`recording`, `waiting`, `standby` on instances that do not lead, `disabled`, `excluded_hour`, `disk_full` with a warning), the bytes of recordings and episodes, free disk space, and the settings.', responses: { 200: obj('The status.') } },
  { method: 'put', path: '/api/listen-again/settings', tag: 'Listen again', auth: 'roles', summary: 'Listen-again settings', description: 'Retention (never below the logger minimum), public window, downloads and feeds, pre- and post-roll, excluded hours, the free-space floor.', body: ListenAgainSettingsSchema, responses: { 200: obj('The settings.'), 400: error('Invalid settings.') } },
  { method: 'put', path: '/api/listen-again/shows/{id}', tag: 'Listen again', auth: 'roles', pathParams: ID, summary: 'A show’s publishing rule', description: 'Publish its episodes automatically, after its presenter approves, or never (a series shares one rule).', body: ShowPublishSchema, responses: { 200: obj('The rule.'), 400: error('Invalid rule.'), 404: error('Unknown show.') } },
  { method: 'get', path: '/api/listen-again/episodes', tag: 'Listen again', auth: 'roles', summary: 'Episodes for staff', description: 'Managers see every episode; presenters their own. With status, hidden and trims.', responses: { 200: obj('The episodes (`episodes`).') } },
  { method: 'patch', path: '/api/listen-again/episodes/{id}', tag: 'Listen again', auth: 'roles', pathParams: ID, summary: 'Change an episode', description: 'Managers: title, description, trims (the episode is cut again), hidden, approved. Its presenter: hidden and approved only.', body: EpisodePatchSchema, responses: { 200: obj('The episode.'), 400: error('Invalid change.'), 404: error('No such episode.') } },

  // Live-show tracklists (issue 34 item 2): everyone who goes live, for their own shows; owners and managers any show.
  { method: 'get', path: '/api/tracklists/shows', tag: 'Reports', auth: 'roles', summary: 'Live shows whose tracklist the caller may log', description: 'A presenter’s own live shows (newest first); every live show for owners and managers.', responses: { 200: obj('The shows (`shows`).') } },
  { method: 'get', path: '/api/tracklists/search', tag: 'Reports', auth: 'roles', summary: 'Search the library and history for a track to log', queryParams: [{ name: 'q', description: 'Words of the title, artist or album; empty for the latest played.', schema: { type: 'string', maxLength: 200 } }], responses: { 200: obj('Matching tracks (`results`), each with when it was last played.'), 400: error('Invalid query.') } },
  { method: 'get', path: '/api/tracklists/shows/{id}', tag: 'Reports', auth: 'roles', pathParams: { id: 'The live show’s id (its broadcast session).' }, summary: 'A live show’s tracklist', description: 'Its plays, its gaps (20 minutes or more with no play), and in US compliance mode the performance-complement warnings.', responses: { 200: obj('The tracklist.'), 403: error('Someone else’s show.'), 404: error('No such show.') } },
  { method: 'post', path: '/api/tracklists/shows/{id}/plays', tag: 'Reports', auth: 'roles', pathParams: { id: 'The live show’s id.' }, summary: 'Log a play', description: 'A library track (track_id) or a typed artist and title, at played_at (default now: “playing now”), within the show (15 minutes either side). A play already logged (same track, same instant) answers 200 with duplicate true.', body: LogPlaySchema, responses: { 200: obj('Already logged; the tracklist.'), 201: obj('Logged; the new play’s id and the tracklist.'), 400: error('Invalid play, or a time outside the show.'), 403: error('Someone else’s show.'), 404: error('No such show or track.') } },
  { method: 'post', path: '/api/tracklists/shows/{id}/import', tag: 'Reports', auth: 'roles', pathParams: { id: 'The live show’s id.' }, summary: 'Import a DJ software history export', description: 'The text of a Serato history CSV, a rekordbox playlist .txt or a Traktor history .nml (or any CSV with Artist and Title columns). Plays outside the show are skipped; importing the same file again adds nothing.', body: ImportTracklistSchema, responses: { 200: obj('How many plays were added, already there and skipped; the tracklist.'), 400: error('Not a history export.'), 403: error('Someone else’s show.'), 404: error('No such show.') } },
  { method: 'delete', path: '/api/tracklists/shows/{id}/plays/{playId}', tag: 'Reports', auth: 'roles', pathParams: { id: 'The live show’s id.', playId: 'The play’s id.' }, summary: 'Remove a play that did not happen', description: 'Plays logged by hand or from the live now-playing text; not the station’s own.', responses: { 200: obj('The tracklist.'), 403: error('Someone else’s show.'), 404: error('No such play in this show.') } },

  // Integrations
  { method: 'get', path: '/api/music-links', tag: 'Integrations', auth: 'roles', summary: 'Stream and shop links of a song', query: MusicLinksQuerySchema, responses: { 200: obj('The links.'), 400: error('Title and artist are required.'), 502: error('The link services failed.'), 503: error('The link services are unavailable.') } },
  { method: 'get', path: '/api/spotify/search', tag: 'Listener requests', summary: 'Search Spotify (the request form’s picker)', queryParams: [{ name: 'q', required: true, description: 'What to look for.', schema: { type: 'string', minLength: 1 } }, { name: 'limit', description: '1 to 50 (default 10).', schema: { type: 'integer', minimum: 1, maximum: 50 } }], responses: { 200: obj('Matching tracks.'), 400: error('Invalid query.'), 429: error('Too many searches.'), 502: error('Spotify failed.'), 503: error('Spotify is not configured, or is rate limiting the station.') } },
  { method: 'get', path: '/api/discord/authorize', tag: 'Integrations', summary: 'Apply with Discord: go to Discord', responses: { 302: none('To Discord’s consent page.'), 503: error('Discord is not configured.') } },
  { method: 'post', path: '/api/discord/callback', tag: 'Integrations', summary: 'Apply with Discord: back from Discord', body: DiscordCallbackInputSchema, responses: { 200: obj('The Discord account to apply with.'), 400: error('Unknown or expired state.'), 502: error('Discord failed.'), 503: error('Discord is not configured.') } },
  { method: 'get', path: '/api/webhooks', tag: 'Integrations', auth: 'roles', summary: 'Webhooks', responses: { 200: obj('The endpoints (`webhooks`).') } },
  { method: 'post', path: '/api/webhooks', tag: 'Integrations', auth: 'roles', summary: 'Add a webhook', body: WebhookCreateSchema, responses: { 201: obj('The endpoint (its secret shown once).') } },
  { method: 'patch', path: '/api/webhooks/{id}', tag: 'Integrations', auth: 'roles', pathParams: ID, summary: 'Edit a webhook', body: WebhookUpdateSchema, responses: { 200: obj('The endpoint.'), 400: error('The id is not a webhook id.'), 404: notFound('Webhook') } },
  { method: 'delete', path: '/api/webhooks/{id}', tag: 'Integrations', auth: 'roles', pathParams: ID, summary: 'Delete a webhook', responses: { 204: none('Deleted.'), 400: error('The id is not a webhook id.'), 404: notFound('Webhook') } },
  { method: 'post', path: '/api/webhooks/{id}/test', tag: 'Integrations', auth: 'roles', pathParams: ID, summary: 'Send a test delivery', responses: { 202: obj('Queued.'), 400: error('The id is not a webhook id.'), 404: notFound('Webhook') } },
  { method: 'get', path: '/api/webhooks/deliveries', tag: 'Integrations', auth: 'roles', summary: 'Recent deliveries', query: DeliveriesQuerySchema, responses: { 200: obj('The deliveries (`deliveries`).'), 400: error('Invalid filter.') } },
];

/** Registers the station's own and the staff operations (idempotent). */
export function registerStaffApis(): void {
  for (const op of ops) registerOperation({ ...op, strict: false });
}
