import Router from '@koa/router';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { ChannelEvent, EventData } from '../../../shared/realtime';
import { can, DENIED } from '../../../shared/permissions';
import { LOA_TEXTS, LoaInputSchema, leaveDays, type LoaView } from '../../../shared/leave';
import { QUEUE_LIST_LIMIT, QUEUE_TEXTS, REQUEST_KINDS, statusFilterSchema, statusSchema, type AnyRequestView, type QueueKind, type RequestDeletedEvent, type RequestKind, type RequestUpdatedEvent } from '../../../shared/requests';
import type { AppRouter } from '../http/router';
import { authorize, currentUser, requireUser } from '../auth/middleware';
import type { AppContext, RequestState } from '../context';
import { fail } from '../http/errors';
import { parse } from '../http/validate';
import { announceRequestHandled } from '../radio/requests';
import { recordAction } from '../users/audit';
import { GENERAL_REQUEST_COLUMNS, SHOUTOUT_REQUEST_COLUMNS, SONG_REQUEST_COLUMNS, presentGeneralRequest, presentShoutoutRequest, presentSongRequest } from './service';

/**
 * The staff request queues (song, shoutout, general) and leave of absence:
 * listing with a status filter, status changes (stamping updated_at, and
 * reviewed_at for leave), deletion, and filing leave. Every write is audited
 * and pushed on the staff `requests` channel so other open queues follow.
 */

type Db = Knex | Knex.Transaction;

/** Where each listener queue lives and how it is presented. */
const QUEUES = {
  song: { table: 'song_requests', columns: SONG_REQUEST_COLUMNS, present: presentSongRequest as (row: never) => AnyRequestView, label: 'song request', name: (r: Record<string, unknown>) => `${r.title} by ${r.artist}` },
  shoutout: { table: 'shoutout_requests', columns: SHOUTOUT_REQUEST_COLUMNS, present: presentShoutoutRequest as (row: never) => AnyRequestView, label: 'shoutout request', name: (r: Record<string, unknown>) => `Shoutout for ${r.recipient_name}` },
  general: { table: 'general_requests', columns: GENERAL_REQUEST_COLUMNS, present: presentGeneralRequest as (row: never) => AnyRequestView, label: 'general request', name: (r: Record<string, unknown>) => `${r.name}: ${r.subject}` },
} as const;

const IdSchema = z.uuid(QUEUE_TEXTS.updateNotFound);
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** Pushes a queue change to open staff queues; never throws (queues refetch after a reconnect). */
async function publish<N extends 'request.updated' | 'request.deleted'>(ctx: AppContext, name: N, data: EventData<'requests', N>, roles?: string[]): Promise<void> {
  try {
    await ctx.bus.publish({ channel: 'requests', name, data, ...(roles ? { roles } : {}) } as ChannelEvent<'requests'>);
  } catch (err) {
    ctx.log.warn({ err }, `could not publish ${name}`);
  }
}

/**
 * One listener queue, newest first, optionally of one status. The song queue holds custom requests too:
 * 001 §7 reads only request_type 'song', which would hide every custom song a listener sends (the website's
 * custom mode and the public API's request_type 'custom') from the staff who must play it.
 */
export async function listRequests(db: Db, kind: RequestKind, status: string | undefined, limit: number = QUEUE_LIST_LIMIT): Promise<AnyRequestView[]> {
  const q = QUEUES[kind];
  const query = db(q.table).select(q.columns).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit);
  if (status) query.where({ status });
  const rows = (await query) as never[];
  return rows.map((r) => q.present(r));
}

/** Sets a request's status and stamps updated_at; 404 when there is no such request. */
export async function setRequestStatus(ctx: AppContext, kind: RequestKind, id: string, status: string, actor: { id: string; email: string }, ip: string): Promise<AnyRequestView> {
  const q = QUEUES[kind];
  const now = new Date(ctx.now());
  const result = await ctx.knex.transaction(async (trx) => {
    // Locked, so two presenters pressing Played at once tell the listener once.
    const before = await trx(q.table).where({ id }).forUpdate().first<Record<string, unknown> | undefined>(['user_session', ...q.columns]);
    if (!before) return null;
    const [row] = (await trx(q.table).where({ id }).update({ status, updated_at: now, handled_by: actor.id }).returning(q.columns)) as never[];
    await recordAction(trx, { actor, action: 'update', resourceType: q.table, resourceId: id, resourceName: q.name(before), details: { from: before.status, to: status }, ip });
    return { request: q.present(row!), before };
  });
  if (!result) throw fail.notFound(QUEUE_TEXTS.updateNotFound);
  await publish(ctx, 'request.updated', { kind, request: result.request } as RequestUpdatedEvent);
  // The request loop: the listener who sent it hears it was played or read out.
  const handled = (kind === 'song' && status === 'played') || (kind === 'shoutout' && status === 'completed');
  if (handled && result.before.status !== status) {
    const title = kind === 'song' ? String(result.before.title) : `for ${String(result.before.recipient_name)}`;
    await announceRequestHandled(ctx, { kind, userSession: result.before.user_session as string | null, title, at: ctx.now() }).catch((err: unknown) => ctx.log.warn({ err }, 'could not announce handled request'));
  }
  return result.request;
}

