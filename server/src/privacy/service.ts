import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../context';
import { deleteDecidedApplicationsBefore } from '../applications/repo';
import { deleteAuthLeftoversBefore } from '../auth/repo';
import { erasePageViewSessionsBefore } from '../content/repo';
import { deleteActionLogsBefore, redactActionLogsAbout, redactActionLogsBefore } from '../logs/repo';
import { eraseNotificationTextAbout } from '../notifications/repo';
import { deleteFinishedEmailBefore } from '../mail/repo';
import { eraseVoteSessionsBefore } from '../radio/repo';
import { deleteEndedRequestLimits, deleteInquiriesBefore, eraseListenerRequestsBefore } from '../requests/repo';
import { recordAction } from '../users/audit';
import { insertRetentionRun, latestRetentionRuns, privacySettingsRow, saltOfDay, updatePrivacySettings, type PrivacySettingsRow } from './repo';

/**
 * Data kept only as long as needed (issue 37 item 1). Every piece of personal
 * data Airdeck stores has a retention period (README "Personal data"), kept
 * in `privacy_settings` with a default each, and a daily job removes what is
 * past it and records what it removed (the log line, `retention_runs`, and
 * the audit trail):
 *
 * - listener song and shoutout requests: after `request_days` (30) the name,
 *   message and session id are erased; the row stays for the counts;
 * - listener votes: after `vote_days` (30) the session id is replaced by an
 *   unlinkable one; the totals stay;
 * - custom page views: after `page_view_days` (30) the same;
 * - general inquiries (name, e-mail, message): deleted after `inquiry_days` (180);
 * - presenter applications: deleted `application_days` (365) after the decision;
 * - failed sign-ins in the audit trail (what was typed, from where): after
 *   `failed_signin_days` (90); the rest of the audit trail after `audit_days` (730);
 * - sent e-mail (address and body): after `email_days` (30);
 * - rate-limit counters (keys hold addresses): when their window ends;
 * - second-step challenges and reset links: a day after they expired;
 * - audit entries about an application, an inquiry or a shoutout lose the
 *   person's name (`resource_name`) once they are older than that record's
 *   period (a staff erasure or a listener's deletion does it at once).
 *
 * The analytics level decides what a page view records: `full` the
 * browser's session id, `hashed` (the default) a hash of it with a salt that
 * changes every day (unique visitors per day still count; yesterday's hashes
 * cannot be linked to today's, nor to the session), `none` nothing.
 */

/** The defaults, as the migration sets them (the README's inventory quotes these). */
export const RETENTION_DEFAULTS = { request_days: 30, vote_days: 30, page_view_days: 30, inquiry_days: 180, application_days: 365, failed_signin_days: 90, audit_days: 730, email_days: 30 } as const;

const DAY_MS = 86_400_000;

/** The audit entries' `resource_type` of the records whose entries name a person. */
const AUDIT_TYPE = { inquiry: 'general_requests', application: 'presenter_applications', shoutout: 'shoutout_requests' } as const;

/** What one run removed, per kind of data (only kinds with something removed are logged). */
export type RetentionReport = Record<string, number>;

/** The station's privacy settings. */
export async function getPrivacySettings(ctx: Pick<AppContext, 'knex'>): Promise<PrivacySettingsRow> {
  return privacySettingsRow(ctx.knex);
}

/** Saves the owner's changes (audited). */
export async function putPrivacySettings(ctx: AppContext, actor: { id: string; email: string }, patch: Partial<Omit<PrivacySettingsRow, 'updated_at'>>, ip: string | null): Promise<PrivacySettingsRow> {
  return ctx.knex.transaction(async (trx) => {
    const row = await updatePrivacySettings(trx, patch, actor.id, new Date(ctx.now()));
    await recordAction(trx, { actor, action: 'update', resourceType: 'settings', resourceId: 'privacy', resourceName: 'Privacy and retention', details: patch, ip });
    cachedLevel = null;
    return row;
  });
}

