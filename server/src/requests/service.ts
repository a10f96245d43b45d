import type { Knex } from 'knex';
import { REQUEST_RULE_MESSAGES } from '../../../shared/song-request-api';
import {
  GENERAL_SUBJECTS,
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
import { insertNotification, publishNotification } from '../notifications/notify';

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

interface SongRow {
  id: string;
  title: string;
  artist: string;
  requester: string;
  message: string | null;
  status: SongRequestView['status'];
  request_type: 'song' | 'custom';
  source: 'website' | 'api';
  track_id: string | null;
  external_url: string | null;
  client_key: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

interface ShoutoutRow {
  id: string;
  requester_name: string;
  recipient_name: string;
  message: string;
  status: ShoutoutRequestView['status'];
  created_at: Date | string;
  updated_at: Date | string;
}

interface GeneralRow {
  id: string;
  name: string;
  email: string;
  subject: GeneralSubject;
  message: string;
  status: GeneralRequestView['status'];
  created_at: Date | string;
  updated_at: Date | string;
}

const iso = (v: Date | string) => new Date(v).toISOString();

/** The columns every song-request read should select for {@link presentSongRequest}. */
export const SONG_REQUEST_COLUMNS = ['id', 'title', 'artist', 'requester', 'message', 'status', 'request_type', 'source', 'track_id', 'external_url', 'client_key', 'created_at', 'updated_at'] as const;
/** The columns for {@link presentShoutoutRequest}. */
export const SHOUTOUT_REQUEST_COLUMNS = ['id', 'requester_name', 'recipient_name', 'message', 'status', 'created_at', 'updated_at'] as const;
/** The columns for {@link presentGeneralRequest}. */
export const GENERAL_REQUEST_COLUMNS = ['id', 'name', 'email', 'subject', 'message', 'status', 'created_at', 'updated_at'] as const;

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

/** The per-session and per-address limits of one kind of request. */
async function consumeRequestLimits(ctx: AppContext, kind: string, meta: RequestMeta): Promise<void> {
  const window = ctx.config.REQUEST_LIMIT_WINDOW_SECONDS;
  await limiter(ctx, `${kind}_session`, { points: ctx.config.REQUEST_LIMIT_SESSION, durationSec: window }).consume(meta.sessionId ? `s:${meta.sessionId}` : null);
  await limiter(ctx, `${kind}_ip`, { points: ctx.config.REQUEST_LIMIT_IP, durationSec: window }).consume(`ip:${meta.ip}`);
}

/** Whether a stored request is the same submission as a retried one (same song and requester). */
function sameSubmission(row: SongRow, input: NewSongRequest): boolean {
  return songKey(row.artist, row.title) === songKey(input.artist, input.title) && row.requester === input.requester;
}

async function findByClientKey(db: Knex | Knex.Transaction, clientKey: string): Promise<SongRow | undefined> {
  return db('song_requests').where({ client_key: clientKey }).first<SongRow | undefined>(SONG_REQUEST_COLUMNS);
}

/**
 * Creates a pending song request under every fairness rule. With an
 * idempotency key, a retry of an acknowledged request returns the original
 * (`replayed: true`) and creates nothing; a key reused for a different song
 * is refused with 409.
 */
export async function createSongRequest(ctx: AppContext, input: NewSongRequest, meta: RequestMeta): Promise<{ request: SongRequestView; replayed: boolean }> {
  await assertRequestsOpen(ctx);
  if (meta.clientKey) {
    const existing = await findByClientKey(ctx.knex, meta.clientKey);
    if (existing) {
      if (!sameSubmission(existing, input)) throw fail.conflict(REQUEST_RULE_MESSAGES.idempotencyMismatch);
      return { request: presentSongRequest(existing), replayed: true };
    }
  }
  try {
    await consumeRequestLimits(ctx, 'song', meta);
  } catch (err) {
    // A retry that raced its own original past the pre-check: answer the original if it has landed.
    const landed = meta.clientKey ? await findByClientKey(ctx.knex, meta.clientKey) : undefined;
    if (landed && sameSubmission(landed, input)) return { request: presentSongRequest(landed), replayed: true };
    throw err;
  }

  let title = input.title;
  let artist = input.artist;
  if (input.track_id) {
    const track = await ctx.knex('tracks').where({ id: input.track_id }).first<{ title: string; artist: string } | undefined>('title', 'artist');
    if (!track) throw fail.badRequest('The chosen track is no longer in our library. Please search again.');
    title = track.title.slice(0, 200) || title;
    artist = track.artist.slice(0, 200) || artist;
  }
  const key = songKey(artist, title);
  let message = input.message ?? null;
  if (input.spotify_url) message = `${message ? `${message}\n\n` : ''}Spotify: ${input.spotify_url}`;
  const now = new Date(ctx.now());
  const repeatMinutes = ctx.config.REQUEST_REPEAT_MINUTES;

  const outcome = await ctx.knex.transaction(async (trx) => {
    // One writer per song at a time, so two listeners asking for the same song at once cannot both get in.
    await trx.raw('SELECT pg_advisory_xact_lock(70001, hashtext(?))', [key]);
    if (meta.clientKey) {
      const existing = await findByClientKey(trx, meta.clientKey);
      if (existing) return { row: existing, replayed: true, notification: null };
    }
    if (repeatMinutes > 0) {
      const since = new Date(now.getTime() - repeatMinutes * 60_000);
      const recent = await trx('song_requests').where({ song_key: key }).andWhere('created_at', '>', since).first('id');
      if (recent) throw fail.conflict(REQUEST_RULE_MESSAGES.repeat(repeatMinutes));
    }
    const inserted = await trx('song_requests')
      .insert({
        title,
        artist,
        requester: input.requester,
        message,
        user_session: meta.sessionId ?? null,
        status: 'pending',
        request_type: input.request_type,
        source: meta.source,
        track_id: input.track_id ?? null,
        external_url: input.spotify_url ?? null,
        client_key: meta.clientKey ?? null,
        song_key: key,
        created_at: now,
        updated_at: now,
      })
      .onConflict('client_key')
      .ignore()
      .returning<SongRow[]>(SONG_REQUEST_COLUMNS);
    const row = inserted[0];
    if (!row) {
      // The same key was committed by a concurrent request for another song.
      const existing = meta.clientKey ? await findByClientKey(trx, meta.clientKey) : undefined;
      if (existing) return { row: existing, replayed: true, notification: null };
      throw new Error('song request insert returned nothing');
    }
    const notification = await insertNotification(trx, {
      type: 'song_request',
      title: 'New Song Request',
      message: `${row.requester} requested "${row.title}" by ${row.artist}`,
      relatedId: row.id,
      relatedType: 'song_request',
    });
    return { row, replayed: false, notification };
  });

  if (outcome.replayed && !sameSubmission(outcome.row, { ...input, title, artist })) throw fail.conflict(REQUEST_RULE_MESSAGES.idempotencyMismatch);
  const request = presentSongRequest(outcome.row);
  if (outcome.notification) {
    await publishRequestCreated(ctx, { kind: 'song', request });
    await publishNotification(ctx, outcome.notification);
  }
  return { request, replayed: outcome.replayed };
}

/** Creates a pending shoutout request (requests must be open; per-session and per-address limits). */
export async function createShoutoutRequest(ctx: AppContext, input: NewShoutoutRequest, meta: RequestMeta): Promise<ShoutoutRequestView> {
  await assertRequestsOpen(ctx);
  await consumeRequestLimits(ctx, 'shoutout', meta);
  const now = new Date(ctx.now());
  const { row, notification } = await ctx.knex.transaction(async (trx) => {
    const [inserted] = await trx('shoutout_requests')
      .insert({ ...input, user_session: meta.sessionId ?? null, status: 'pending', created_at: now, updated_at: now })
      .returning<ShoutoutRow[]>(SHOUTOUT_REQUEST_COLUMNS);
    const r = inserted!;
    const n = await insertNotification(trx, {
      type: 'shoutout_request',
      title: 'New Shoutout Request',
      message: `${r.requester_name} sent a shoutout to ${r.recipient_name}`,
      relatedId: r.id,
      relatedType: 'shoutout_request',
    });
    return { row: r, notification: n };
  });
  const request = presentShoutoutRequest(row);
  await publishRequestCreated(ctx, { kind: 'shoutout', request });
  await publishNotification(ctx, notification);
  return request;
}

/** Creates a pending general inquiry. Contact stays open when song requests are closed. */
export async function createGeneralRequest(ctx: AppContext, input: NewGeneralRequest, meta: RequestMeta): Promise<GeneralRequestView> {
  await consumeRequestLimits(ctx, 'general', meta);
  const now = new Date(ctx.now());
  const subjectLabel = GENERAL_SUBJECTS.find((s) => s.value === input.subject)?.label ?? input.subject;
  const { row, notification } = await ctx.knex.transaction(async (trx) => {
    const [inserted] = await trx('general_requests')
      .insert({ ...input, user_session: meta.sessionId ?? null, status: 'pending', created_at: now, updated_at: now })
      .returning<GeneralRow[]>(GENERAL_REQUEST_COLUMNS);
    const r = inserted!;
    const n = await insertNotification(trx, {
      type: 'general_request',
      title: 'New General Request',
      message: `${r.name} wrote about: ${subjectLabel}`,
      relatedId: r.id,
      relatedType: 'general_request',
    });
    return { row: r, notification: n };
  });
  const request = presentGeneralRequest(row);
  await publishRequestCreated(ctx, { kind: 'general', request });
  await publishNotification(ctx, notification);
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

/** Escapes LIKE wildcards so a listener's `%` or `_` is matched literally. */
function likeContains(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The station's library: case-insensitive contains on title, album or artist (spec 000 §7), best matches first. */
export async function searchLibrary(db: Knex | Knex.Transaction, q: string, limit: number): Promise<LibraryTrack[]> {
  const pattern = likeContains(q);
  const rows = await db('tracks')
    .select<LibraryTrack[]>('id', 'title', 'artist', 'album', 'artwork_url')
    .where((w) => w.whereILike('title', pattern).orWhereILike('artist', pattern).orWhereILike('album', pattern))
    .orderByRaw('(lower(title) = lower(?)) DESC, (lower(title) LIKE lower(?)) DESC, lower(title) ASC, lower(artist) ASC', [q, `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`])
    .limit(limit);
  return rows.map((r) => ({ id: r.id, title: r.title, artist: r.artist, album: r.album, artwork_url: r.artwork_url }));
}
