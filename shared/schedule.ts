/**
 * The station schedule's rules, as pure functions shared by the server, the
 * web panel and the studio: show times, midnight crossing, conflicts,
 * recurring bookings, weeks, the LIVE marker and the weekly 2-hour rule.
 *
 * An event's `event_date` ('yyyy-MM-dd') and `start_time`/`end_time`
 * ('HH:MM:SS', shorter forms accepted) are readings of the station's wall
 * clock in a configurable IANA zone (default Europe/London). Instants are
 * epoch milliseconds.
 *
 * Rules chosen where the spec is silent (each is tested):
 * - Midnight: an end at or before the start crosses midnight and ends on the
 *   next date; equal start and end is a full 24-hour show.
 * - Conflicts are decided on wall-clock time across date boundaries (a show
 *   23:00-01:00 conflicts with the next morning's 00:30 show), never on UTC
 *   instants, so DST changes never shift or hide a conflict.
 * - Instants (LIVE marker, hours counted towards the weekly rule) use
 *   `zonedInstant`: a skipped time moves forward by the gap, a repeated time
 *   means its first occurrence. Hours are real elapsed hours.
 * - Monthly series keep the start's day of month; months without that day use
 *   their last day (Jan 31 → Feb 28/29 → Mar 31 → Apr 30).
 *
 * Functions throw `RangeError` on malformed dates, times or zones (validate at
 * the boundary with `isValidDate` / `normaliseTime` / `isValidTimeZone`), and
 * `RecurrenceError` for impossible series.
 *
 * The generic date/time helpers live in `./time` and are re-exported here.
 */
import {
  DEFAULT_TIME_ZONE,
  MS_PER_HOUR,
  SECONDS_PER_DAY,
  addDays,
  dateParts,
  dateToDayNumber,
  daysBetween,
  daysInMonth,
  isoWeekday,
  makeDate,
  timeToSeconds,
  todayInZone,
  zonedInstant,
} from './time';

export * from './time';

// ---------------------------------------------------------------------------
// Constants and types
// ---------------------------------------------------------------------------

/** Hours each presenter should be booked per week (spec 001 §9). */
export const WEEKLY_REQUIRED_HOURS = 2;

/** Default start and end of a new slot created from the schedule overview (spec 001 §5, §9). */
export const DEFAULT_SLOT = { start: '12:00:00', end: '14:00:00' } as const;

/**
 * Most dates one recurring booking may generate. 366 covers a weekly series of
 * seven years or a monthly one of thirty; beyond that a booking is a mistake
 * (or an attack) and `generateOccurrences` refuses it.
 */
export const MAX_OCCURRENCES = 366;

/** Every schedule event status (spec 001 §4); 'completed' only has a display colour. */
export const SCHEDULE_EVENT_STATUSES = ['scheduled', 'pending', 'conflicted', 'needs_review', 'cancelled', 'completed'] as const;
/** A schedule event status. */
export type ScheduleEventStatus = (typeof SCHEDULE_EVENT_STATUSES)[number];

/** Stored recurrence types of schedule_events (spec 001 §3). */
export const RECURRENCE_TYPES = ['once', 'daily', 'weekly', 'monthly'] as const;
/** How a booking repeats. 'daily' is a single booking (product decision); the 'calendar' booking mode maps to 'once'. */
export type RecurrenceType = (typeof RECURRENCE_TYPES)[number];

/** The wall-clock placing of an event: the three columns every schedule rule reads. */
export interface EventTimes {
  event_date: string;
  start_time: string;
  end_time: string;
}

/** An event as the conflict, LIVE and hours rules see it: its times, plus the optional id and status they consult. */
export interface ScheduleEventLike extends EventTimes {
  id?: string | number | null;
  status?: string | null;
}

// ---------------------------------------------------------------------------
// Times of a single event
// ---------------------------------------------------------------------------

