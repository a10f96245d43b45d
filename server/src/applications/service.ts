import type { z } from 'zod';
import type { Translate } from '../../../shared/i18n/format';
import type { ApplicationSchema, ApplicationStatus, ApplicationSubmitted } from '../../../shared/applications';
import type { AppContext } from '../context';
import { describeUpstream, integrations } from '../integrations/clients';
import { getDiscordConfig } from '../integrations/discord-config';
import { consumeDiscordLink, readDiscordLink } from '../integrations/discord-oauth';
import { applicationMessage, emitWebhookEvent } from '../integrations/webhooks';
import { limiter } from '../requests/limits';
import { insertNotification, publishNotification } from '../notifications/notify';
import { getStationInfo } from '../settings/service';
import { recordAction, type AuditActor } from '../users/audit';
import { accountFromApplication } from '../users/service';
import { setProfileDiscordId } from '../users/repo';
import { issueSetPasswordLink, WELCOME_LINK_DAYS } from '../auth/recovery';
import { panelUrl, queueEmail, sendQueuedEmail } from '../mail/outbox';
import { applicationApprovedEmail, applicationRejectedEmail } from '../mail/templates';
import { cachedStationInfo } from '../settings/service';
import { channelTranslator, localeOr, serverTranslator } from '../i18n/recipients';
import type { PendingNotification } from '../notifications/notify';
import { applicantOf, countByStatus, decidePending, insertApplication, listApplicationRows, lockApplication, type ApplicationRow } from './repo';

/**
 * Presenter applications from the Become a DJ page: submission (with the
 * Discord account linked through sign-in, when the applicant connected one),
 * the moderators' notification and webhook, and the bot's message to the
 * applicant when staff decide.
 */

/** A validated application. */
export type ApplicationData = z.output<typeof ApplicationSchema>;

/**
 * Saves a pending application. A valid Discord link token (from the
 * sign-in callback's cookie) supplies the Discord user id and username and is
 * used up; otherwise the typed username, if any, is kept as given.
 */
export async function submitApplication(ctx: AppContext, input: ApplicationData, meta: { ip: string; discordLinkToken?: string | undefined; language?: string | null }): Promise<ApplicationSubmitted['application']> {
  await limiter(ctx, 'application_ip', { points: ctx.config.APPLICATION_LIMIT_PER_HOUR, durationSec: 3600 }).consume(`ip:${meta.ip}`);
  const link = await readDiscordLink(ctx.knex, meta.discordLinkToken, ctx.now());
  const now = new Date(ctx.now());
  const discordUsername = link?.username ?? input.discordUsername ?? null;
  const { row, notification } = await ctx.knex.transaction(async (trx) => {
    const inserted = await insertApplication(trx, {
      name: input.name,
      email: input.email,
      experience: input.experience,
      show_idea: input.showIdea,
      available_times: input.availableTimes,
      has_discord: discordUsername !== null,
      discord_username: discordUsername,
      discord_user_id: link?.id ?? null,
      // The language the form was filled in (issue 35): the decision e-mail and message are written in it.
      language: meta.language ?? null,
      at: now,
    });
    if (link && meta.discordLinkToken) await consumeDiscordLink(trx, meta.discordLinkToken);
    const n = await insertNotification(trx, {
      type: 'application_received',
      text: { key: 'notify.applicationReceived', values: { name: input.name } },
      relatedId: inserted.id,
      relatedType: 'presenter_application',
    });
    return { row: inserted, notification: n };
  });
  await publishNotification(ctx, notification);
  const station = await getStationInfo(ctx.knex, ctx.config).catch(() => null);
  const channel = await channelTranslator(ctx);
  await emitWebhookEvent(ctx, 'application.received', `application:${row.id}`, applicationMessage({ name: input.name, availableTimes: input.availableTimes, hasDiscord: discordUsername !== null }, station?.name ?? 'the station', channel));
  return { id: row.id, status: 'pending', created_at: new Date(row.created_at).toISOString(), has_discord: discordUsername !== null, discord_linked: link !== null };
}

/** The bot's words to an applicant, in their language (`t`). */
export function decisionMessage(stationName: string, applicantName: string, status: 'approved' | 'rejected', t: Translate): string {
  return t('discord.applicationDecision', { status, name: applicantName, station: stationName });
}

/** What became of a decision message (for the caller's logs and tests; the applicant never sees failures). */
export type DecisionMessageResult = { sent: true } | { sent: false; reason: 'not_found' | 'not_decided' | 'no_discord' | 'not_configured' | 'failed' };

/**
 * Tells the applicant on Discord that their application was approved or
 * rejected, through the station's bot (spec 001 §7 send-discord-notification).
 * Only applications with a linked Discord user id get a message. Never
 * throws: failures are logged.
 */
