import type { Knex } from 'knex';
import type { z } from 'zod';
import type { ChannelEvent, EventData } from '../../../shared/realtime';
import { localeOfEmail, localeOfUser, translatorFor } from '../i18n/recipients';
import { can } from '../../../shared/permissions';
import { LOA_TEXTS, leaveDays, type LeaveShowAction, type LeaveShowView, type LoaInputSchema, type LoaView } from '../../../shared/leave';
import { todayInZone } from '../../../shared/time';
import { cachedStationInfo } from '../settings/service';
import { insertNotification, publishNotification, type PendingNotification } from '../notifications/notify';
import { presenterEventsBetween } from '../schedule/repo';
import { settleShowForLeave } from '../schedule/service';
import { panelUrl, queueEmail, sendQueuedEmail } from '../mail/outbox';
import { leaveDecisionEmail } from '../mail/templates';
import { presenterUserId } from '../presenters/repo';
import { QUEUE_LIST_LIMIT, QUEUE_TEXTS, type QueueKind } from '../../../shared/requests';
import type { AppContext } from '../context';
import { fail } from '../http/errors';
import { presenterOfUser, presenterWithEmail } from '../presenters/repo';
import { recordAction } from '../users/audit';
import { deleteLeave, insertLeave, leaveForDecision, leaveSummary, listLeave, updateLeaveStatus, type LoaRow } from './repo';

/**
 * Leave of absence: listing (reviewers see all, others their own), filing,
 * review (stamping reviewed_at) and deletion. Every write is audited and
 * pushed on the staff `requests` channel so open leave queues follow.
 */

type Db = Knex | Knex.Transaction;

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function presentLoa(r: LoaRow): LoaView {
  return {
    id: r.id,
    presenter_id: r.presenter_id,
    presenter_name: r.presenter_name,
    presenter_email: r.presenter_email,
    start_date: r.start_date,
    end_date: r.end_date,
    days: leaveDays(r.start_date, r.end_date),
    reason: r.reason,
    additional_notes: r.additional_notes,
    status: r.status,
    reviewed_at: iso(r.reviewed_at),
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
  };
}

/** Pushes a queue change to open staff queues; never throws (queues refetch after a reconnect). */
async function publish<N extends 'request.updated' | 'request.deleted'>(ctx: AppContext, name: N, data: EventData<'requests', N>): Promise<void> {
  try {
    await ctx.bus.publish({ channel: 'requests', name, data } as ChannelEvent<'requests'>);
  } catch (err) {
    ctx.log.warn({ err }, `could not publish ${name}`);
  }
}

/**
 * Leave requests, newest first. Reviewers (moderator and above) see all;
 * everyone else sees the leave of their own presenter record and what they filed.
 */
export async function listLoa(db: Db, actor: { id: string; role: Parameters<typeof can>[0] }, status: string | undefined, limit: number = QUEUE_LIST_LIMIT): Promise<LoaView[]> {
  let visibleTo: { userId: string; presenterId?: string } | undefined;
  if (!can(actor.role, 'loa.review')) {
    const own = await presenterOfUser(db, actor.id);
    visibleTo = own ? { userId: actor.id, presenterId: own.id } : { userId: actor.id };
  }
  return (await listLeave(db, { ...(status ? { status } : {}), limit, ...(visibleTo ? { visibleTo } : {}) })).map(presentLoa);
}