/**
 * True when a show runs past midnight: the spec treats an end at or before the
 * start as crossing midnight, so equal times (a 24-hour show) cross too.
 */
export function crossesMidnight(start: string, end: string): boolean {
  return timeToSeconds(end) <= timeToSeconds(start);
}

/**
 * Wall-clock length of a show in seconds, midnight-aware: 23:00→01:00 is
 * 7_200; equal start and end is a full day (86_400). Always in (0, 86_400].
 */
export function durationSeconds(start: string, end: string): number {
  const s = timeToSeconds(start);
  const e = timeToSeconds(end);
  return e > s ? e - s : e + SECONDS_PER_DAY - s;
}

/**
 * Wall-clock length of a show in minutes (see `durationSeconds`): 23:00→01:00
 * is 120, equal start and end is 1_440. Fractional only when the times carry
 * seconds. This is wall-clock time; use `eventInterval` for real elapsed time
 * on a DST change day.
 */
export function durationMinutes(start: string, end: string): number {
  return durationSeconds(start, end) / 60;
}

/** The date an event ends on: its own date, or the next date when it crosses midnight. */
export function eventEndDate(event: EventTimes): string {
  return crossesMidnight(event.start_time, event.end_time) ? addDays(event.event_date, 1) : event.event_date;
}

/**
 * The real instants [startMs, endMs) an event occupies in `zone`, so "now"
 * can be compared with it. A midnight-crossing show ends on the next date.
 *
 * DST follows `zonedInstant`: a skipped start or end moves forward by the gap
 * (01:30 on 2026-03-29 in London is 02:30 BST); a repeated time is its first
 * occurrence. So a 00:00-03:00 show lasts 2 real hours on 2026-03-29 and 4 on
 * 2026-10-25. When the gap makes the end fall before the start (01:15-02:00 on
 * the spring-forward day, a slot that never shows on the clock) the interval is
 * empty (endMs = startMs).
 */
export function eventInterval(event: EventTimes, zone: string = DEFAULT_TIME_ZONE): { startMs: number; endMs: number } {
  const startMs = zonedInstant(event.event_date, event.start_time, zone);
  const endMs = zonedInstant(eventEndDate(event), event.end_time, zone);
  return { startMs, endMs: Math.max(startMs, endMs) };
}

/**
 * The event's span on a continuous, zone-free wall clock: seconds since
 * 1970-01-01 00:00 as if every day had 24 hours, [start, end). Conflicts are
 * decided on this, so the same booking conflicts identically on any day of the year.
 */
export function wallClockSpan(event: EventTimes): { start: number; end: number } {
  const start = dateToDayNumber(event.event_date) * SECONDS_PER_DAY + timeToSeconds(event.start_time);
  return { start, end: start + durationSeconds(event.start_time, event.end_time) };
}

// ---------------------------------------------------------------------------
// Conflicts
// ---------------------------------------------------------------------------

function isCancelled(event: { status?: string | null }): boolean {
  return event.status === 'cancelled';
}

function sameEvent(a: ScheduleEventLike, b: ScheduleEventLike): boolean {
  return a.id !== undefined && a.id !== null && b.id !== undefined && b.id !== null && String(a.id) === String(b.id);
}

/**
 * The spec's conflict rule: two events overlap when each starts before the
 * other ends. Cancelled events never conflict, and an event never conflicts
 * with itself (same id, so an edited event excludes its stored row). Events
 * touching end-to-start (12:00-14:00 and 14:00-16:00) do not conflict.
 *
 * The spec says "on the same date"; here times are compared on the continuous
 * wall clock (`wallClockSpan`) so a show crossing midnight also conflicts with
 * the next date's early shows. Same-date pairs that do not cross midnight
 * behave exactly as the spec's rule. DST does not affect the result.
 */
export function eventsConflict(a: ScheduleEventLike, b: ScheduleEventLike): boolean {
  if (isCancelled(a) || isCancelled(b) || sameEvent(a, b)) return false;
  const x = wallClockSpan(a);
  const y = wallClockSpan(b);
  return x.start < y.end && y.start < x.end;
}

