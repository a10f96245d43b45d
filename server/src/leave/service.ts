import type { Knex } from 'knex';
import type { z } from 'zod';
import type { ChannelEvent, EventData } from '../../../shared/realtime';
import { can } from '../../../shared/permissions';
import { LOA_TEXTS, leaveDays, type LoaInputSchema, type LoaView } from '../../../shared/leave';
import { QUEUE_LIST_LIMIT, QUEUE_TEXTS, type QueueKind } from '../../../shared/requests';
import type { AppContext } from '../context';
import { fail } from '../http/errors';
import { presenterOfUser, presenterWithEmail } from '../presenters/repo';
import { recordAction } from '../users/audit';
import { deleteLeave, insertLeave, leaveSummary, listLeave, updateLeaveStatus, type LoaRow } from './repo';

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
  const now = new Date(ctx.now());
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
    return inserted;
  });
  await publish(ctx, 'request.updated', { kind: 'loa', id: row.id });
  return presentLoa(row);
}

/** Sets a leave request's status, stamping reviewed_at and updated_at (001 §4). */
export async function setLoaStatus(ctx: AppContext, id: string, status: string, actor: { id: string; email: string }, ip: string): Promise<LoaView> {
  const now = new Date(ctx.now());
  const row = await ctx.knex.transaction(async (trx) => {
    const before = await leaveSummary(trx, id, true);
    if (!before) return null;
    const updated = await updateLeaveStatus(trx, id, { status, reviewed_at: now, reviewed_by: actor.id, updated_at: now });
    await recordAction(trx, { actor, action: 'update', resourceType: 'loa_requests', resourceId: id, resourceName: `Leave for ${before.presenter_name}`, details: { from: before.status, to: status }, ip });
    return updated;
  });
  if (!row) throw fail.notFound(QUEUE_TEXTS.updateNotFound);
  await publish(ctx, 'request.updated', { kind: 'loa', id });
  // Approved leave changes the public profile and the outstanding-bookings card.
  try {
    await ctx.bus.publish({ channel: 'schedule', name: 'leave.updated', data: { presenter_id: row.presenter_id } });
  } catch (err) {
    ctx.log.warn({ err }, 'could not publish leave.updated');
  }
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
