import type { Knex } from 'knex';
import { localDateTime } from '../../../shared/time';
import { ATTENDANCE_GRACE_MINUTES, type AttendanceEntry, type AttendanceStatus, type DjStats } from '../../../shared/radio';
import { presenterPlayCount, presenterSessions, sessionRowsBetween, type SessionRow } from './repo';
import { presentShow, showsBetween, type TimedShow } from './schedule';

/**
 * What was really on air: DJ performance stats computed from recorded live
 * sessions, and each scheduled show compared with the sessions that covered
 * it (late starts, no-shows, overruns).
 */

type Db = Knex | Knex.Transaction;

export type { SessionRow };

const minutesBetween = (a: number, b: number) => (b - a) / 60_000;

/**
 * get-dj-stats: total plays during the presenter's sessions, average session
 * length (minutes), total hours streamed (a session still on air counts up
 * to now) and the 10 most recent shows with date and duration.
 */
export async function djStats(db: Db, presenterId: string, nowMs: number, zone: string): Promise<DjStats> {
  const sessions = await presenterSessions(db, presenterId);
  const plays = await presenterPlayCount(db, presenterId);
  const durations = sessions.map((s) => Math.max(0, minutesBetween(s.started_at.getTime(), (s.ended_at?.getTime() ?? nowMs))));
  const total = durations.reduce((a, b) => a + b, 0);
  return {
    presenter_id: presenterId,
    total_plays: plays,
    avg_session_duration: sessions.length > 0 ? Math.round(total / sessions.length) : 0,
    total_hours_streamed: Math.round((total / 60) * 100) / 100,
    recent_shows: sessions.slice(0, 10).map((s, i) => ({
      date: localDateTime(s.started_at.getTime(), zone).date,
      duration: Math.round(durations[i] ?? 0),
      started_at: Math.floor(s.started_at.getTime() / 1000),
      ended_at: s.ended_at ? Math.floor(s.ended_at.getTime() / 1000) : null,
      title: s.title,
    })),
  };
}

/** Sessions overlapping [fromMs, toMs), oldest first, with the title of the show each was matched to. */
export async function sessionsBetween(db: Db, fromMs: number, toMs: number): Promise<SessionRow[]> {
  return sessionRowsBetween(db, new Date(fromMs), new Date(toMs));
}

/**
 * The sessions that belong to a show: matched to it, or its presenter live
 * during its window (a presenter staying on from one show into their next
 * keeps one session, matched to the first).
 */
function sessionsOfShow(show: TimedShow, sessions: SessionRow[], nowMs: number): SessionRow[] {
  return sessions.filter((s) => {
    if (s.schedule_event_id === show.id) return true;
    if (!show.presenter_id || s.presenter_id !== show.presenter_id) return false;
    const end = s.ended_at?.getTime() ?? nowMs;
    return s.started_at.getTime() < show.endMs && end > show.startMs;
  });
}

/** How one show went, judged at `nowMs`. */
export function judgeShow(show: TimedShow, sessions: SessionRow[], nowMs: number): AttendanceEntry {
  const grace = ATTENDANCE_GRACE_MINUTES;
  const mine = sessionsOfShow(show, sessions, nowMs);
  const statuses: AttendanceStatus[] = [];
  let startDelta: number | null = null;
  let endDelta: number | null = null;
  if (mine.length === 0) {
    statuses.push(nowMs >= show.startMs + grace * 60_000 ? 'no_show' : 'upcoming');
  } else {
    const first = Math.min(...mine.map((s) => s.started_at.getTime()));
    startDelta = Math.round(minutesBetween(show.startMs, first));
    statuses.push(startDelta > grace ? 'late_start' : 'on_time');
    const open = mine.some((s) => s.ended_at === null);
    const last = open ? nowMs : Math.max(...mine.map((s) => s.ended_at?.getTime() ?? nowMs));
    if (open) statuses.push('on_air');
    else endDelta = Math.round(minutesBetween(show.endMs, last));
    if (minutesBetween(show.endMs, last) > grace) statuses.push('overrun');
    else if (!open && endDelta !== null && endDelta < -grace) statuses.push('early_end');
  }
  return {
    show: presentShow(show),
    statuses,
    start_delta_minutes: startDelta,
    end_delta_minutes: endDelta,
    sessions: mine.map((s) => ({
      id: s.id,
      streamer_name: s.streamer_name,
      started_at: Math.floor(s.started_at.getTime() / 1000),
      ended_at: s.ended_at ? Math.floor(s.ended_at.getTime() / 1000) : null,
    })),
  };
}

/** Every scheduled show starting in [fromMs, toMs) against what really went out. */
export async function attendanceBetween(db: Db, fromMs: number, toMs: number, zone: string, nowMs: number): Promise<AttendanceEntry[]> {
  const shows = (await showsBetween(db, fromMs, toMs, zone)).filter((s) => s.startMs >= fromMs);
  const sessions = await sessionsBetween(db, fromMs - 6 * 3_600_000, toMs + 6 * 3_600_000);
  return shows.map((show) => judgeShow(show, sessions, nowMs));
}

/** Scheduled shows on air now, more than the grace period in, with nobody live for them. */
export async function showsWithoutPresenter(db: Db, nowMs: number, zone: string, graceMinutes: number = ATTENDANCE_GRACE_MINUTES): Promise<TimedShow[]> {
  const grace = graceMinutes * 60_000;
  const shows = (await showsBetween(db, nowMs, nowMs + 1, zone)).filter((s) => nowMs >= s.startMs + grace);
  if (shows.length === 0) return [];
  const sessions = await sessionsBetween(db, nowMs - 12 * 3_600_000, nowMs + 1);
  return shows.filter((show) => !sessionsOfShow(show, sessions, nowMs).some((s) => s.ended_at === null));
}