/**
 * The existing events a candidate booking conflicts with (see
 * `eventsConflict`), in their original order. Pass the stored events for the
 * dates from `conflictWindow(candidate)`; the candidate's own row (same id)
 * and cancelled rows are skipped.
 */
export function findConflicts<T extends ScheduleEventLike>(candidate: ScheduleEventLike, existing: readonly T[]): T[] {
  return existing.filter((e) => eventsConflict(candidate, e));
}

/**
 * The event_date range [from, to] (inclusive) whose events can conflict with
 * `event`: the day before (a show there may cross midnight into it), its own
 * date, and the day after when it crosses midnight itself. Lets the server
 * fetch only those rows before calling `findConflicts`.
 */
export function conflictWindow(event: EventTimes): { from: string; to: string } {
  return { from: addDays(event.event_date, -1), to: eventEndDate(event) };
}

// ---------------------------------------------------------------------------
// Recurring bookings
// ---------------------------------------------------------------------------

/** Why a series could not be generated; `code` is stable for mapping to API errors. */
export type RecurrenceErrorCode = 'invalid_date' | 'invalid_mode' | 'end_date_required' | 'end_before_start' | 'too_many_occurrences';

/** Thrown by `generateOccurrences` for an impossible or oversized series. */
export class RecurrenceError extends Error {
  readonly code: RecurrenceErrorCode;
  constructor(code: RecurrenceErrorCode, message: string) {
    super(message);
    this.name = 'RecurrenceError';
    this.code = code;
  }
}

/** Input of `generateOccurrences`. */
export interface OccurrenceOptions {
  /** First date of the booking ('yyyy-MM-dd'); always the first occurrence. */
  startDate: string;
  mode: RecurrenceType;
  /** Last date a weekly or monthly occurrence may fall on (inclusive). Required for those; ignored for once/daily. */
  endDate?: string | null;
  /** Cap on the number of dates; defaults to `MAX_OCCURRENCES`. */
  maxOccurrences?: number;
}

/**
 * The dates a booking occupies, in order, starting with `startDate`:
 * - 'once' and 'daily': just `startDate` (booking mode "daily" is a single
 *   booking; `endDate` is ignored);
 * - 'weekly': every 7 days up to and including `endDate`;
 * - 'monthly': the same day of month every month up to and including
 *   `endDate`; when a month lacks that day (a start on the 29th-31st) the
 *   month's last day is used. Each month is computed from the start date, so
 *   the day never drifts (Jan 31 → Feb 28 → Mar 31 → Apr 30) and no month is skipped.
 *
 * `endDate` equal to `startDate` gives one date. Throws `RecurrenceError` on
 * an invalid date or mode, a missing end date for weekly/monthly, an end
 * before the start, or more than `maxOccurrences` dates.
 */
