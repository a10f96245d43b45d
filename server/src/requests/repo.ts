import type { Knex } from 'knex';
import type { DbEngine } from '../db/knex';
import { runPrepared } from '../db/prepared';
import type { GeneralRequestView, GeneralSubject, RequestViews, ShoutoutRequestView, SongRequestView } from '../../../shared/requests';

/**
 * The requests domain's tables: song_requests, shoutout_requests,
 * general_requests and request_rate_limits. Only this file names them; the
 * service, the staff queues and other domains call these functions.
 *
 * A listener's request is one statement (one round trip, one implicit
 * transaction): look up the Idempotency-Key, count the session's limit,
 * check the same song was not asked for lately (song_request_may_enter,
 * migration 096), insert the request and its staff notification, and read
 * the notification audience's version, all at once.
 */

type Db = Knex | Knex.Transaction;

export interface SongRow {
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

export interface ShoutoutRow {
  id: string;
  requester_name: string;
  recipient_name: string;
  message: string;
  status: ShoutoutRequestView['status'];
  created_at: Date | string;
  updated_at: Date | string;
}

export interface GeneralRow {
  id: string;
  name: string;
  email: string;
  subject: GeneralSubject;
  message: string;
  status: GeneralRequestView['status'];
  created_at: Date | string;
  updated_at: Date | string;
}

/** The columns every song-request read selects. */
export const SONG_REQUEST_COLUMNS = ['id', 'title', 'artist', 'requester', 'message', 'status', 'request_type', 'source', 'track_id', 'external_url', 'client_key', 'created_at', 'updated_at'] as const;
export const SHOUTOUT_REQUEST_COLUMNS = ['id', 'requester_name', 'recipient_name', 'message', 'status', 'created_at', 'updated_at'] as const;
export const GENERAL_REQUEST_COLUMNS = ['id', 'name', 'email', 'subject', 'message', 'status', 'created_at', 'updated_at'] as const;

/** The three listener queues' tables. */
export const REQUEST_TABLES = { song: 'song_requests', shoutout: 'shoutout_requests', general: 'general_requests' } as const;
const COLUMNS = { song: SONG_REQUEST_COLUMNS, shoutout: SHOUTOUT_REQUEST_COLUMNS, general: GENERAL_REQUEST_COLUMNS } as const;
export type QueueTable = keyof typeof REQUEST_TABLES;

/** A song request by its Idempotency-Key. */
export async function findSongByClientKey(db: Db, clientKey: string): Promise<SongRow | undefined> {
  return db('song_requests').where({ client_key: clientKey }).first<SongRow | undefined>(SONG_REQUEST_COLUMNS);
}

/** The per-session limit a request's statement counts (rate-limiter style: the window starts at the first hit). */
export interface SessionLimit {
  key: string;
  points: number;
  durationMs: number;
}

/** A staff notification to insert with the request (built by notifications/notify.ts `notificationInsertSql`). */
export interface NotificationInsert {
  sql: string;
  bindings: unknown[];
}

/** What one request statement found and did. */
export interface StatementOutcome<Row> {
  /** The request stored under the same Idempotency-Key before this one (nothing was done). */
  prior: Row | null;
  /** The session's count and window end after this hit (null: no session or a replay). */
  limit: { points: number; expire: number } | null;
  /** Whether the song was free to request (null: not checked: over the limit, or a replay). */
  free: boolean | null;
  /** The new row (null: refused, or the key was taken meanwhile). */
  inserted: Row | null;
  /** When the staff notification was stored (null: none). */
  noteAt: string | null;
}

function limitCte(limit: SessionLimit | null, now: number, guard: string): { sql: string; bindings: unknown[] } {
  return { sql: limitSql(limit !== null, guard), bindings: limitBindings(limit, now) };
}

/** The session-limit CTE's text (`lim`): counted under `guard`, or an empty `lim` when no limit applies. */
function limitSql(limited: boolean, guard: string): string {
  if (!limited) return 'lim AS (SELECT NULL::int AS points, NULL::bigint AS expire WHERE false)';
  return `lim AS (
      INSERT INTO request_rate_limits AS r (key, points, expire)
      SELECT ?::text, 1, ?::bigint ${guard}
      ON CONFLICT (key) DO UPDATE SET
        points = CASE WHEN r.expire IS NULL OR r.expire > ?::bigint THEN r.points + 1 ELSE 1 END,
        expire = CASE WHEN r.expire IS NULL OR r.expire > ?::bigint THEN r.expire ELSE EXCLUDED.expire END
      RETURNING points, expire
    )`;
}

/** The values {@link limitSql}'s text binds, in order. */
function limitBindings(limit: SessionLimit | null, now: number): unknown[] {
  return limit ? [limit.key, now + limit.durationMs, now, now] : [];
}

function parseOutcome<Row>(raw: { prior: Row | null; lim: { points: number; expire: number | string } | null; free: boolean | null; inserted: Row | null; note_at: Date | string | null }): StatementOutcome<Row> {
  return {
    prior: raw.prior,
    limit: raw.lim ? { points: Number(raw.lim.points), expire: Number(raw.lim.expire) } : null,
    free: raw.free,
    inserted: raw.inserted,
    noteAt: raw.note_at === null || raw.note_at === undefined ? null : new Date(raw.note_at).toISOString(),
  };
}

/**
 * Gives back the point a refused duplicate song request counted against its session (issue #38: a refusal sends
 * nothing, so it must not use up the quota). Only within the same window (`expire`), never below zero. Until it
 * runs, a concurrent request of the same session may see the point: the limit errs on the strict side, never over.
 */
export async function refundSessionPoint(db: Db, key: string, expire: number): Promise<void> {
  await db('request_rate_limits').where({ key, expire }).where('points', '>', 0).decrement('points', 1);
}

/** A new song request's values (already resolved: title and artist of a library track, the song key, the message). */
export interface SongInsert {
  id: string;
  title: string;
  artist: string;
  requester: string;
  message: string | null;
  user_session: string | null;
  request_type: 'song' | 'custom';
  source: 'website' | 'api';
  track_id: string | null;
  external_url: string | null;
  client_key: string | null;
  song_key: string;
  created_at: Date;
}

/** The song request's statement for each shape of request (with or without a key, a session, a repeat rule), made once. */
const SONG_STATEMENTS = new Map<string, string>();
function songStatement(keyed: boolean, limited: boolean, repeat: boolean, notificationSql: string): string {
  const id = `${keyed ? 'k' : ''}${limited ? 'l' : ''}${repeat ? 'r' : ''}\n${notificationSql}`;
  let sql = SONG_STATEMENTS.get(id);
  if (sql) return sql;
  const cols = SONG_REQUEST_COLUMNS.join(', ');
  const prior = keyed ? `prior AS (SELECT ${cols} FROM song_requests WHERE client_key = ?)` : `prior AS (SELECT ${cols} FROM song_requests WHERE false)`;
  const lim = limitSql(limited, 'WHERE NOT EXISTS (SELECT 1 FROM prior)');
  const gateCheck = repeat ? 'song_request_may_enter(?, ?::timestamptz)' : 'true';
  sql = `WITH ${prior},
    ${lim},
    gate AS (
      SELECT ${gateCheck} AS free
      WHERE NOT EXISTS (SELECT 1 FROM prior) AND NOT EXISTS (SELECT 1 FROM lim WHERE lim.points > ?)
    ),
    ins AS (
      INSERT INTO song_requests (id, title, artist, requester, message, user_session, status, request_type, source, track_id, external_url, client_key, song_key, created_at, updated_at)
      SELECT ?::uuid, ?::text, ?::text, ?::text, ?::text, ?::text, 'pending', ?::text, ?::text, ?::uuid, ?::text, ?::text, ?::text, ?::timestamptz, ?::timestamptz FROM gate WHERE gate.free
      ON CONFLICT (client_key) DO NOTHING
      RETURNING ${cols}
    ),
    note AS (${notificationSql})
    SELECT
      (SELECT row_to_json(prior) FROM prior) AS prior,
      (SELECT json_build_object('points', points, 'expire', expire) FROM lim) AS lim,
      (SELECT free FROM gate) AS free,
      (SELECT row_to_json(ins) FROM ins) AS inserted,
      (SELECT created_at FROM note) AS note_at`;
  if (SONG_STATEMENTS.size < 64) SONG_STATEMENTS.set(id, sql);
  return sql;
}

/**
 * Creates a song request in one statement under the fairness rules. The song
 * must be free since `repeatSince` (null: no repeat rule) and the session
 * within its limit; a row already stored under the same key is returned
 * instead (`prior`) and nothing is counted.
 */
export async function insertSongRequest(db: Db, row: SongInsert, opts: { limit: SessionLimit | null; repeatSince: Date | null; now: number; notification: NotificationInsert }): Promise<StatementOutcome<SongRow>> {
  const prior = row.client_key ? [row.client_key] : [];
  const lim = limitBindings(opts.limit, opts.now);
  const gateBindings = opts.repeatSince ? [row.song_key, opts.repeatSince.toISOString()] : [];
  const limitPoints = opts.limit ? [opts.limit.points] : [0];
  const sql = songStatement(Boolean(row.client_key), opts.limit !== null, opts.repeatSince !== null, opts.notification.sql);
  const bindings = [
    ...prior,
    ...lim,
    ...gateBindings,
    ...limitPoints,
    row.id,
    row.title,
    row.artist,
    row.requester,
    row.message,
    row.user_session,
    row.request_type,
    row.source,
    row.track_id,
    row.external_url,
    row.client_key,
    row.song_key,
    row.created_at.toISOString(),
    row.created_at.toISOString(),
    ...opts.notification.bindings,
  ];
  const rows = await runPrepared<Parameters<typeof parseOutcome<SongRow>>[0]>(db, sql, bindings);
  return parseOutcome(rows[0]!);
}

/** Creates a shoutout (`table` 'shoutout_requests') or general inquiry (`general_requests`) in one statement, within the session's limit. */
export async function insertListenerMessage<K extends 'shoutout' | 'general'>(
  db: Db,
  kind: K,
  values: Record<string, unknown> & { id: string; user_session: string | null; created_at: Date },
  opts: { limit: SessionLimit | null; now: number; notification: NotificationInsert },
): Promise<StatementOutcome<K extends 'shoutout' ? ShoutoutRow : GeneralRow>> {
  const table = REQUEST_TABLES[kind];
  const cols = COLUMNS[kind].join(', ');
  const lim = limitCte(opts.limit, opts.now, '');
  const names = Object.keys(values);
  const casts: Record<string, string> = { id: '::uuid', created_at: '::timestamptz' };
  const bind = (v: unknown) => (v instanceof Date ? v.toISOString() : v);
  const sql = `WITH ${lim.sql},
    gate AS (SELECT true AS free WHERE NOT EXISTS (SELECT 1 FROM lim WHERE lim.points > ?)),
    ins AS (
      INSERT INTO ${table} (${names.join(', ')}, status, updated_at)
      SELECT ${names.map((n) => `?${casts[n] ?? '::text'}`).join(', ')}, 'pending', ?::timestamptz FROM gate
      RETURNING ${cols}
    ),
    note AS (${opts.notification.sql})
    SELECT
      NULL::json AS prior,
      (SELECT json_build_object('points', points, 'expire', expire) FROM lim) AS lim,
      (SELECT free FROM gate) AS free,
      (SELECT row_to_json(ins) FROM ins) AS inserted,
      (SELECT created_at FROM note) AS note_at`;
  const bindings = [...lim.bindings, opts.limit ? opts.limit.points : 0, ...names.map((n) => bind(values[n])), values.created_at.toISOString(), ...opts.notification.bindings];
  const rows = await runPrepared<Parameters<typeof parseOutcome<K extends 'shoutout' ? ShoutoutRow : GeneralRow>>[0]>(db, sql, bindings);
  return parseOutcome(rows[0]!);
}

// ------------------------------------------------------------------ staff queues

/** An instant as `Date.prototype.toISOString()` writes it (UTC, milliseconds, 'Z'), from the column `c` of `r`. */
const isoSql = (c: string) => `to_char(r.${c} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Each queue's view (service.ts `presentSongRequest` and its siblings) as SQL
 * over the table aliased `r`, key for key in the same order: the big staff
 * listing is written as JSON by the database (see {@link listQueueJson}).
 * Typed by the view, so a field added to it must be added here too.
 */
const VIEW_SQL: { [K in QueueTable]: Record<keyof RequestViews[K], string> } = {
  song: { id: 'r.id', title: 'r.title', artist: 'r.artist', requester: 'r.requester', message: 'r.message', status: 'r.status', request_type: 'r.request_type', source: 'r.source', track_id: 'r.track_id', external_url: 'r.external_url', created_at: isoSql('created_at'), updated_at: isoSql('updated_at') },
  shoutout: { id: 'r.id', requester_name: 'r.requester_name', recipient_name: 'r.recipient_name', message: 'r.message', status: 'r.status', created_at: isoSql('created_at'), updated_at: isoSql('updated_at') },
  general: { id: 'r.id', name: 'r.name', email: 'r.email', subject: 'r.subject', message: 'r.message', status: 'r.status', created_at: isoSql('created_at'), updated_at: isoSql('updated_at') },
};

/**
 * One listener queue, newest first (id breaks ties), optionally of one
 * status, at most `limit` rows, already presented: the JSON array of the
 * queue's views. The staff queue shows up to 500 rows of a station that may
 * hold 100,000; read as raw rows (13 fields each, decoded, dates parsed, then
 * re-formatted and serialised) they cost most of the request. So the
 * database formats the instants, and on PGlite, whose row decoding runs in
 * JavaScript on the server's own thread, it writes the whole array too
 * (json_agg: one value to decode instead of 6,000 fields; a third of the CPU
 * time). A PostgreSQL server builds JSON slower than it sends rows, which
 * `pg` decodes cheaply as text, so there the rows (already in the view's
 * shape, key for key) are serialised here.
 *
 * `ORDER BY` names `r.` columns (the raw instants, not the formatted texts);
 * json_agg takes the rows in the order the sorted sub-query yields them (a
 * plain aggregate over it, no grouping, nothing to reorder them).
 */
export async function listQueueJson(db: Db, engine: DbEngine, kind: QueueTable, status: string | undefined, limit: number): Promise<string> {
  const select = Object.entries(VIEW_SQL[kind]).map(([key, sql]) => `${sql} AS ${key}`).join(', ');
  const rows = `SELECT ${select} FROM ${REQUEST_TABLES[kind]} r ${status ? 'WHERE r.status = ?' : ''} ORDER BY r.created_at DESC, r.id DESC LIMIT ?`;
  const bindings = status ? [status, limit] : [limit];
  if (engine === 'pglite') {
    const result = await db.raw<{ rows: { json: string }[] }>(`SELECT coalesce(json_agg(q), '[]')::text AS json FROM (${rows}) q`, bindings);
    return result.rows[0]!.json;
  }
  const result = await db.raw<{ rows: unknown[] }>(rows, bindings);
  return JSON.stringify(result.rows);
}

/** Sets a request's status under a row lock; null when there is no such request. `before` carries the session id too. */
export async function updateQueueStatus(trx: Knex.Transaction, kind: QueueTable, id: string, patch: { status: string; updated_at: Date; handled_by: string }): Promise<{ before: Record<string, unknown>; row: Record<string, unknown> } | null> {
  const table = REQUEST_TABLES[kind];
  const before = await trx(table).where({ id }).forUpdate().first<Record<string, unknown> | undefined>(['user_session', ...COLUMNS[kind]]);
  if (!before) return null;
  const [row] = (await trx(table).where({ id }).update(patch).returning(COLUMNS[kind])) as Record<string, unknown>[];
  return { before, row: row! };
}

/** Deletes a request; the deleted row, or null when there was none. */
export async function deleteQueueRow(trx: Knex.Transaction, kind: QueueTable, id: string): Promise<Record<string, unknown> | null> {
  const rows = (await trx(REQUEST_TABLES[kind]).where({ id }).del().returning(COLUMNS[kind])) as Record<string, unknown>[];
  return rows[0] ?? null;
}

// ------------------------------------------------------------------ rate limits (limits.ts)

/** Adds each key's hits to its shared count (fixed windows ending at `expire`) and returns the totals. */
export async function flushLimitCounts(db: Db, batch: readonly { key: string; points: number; expire: number }[]): Promise<Map<string, { points: number; expire: number }>> {
  const result = await db.raw<{ rows: { key: string; points: number; expire: number | string }[] }>(
    `INSERT INTO request_rate_limits AS r (key, points, expire)
     SELECT * FROM unnest(?::text[], ?::int[], ?::bigint[])
     ON CONFLICT (key) DO UPDATE SET
       points = CASE WHEN r.expire = EXCLUDED.expire THEN r.points + EXCLUDED.points WHEN r.expire > EXCLUDED.expire THEN r.points ELSE EXCLUDED.points END,
       expire = GREATEST(r.expire, EXCLUDED.expire)
     RETURNING key, points, expire`,
    [pgArray(batch.map((b) => b.key)), pgArray(batch.map((b) => String(b.points))), pgArray(batch.map((b) => String(b.expire)))],
  );
  return new Map(result.rows.map((r) => [r.key, { points: Number(r.points), expire: Number(r.expire) }]));
}

/** The shared counts of some keys (a read). */
export async function readLimitCounts(db: Db, keys: readonly string[]): Promise<Map<string, { points: number; expire: number }>> {
  const rows = await db('request_rate_limits').whereIn('key', [...keys]).select<{ key: string; points: number; expire: number | string }[]>('key', 'points', 'expire');
  return new Map(rows.map((r) => [r.key, { points: Number(r.points), expire: Number(r.expire) }]));
}

/** Drops counts whose window ended over a minute ago. */
export async function purgeExpiredLimits(db: Db, now: number): Promise<void> {
  await db('request_rate_limits').where('expire', '<', now - 60_000).del();
}

/** A PostgreSQL array literal of text values (quoted, so commas and quotes inside are safe). */
function pgArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

// ------------------------------------------------------------ staff summaries

/**
 * The newest pending requests of each queue, `limit` each (the staff dashboard's short lists): song requests
 * (picked or typed songs, not custom ones), shoutouts and general messages.
 */
export async function newestPendingRequests(db: Db, limit: number): Promise<{
  song: { id: string; title: string; artist: string; requester: string; created_at: Date }[];
  shoutout: { id: string; requester_name: string; recipient_name: string; created_at: Date }[];
  general: { id: string; name: string; subject: string; created_at: Date }[];
}> {
  const [song, shoutout, general] = await Promise.all([
    db('song_requests').where({ status: 'pending', request_type: 'song' }).orderBy('created_at', 'desc').limit(limit).select('id', 'title', 'artist', 'requester', 'created_at'),
    db('shoutout_requests').where({ status: 'pending' }).orderBy('created_at', 'desc').limit(limit).select('id', 'requester_name', 'recipient_name', 'created_at'),
    db('general_requests').where({ status: 'pending' }).orderBy('created_at', 'desc').limit(limit).select('id', 'name', 'subject', 'created_at'),
  ]);
  return { song, shoutout, general };
}

/** How many song requests a staff account handled (approved, played or rejected) and shoutouts it read, between two instants (inclusive). */
export async function requestsHandledBetween(db: Db, userId: string, from: Date, to: Date): Promise<{ songs: number; shoutouts: number }> {
  const handled = await db('song_requests')
    .where({ handled_by: userId })
    .whereIn('status', ['approved', 'played', 'rejected'])
    .andWhere('updated_at', '>=', from)
    .andWhere('updated_at', '<=', to)
    .count<{ count: string | number }[]>({ count: '*' })
    .first();
  const read = await db('shoutout_requests')
    .where({ handled_by: userId, status: 'completed' })
    .andWhere('updated_at', '>=', from)
    .andWhere('updated_at', '<=', to)
    .count<{ count: string | number }[]>({ count: '*' })
    .first();
  return { songs: Number(handled?.count ?? 0), shoutouts: Number(read?.count ?? 0) };
}

// ------------------------------------------------ retention (issue 37 item 1)

/** Listener requests made before `cutoff` lose their personal fields (name, message, session id); the rows stay for the counts. Answers how many. */
export async function eraseListenerRequestsBefore(db: Db, cutoff: Date): Promise<{ song_requests: number; shoutout_requests: number }> {
  const songs = await db('song_requests')
    .where('created_at', '<', cutoff)
    .andWhere((q) => q.whereNotNull('user_session').orWhereNotNull('message').orWhereNot('requester', 'Listener'))
    .update({ requester: 'Listener', message: null, user_session: null })
    .returning<{ id: string }[]>('id');
  const shoutouts = await db('shoutout_requests')
    .where('created_at', '<', cutoff)
    .andWhere((q) => q.whereNotNull('user_session').orWhereNot('message', '(removed)'))
    .update({ requester_name: 'Listener', recipient_name: 'Listener', message: '(removed)', user_session: null })
    .returning<{ id: string }[]>('id');
  return { song_requests: songs.length, shoutout_requests: shoutouts.length };
}

/** General inquiries (they carry an e-mail address) made before `cutoff` are deleted. Answers their ids. */
export async function deleteInquiriesBefore(db: Db, cutoff: Date): Promise<string[]> {
  return (await db('general_requests').where('created_at', '<', cutoff).delete().returning<{ id: string }[]>('id')).map((r) => r.id);
}

/** Rate-limit counters whose window has ended (their keys hold addresses). Answers how many. */
export async function deleteEndedRequestLimits(db: Db, nowMs: number): Promise<number> {
  return (await db('request_rate_limits').where('expire', '<', nowMs).delete().returning<{ key: string }[]>('key')).length;
}

// ------------------------------------------------ a person's data (issue 37 item 2)

/** LIKE pattern for "contains", case-insensitive, with the wildcards of `q` taken literally. */
export function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/** A listener's requests as the "Your data" page and a staff export show them. */
export interface HeldRequests {
  song_requests: { id: string; title: string; artist: string; requester: string; message: string | null; status: string; created_at: Date | string }[];
  shoutout_requests: { id: string; requester_name: string; recipient_name: string; message: string; status: string; created_at: Date | string }[];
  general_requests: { id: string; name: string; email: string; subject: string; message: string; status: string; created_at: Date | string }[];
}

const HELD_SONG = ['id', 'title', 'artist', 'requester', 'message', 'status', 'created_at'] as const;
const HELD_SHOUT = ['id', 'requester_name', 'recipient_name', 'message', 'status', 'created_at'] as const;
const HELD_GENERAL = ['id', 'name', 'email', 'subject', 'message', 'status', 'created_at'] as const;

/** Every request sent from these browser sessions, newest first. */
export async function requestsOfSessions(db: Db, sessions: readonly string[]): Promise<HeldRequests> {
  const [song_requests, shoutout_requests, general_requests] = await Promise.all([
    db('song_requests').whereIn('user_session', sessions).orderBy('created_at', 'desc').select(HELD_SONG),
    db('shoutout_requests').whereIn('user_session', sessions).orderBy('created_at', 'desc').select(HELD_SHOUT),
    db('general_requests').whereIn('user_session', sessions).orderBy('created_at', 'desc').select(HELD_GENERAL),
  ]);
  return { song_requests, shoutout_requests, general_requests } as HeldRequests;
}

/** Requests naming a person (contains, case-insensitive): the requester's name, a shoutout's names, an inquiry's name or e-mail. */
export async function requestsNaming(db: Db, q: string, limit: number): Promise<HeldRequests> {
  const p = containsPattern(q);
  const [song_requests, shoutout_requests, general_requests] = await Promise.all([
    db('song_requests').whereRaw("lower(requester) LIKE ? ESCAPE '\\'", [p]).orderBy('created_at', 'desc').limit(limit).select(HELD_SONG),
    db('shoutout_requests')
      .where((w) => w.whereRaw("lower(requester_name) LIKE ? ESCAPE '\\'", [p]).orWhereRaw("lower(recipient_name) LIKE ? ESCAPE '\\'", [p]))
      .orderBy('created_at', 'desc')
      .limit(limit)
      .select(HELD_SHOUT),
    db('general_requests')
      .where((w) => w.whereRaw("lower(name) LIKE ? ESCAPE '\\'", [p]).orWhereRaw("lower(email) LIKE ? ESCAPE '\\'", [p]))
      .orderBy('created_at', 'desc')
      .limit(limit)
      .select(HELD_GENERAL),
  ]);
  return { song_requests, shoutout_requests, general_requests } as HeldRequests;
}

/** What an erasure removed, per table, and the ids of the requests it touched (for their notifications). */
export interface ErasedRequests {
  counts: { song_requests: number; shoutout_requests: number; general_requests: number };
  ids: string[];
}

async function eraseRequests(db: Db, scope: { sessions?: readonly string[]; ids?: { song_requests: readonly string[]; shoutout_requests: readonly string[]; general_requests: readonly string[] } }): Promise<ErasedRequests> {
  const pick = (table: keyof HeldRequests) => (q: Knex.QueryBuilder) => (scope.sessions ? q.whereIn('user_session', scope.sessions) : q.whereIn('id', scope.ids![table]));
  // Songs and shoutouts keep the row (the song, the status, the counts) without the person: the same erasure as retention.
  const songs = await pick('song_requests')(db('song_requests')).update({ requester: 'Listener', message: null, user_session: null }).returning<{ id: string }[]>('id');
  const shouts = await pick('shoutout_requests')(db('shoutout_requests')).update({ requester_name: 'Listener', recipient_name: 'Listener', message: '(removed)', user_session: null }).returning<{ id: string }[]>('id');
  // An inquiry is nothing but the person's message and address: it goes.
  const general = await pick('general_requests')(db('general_requests')).delete().returning<{ id: string }[]>('id');
  return {
    counts: { song_requests: songs.length, shoutout_requests: shouts.length, general_requests: general.length },
    ids: [...songs, ...shouts, ...general].map((r) => r.id),
  };
}

/** Erases every request sent from these browser sessions (names, messages, the session id; inquiries deleted). */
export async function eraseRequestsOfSessions(db: Db, sessions: readonly string[]): Promise<ErasedRequests> {
  return eraseRequests(db, { sessions });
}

/** Erases the chosen requests (a staff erasure). */
export async function eraseRequestsById(db: Db, ids: { song_requests: readonly string[]; shoutout_requests: readonly string[]; general_requests: readonly string[] }): Promise<ErasedRequests> {
  return eraseRequests(db, { ids });
}

/** The session's rate-limit counters (their keys end in `:s:<session id>`). Answers how many went. */
export async function deleteSessionLimits(db: Db, sessions: readonly string[]): Promise<number> {
  if (sessions.length === 0) return 0;
  const rows = await db('request_rate_limits')
    .whereRaw(`position(':s:' in key) > 0 AND substr(key, position(':s:' in key) + 3) IN (${sessions.map(() => '?').join(', ')})`, [...sessions])
    .delete()
    .returning<{ key: string }[]>('key');
  return rows.length;
}

/** How many rate-limit counters name these sessions (the "Your data" page says so). */
export async function countSessionLimits(db: Db, sessions: readonly string[]): Promise<number> {
  if (sessions.length === 0) return 0;
  const row = await db('request_rate_limits')
    .whereRaw(`position(':s:' in key) > 0 AND substr(key, position(':s:' in key) + 3) IN (${sessions.map(() => '?').join(', ')})`, [...sessions])
    .count<{ n: string | number }>({ n: '*' })
    .first();
  return Number(row?.n ?? 0);
}