/** Deletes a request after checking it exists; 404 'Record not found' otherwise. */
export async function deleteRequest(ctx: AppContext, kind: RequestKind, id: string, actor: { id: string; email: string }, ip: string): Promise<void> {
  const q = QUEUES[kind];
  const deleted = await ctx.knex.transaction(async (trx) => {
    const before = await trx(q.table).where({ id }).first<Record<string, unknown> | undefined>(q.columns);
    if (!before) return false;
    await trx(q.table).where({ id }).del();
    await recordAction(trx, { actor, action: 'delete', resourceType: q.table, resourceId: id, resourceName: q.name(before), details: { status: before.status }, ip });
    return true;
  });
  if (!deleted) throw fail.notFound(QUEUE_TEXTS.deleteNotFound);
  await publish(ctx, 'request.deleted', { kind, id });
}

// ---------------------------------------------------------------------------
// Leave of absence
// ---------------------------------------------------------------------------

interface LoaRow {
  id: string;
  presenter_id: string;
  presenter_name: string;
  presenter_email: string | null;
  start_date: string;
  end_date: string;
  reason: LoaView['reason'];
  additional_notes: string | null;
  status: LoaView['status'];
  submitted_by: string | null;
  reviewed_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

function loaColumns(db: Db) {
  return [
    'id',
    'presenter_id',
    'presenter_name',
    'presenter_email',
    db.raw("to_char(start_date, 'YYYY-MM-DD') as start_date"),
    db.raw("to_char(end_date, 'YYYY-MM-DD') as end_date"),
    'reason',
    'additional_notes',
    'status',
    'submitted_by',
    'reviewed_at',
    'created_at',
    'updated_at',
  ];
}

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

/** The presenter record linked to an account, if any. */
async function ownPresenter(db: Db, userId: string): Promise<{ id: string; name: string } | undefined> {
  return db('presenters').where({ user_id: userId }).first<{ id: string; name: string } | undefined>('id', 'name');
}

/**
 * Leave requests, newest first. Reviewers (moderator and above) see all;
 * everyone else sees the leave of their own presenter record and what they filed.
 */
export async function listLoa(db: Db, actor: { id: string; role: Parameters<typeof can>[0] }, status: string | undefined, limit: number = QUEUE_LIST_LIMIT): Promise<LoaView[]> {
  const q = db('loa_requests').select(loaColumns(db)).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit);
  if (status) q.where({ status });
  if (!can(actor.role, 'loa.review')) {
    const own = await ownPresenter(db, actor.id);
    q.where((w) => {
      w.where('submitted_by', actor.id);
      if (own) w.orWhere('presenter_id', own.id);
    });
  }
  return ((await q) as LoaRow[]).map(presentLoa);
}

/** Files a pending leave request: for any presenter (moderator and above), else for the actor's own presenter record. */
export async function fileLoa(ctx: AppContext, input: z.output<typeof LoaInputSchema>, actor: { id: string; email: string; role: Parameters<typeof can>[0] }, ip: string): Promise<LoaView> {
  const forAnyone = can(actor.role, 'loa.fileForAnyone');
  let presenterId = input.presenter_id;
  if (forAnyone) {
    if (!presenterId) throw fail.badRequest(LOA_TEXTS.presenterRequired.description, [{ path: 'presenter_id', message: LOA_TEXTS.presenterRequired.description }]);
  } else {
    const own = await ownPresenter(ctx.knex, actor.id);
    if (!own) throw fail.badRequest(LOA_TEXTS.noPresenterProfile);
    if (presenterId && presenterId !== own.id) throw fail.forbidden(LOA_TEXTS.forOthersDenied);
    presenterId = own.id;
  }
  const presenter = await ctx.knex('presenters as p')
    .leftJoin('profiles as u', 'u.id', 'p.user_id')
    .where('p.id', presenterId)
    .first<{ id: string; name: string; email: string | null } | undefined>('p.id', 'p.name', 'u.email');
  if (!presenter) throw fail.badRequest(LOA_TEXTS.presenterNotFound, [{ path: 'presenter_id', message: LOA_TEXTS.presenterNotFound }]);
  const now = new Date(ctx.now());
  const row = await ctx.knex.transaction(async (trx) => {
    const [inserted] = (await trx('loa_requests')
      .insert({
        presenter_id: presenter.id,
        presenter_name: presenter.name,
        presenter_email: presenter.email,
        start_date: input.start_date,
        end_date: input.end_date,
        reason: input.reason,
        additional_notes: input.additional_notes,
        status: 'pending',
        submitted_by: actor.id,
        created_at: now,
        updated_at: now,
      })
      .returning(loaColumns(trx))) as LoaRow[];
    await recordAction(trx, { actor, action: 'create', resourceType: 'loa_requests', resourceId: inserted!.id, resourceName: `Leave for ${presenter.name}`, details: { start_date: input.start_date, end_date: input.end_date, reason: input.reason }, ip });
    return inserted!;
  });
  await publish(ctx, 'request.updated', { kind: 'loa', id: row.id });
  return presentLoa(row);
}

