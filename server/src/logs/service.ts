import type { Knex } from 'knex';
import { LOG_FAILED_SIGNIN_LIMIT, LOG_LIST_LIMIT, type LogEntry, type LogsQuery, type LogStats } from '../../../shared/notifications';
import { todayInZone, weekBounds, zonedInstant } from '../../../shared/schedule';
import { MS_PER_DAY } from '../../../shared/time';
import { countSince, exportPage, newestMatching, topActionsSince, topUsersSince, type ActionLogRow } from './repo';
import { csvLine } from '../http/csv';

/**
 * The activity log (001 §2 Logs, §7): statistics, the filtered list and the
 * CSV export of user_action_logs. Filters: the period (the last 7, 30 or 90
 * days), the action type, and a case-insensitive partial match across the
 * user's email, the resource (type and name) and the action.
 */

type Row = ActionLogRow;

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

/**
 * The newest 100 matching rows of staff activity, plus (unless hidden) the
 * newest 20 rows of failed sign-ins (each already aggregated per email and
 * address), newest first: however many strangers guess passwords, they
 * never push real staff actions out of the list.
 */
export async function listLogs(db: Knex, q: LogsQuery, nowMs: number): Promise<LogEntry[]> {
  const staff = await newestMatching(db, q, nowMs, 'staff', LOG_LIST_LIMIT);
  const failed = q.failed === 'hide' ? [] : await newestMatching(db, q, nowMs, 'failed', LOG_FAILED_SIGNIN_LIMIT);
  const rows = [...staff, ...failed].sort((a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime() || Number(b.id) - Number(a.id));
  return rows.map(present);
}

/** Statistics for the period: total, today and this week (Monday 00:00, station time), top users and actions. */
export async function logStats(db: Knex, days: number, nowMs: number, zone: string): Promise<LogStats> {
  const since = new Date(nowMs - days * MS_PER_DAY);
  const today = todayInZone(nowMs, zone);
  const todayStart = new Date(zonedInstant(today, '00:00:00', zone));
  const weekStart = new Date(zonedInstant(weekBounds(today).start, '00:00:00', zone));
  const counts = await countSince(db, { total: since, today: todayStart, week: weekStart });
  return {
    total_actions: counts.total,
    actions_today: counts.today,
    actions_this_week: counts.week,
    top_users: await topUsersSince(db, since),
    top_actions: await topActionsSince(db, since),
  };
}

// ---------------------------------------------------------------- CSV

/** The export's columns. */
export const CSV_HEADER = ['Date', 'User', 'Action', 'Resource Type', 'Resource', 'Resource ID', 'Details'] as const;


/**
 * Every matching row as CSV lines, newest first, read in pages of `batch`
 * (keyset on created_at, id) so memory stays flat however many rows match.
 */
export async function* exportLogsCsv(db: Knex, q: LogsQuery, nowMs: number, batch = 1000): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(CSV_HEADER)}`;
  // The cursor keeps the database's own timestamp text: microseconds survive the round trip.
  let cursor: { ts: string; id: string } | null = null;
  for (;;) {
    const rows = await exportPage(db, q, nowMs, cursor, batch);
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