export function generateOccurrences(options: OccurrenceOptions): string[] {
  const { startDate, mode, endDate } = options;
  const max = options.maxOccurrences ?? MAX_OCCURRENCES;
  let start: { year: number; month: number; day: number };
  try {
    start = dateParts(startDate);
  } catch {
    throw new RecurrenceError('invalid_date', `Invalid start date: ${JSON.stringify(startDate)}`);
  }
  if (mode === 'once' || mode === 'daily') return [startDate];
  if (mode !== 'weekly' && mode !== 'monthly') {
    throw new RecurrenceError('invalid_mode', `Invalid recurrence mode: ${JSON.stringify(mode)}`);
  }
  if (endDate === undefined || endDate === null || endDate === '') {
    throw new RecurrenceError('end_date_required', 'Please select an end date for recurring bookings');
  }
  let span: number;
  try {
    span = daysBetween(startDate, endDate);
  } catch {
    throw new RecurrenceError('invalid_date', `Invalid end date: ${JSON.stringify(endDate)}`);
  }
  if (span < 0) throw new RecurrenceError('end_before_start', 'The end date is before the start date');

  const tooMany = (): RecurrenceError =>
    new RecurrenceError('too_many_occurrences', `A series may have at most ${max} occurrences`);

  const dates: string[] = [];
  if (mode === 'weekly') {
    if (Math.floor(span / 7) + 1 > max) throw tooMany();
    for (let d = 0; d <= span; d += 7) dates.push(addDays(startDate, d));
    return dates;
  }
  for (let k = 0; ; k++) {
    const monthIndex = start.month - 1 + k;
    const year = start.year + Math.floor(monthIndex / 12);
    const month = (monthIndex % 12) + 1;
    if (year > 9999) break;
    const date = makeDate(year, month, Math.min(start.day, daysInMonth(year, month)));
    if (date > endDate) break;
    if (dates.length >= max) throw tooMany();
    dates.push(date);
  }
  return dates;
}

// ---------------------------------------------------------------------------
// Weeks and days
// ---------------------------------------------------------------------------

/**
 * The week (Monday to Sunday, as 'yyyy-MM-dd') containing a date, or
 * containing an instant's local date in `zone`. Weeks start on Monday and run
 * to Sunday 23:59:59 (spec 001 §9); the zone is only used for an instant.
 */
export function weekBounds(dateOrInstant: string | number, zone: string = DEFAULT_TIME_ZONE): { start: string; end: string } {
  const date = typeof dateOrInstant === 'number' ? todayInZone(dateOrInstant, zone) : dateOrInstant;
  const start = addDays(date, 1 - isoWeekday(date));
  return { start, end: addDays(start, 6) };
}

/**
 * The listener's week containing a date, starting on `firstDay` (ISO: 1 = Monday, 6 = Saturday, 7 = Sunday; the
 * reader's locale, shared/i18n/week.ts): the /shows page in German runs Monday to Sunday, in US English Sunday to
 * Saturday, in Arabic Saturday to Friday. The staff panel's weeks (the weekly rule) stay Monday to Sunday.
 */
export function weekBoundsFrom(date: string, firstDay: number): { start: string; end: string } {
  const start = addDays(date, -((isoWeekday(date) - firstDay + 7) % 7));
  return { start, end: addDays(start, 6) };
}

/**
 * The real instants of the week containing `date` in `zone`: Monday 00:00 to
 * the next Monday 00:00 (exclusive, equivalent to the spec's Sunday 23:59:59
 * inclusive). A DST week is 167 or 169 hours long.
 */
export function weekInstants(date: string, zone: string = DEFAULT_TIME_ZONE): { startMs: number; endMs: number } {
  const { start } = weekBounds(date);
  return { startMs: zonedInstant(start, '00:00:00', zone), endMs: zonedInstant(addDays(start, 7), '00:00:00', zone) };
}

/** The date `n` weeks after `date` (negative goes back); the week navigator's 7-day step. */
export function addWeeks(date: string, n: number): string {
  return addDays(date, 7 * n);
}

/** The seven dates, Monday to Sunday, of the week containing `date`; rows of the week overviews. */
export function weekDays(date: string): string[] {
  const { start } = weekBounds(date);
  return Array.from({ length: 7 }, (_, i) => addDays(start, i));
}

/**
 * The event_date range to fetch for a week's hours: Sunday before the week
 * (its show may cross midnight into Monday) through the week's Sunday.
 */
export function weekQueryRange(date: string): { from: string; to: string } {
  const { start, end } = weekBounds(date);
  return { from: addDays(start, -1), to: end };
}

const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

/** A long weekday date in British English, e.g. 'Monday 30 March 2026'; timeline day headings. */
export function longDate(date: string): string {
  const { year, month, day } = dateParts(date);
  return `${WEEKDAY_NAMES[isoWeekday(date) - 1] ?? ''} ${day} ${MONTH_NAMES[month - 1] ?? ''} ${year}`;
}