export async function sendApplicationDecision(ctx: AppContext, applicationId: string, status: Exclude<ApplicationStatus, 'pending'>): Promise<DecisionMessageResult> {
  try {
    const app = await applicantOf(ctx.knex, applicationId);
    if (!app) return { sent: false, reason: 'not_found' };
    if (!app.discord_user_id) return { sent: false, reason: 'no_discord' };
    const { botToken } = await getDiscordConfig(ctx);
    if (!botToken) {
      ctx.log.warn({ applicationId }, 'discord bot not configured; decision message not sent');
      return { sent: false, reason: 'not_configured' };
    }
    const station = await getStationInfo(ctx.knex, ctx.config);
    const t = await serverTranslator(await localeOr(ctx, app.language));
    await integrations(ctx).discord.sendDirectMessage(botToken, app.discord_user_id, decisionMessage(station.name, app.name, status, t));
    ctx.log.info({ applicationId, status }, 'discord decision message sent');
    return { sent: true };
  } catch (err) {
    ctx.log.warn({ err: describeUpstream(err), applicationId, status }, 'discord decision message failed');
    return { sent: false, reason: 'failed' };
  }
}

/** The review list (newest first, at most 500, of one status or all) and the count of each status. */
export async function listForReview(ctx: AppContext, status: ApplicationStatus | undefined): Promise<{ rows: ApplicationRow[]; counts: Record<ApplicationStatus, number> }> {
  const rows = await listApplicationRows(ctx.knex, status, 500);
  const counts: Record<ApplicationStatus, number> = { pending: 0, approved: 0, rejected: 0 };
  for (const r of await countByStatus(ctx.knex)) counts[r.status] = r.n;
  return { rows, counts };
}

/** What became of a decision: done (the new row), no such application, or already decided. */
export type DecisionOutcome = { kind: 'done'; row: ApplicationRow } | { kind: 'missing' } | { kind: 'final'; status: ApplicationStatus };

/**
 * Approves or rejects a pending application, audited in the same
 * transaction. Final: only a pending row changes, so two reviewers racing
 * cannot both decide. The applicant hears on Discord when they linked an
 * account (never blocking the reviewer; a failure is only logged).
 */
export async function decideApplication(ctx: AppContext, actor: AuditActor, id: string, status: Exclude<ApplicationStatus, 'pending'>, ip: string | null): Promise<DecisionOutcome> {
  const now = new Date(ctx.now());
  const station = await cachedStationInfo(ctx);
  let mailId: string | null = null;
  let note: PendingNotification | null = null;
  const outcome = await ctx.knex.transaction(async (trx): Promise<DecisionOutcome> => {
    const before = await lockApplication(trx, id);
    if (!before) return { kind: 'missing' };
    if (before.status !== 'pending') return { kind: 'final', status: before.status };
    // The e-mail in the language the applicant used, else the station's default (issue 35).
    const t = await serverTranslator(await localeOr(ctx, before.language, trx));
    const row = await decidePending(trx, id, { status, reviewedBy: actor.id, at: now });
    await recordAction(trx, { actor, action: 'update', resourceType: 'presenter_applications', resourceId: id, resourceName: before.name, details: { from: 'pending', to: status }, ip });
    // Approval makes the applicant's account and DJ profile in the same step, and tells them how to sign in (issue 30).
    if (status === 'approved') {
      const made = await accountFromApplication(trx, actor, { name: before.name, email: before.email }, ip, now);
      // The Discord account the applicant linked becomes the account's, for the bot's direct messages (issue 35).
      if (before.discord_user_id) await setProfileDiscordId(trx, made.userId, before.discord_user_id);
      const setPasswordUrl = made.password ? await issueSetPasswordLink(ctx, trx, made.userId) : null;
      mailId = await queueEmail(trx, before.email, applicationApprovedEmail({ station: station.name, name: before.name, email: before.email.toLowerCase(), signInUrl: panelUrl(ctx, '/auth'), password: made.password, setPasswordUrl, linkDays: WELCOME_LINK_DAYS }, t));
    } else {
      mailId = await queueEmail(trx, before.email, applicationRejectedEmail({ station: station.name, name: before.name }, t));
    }
    note = await insertNotification(trx, { type: 'application_decided', text: { key: 'notify.applicationDecided', values: { name: before.name, status } }, relatedId: id, relatedType: 'presenter_application', createdBy: actor.id });
    return { kind: 'done', row: row! };
  });
  if (mailId) sendQueuedEmail(ctx, mailId);
  if (note) await publishNotification(ctx, note);
  if (outcome.kind === 'done' && outcome.row.discord_user_id) void sendApplicationDecision(ctx, outcome.row.id, status);
  return outcome;
}