/** Files a pending leave request: for any presenter (moderator and above), else for the actor's own presenter record. */
export async function fileLoa(ctx: AppContext, input: z.output<typeof LoaInputSchema>, actor: { id: string; email: string; role: Parameters<typeof can>[0] }, ip: string): Promise<LoaView> {
  const forAnyone = can(actor.role, 'loa.fileForAnyone');
  let presenterId = input.presenter_id;
  if (forAnyone) {
    if (!presenterId) throw fail.badRequest(LOA_TEXTS.presenterRequired.description, [{ path: 'presenter_id', message: LOA_TEXTS.presenterRequired.description }]);
  } else {
    const own = await presenterOfUser(ctx.knex, actor.id);
    if (!own) throw fail.badRequest(LOA_TEXTS.noPresenterProfile);
    if (presenterId && presenterId !== own.id) throw fail.forbidden(LOA_TEXTS.forOthersDenied);
    presenterId = own.id;
  }
  const presenter = await presenterWithEmail(ctx.knex, presenterId);
  if (!presenter) throw fail.badRequest(LOA_TEXTS.presenterNotFound, [{ path: 'presenter_id', message: LOA_TEXTS.presenterNotFound }]);
  const station = await cachedStationInfo(ctx);
  // Leave is for days still to come (issue 30 item 7): a presenter's may not start in the past; a reviewer may record
  // leave already under way (someone off sick since Monday), never leave that is over. Single-day only where allowed.
  const today = todayInZone(ctx.now(), station.timezone);
  if (input.end_date < today || (!forAnyone && input.start_date < today)) throw fail.badRequest(LOA_TEXTS.pastStart, [{ path: 'start_date', message: LOA_TEXTS.pastStart }]);
  if (input.end_date === input.start_date && !station.singleDayLeave) throw fail.badRequest(LOA_TEXTS.singleDayNotAllowed, [{ path: 'end_date', message: LOA_TEXTS.singleDayNotAllowed }]);
  const now = new Date(ctx.now());
  let note: PendingNotification | null = null;
  const row = await ctx.knex.transaction(async (trx) => {
    const inserted = await insertLeave(trx, {
      presenter_id: presenter.id,
      presenter_name: presenter.name,
      presenter_email: presenter.email,
      start_date: input.start_date,
      end_date: input.end_date,
      reason: input.reason,
      additional_notes: input.additional_notes ?? null,
      status: 'pending',
      submitted_by: actor.id,
      created_at: now,
      updated_at: now,
    });
    await recordAction(trx, { actor, action: 'create', resourceType: 'loa_requests', resourceId: inserted.id, resourceName: `Leave for ${presenter.name}`, details: { start_date: input.start_date, end_date: input.end_date, reason: input.reason }, ip });
    // The reviewers are told (issue 30 item 3); the filer is not told of their own request.
    note = await insertNotification(trx, {
      type: 'leave_requested',
      text: { key: 'notify.leaveRequested', values: { presenter: presenter.name, start: input.start_date, end: input.end_date, reason: input.reason } },
      relatedId: inserted.id,
      relatedType: 'loa_request',
      createdBy: actor.id,
    });
    return inserted;
  });
  await publish(ctx, 'request.updated', { kind: 'loa', id: row.id });
  if (note) await publishNotification(ctx, note);
  return presentLoa(row);
}

/** The presenter's shows inside a leave (not cancelled), for the approver to decide on (issue 30). */
export async function leaveShows(db: Db, id: string): Promise<LeaveShowView[] | null> {
  const leave = await leaveForDecision(db, id);
  if (!leave) return null;
  const rows = await presenterEventsBetween(db, leave.presenter_id, leave.start_date, leave.end_date);
  return rows.map((r) => ({ id: r.id, title: r.title, event_date: r.event_date, start_time: r.start_time.slice(0, 5), end_time: r.end_time.slice(0, 5), status: r.status }));
}

/**
 * Sets a leave request's status, stamping reviewed_at and updated_at (001 §4).
 * On approval, each of the presenter's shows inside the leave gets the
 * approver's choice (issue 30): cancel (off the public schedule), find cover
 * (the presenter is taken off the show) or keep; shows not listed are kept.
 * The presenter is told in the panel and by e-mail.
 */