/** Removes everything past its retention as of `nowMs`; answers what it removed and records the run. */
export async function runRetention(ctx: Pick<AppContext, 'knex' | 'log'>, nowMs: number): Promise<RetentionReport> {
  const s = await privacySettingsRow(ctx.knex);
  const before = (days: number) => new Date(nowMs - days * DAY_MS);
  const report: RetentionReport = await ctx.knex.transaction(async (trx) => {
    const requests = await eraseListenerRequestsBefore(trx, before(s.request_days));
    const logs = await deleteActionLogsBefore(trx, { failed: before(s.failed_signin_days), other: before(s.audit_days) });
    const auth = await deleteAuthLeftoversBefore(trx, before(1), nowMs);
    const inquiries = await deleteInquiriesBefore(trx, before(s.inquiry_days));
    const applications = await deleteDecidedApplicationsBefore(trx, before(s.application_days));
    // Staff notifications and audit entries about the deleted records named the person: not any more.
    const gone = [...inquiries, ...applications];
    return {
      ...requests,
      general_requests: inquiries.length,
      track_votes: await eraseVoteSessionsBefore(trx, before(s.vote_days)),
      page_views: await erasePageViewSessionsBefore(trx, before(s.page_view_days).toISOString().slice(0, 10)),
      presenter_applications: applications.length,
      notifications: await eraseNotificationTextAbout(trx, gone),
      ...logs,
      email_outbox: await deleteFinishedEmailBefore(trx, before(s.email_days)),
      request_rate_limits: await deleteEndedRequestLimits(trx, nowMs),
      ...auth,
      // Audit entries about a request or an application named the person (an applicant's name, an inquirer's name
      // and subject, a shoutout's recipient): an entry older than the record's own period no longer does.
      audit_names:
        (await redactActionLogsAbout(trx, [AUDIT_TYPE.inquiry, AUDIT_TYPE.application], gone)) +
        (await redactActionLogsBefore(trx, AUDIT_TYPE.application, before(s.application_days))) +
        (await redactActionLogsBefore(trx, AUDIT_TYPE.inquiry, before(s.inquiry_days))) +
        (await redactActionLogsBefore(trx, AUDIT_TYPE.shoutout, before(s.request_days))),
    };
  });
  await insertRetentionRun(ctx.knex, new Date(nowMs), report);
  const removed = Object.fromEntries(Object.entries(report).filter(([, n]) => n > 0));
  ctx.log.info({ removed }, Object.keys(removed).length ? 'retention: removed personal data past its retention' : 'retention: nothing past its retention');
  return report;
}

let cachedLevel: { level: PrivacySettingsRow['analytics_level']; at: number } | null = null;
let cachedSalt: { day: string; salt: string } | null = null;

/**
 * What a page view records for this browser's session id on `day`, by the
 * analytics level: the id itself, its hash under the day's salt, or nothing.
 */
export async function analyticsKey(ctx: Pick<AppContext, 'knex'>, sessionId: string, day: string): Promise<string | null> {
  if (!cachedLevel || Date.now() - cachedLevel.at > 10_000) cachedLevel = { level: (await privacySettingsRow(ctx.knex)).analytics_level, at: Date.now() };
  if (cachedLevel.level === 'none') return null;
  if (cachedLevel.level === 'full') return sessionId;
  if (!cachedSalt || cachedSalt.day !== day) cachedSalt = { day, salt: await saltOfDay(ctx.knex, day, randomBytes(32).toString('base64url')) };
  return `h-${createHash('sha256').update(`${cachedSalt.salt}:${sessionId}`).digest('base64url').slice(0, 32)}`;
}

/** The last runs of the job, newest first. */
export async function recentRetentionRuns(ctx: Pick<AppContext, 'knex'>): Promise<{ ran_at: string; removed: Record<string, number> }[]> {
  return (await latestRetentionRuns(ctx.knex, 30)).map((r) => ({ ran_at: new Date(r.ran_at).toISOString(), removed: typeof r.removed === 'string' ? (JSON.parse(r.removed) as Record<string, number>) : r.removed }));
}
