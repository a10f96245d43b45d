import type { Knex } from 'knex';
import type { LogsQuery } from '../../../shared/notifications';
import { MS_PER_DAY } from '../../../shared/time';

/**
 * The logs domain's table, `user_action_logs` (migration 010_logs): the audit
 * trail of every sign-in and staff write. Writers go through `recordAction`
 * and `recordFailedSignIn` (users/audit.ts), the Logs screen through
 * logs/service.ts; nobody else names the table.
 */

type Db = Knex | Knex.Transaction;

/** One row as the Logs screen reads it. */
export interface ActionLogRow {
  id: string | number;
  user_email: string | null;
  action_type: string;
  resource_type: string;
  resource_id: string | null;
  resource_name: string | null;
  details: unknown;
  created_at: Date | string;
}

const COLUMNS = ['id', 'user_email', 'action_type', 'resource_type', 'resource_id', 'resource_name', 'details', 'created_at'] as const;

// ------------------------------------------------------------------- writes

/** Appends one row (values already cut to the columns' sizes; details as JSON text). */
export async function insertActionLog(
  db: Db,
  row: { user_id: string | null; user_email: string | null; action_type: string; resource_type: string; resource_id: string | null; resource_name: string | null; details: string | null; ip: string | null },
): Promise<void> {
  await db('user_action_logs').insert(row);
}

/** The newest failed-sign-in row for this email and address since `since`, locked for the transaction. */
export async function lockLatestFailedSignIn(trx: Knex.Transaction, key: { email: string; ip: string | null; since: Date }): Promise<{ id: string | number; details: unknown } | undefined> {
  const q = trx('user_action_logs').where({ action_type: 'login_failed', resource_type: 'session', resource_name: key.email }).andWhere('created_at', '>=', key.since);
  if (key.ip === null) q.whereNull('ip');
  else q.andWhere({ ip: key.ip });
  return q.orderBy('created_at', 'desc').forUpdate().first<{ id: string | number; details: unknown } | undefined>('id', 'details');
}

/** Replaces one row's details (JSON text). */
export async function setActionLogDetails(db: Db, id: string | number, details: string): Promise<void> {
  await db('user_action_logs').where({ id }).update({ details });
}

// -------------------------------------------------------------------- reads

/** `LIKE` pattern for a literal substring. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/**
 * The rows matching a query, as a builder (no order, no limit). Filters: the
 * period (the last `days` days), the action type, hiding failed sign-ins, and
 * a case-insensitive partial match across the user's email, the resource
 * (type and name) and the action.
 */
function matching(db: Db, q: LogsQuery, nowMs: number) {
  const since = new Date(nowMs - q.days * MS_PER_DAY);
  const b = db('user_action_logs').where('created_at', '>=', since);
  if (q.action !== 'all') b.where('action_type', q.action);
  if (q.failed === 'hide') b.whereNot('action_type', 'login_failed');
  if (q.q) {
    const p = likePattern(q.q);
    b.where((w) =>
      w
        .whereRaw("user_email ILIKE ? ESCAPE '\\'", [p])
        .orWhereRaw("resource_name ILIKE ? ESCAPE '\\'", [p])
        .orWhereRaw("resource_type ILIKE ? ESCAPE '\\'", [p])
        .orWhereRaw("action_type ILIKE ? ESCAPE '\\'", [p]),
    );
  }
  return b;
}

/** The newest matching rows, either failed sign-ins only or everything else. */
export async function newestMatching(db: Db, q: LogsQuery, nowMs: number, kind: 'staff' | 'failed', limit: number): Promise<ActionLogRow[]> {
  const b = matching(db, q, nowMs);
  if (kind === 'failed') b.where('action_type', 'login_failed');
  else b.whereNot('action_type', 'login_failed');
  return (await b.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).select(...COLUMNS)) as ActionLogRow[];
}

/** How many rows since each of three instants. */
export async function countSince(db: Db, at: { total: Date; today: Date; week: Date }): Promise<{ total: number; today: number; week: number }> {
  const [counts] = (await db('user_action_logs')
    .where('created_at', '>=', new Date(Math.min(at.total.getTime(), at.week.getTime(), at.today.getTime())))
    .select(
      db.raw('count(*) FILTER (WHERE created_at >= ?) AS total', [at.total]),
      db.raw('count(*) FILTER (WHERE created_at >= ?) AS today', [at.today]),
      db.raw('count(*) FILTER (WHERE created_at >= ?) AS week', [at.week]),
    )) as { total: string | number; today: string | number; week: string | number }[];
  return { total: Number(counts?.total ?? 0), today: Number(counts?.today ?? 0), week: Number(counts?.week ?? 0) };
}

