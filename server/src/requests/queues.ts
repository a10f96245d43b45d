import zlib from 'node:zlib';
import Router from '@koa/router';
import { z } from 'zod';
import type { ChannelEvent, EventData } from '../../../shared/realtime';
import { DENIED, can } from '../../../shared/permissions';
import { QUEUE_LIST_LIMIT, QUEUE_TEXTS, REQUEST_KINDS, bulkActionSchema, statusFilterSchema, statusSchema, type AnyRequestView, type BulkActionResult, type RequestDeletedEvent, type RequestKind, type RequestUpdatedEvent } from '../../../shared/requests';
import type { AppRouter } from '../http/router';
import { authorize, currentUser } from '../auth/middleware';
import type { AppContext, RequestState } from '../context';
import { HttpError, fail } from '../http/errors';
import { parse } from '../http/validate';
import { announceRequestHandled } from '../radio/requests';
import { recordAction } from '../users/audit';
import { cachedStationInfo } from '../settings/service';
import { requestPlayableAt, US_REQUEST_MIN_DELAY_MINUTES } from '../../../shared/licensing';
import { presentGeneralRequest, presentShoutoutRequest, presentSongRequest } from './service';
import { REQUEST_TABLES, deleteQueueRow, listQueueJson, updateQueueStatus } from './repo';

/**
 * The staff request queues (song, shoutout, general): listing with a status
 * filter, status changes (stamping updated_at) and deletion. Every write is
 * audited and pushed on the staff `requests` channel so other open queues
 * follow. Leave of absence is its own domain (`server/src/leave/`).
 */

/** Where each listener queue lives and how it is presented. */
const QUEUES = {
  song: { table: REQUEST_TABLES.song, present: presentSongRequest as (row: never) => AnyRequestView, label: 'song request', name: (r: Record<string, unknown>) => `${r.title} by ${r.artist}` },
  shoutout: { table: REQUEST_TABLES.shoutout, present: presentShoutoutRequest as (row: never) => AnyRequestView, label: 'shoutout request', name: (r: Record<string, unknown>) => `Shoutout for ${r.recipient_name}` },
  general: { table: REQUEST_TABLES.general, present: presentGeneralRequest as (row: never) => AnyRequestView, label: 'general request', name: (r: Record<string, unknown>) => `${r.name}: ${r.subject}` },
} as const;

const IdSchema = z.uuid(QUEUE_TEXTS.updateNotFound);

/** koa-compress options for one answer (app.ts sets the defaults). */
const QUICK_COMPRESSION = { gzip: { level: 1 }, deflate: { level: 1 }, br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } } };

/** Pushes a queue change to open staff queues; never throws (queues refetch after a reconnect). */
async function publish<N extends 'request.updated' | 'request.deleted'>(ctx: AppContext, name: N, data: EventData<'requests', N>, roles?: string[]): Promise<void> {
  try {
    await ctx.bus.publish({ channel: 'requests', name, data, ...(roles ? { roles } : {}) } as ChannelEvent<'requests'>);
  } catch (err) {
    ctx.log.warn({ err }, `could not publish ${name}`);
  }
}

/**
 * One listener queue as the body of its listing, `{"requests":[…]}`: newest first, optionally of one status,
 * at most `limit` rows, each as `present` shows it (written by the database, repo.ts `listQueueJson`, so
 * 500 rows of a big station are one value to read instead of 6,500 fields to decode and re-encode).
 * The song queue holds custom requests too: 001 §7 reads only request_type 'song', which would hide every
 * custom song a listener sends (the website's custom mode and the public API's request_type 'custom') from
 * the staff who must play it.
 */
export async function listRequestsBody(ctx: AppContext, kind: RequestKind, status: string | undefined, limit: number = QUEUE_LIST_LIMIT): Promise<string> {
  return `{"requests":${await listQueueJson(ctx.knex, ctx.db.engine, kind, status, limit)}}`;
}

