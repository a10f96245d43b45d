import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { REQUEST_RULE_MESSAGES } from '../../../shared/song-request-api';
import {
  songKey,
  type GeneralRequestView,
  type GeneralSubject,
  type LibraryTrack,
  type RequestCreatedEvent,
  type ShoutoutRequestView,
  type SongRequestView,
} from '../../../shared/requests';
import type { AppContext } from '../context';
import { fail } from '../http/errors';
import { limiter } from './limits';
import { prepareNotification, withEnglish, publishNotification, type NotifyInput, type PendingNotification } from '../notifications/notify';
import { notificationInsertCte } from '../notifications/repo';
import { findTrackTitle, searchTracks } from '../radio/repo';
import {
  GENERAL_REQUEST_COLUMNS,
  SHOUTOUT_REQUEST_COLUMNS,
  SONG_REQUEST_COLUMNS,
  findSongByClientKey,
  insertListenerMessage,
  insertSongRequest,
  refundSessionPoint,
  type GeneralRow,
  type SessionLimit,
  type ShoutoutRow,
  type SongRow,
  type StatementOutcome,
} from './repo';

/**
 * Listener requests: creation of song, shoutout and general requests with the
 * fairness rules (requests open, per-session and per-address limits, the same
 * song not again within REQUEST_REPEAT_MINUTES, idempotent retries), the staff
 * notification and the live push to open queues. The website's routes, the
 * public song-request API and the staff queues all use these functions.
 */

/** Who is asking: the address, the browser session, the door they came in by, and an optional idempotency key. */
export interface RequestMeta {
  ip: string;
  sessionId?: string | undefined;
  source: 'website' | 'api';
  clientKey?: string | undefined;
}

/** A song request to create (already validated). */
export interface NewSongRequest {
  title: string;
  artist: string;
  requester: string;
  message?: string | undefined;
  request_type: 'song' | 'custom';
  track_id?: string | undefined;
  /** A Spotify track link the listener picked: appended to the message and kept as external_url. */
  spotify_url?: string | undefined;
}

/** A shoutout request to create. */
export interface NewShoutoutRequest {
  requester_name: string;
  recipient_name: string;
  message: string;
}

/** A general inquiry to create. */
export interface NewGeneralRequest {
  name: string;
  email: string;
  subject: GeneralSubject;
  message: string;
}

const iso = (v: Date | string) => new Date(v).toISOString();

export { SONG_REQUEST_COLUMNS, SHOUTOUT_REQUEST_COLUMNS, GENERAL_REQUEST_COLUMNS };

