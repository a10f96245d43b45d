import type { MyDataRemoved, MyDataView, SubjectDataView, SubjectErased, HeldApplication } from '../../../shared/privacy';
import type { AppContext } from '../context';
import { applicationsByEmail, applicationsNaming, deleteApplicationsById, type ApplicationRow } from '../applications/repo';
import { listOwnSessions } from '../auth/recovery';
import { mfaStatus } from '../auth/mfa';
import { erasePageViewsOfKeys, pageViewsOfKeys } from '../content/repo';
import { stationDay } from '../content/pages';
import { deleteDeliveriesAbout } from '../integrations/repo';
import { listLeave } from '../leave/repo';
import { actionsOfUser, redactActionLogsAbout } from '../logs/repo';
import { deleteEmailTo } from '../mail/repo';
import { eraseNotificationTextAbout } from '../notifications/repo';
import { insertNotification, publishNotification, rolesWith } from '../notifications/notify';
import { eraseVotesOfSessions, votesOfSessions } from '../radio/repo';
import { deleteFollows, followsOfEndpoint } from '../reach/repo';
import { eventTitle } from '../schedule/repo';
import { containsPattern, countSessionLimits, deleteSessionLimits, eraseRequestsById, eraseRequestsOfSessions, requestsNaming, requestsOfSessions, type HeldRequests } from '../requests/repo';
import { cachedStationInfo } from '../settings/service';
import { recordAction } from '../users/audit';
import { getMe } from '../users/service';
import type { Role } from '../../../shared/permissions';
import { analyticsKey } from './service';

/**
 * A person's data (issue 37 item 2).
 *
 * - A listener, without an account, sees and deletes what the station holds
 *   for their browser: found by the browser's anonymous session ids (the
 *   request id and the voting id, random strings only that browser knows and
 *   the API never shows anyone), so the id is the proof that the data is
 *   theirs. Requests with a name or a message are found only by the session
 *   that sent them. Deleting erases names, messages and the session id from
 *   requests (inquiries, which are nothing but the person's message and
 *   address, are deleted), makes votes and page views unlinkable (totals
 *   stay), drops the session's rate-limit counters and the name from staff
 *   notifications about those requests. Afterwards no table holds the id.
 *   A browser that follows shows (issue 36) names its own push subscription's
 *   endpoint, which only it knows: its follows are listed and deleted too.
 * - Staff answering a written request find a person by name, e-mail or
 *   Discord handle across requests and applications, export it as a file and
 *   erase chosen records with a reason; each step is in the audit trail (the
 *   erasure's entry holds the reason, the counts and the record ids, never the
 *   person's data).
 * - A signed-in account downloads its own data and asks to be deleted (the
 *   request reaches the owners and managers, who delete accounts).
 */

const iso = (v: Date | string) => new Date(v).toISOString();
const day = (v: Date | string) => (typeof v === 'string' ? v.slice(0, 10) : `${v.getFullYear()}-${String(v.getMonth() + 1).padStart(2, '0')}-${String(v.getDate()).padStart(2, '0')}`);

/** The three request kinds of a browser's (or a person's) data, dated for the API. */
type HeldRequestViews = Pick<SubjectDataView, keyof HeldRequests>;

function presentRequests(r: HeldRequests): HeldRequestViews {
  return {
    song_requests: r.song_requests.map((x) => ({ ...x, created_at: iso(x.created_at) })),
    shoutout_requests: r.shoutout_requests.map((x) => ({ ...x, created_at: iso(x.created_at) })),
    general_requests: r.general_requests.map((x) => ({ ...x, created_at: iso(x.created_at) })),
  };
}

/** The keys page views may carry for these sessions: the ids themselves (level `full`) and today's hashes (level `hashed`). */
async function pageViewKeys(ctx: AppContext, sessions: readonly string[]): Promise<string[]> {
  const today = stationDay(ctx.now(), (await cachedStationInfo(ctx)).timezone);
  const hashed = await Promise.all(sessions.map((s) => analyticsKey(ctx, s, today)));
  return [...new Set([...sessions, ...hashed.filter((k): k is string => k !== null)])];
}

