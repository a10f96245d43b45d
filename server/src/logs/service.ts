import type { Knex } from 'knex';
import { LOG_FAILED_SIGNIN_LIMIT, LOG_LIST_LIMIT, type LogEntry, type LogsQuery, type LogStats } from '../../../shared/notifications';
import { todayInZone, weekBounds, zonedInstant } from '../../../shared/schedule';
import { MS_PER_DAY } from '../../../shared/time';

/**
 * The activity log (001 §2 Logs, §7): statistics, the filtered list and the
 * CSV export of user_action_logs. Filters: the period (the last 7, 30 or 90
 * days), the action type, and a case-insensitive partial match across the
 * user's email, the resource (type and name) and the action.
 */

interface Row {
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

function present(r: Row): LogEntry {
  let details = r.details;
  if (typeof details === 'string') {
    try {
      details = JSON.parse(details);
    } catch {
      /* keep the text */
    }
  }
  return {
    id: String(r.id),
    user_email: r.user_email,
    action_type: r.action_type,
    resource_type: r.resource_type,
    resource_id: r.resource_id,
    resource_name: r.resource_name,
    details: details ?? null,
    created_at: new Date(r.created_at).toISOString(),
  };
}

/** `LIKE` pattern for a literal substring. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/** The rows matching a query, as a builder (no order, no limit). */
function matching(db: Knex, q: LogsQuery, nowMs: number) {
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

/**
 * The newest 100 matching rows of staff activity, plus (unless hidden) the
 * newest 20 rows of failed sign-ins (each already aggregated per email and
 * address), newest first: however many strangers guess passwords, they
 * never push real staff actions out of the list.
 */
export async function listLogs(db: Knex, q: LogsQuery, nowMs: number): Promise<LogEntry[]> {
  const newest = <T extends Knex.QueryBuilder>(b: T) => b.orderBy('created_at', 'desc').orderBy('id', 'desc');
  const staff = (await newest(matching(db, q, nowMs).whereNot('action_type', 'login_failed')).limit(LOG_LIST_LIMIT).select(...COLUMNS)) as Row[];
  const failed = q.failed === 'hide' ? [] : ((await newest(matching(db, q, nowMs).where('action_type', 'login_failed')).limit(LOG_FAILED_SIGNIN_LIMIT).select(...COLUMNS)) as Row[]);
  const rows = [...staff, ...failed].sort((a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime() || Number(b.id) - Number(a.id));
  return rows.map(present);
}

/** Statistics for the period: total, today and this week (Monday 00:00, station time), top users and actions. */
export async function logStats(db: Knex, days: number, nowMs: number, zone: string): Promise<LogStats> {
  const since = new Date(nowMs - days * MS_PER_DAY);
  const today = todayInZone(nowMs, zone);
  const todayStart = new Date(zonedInstant(today, '00:00:00', zone));
  const weekStart = new Date(zonedInstant(weekBounds(today).start, '00:00:00', zone));
  const [counts] = (await db('user_action_logs')
    .where('created_at', '>=', new Date(Math.min(since.getTime(), weekStart.getTime(), todayStart.getTime())))
    .select(
      db.raw('count(*) FILTER (WHERE created_at >= ?) AS total', [since]),
      db.raw('count(*) FILTER (WHERE created_at >= ?) AS today', [todayStart]),
      db.raw('count(*) FILTER (WHERE created_at >= ?) AS week', [weekStart]),
    )) as { total: string | number; today: string | number; week: string | number }[];
  const topUsers = (await db('user_action_logs')
    .where('created_at', '>=', since)
    .whereNotNull('user_email')
    .groupBy('user_email')
    .orderByRaw('count(*) DESC, user_email')
    .limit(5)
    .select('user_email', db.raw('count(*) AS count'))) as { user_email: string; count: string | number }[];
  const topActions = (await db('user_action_logs')
    .where('created_at', '>=', since)
    .groupBy('action_type')
    .orderByRaw('count(*) DESC, action_type')
    .limit(5)
    .select('action_type', db.raw('count(*) AS count'))) as { action_type: string; count: string | number }[];
  return {
    total_actions: Number(counts?.total ?? 0),
    actions_today: Number(counts?.today ?? 0),
    actions_this_week: Number(counts?.week ?? 0),
    top_users: topUsers.map((u) => ({ user_email: u.user_email, count: Number(u.count) })),
    top_actions: topActions.map((a) => ({ action_type: a.action_type, count: Number(a.count) })),
  };
}

// ---------------------------------------------------------------- CSV

/** The export's columns. */
export const CSV_HEADER = ['Date', 'User', 'Action', 'Resource Type', 'Resource', 'Resource ID', 'Details'] as const;

/**
 * One CSV cell (RFC 4180): a value a spreadsheet would run as a formula
 * (starting with = + - @, a tab or a carriage return) gets a leading
 * apostrophe; a value with a comma, quote, CR or LF is quoted with inner
 * quotes doubled.
 */
export function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One CSV line with its CRLF. */
export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/**
 * Every matching row as CSV lines, newest first, read in pages of `batch`
 * (keyset on created_at, id) so memory stays flat however many rows match.
 */
export async function* exportLogsCsv(db: Knex, q: LogsQuery, nowMs: number, batch = 1000): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(CSV_HEADER)}`;
  // The cursor keeps the database's own timestamp text: microseconds survive the round trip.
  let cursor: { ts: string; id: string } | null = null;
  for (;;) {
    const b = matching(db, q, nowMs);
    if (cursor) {
      const c = cursor;
      b.whereRaw('(created_at, id) < (?::timestamptz, ?::bigint)', [c.ts, c.id]);
    }
    const rows = (await b
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(batch)
      .select(...COLUMNS, db.raw('created_at::text AS cursor_ts'))) as (Row & { cursor_ts: string })[];
    if (rows.length === 0) return;
    let chunk = '';
    for (const r of rows) {
      const e = present(r);
      chunk += csvLine([e.created_at, e.user_email, e.action_type, e.resource_type, e.resource_name, e.resource_id, e.details === null ? '' : e.details]);
    }
    yield chunk;
    const last = rows[rows.length - 1]!;
    cursor = { ts: last.cursor_ts, id: String(last.id) };
    if (rows.length < batch) return;
  }
}