export async function setLoaStatus(ctx: AppContext, id: string, status: string, actor: { id: string; email: string; role: Parameters<typeof can>[0]; sessionId?: string }, ip: string, shows: ReadonlyArray<{ id: string; action: LeaveShowAction }> = []): Promise<LoaView> {
  const now = new Date(ctx.now());
  let note: PendingNotification | null = null;
  let mailId: string | null = null;
  const row = await ctx.knex.transaction(async (trx) => {
    const before = await leaveSummary(trx, id, true);
    if (!before) return null;
    const updated = await updateLeaveStatus(trx, id, { status, reviewed_at: now, reviewed_by: actor.id, updated_at: now });
    await recordAction(trx, { actor, action: 'update', resourceType: 'loa_requests', resourceId: id, resourceName: `Leave for ${before.presenter_name}`, details: { from: before.status, to: status, ...(shows.length ? { shows } : {}) }, ip });
    if (before.status !== status) {
      const presenterAccount = await presenterUserId(trx, updated.presenter_id);
      const audience = [presenterAccount, updated.submitted_by].filter((u): u is string => !!u);
      const text = { key: 'notify.leaveDecided', values: { start: updated.start_date, end: updated.end_date, status } } as const;
      if (audience.length) note = await insertNotification(trx, { type: 'leave_decided', text, relatedId: id, relatedType: 'loa_request', audience: { userIds: audience }, createdBy: actor.id });
      if (updated.presenter_email && (status === 'approved' || status === 'rejected')) {
        const station = await cachedStationInfo(ctx);
        // In the presenter's language (their profile's, else the station's default; issue 35).
        const t = await translatorFor(presenterAccount ? await localeOfUser(ctx, presenterAccount, trx) : await localeOfEmail(ctx, updated.presenter_email, trx));
        mailId = await queueEmail(trx, updated.presenter_email, leaveDecisionEmail({ station: station.name, presenter: updated.presenter_name, start: updated.start_date, end: updated.end_date, approved: status === 'approved', panelUrl: panelUrl(ctx, '/admin/request-loa') }, t));
      }
    }
    return updated;
  });
  if (!row) throw fail.notFound(QUEUE_TEXTS.updateNotFound);
  if (status === 'approved' && shows.length > 0) {
    const inside = new Set((await presenterEventsBetween(ctx.knex, row.presenter_id, row.start_date, row.end_date)).map((r) => r.id));
    for (const s of shows) {
      if (s.action === 'keep' || !inside.has(s.id)) continue;
      await settleShowForLeave(ctx, { id: actor.id, email: actor.email, role: actor.role, sessionId: actor.sessionId ?? '' } as Parameters<typeof settleShowForLeave>[1], s.id, s.action, row.presenter_name);
    }
  }
  await publish(ctx, 'request.updated', { kind: 'loa', id });
  if (note) await publishNotification(ctx, note);
  if (mailId) sendQueuedEmail(ctx, mailId);
  // Approved leave changes the public profile and the outstanding-bookings card.
  try {
    await ctx.bus.publish({ channel: 'schedule', name: 'leave.updated', data: { presenter_id: row.presenter_id } });
  } catch (err) {
    ctx.log.warn({ err }, 'could not publish leave.updated');
  }
  return presentLoa(row);
}

/** A presenter withdraws their own pending leave request (issue 30 item 7): it becomes cancelled. */
export async function withdrawLoa(ctx: AppContext, id: string, actor: { id: string; email: string; role: Parameters<typeof can>[0] }, ip: string): Promise<LoaView> {
  const now = new Date(ctx.now());
  let note: PendingNotification | null = null;
  const row = await ctx.knex.transaction(async (trx) => {
    const leave = await leaveForDecision(trx, id, true);
    if (!leave) throw fail.notFound(QUEUE_TEXTS.updateNotFound);
    const own = await presenterOfUser(trx, actor.id);
    if (leave.submitted_by !== actor.id && leave.presenter_id !== own?.id) throw fail.forbidden(LOA_TEXTS.withdrawOnlyOwn);
    if (leave.status !== 'pending') throw fail.conflict(LOA_TEXTS.withdrawOnlyPending);
    const updated = await updateLeaveStatus(trx, id, { status: 'cancelled', reviewed_at: now, reviewed_by: actor.id, updated_at: now });
    await recordAction(trx, { actor, action: 'update', resourceType: 'loa_requests', resourceId: id, resourceName: `Leave for ${leave.presenter_name}`, details: { from: 'pending', to: 'cancelled', withdrawn: true }, ip });
    note = await insertNotification(trx, { type: 'leave_requested', text: { key: 'notify.leaveWithdrawn', values: { presenter: leave.presenter_name, start: leave.start_date, end: leave.end_date } }, relatedId: id, relatedType: 'loa_request', createdBy: actor.id });
    return updated;
  });
  await publish(ctx, 'request.updated', { kind: 'loa', id });
  if (note) await publishNotification(ctx, note);
  return presentLoa(row);
}

/** Deletes a leave request; 404 'Record not found' when it does not exist. */
export async function deleteLoa(ctx: AppContext, id: string, actor: { id: string; email: string }, ip: string): Promise<void> {
  const deleted = await ctx.knex.transaction(async (trx) => {
    const before = await leaveSummary(trx, id);
    if (!before) return false;
    await deleteLeave(trx, id);
    await recordAction(trx, { actor, action: 'delete', resourceType: 'loa_requests', resourceId: id, resourceName: `Leave for ${before.presenter_name}`, details: { status: before.status }, ip });
    return true;
  });
  if (!deleted) throw fail.notFound(QUEUE_TEXTS.deleteNotFound);
  await publish(ctx, 'request.deleted', { kind: 'loa' satisfies QueueKind, id });
}