/**
 * A week's label, Monday to Sunday ('Monday 23 – Sunday 29 November 2026',
 * 'Monday 30 November – Sunday 6 December 2026'); the On Air report's week
 * (issue 30 item 7: it ran Saturday to the next Saturday).
 */
export function weekRangeLabel(anyDate: string): string {
  const { start, end } = weekBounds(anyDate);
  const a = dateParts(start);
  const b = dateParts(end);
  const left = a.year !== b.year ? longDate(start) : a.month !== b.month ? `Monday ${a.day} ${MONTH_NAMES[a.month - 1] ?? ''}` : `Monday ${a.day}`;
  return `${left} – ${longDate(end)}`;
}

/**
 * The timeline's day heading: 'Today', 'Tomorrow' or 'Yesterday' relative to
 * `today` (the station's local date, see `todayInZone`), otherwise `longDate`.
 */
export function dayLabel(date: string, today: string): string {
  const diff = daysBetween(today, date);
  if (diff === 0) return 'Today';
  if (diff === 1) return 'Tomorrow';
  if (diff === -1) return 'Yesterday';
  return longDate(date);
}

/** Orders events by date, then start time, for "shows within a day are sorted by start_time". */
export function compareEventsByDateTime(a: EventTimes, b: EventTimes): number {
  if (a.event_date !== b.event_date) return a.event_date < b.event_date ? -1 : 1;
  return timeToSeconds(a.start_time) - timeToSeconds(b.start_time);
}

// ---------------------------------------------------------------------------
// LIVE marker and the weekly 2-hour rule
// ---------------------------------------------------------------------------

/**
 * The /shows LIVE marker: true while `nowMs` is within the event's real
 * interval (`eventInterval`, start inclusive, end exclusive). A show whose end
 * is at or before its start runs past midnight, so 23:00-01:00 on the 10th is
 * LIVE at 00:30 on the 11th: pass yesterday's events too. Cancelled events are
 * never live; other statuses are the caller's filter.
 */
export function isLiveNow(event: ScheduleEventLike, nowMs: number, zone: string = DEFAULT_TIME_ZONE): boolean {
  if (isCancelled(event)) return false;
  const { startMs, endMs } = eventInterval(event, zone);
  return startMs <= nowMs && nowMs < endMs;
}

/**
 * Hours booked in the week containing `weekDate` (normally its Monday), for
 * the outstanding-bookings rule. Pass the presenter's events (the spec counts
 * events where the user is presenter_id or created_by; dedupe first), fetched
 * with `weekQueryRange`. Cancelled events are excluded. Each event counts only
 * the part of its real interval inside the week, so a Sunday 23:00-01:00 show
 * counts 1 hour in its week and 1 hour in the next. Hours are real elapsed
 * time in `zone` (a 00:00-03:00 show on the spring-forward Sunday counts 2).
 */
export function scheduledHoursInWeek(
  events: readonly ScheduleEventLike[],
  weekDate: string,
  zone: string = DEFAULT_TIME_ZONE,
): number {
  const week = weekInstants(weekDate, zone);
  let ms = 0;
  for (const event of events) {
    if (isCancelled(event)) continue;
    const { startMs, endMs } = eventInterval(event, zone);
    ms += Math.max(0, Math.min(endMs, week.endMs) - Math.max(startMs, week.startMs));
  }
  return ms / MS_PER_HOUR;
}

/**
 * Remaining hours a presenter still needs this week: max(0, required -
 * scheduled). Takes an object so the two numbers cannot be swapped silently.
 * The spec shows an entry only when this is above 0.
 */
export function outstanding(args: { scheduledHours: number; requiredHours?: number }): number {
  const required = args.requiredHours ?? WEEKLY_REQUIRED_HOURS;
  return Math.max(0, required - args.scheduledHours);
}