/** Everything the station holds for these browser sessions. */
export async function listenerData(ctx: AppContext, sessions: readonly string[], pushEndpoint?: string): Promise<MyDataView> {
  const keys = await pageViewKeys(ctx, sessions);
  const [requests, votes, views, limits, follows] = await Promise.all([
    requestsOfSessions(ctx.knex, sessions),
    votesOfSessions(ctx.knex, sessions),
    pageViewsOfKeys(ctx.knex, keys),
    countSessionLimits(ctx.knex, sessions),
    pushEndpoint ? followsOfEndpoint(ctx.knex, pushEndpoint) : Promise.resolve([]),
  ]);
  const push_follows = await Promise.all(follows.map(async (id) => ({ show_id: id, title: (await eventTitle(ctx.knex, id)) ?? '' })));
  return {
    push_follows,
    ...presentRequests(requests),
    track_votes: votes.map((v) => ({ title: v.title, artist: v.artist, vote_type: v.vote_type, created_at: iso(v.created_at) })),
    page_views: views.map((v) => ({ slug: v.slug, title: v.title, view_date: day(v.view_date) })),
    rate_limit_counters: limits,
  };
}

/** Deletes what the station holds for these browser sessions (one transaction); answers what went. */
export async function deleteListenerData(ctx: AppContext, sessions: readonly string[], pushEndpoint?: string): Promise<MyDataRemoved> {
  const keys = await pageViewKeys(ctx, sessions);
  const removed = await ctx.knex.transaction(async (trx) => {
    const requests = await eraseRequestsOfSessions(trx, sessions);
    return {
      ...requests.counts,
      track_votes: await eraseVotesOfSessions(trx, sessions),
      page_views: await erasePageViewsOfKeys(trx, keys),
      rate_limit_counters: await deleteSessionLimits(trx, sessions),
      notifications: await eraseNotificationTextAbout(trx, requests.ids),
      audit_entries: await redactActionLogsAbout(trx, PERSONAL_RECORD_TYPES, requests.ids),
      push_follows: pushEndpoint ? await deleteFollows(trx, pushEndpoint, null) : 0,
    };
  });
  // The count only: the log line never names the session.
  ctx.log.info({ removed }, 'my-data: a listener deleted their data');
  return removed;
}

function presentApplication(a: ApplicationRow, whole: boolean): HeldApplication {
  const base: HeldApplication = { id: a.id, name: a.name, email: a.email, discord_username: a.discord_username, status: a.status, created_at: iso(a.created_at) };
  return whole ? { ...base, experience: a.experience, show_idea: a.show_idea, available_times: [...a.available_times] } : base;
}

const SUBJECT_LIMIT = 200;

/** The audit entries' `resource_type` of records that name a person (their `resource_name` is redacted with the record). */
export const PERSONAL_RECORD_TYPES = ['song_requests', 'shoutout_requests', 'general_requests', 'presenter_applications'] as const;

/** Records naming a person across requests and applications (staff answering a written request). */
export async function findSubject(ctx: AppContext, q: string, whole = false): Promise<SubjectDataView> {
  const [requests, applications] = await Promise.all([requestsNaming(ctx.knex, q, SUBJECT_LIMIT), applicationsNaming(ctx.knex, containsPattern(q), SUBJECT_LIMIT)]);
  return { q, ...presentRequests(requests), presenter_applications: applications.map((a) => presentApplication(a, whole)) };
}

/** The export file of a search (audited: who exported whose data, without the data). */
export async function exportSubject(ctx: AppContext, actor: { id: string; email: string }, q: string, ip: string | null): Promise<SubjectDataView & { exported_at: string }> {
  const found = await findSubject(ctx, q, true);
  const counts = { song_requests: found.song_requests.length, shoutout_requests: found.shoutout_requests.length, general_requests: found.general_requests.length, presenter_applications: found.presenter_applications.length };
  await recordAction(ctx.knex, { actor, action: 'export', resourceType: 'personal_data', resourceName: 'Personal data export', details: { counts }, ip });
  return { ...found, exported_at: new Date(ctx.now()).toISOString() };
}