/** Sets a leave request's status, stamping reviewed_at and updated_at (001 §4). */
export async function setLoaStatus(ctx: AppContext, id: string, status: string, actor: { id: string; email: string }, ip: string): Promise<LoaView> {
  const now = new Date(ctx.now());
  const row = await ctx.knex.transaction(async (trx) => {
    const before = await trx('loa_requests').where({ id }).forUpdate().first<{ status: string; presenter_name: string } | undefined>('status', 'presenter_name');
    if (!before) return null;
    const [updated] = (await trx('loa_requests').where({ id }).update({ status, reviewed_at: now, reviewed_by: actor.id, updated_at: now }).returning(loaColumns(trx))) as LoaRow[];
    await recordAction(trx, { actor, action: 'update', resourceType: 'loa_requests', resourceId: id, resourceName: `Leave for ${before.presenter_name}`, details: { from: before.status, to: status }, ip });
    return updated!;
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
    const before = await trx('loa_requests').where({ id }).first<{ status: string; presenter_name: string } | undefined>('status', 'presenter_name');
    if (!before) return false;
    await trx('loa_requests').where({ id }).del();
    await recordAction(trx, { actor, action: 'delete', resourceType: 'loa_requests', resourceId: id, resourceName: `Leave for ${before.presenter_name}`, details: { status: before.status }, ip });
    return true;
  });
  if (!deleted) throw fail.notFound(QUEUE_TEXTS.deleteNotFound);
  await publish(ctx, 'request.deleted', { kind: 'loa' satisfies QueueKind, id });
}

/** The staff routes of the queues and of leave. */
export function requestQueueRoutes(ctx: AppContext): AppRouter {
  const router = new Router<RequestState>();
  const manage = authorize(ctx, 'requests.manage', DENIED.requestStatus);
  const remove = authorize(ctx, 'requests.delete', QUEUE_TEXTS.deleteForbidden);

  for (const kind of REQUEST_KINDS) {
    router.get(`/api/requests/${kind}`, manage, async (c) => {
      const { status, limit } = parse(statusFilterSchema(kind), c.query);
      c.set('Cache-Control', 'no-store');
      c.body = { requests: await listRequests(ctx.knex, kind, status, limit) };
    });
    router.patch(`/api/requests/${kind}/:id`, authorize(ctx, 'requests.manage', QUEUE_TEXTS.updateForbidden), async (c) => {
      const { status } = parse(statusSchema(kind), c.request.body);
      const id = IdSchema.safeParse(c.params.id);
      if (!id.success) throw fail.notFound(QUEUE_TEXTS.updateNotFound);
      c.body = await setRequestStatus(ctx, kind, id.data, status, currentUser(c), c.ip);
    });
    router.delete(`/api/requests/${kind}/:id`, remove, async (c) => {
      const id = IdSchema.safeParse(c.params.id);
      if (!id.success) throw fail.notFound(QUEUE_TEXTS.deleteNotFound);
      await deleteRequest(ctx, kind, id.data, currentUser(c), c.ip);
      c.status = 204;
    });
  }

  router.get('/api/loa', requireUser(ctx), async (c) => {
    const { status, limit } = parse(statusFilterSchema('loa'), c.query);
    c.set('Cache-Control', 'no-store');
    c.body = { requests: await listLoa(ctx.knex, currentUser(c), status, limit) };
  });
  router.post('/api/loa', requireUser(ctx), async (c) => {
    const input = parse(LoaInputSchema, c.request.body);
    c.status = 201;
    c.body = await fileLoa(ctx, input, currentUser(c), c.ip);
  });
  router.patch('/api/loa/:id', authorize(ctx, 'loa.review', QUEUE_TEXTS.updateForbidden), async (c) => {
    const { status } = parse(statusSchema('loa'), c.request.body);
    const id = IdSchema.safeParse(c.params.id);
    if (!id.success) throw fail.notFound(QUEUE_TEXTS.updateNotFound);
    c.body = await setLoaStatus(ctx, id.data, status, currentUser(c), c.ip);
  });
  router.delete('/api/loa/:id', remove, async (c) => {
    const id = IdSchema.safeParse(c.params.id);
    if (!id.success) throw fail.notFound(QUEUE_TEXTS.deleteNotFound);
    await deleteLoa(ctx, id.data, currentUser(c), c.ip);
    c.status = 204;
  });

  return router;
}