/** A song request as the API and realtime pushes show it (the session id and idempotency key stay inside). */
export function presentSongRequest(row: SongRow): SongRequestView {
  return {
    id: row.id,
    title: row.title,
    artist: row.artist,
    requester: row.requester,
    message: row.message,
    status: row.status,
    request_type: row.request_type,
    source: row.source,
    track_id: row.track_id,
    external_url: row.external_url,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** A shoutout request as the API shows it. */
export function presentShoutoutRequest(row: ShoutoutRow): ShoutoutRequestView {
  return { id: row.id, requester_name: row.requester_name, recipient_name: row.recipient_name, message: row.message, status: row.status, created_at: iso(row.created_at), updated_at: iso(row.updated_at) };
}

/** A general inquiry as the API shows it. */
export function presentGeneralRequest(row: GeneralRow): GeneralRequestView {
  return { id: row.id, name: row.name, email: row.email, subject: row.subject, message: row.message, status: row.status, created_at: iso(row.created_at), updated_at: iso(row.updated_at) };
}

/** 403 'Requests are closed' when the station has switched listener requests off in its settings. */
export async function assertRequestsOpen(ctx: AppContext): Promise<void> {
  const station = await ctx.settings.station();
  if (!station.requestsOpen) throw fail.forbidden(REQUEST_RULE_MESSAGES.closed);
}

/**
 * The per-address limit of one kind of request, counted in this instance's memory (limits.ts); the per-session
 * limit is counted by the request's own statement (exact across instances).
 */
async function consumeAddressLimit(ctx: AppContext, kind: string, meta: RequestMeta): Promise<void> {
  await limiter(ctx, `${kind}_ip`, { points: ctx.config.REQUEST_LIMIT_IP, durationSec: ctx.config.REQUEST_LIMIT_WINDOW_SECONDS }).consume(`ip:${meta.ip}`);
}

/** The session's limit for the request's statement (the same key and table the limiter used before). */
function sessionLimit(ctx: AppContext, kind: string, meta: RequestMeta): SessionLimit | null {
  if (!meta.sessionId) return null;
  return { key: `ad_${kind}_session:s:${meta.sessionId}`, points: ctx.config.REQUEST_LIMIT_SESSION, durationMs: ctx.config.REQUEST_LIMIT_WINDOW_SECONDS * 1000 };
}

/** 429 with Retry-After when the statement found the session over its limit. */
function overLimit(ctx: AppContext, outcome: StatementOutcome<unknown>, limit: SessionLimit | null): ReturnType<typeof fail.tooMany> | null {
  if (!limit || !outcome.limit || outcome.limit.points <= limit.points) return null;
  const seconds = Math.max(1, Math.ceil((outcome.limit.expire - ctx.now()) / 1000));
  return fail.tooMany(REQUEST_RULE_MESSAGES.tooMany(seconds), seconds);
}

/** Whether a stored request is the same submission as a retried one (same song and requester). */
function sameSubmission(row: SongRow, input: NewSongRequest): boolean {
  return songKey(row.artist, row.title) === songKey(input.artist, input.title) && row.requester === input.requester;
}

/**
 * Publishes a stored request and its notification (after the statement has committed), in that order, without
 * holding the listener's answer: the request is stored, and the push to open queues and other instances follows
 * (the bus sends a burst of events in one NOTIFY). Never throws.
 */
function announce(ctx: AppContext, event: RequestCreatedEvent, notification: PendingNotification): void {
  void publishRequestCreated(ctx, event).then(() => publishNotification(ctx, notification));
}

/** The notification of a new request, ready for the request's statement. */
async function notificationFor(input: NotifyInput) {
  const prepared = prepareNotification(await withEnglish(input));
  return { prepared, cte: notificationInsertCte(prepared.values, 'ins') };
}

/**
 * Creates a pending song request under every fairness rule, in one statement
 * (repo.ts `insertSongRequest`). With an idempotency key, a retry of an
 * acknowledged request returns the original (`replayed: true`) and creates
 * nothing; a key reused for a different song is refused with 409.
 */
export async function createSongRequest(ctx: AppContext, input: NewSongRequest, meta: RequestMeta): Promise<{ request: SongRequestView; replayed: boolean }> {
  await assertRequestsOpen(ctx);
  let title = input.title;
  let artist = input.artist;
  if (input.track_id) {
    const track = await findTrackTitle(ctx.knex, input.track_id);
    if (!track) throw fail.badRequest('The chosen track is no longer in our library. Please search again.');
    title = track.title.slice(0, 200) || title;
    artist = track.artist.slice(0, 200) || artist;
  }
  const resolved = { ...input, title, artist };
  /** The original of a retried key: replayed when it is the same song, 409 when the key was used for another. */
  const replay = (row: SongRow) => {
    if (!sameSubmission(row, resolved)) throw fail.conflict(REQUEST_RULE_MESSAGES.idempotencyMismatch);
    return { request: presentSongRequest(row), replayed: true };
  };
  /** A retry that raced its own original: answer the original if it has landed by now. */
  const landed = async () => (meta.clientKey ? findSongByClientKey(ctx.knex, meta.clientKey) : undefined);

  try {
    await consumeAddressLimit(ctx, 'song', meta);
  } catch (err) {
    const row = await landed();
    if (row) return replay(row);
    throw err;
  }

  const key = songKey(artist, title);
  let message = input.message ?? null;
  if (input.spotify_url) message = `${message ? `${message}\n\n` : ''}Spotify: ${input.spotify_url}`;
  const now = new Date(ctx.now());
  const repeatMinutes = ctx.config.REQUEST_REPEAT_MINUTES;
  const id = randomUUID();
  const limit = sessionLimit(ctx, 'song', meta);
  const note = await notificationFor({
    type: 'song_request',
    text: { key: 'notify.songRequest', values: { requester: input.requester, title, artist } },
    relatedId: id,
    relatedType: 'song_request',
  });
  const outcome = await insertSongRequest(
    ctx.knex,
    {
      id,
      title,
      artist,
      requester: input.requester,
      message,
      user_session: meta.sessionId ?? null,
      request_type: input.request_type,
      source: meta.source,
      track_id: input.track_id ?? null,
      external_url: input.spotify_url ?? null,
      client_key: meta.clientKey ?? null,
      song_key: key,
      created_at: now,
    },
    { limit, repeatSince: repeatMinutes > 0 ? new Date(now.getTime() - repeatMinutes * 60_000) : null, now: ctx.now(), notification: note.cte },
  );
  if (outcome.prior) return replay(outcome.prior);
  if (outcome.inserted) {
    const request = presentSongRequest(outcome.inserted);
    announce(ctx, { kind: 'song', request }, note.prepared.pending(outcome.noteAt ?? now));
    return { request, replayed: false };
  }
  // Refused, or the key was taken meanwhile: a copy of this very request that landed first wins over any refusal.
  const row = await landed();
  if (row) return replay(row);
  const tooMany = overLimit(ctx, outcome, limit);
  if (tooMany) throw tooMany;
  if (outcome.free === false) {
    // Refused as a repeat: nothing was sent, so the session's quota gets its point back.
    if (limit && outcome.limit) await refundSessionPoint(ctx.knex, limit.key, outcome.limit.expire);
    throw fail.conflict(REQUEST_RULE_MESSAGES.repeat(repeatMinutes));
  }
  throw new Error('song request insert returned nothing');
}

/** Creates a pending shoutout request (requests must be open; per-session and per-address limits). */
export async function createShoutoutRequest(ctx: AppContext, input: NewShoutoutRequest, meta: RequestMeta): Promise<ShoutoutRequestView> {
  await assertRequestsOpen(ctx);
  await consumeAddressLimit(ctx, 'shoutout', meta);
  const id = randomUUID();
  const now = new Date(ctx.now());
  const limit = sessionLimit(ctx, 'shoutout', meta);
  const note = await notificationFor({ type: 'shoutout_request', text: { key: 'notify.shoutoutRequest', values: { requester: input.requester_name, recipient: input.recipient_name } }, relatedId: id, relatedType: 'shoutout_request' });
  const outcome = await insertListenerMessage(ctx.knex, 'shoutout', { id, ...input, user_session: meta.sessionId ?? null, created_at: now }, { limit, now: ctx.now(), notification: note.cte });
  if (!outcome.inserted) throw overLimit(ctx, outcome, limit) ?? new Error('shoutout insert returned nothing');
  const request = presentShoutoutRequest(outcome.inserted as ShoutoutRow);
  announce(ctx, { kind: 'shoutout', request }, note.prepared.pending(outcome.noteAt ?? now));
  return request;
}

/** Creates a pending general inquiry. Contact stays open when song requests are closed. */
export async function createGeneralRequest(ctx: AppContext, input: NewGeneralRequest, meta: RequestMeta): Promise<GeneralRequestView> {
  await consumeAddressLimit(ctx, 'general', meta);
  const id = randomUUID();
  const now = new Date(ctx.now());
  const limit = sessionLimit(ctx, 'general', meta);
  const note = await notificationFor({ type: 'general_request', text: { key: 'notify.generalRequest', values: { name: input.name, subject: input.subject } }, relatedId: id, relatedType: 'general_request' });
  const outcome = await insertListenerMessage(ctx.knex, 'general', { id, ...input, user_session: meta.sessionId ?? null, created_at: now }, { limit, now: ctx.now(), notification: note.cte });
  if (!outcome.inserted) throw overLimit(ctx, outcome, limit) ?? new Error('general request insert returned nothing');
  const request = presentGeneralRequest(outcome.inserted as GeneralRow);
  announce(ctx, { kind: 'general', request }, note.prepared.pending(outcome.noteAt ?? now));
  return request;
}

/** Pushes a new request to open staff queues. Never throws: queues refetch after a reconnect. */
async function publishRequestCreated(ctx: AppContext, data: RequestCreatedEvent): Promise<void> {
  try {
    await ctx.bus.publish({ channel: 'requests', name: 'request.created', data });
  } catch (err) {
    ctx.log.warn({ err }, 'could not publish request.created');
  }
}

/** The station's library: case-insensitive contains on title, album or artist (spec 000 §7), best matches first. */
export async function searchLibrary(db: Knex | Knex.Transaction, q: string, limit: number): Promise<LibraryTrack[]> {
  return searchTracks(db, q, limit);
}