/** Erases the chosen records with a logged reason (one transaction). */
export async function eraseSubject(
  ctx: AppContext,
  actor: { id: string; email: string },
  input: { reason: string; song_requests: string[]; shoutout_requests: string[]; general_requests: string[]; presenter_applications: string[] },
  ip: string | null,
): Promise<SubjectErased> {
  return ctx.knex.transaction(async (trx) => {
    const requests = await eraseRequestsById(trx, input);
    const applications = await deleteApplicationsById(trx, input.presenter_applications);
    const related = [...requests.ids, ...applications.map((a) => a.id)];
    const removed: SubjectErased = {
      ...requests.counts,
      presenter_applications: applications.length,
      notifications: await eraseNotificationTextAbout(trx, related),
      // The e-mails sent to an applicant (received, decision) went to the address being erased.
      emails: await deleteEmailTo(trx, applications.map((a) => a.email)),
      webhook_deliveries: await deleteDeliveriesAbout(trx, applications.map((a) => `application:${a.id}`)),
      // Older audit entries about these records named the person (an applicant's name, an inquirer's name).
      audit_entries: await redactActionLogsAbout(trx, PERSONAL_RECORD_TYPES, related),
    };
    const ids = { song_requests: input.song_requests, shoutout_requests: input.shoutout_requests, general_requests: input.general_requests, presenter_applications: input.presenter_applications };
    await recordAction(trx, { actor, action: 'delete', resourceType: 'personal_data', resourceName: 'Personal data erasure', details: { reason: input.reason, removed, ids }, ip });
    return removed;
  });
}

/** An account's own data, as a file: profile, presenter record, sessions, two-factor state, leave, applications, its audit trail. */
export async function accountData(ctx: AppContext, actor: { id: string; email: string; role: Role; sessionId: string }, ip: string | null): Promise<Record<string, unknown>> {
  const me = await getMe(ctx.knex, actor.id);
  const [sessions, twoFactor, leave, applications, activity] = await Promise.all([
    listOwnSessions(ctx, actor),
    mfaStatus(ctx, actor),
    listLeave(ctx.knex, { limit: 1000, visibleTo: { userId: actor.id, ...(me.presenter ? { presenterId: me.presenter.id } : {}) } }),
    applicationsByEmail(ctx.knex, [me.user.email]),
    actionsOfUser(ctx.knex, actor.id, 5000),
  ]);
  await recordAction(ctx.knex, { actor, action: 'export', resourceType: 'account', resourceId: actor.id, resourceName: 'Own data download', ip });
  return {
    exported_at: new Date(ctx.now()).toISOString(),
    account: me.user,
    profile: me.profile,
    presenter: me.presenter,
    sessions,
    two_factor: twoFactor,
    leave_requests: leave,
    presenter_applications: applications.map((a) => presentApplication(a, true)),
    activity: activity.map((r) => ({ ...r, created_at: iso(r.created_at), details: typeof r.details === 'string' ? (JSON.parse(r.details) as unknown) : r.details })),
  };
}

/** An account asks to be deleted: the owners and managers are told (they delete accounts), and it is in the audit trail. */
export async function requestAccountDeletion(ctx: AppContext, actor: { id: string; email: string }, message: string | undefined, ip: string | null): Promise<void> {
  const pending = await ctx.knex.transaction(async (trx) => {
    await recordAction(trx, { actor, action: 'other', resourceType: 'account', resourceId: actor.id, resourceName: 'Account deletion requested', details: message ? { message } : null, ip });
    return insertNotification(trx, {
      type: 'system_alert',
      text: { key: 'notify.deletionRequested', values: { email: actor.email, hasNote: message ? 'yes' : 'no', note: message ?? '' } },
      priority: 'high',
      relatedId: actor.id,
      relatedType: 'user',
      audience: { roles: rolesWith('privacy.subjects') },
      createdBy: actor.id,
    });
  });
  await publishNotification(ctx, pending).catch((err: unknown) => ctx.log.warn({ err }, 'could not publish the deletion request'));
}