/** The five users with the most rows since `since` (most first, then by email). */
export async function topUsersSince(db: Db, since: Date): Promise<{ user_email: string; count: number }[]> {
  const rows = (await db('user_action_logs')
    .where('created_at', '>=', since)
    .whereNotNull('user_email')
    .groupBy('user_email')
    .orderByRaw('count(*) DESC, user_email')
    .limit(5)
    .select('user_email', db.raw('count(*) AS count'))) as { user_email: string; count: string | number }[];
  return rows.map((u) => ({ user_email: u.user_email, count: Number(u.count) }));
}

/** The five most frequent action types since `since`. */
export async function topActionsSince(db: Db, since: Date): Promise<{ action_type: string; count: number }[]> {
  const rows = (await db('user_action_logs')
    .where('created_at', '>=', since)
    .groupBy('action_type')
    .orderByRaw('count(*) DESC, action_type')
    .limit(5)
    .select('action_type', db.raw('count(*) AS count'))) as { action_type: string; count: string | number }[];
  return rows.map((a) => ({ action_type: a.action_type, count: Number(a.count) }));
}

/**
 * One page of matching rows, newest first, after the keyset cursor
 * (created_at, id). Each row carries `cursor_ts`, the database's own
 * timestamp text, so microseconds survive the round trip.
 */
export async function exportPage(db: Db, q: LogsQuery, nowMs: number, cursor: { ts: string; id: string } | null, batch: number): Promise<(ActionLogRow & { cursor_ts: string })[]> {
  const b = matching(db, q, nowMs);
  if (cursor) b.whereRaw('(created_at, id) < (?::timestamptz, ?::bigint)', [cursor.ts, cursor.id]);
  return (await b
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(batch)
    .select(...COLUMNS, db.raw('created_at::text AS cursor_ts'))) as (ActionLogRow & { cursor_ts: string })[];
}

/** Audit entries past their retention: failed sign-ins (what was typed, from where) before `failedCutoff`, everything else before `cutoff`. Answers how many of each. */
export async function deleteActionLogsBefore(db: Db, cutoffs: { failed: Date; other: Date }): Promise<{ failed_signins: number; audit_log: number }> {
  const failed = await db('user_action_logs').where('action_type', 'login_failed').andWhere('created_at', '<', cutoffs.failed).delete().returning<{ id: string }[]>('id');
  const other = await db('user_action_logs').whereNot('action_type', 'login_failed').andWhere('created_at', '<', cutoffs.other).delete().returning<{ id: string }[]>('id');
  return { failed_signins: failed.length, audit_log: other.length };
}

/** The audit trail's rows written by one account, newest first (the account's own data; issue 37 item 2). */
export async function actionsOfUser(db: Db, userId: string, limit: number): Promise<ActionLogRow[]> {
  return db('user_action_logs').where({ user_id: userId }).orderBy('created_at', 'desc').limit(limit).select(COLUMNS);
}

/**
 * The audit trail no longer names a person whose record was erased (issue 37): entries about these records
 * (`resource_type` the record's table) lose their `resource_name` (an applicant's name, an inquirer's name and
 * subject, a shoutout's recipient); who did what, when, stays. Answers how many entries changed.
 */
export async function redactActionLogsAbout(db: Db, resourceTypes: readonly string[], ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db('user_action_logs').whereIn('resource_type', [...resourceTypes]).whereIn('resource_id', [...ids]).whereNotNull('resource_name').update({ resource_name: null }).returning<{ id: string }[]>('id');
  return rows.length;
}

/** The same for entries about records of this kind written before `cutoff` (the record itself is past its retention by then). */
export async function redactActionLogsBefore(db: Db, resourceType: string, cutoff: Date): Promise<number> {
  const rows = await db('user_action_logs').where({ resource_type: resourceType }).andWhere('created_at', '<', cutoff).whereNotNull('resource_name').update({ resource_name: null }).returning<{ id: string }[]>('id');
  return rows.length;
}
