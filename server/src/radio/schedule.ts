import type { Knex } from 'knex';
import { addDays, eventInterval, localDateTime, todayInZone } from '../../../shared/schedule';
import { showRowsBetween, upcomingShows, type ShowRow } from '../schedule/repo';
import type { NowPlayingShow } from '../../../shared/radio';

export type { ShowRow };

/**
 * The radio domain's read of the schedule: which show covers an instant,
 * which comes next, and the window of shows a live session is compared with.
 * Shows are schedule_events of type show; dates and times are the station's
 * wall clock, in the zone the caller passes: always the station's one zone,
 * `stationTimezone(ctx)` (General Settings, else STATION_TIMEZONE).
 */

/** A show with its real instants. */
export interface TimedShow extends ShowRow {
  startMs: number;
  endMs: number;
}

/** The public shape of a show in the now-playing document and the attendance report. */
export function presentShow(show: TimedShow): NowPlayingShow {
  return {
    id: show.id,
    title: show.title,
    presenter_name: show.presenter_name ?? show.host,
    presenter_id: show.presenter_id,
    event_date: show.event_date,
    start_time: show.start_time,
    end_time: show.end_time,
    starts_at: Math.floor(show.startMs / 1000),
    ends_at: Math.floor(show.endMs / 1000),
  };
}

function timed(rows: ShowRow[], zone: string): TimedShow[] {
  return rows
    .map((r) => ({ ...r, ...eventInterval(r, zone) }))
    .filter((r) => r.endMs > r.startMs)
    .sort((a, b) => a.startMs - b.startMs);
}

/**
 * Shows of the given statuses that overlap [fromMs, toMs), in start order.
 * Yesterday's rows are read too, since a show can cross midnight.
 */
export async function showsBetween(
  db: Knex | Knex.Transaction,
  fromMs: number,
  toMs: number,
  zone: string,
  statuses: readonly string[] = ['scheduled'],
): Promise<TimedShow[]> {
  const from = addDays(todayInZone(fromMs, zone), -1);
  const to = todayInZone(toMs, zone);
  const rows = await showRowsBetween(db, from, to, statuses);
  return timed(rows, zone).filter((s) => s.startMs < toMs && s.endMs > fromMs);
}

/** The scheduled show on air at an instant, if any (the latest-starting one when two overlap). */
export async function scheduledShowAt(db: Knex | Knex.Transaction, atMs: number, zone: string): Promise<TimedShow | null> {
  const shows = await showsBetween(db, atMs, atMs + 1, zone);
  return shows[shows.length - 1] ?? null;
}

/** The next show after an instant: the schedule's one rule ({@link upcomingShows}), with its real instants. */
export async function nextShowAfter(db: Knex | Knex.Transaction, atMs: number, zone: string): Promise<TimedShow | null> {
  const [row] = await upcomingShows(db, localDateTime(atMs, zone), 1);
  if (!row) return null;
  const show: ShowRow = { id: row.id, title: row.title, event_date: row.event_date, start_time: row.start_time, end_time: row.end_time, status: row.status, presenter_id: row.presenter_id, presenter_name: row.presenter_name, host: row.host };
  return { ...show, ...eventInterval(show, zone) };
}

/** How early a presenter may go live and still be matched to their show. */
const EARLY_START_MS = 15 * 60_000;

/**
 * The scheduled show a live session belongs to: a show whose window contains
 * the session's start (or that starts within 15 minutes after it: an early
 * start). A show of the session's presenter wins over another show.
 */
export async function matchShowForSession(
  db: Knex | Knex.Transaction,
  startedAtMs: number,
  presenterId: string | null,
  zone: string,
): Promise<TimedShow | null> {
  const shows = await showsBetween(db, startedAtMs, startedAtMs + EARLY_START_MS, zone);
  const candidates = shows.filter((s) => s.startMs - EARLY_START_MS <= startedAtMs && startedAtMs < s.endMs);
  if (candidates.length === 0) return null;
  const own = presenterId ? candidates.filter((s) => s.presenter_id === presenterId) : [];
  const pool = own.length > 0 ? own : candidates;
  // The one whose start is closest to the session's start.
  return pool.reduce((best, s) => (Math.abs(s.startMs - startedAtMs) < Math.abs(best.startMs - startedAtMs) ? s : best));
}