/** Sets a request's status and stamps updated_at; 404 when there is no such request. */
export async function setRequestStatus(ctx: AppContext, kind: RequestKind, id: string, status: string, actor: { id: string; email: string }, ip: string): Promise<AnyRequestView> {
  const q = QUEUES[kind];
  const now = new Date(ctx.now());
  // US compliance mode (issue 34): a requested song may not be played until its minimum delay has passed.
  const mode = kind === 'song' && status === 'played' ? (await cachedStationInfo(ctx)).compliance_mode : 'none';
  const result = await ctx.knex.transaction(async (trx) => {
    // Locked, so two presenters pressing Played at once tell the listener once.
    const changed = await updateQueueStatus(trx, kind, id, { status, updated_at: now, handled_by: actor.id });
    if (!changed) return null;
    const { before } = changed;
    const createdAt = new Date(before.created_at as string | number | Date).getTime();
    if (before.status !== status && requestPlayableAt(mode, createdAt) > now.getTime()) {
      const minutes = Math.ceil((requestPlayableAt(mode, createdAt) - now.getTime()) / 60_000);
      throw fail.conflict(`Under US rules a requested song may be played no sooner than ${US_REQUEST_MIN_DELAY_MINUTES} minutes after the request: this one may be played in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    }
    const row = changed.row as never;
    await recordAction(trx, { actor, action: 'update', resourceType: q.table, resourceId: id, resourceName: q.name(before), details: { from: before.status, to: status }, ip });
    return { request: q.present(row), before };
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
    const before = await deleteQueueRow(trx, kind, id);
    if (!before) return false;
    await recordAction(trx, { actor, action: 'delete', resourceType: q.table, resourceId: id, resourceName: q.name(before), details: { status: before.status }, ip });
    return true;
  });
  if (!deleted) throw fail.notFound(QUEUE_TEXTS.deleteNotFound);
  await publish(ctx, 'request.deleted', { kind, id });
}

/**
 * A bulk action (issue 30): each request set to the status, or deleted, one after another exactly as its own PATCH
 * or DELETE would be (audited, pushed, the listener told); a request gone meanwhile is answered as missing.
 */
export async function bulkRequestAction(ctx: AppContext, kind: RequestKind, input: { action: 'status'; ids: string[]; status: string } | { action: 'delete'; ids: string[] }, actor: { id: string; email: string }, ip: string): Promise<BulkActionResult> {
  const result: BulkActionResult = { done: [], missing: [] };
  for (const id of new Set(input.ids.map((i) => i.toLowerCase()))) {
    try {
      if (input.action === 'delete') await deleteRequest(ctx, kind, id, actor, ip);
      else await setRequestStatus(ctx, kind, id, input.status, actor, ip);
      result.done.push(id);
    } catch (err) {
      if (err instanceof HttpError && err.code === 'not_found') result.missing.push(id);
      else throw err;
    }
  }
  return result;
}

/** The staff routes of the queues (leave of absence is `leave/routes.ts`). */
export function requestQueueRoutes(ctx: AppContext): AppRouter {
  const router = new Router<RequestState>();
  const manage = authorize(ctx, 'requests.manage', DENIED.requestStatus);
  const remove = authorize(ctx, 'requests.delete', QUEUE_TEXTS.deleteForbidden);

  for (const kind of REQUEST_KINDS) {
    router.get(`/api/requests/${kind}`, manage, async (c) => {
      const { status, limit } = parse(statusFilterSchema(kind), c.query);
      c.set('Cache-Control', 'no-store');
      // Made afresh for every call and ~150 KB at 500 rows: the quickest levels compress it in a third of the
      // defaults' time, to a few per cent more bytes with gzip (brotli 1 is no bigger here than 4).
      c.compress = QUICK_COMPRESSION;
      c.type = 'application/json';
      c.body = await listRequestsBody(ctx, kind, status, limit);
    });
    router.patch(`/api/requests/${kind}/:id`, authorize(ctx, 'requests.manage', QUEUE_TEXTS.updateForbidden), async (c) => {
      const { status } = parse(statusSchema(kind), c.request.body);
      const id = IdSchema.safeParse(c.params.id);
      if (!id.success) throw fail.notFound(QUEUE_TEXTS.updateNotFound);
      c.body = await setRequestStatus(ctx, kind, id.data, status, currentUser(c), c.ip);
    });
    router.post(`/api/requests/${kind}/bulk`, authorize(ctx, 'requests.manage', QUEUE_TEXTS.updateForbidden), async (c) => {
      const input = parse(bulkActionSchema(kind), c.request.body);
      const user = currentUser(c);
      if (input.action === 'delete' && !can(user.role, 'requests.delete')) throw fail.forbidden(QUEUE_TEXTS.deleteForbidden);
      c.body = await bulkRequestAction(ctx, kind, input, user, c.ip);
    });
    router.delete(`/api/requests/${kind}/:id`, remove, async (c) => {
      const id = IdSchema.safeParse(c.params.id);
      if (!id.success) throw fail.notFound(QUEUE_TEXTS.deleteNotFound);
      await deleteRequest(ctx, kind, id.data, currentUser(c), c.ip);
      c.status = 204;
    });
  }

  return router;
}
