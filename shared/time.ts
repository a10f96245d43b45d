/**
 * Generic wall-clock date and time helpers used by the schedule rules
 * (`shared/schedule.ts`) and by anything that shows dates to people.
 *
 * Conventions used throughout:
 * - A *date* is a calendar date string 'yyyy-MM-dd' (years 0000-9999), with no zone.
 * - A *time* is a wall-clock time string; the canonical form is 'HH:MM:SS'.
 * - An *instant* is epoch milliseconds (UTC).
 * - A *zone* is an IANA zone name such as 'Europe/London' (the station default).
 *
 * Calendar arithmetic (adding days, weekdays, month lengths) is done on plain
 * day numbers, never through a time zone, so it cannot be shifted by DST.
 * Only the functions that convert between wall clock and instants take a zone.
 *
 * Functions whose name starts with `is` or `normalise` never throw; the others
 * throw a `RangeError` on malformed input (callers validate at the boundary).
 */
import { DateTime, IANAZone } from 'luxon';

/** The station's wall-clock zone when none is configured. */
export const DEFAULT_TIME_ZONE = 'Europe/London';

/** Seconds in a wall-clock day (a calendar day, regardless of DST). */
export const SECONDS_PER_DAY = 86_400;
/** Minutes in a wall-clock day. */
export const MINUTES_PER_DAY = 1_440;
/** Milliseconds in one minute. */
export const MS_PER_MINUTE = 60_000;
/** Milliseconds in one hour. */
export const MS_PER_HOUR = 3_600_000;
/** Milliseconds in one 24-hour day (used only for calendar-day arithmetic, never for zone maths). */
export const MS_PER_DAY = 86_400_000;

// ---------------------------------------------------------------------------
// Times of day
// ---------------------------------------------------------------------------

const TIME_RE = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

function parseTimeParts(t: string): { h: number; m: number; s: number } | null {
  if (typeof t !== 'string') return null;
  const match = TIME_RE.exec(t);
  if (!match) return null;
  const h = Number(match[1]);
  const m = Number(match[2]);
  const s = match[3] === undefined ? 0 : Number(match[3]);
  if (h > 23 || m > 59 || s > 59) return null;
  return { h, m, s };
}

/**
 * Normalises a time of day to the canonical 'HH:MM:SS' the spec requires
 * ("Times are normalised to HH:MM:SS"). Accepts 'H:MM', 'HH:MM', 'H:MM:SS' and
 * 'HH:MM:SS' (what HTML time inputs and PostgreSQL `time` columns produce).
 *
 * Returns `null` (never throws) for anything else, including '24:00',
 * out-of-range fields, surrounding whitespace and fractional seconds, so it can
 * be used directly in validation (`normaliseTime(x) !== null`). Midnight at the
 * end of a show is written '00:00' (an end at or before the start crosses midnight).
 */
export function normaliseTime(t: string): string | null {
  const parts = parseTimeParts(t);
  if (!parts) return null;
  return `${pad2(parts.h)}:${pad2(parts.m)}:${pad2(parts.s)}`;
}

/** True when `t` is a time `normaliseTime` accepts; for validators. */
export function isValidTime(t: string): boolean {
  return parseTimeParts(t) !== null;
}

/**
 * Seconds since wall-clock midnight for a time in any form `normaliseTime`
 * accepts. Throws `RangeError` on an invalid time. Basis of all time-of-day maths.
 */
export function timeToSeconds(t: string): number {
  const parts = parseTimeParts(t);
  if (!parts) throw new RangeError(`Invalid time: ${JSON.stringify(t)}`);
  return parts.h * 3600 + parts.m * 60 + parts.s;
}

/**
 * 'HH:MM:SS' for a number of seconds since midnight, wrapped into one day
 * (so 86_400 gives '00:00:00'). Throws `RangeError` for a non-integer.
 */
export function secondsToTime(seconds: number): string {
  if (!Number.isInteger(seconds)) throw new RangeError(`Invalid seconds: ${seconds}`);
  const s = ((seconds % SECONDS_PER_DAY) + SECONDS_PER_DAY) % SECONDS_PER_DAY;
  return `${pad2(Math.floor(s / 3600))}:${pad2(Math.floor((s % 3600) / 60))}:${pad2(s % 60)}`;
}

// ---------------------------------------------------------------------------
// Calendar dates (zone-free)
// ---------------------------------------------------------------------------

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Day number of 0000-01-01 and 9999-12-31, the supported range. */
const MIN_DAY_NUMBER = -719_528;
const MAX_DAY_NUMBER = 2_932_896;

/** True for a Gregorian leap year; used for February lengths. */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Number of days in `month` (1-12) of `year`; used by monthly recurrences. */
export function daysInMonth(year: number, month: number): number {
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`Invalid month: ${month}`);
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function parseDateParts(d: string): { y: number; m: number; day: number } | null {
  if (typeof d !== 'string') return null;
  const match = DATE_RE.exec(d);
  if (!match) return null;
  const y = Number(match[1]);
  const m = Number(match[2]);
  const day = Number(match[3]);
  if (m < 1 || m > 12 || day < 1 || day > daysInMonth(y, m)) return null;
  return { y, m, day };
}

/** True for a real calendar date written 'yyyy-MM-dd' (so '2026-02-29' is false); for validators. */
export function isValidDate(d: string): boolean {
  return parseDateParts(d) !== null;
}

/**
 * Splits a 'yyyy-MM-dd' date into numbers (month and day 1-based).
 * Throws `RangeError` on an invalid date.
 */
export function dateParts(d: string): { year: number; month: number; day: number } {
  const p = parseDateParts(d);
  if (!p) throw new RangeError(`Invalid date: ${JSON.stringify(d)}`);
  return { year: p.y, month: p.m, day: p.day };
}

/** Builds a 'yyyy-MM-dd' string from numbers, validating it. Throws `RangeError` when it is not a real date. */
export function makeDate(year: number, month: number, day: number): string {
  const s = `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
  if (!Number.isInteger(year) || !isValidDate(s)) throw new RangeError(`Invalid date: ${year}-${month}-${day}`);
  return s;
}

/**
 * Days since 1970-01-01 for a calendar date (Howard Hinnant's days_from_civil).
 * Lets calendar arithmetic be plain integer maths with no zone involved.
 */
export function dateToDayNumber(d: string): number {
  const { year, month, day } = dateParts(d);
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** Inverse of `dateToDayNumber`. Throws `RangeError` outside years 0000-9999. */
export function dayNumberToDate(n: number): string {
  if (!Number.isInteger(n) || n < MIN_DAY_NUMBER || n > MAX_DAY_NUMBER) {
    throw new RangeError(`Day number out of range: ${n}`);
  }
  const z = n + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/** The date `n` calendar days after `d` (negative goes back). Zone-free, so DST never matters. */
export function addDays(d: string, n: number): string {
  return dayNumberToDate(dateToDayNumber(d) + n);
}

/** Whole calendar days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return dateToDayNumber(to) - dateToDayNumber(from);
}

/** ISO weekday of a date: 1 = Monday ... 7 = Sunday (the station's week starts on Monday). */
export function isoWeekday(d: string): number {
  // 1970-01-01 was a Thursday (ISO 4).
  return ((((dateToDayNumber(d) + 3) % 7) + 7) % 7) + 1;
}

// ---------------------------------------------------------------------------
// Zones and instants
// ---------------------------------------------------------------------------

const zoneCache = new Map<string, IANAZone>();

function getZone(zone: string): IANAZone {
  let z = zoneCache.get(zone);
  if (!z) {
    if (typeof zone !== 'string' || !IANAZone.isValidZone(zone)) {
      throw new RangeError(`Invalid time zone: ${JSON.stringify(zone)}`);
    }
    z = IANAZone.create(zone);
    zoneCache.set(zone, z);
  }
  return z;
}

/** True for an IANA zone name the runtime knows (e.g. 'Europe/London', 'UTC'); for config validation. */
export function isValidTimeZone(zone: string): boolean {
  return typeof zone === 'string' && IANAZone.isValidZone(zone);
}

/**
 * The instant (epoch ms) at which the station's wall clock in `zone` reads
 * `date` `time`. This is the one place wall-clock readings become instants.
 *
 * DST rule (the same as RFC 5545 and Temporal's 'compatible' disambiguation):
 * - a time that does not exist (skipped by a spring-forward change, e.g.
 *   01:30 on 2026-03-29 in London) is moved forward by the length of the gap
 *   (01:30 becomes 02:30 BST);
 * - a time that occurs twice (repeated by a fall-back change, e.g. 01:30 on
 *   2026-10-25 in London) means the FIRST occurrence (01:30 BST, 00:30 UTC).
 *
 * Throws `RangeError` on an invalid date, time or zone.
 */
export function zonedInstant(date: string, time: string, zone: string = DEFAULT_TIME_ZONE): number {
  // Remembered: a report turns hundreds of shows into instants, and each costs several Intl offset look-ups.
  const key = `${zone}|${date}|${time}`;
  const known = instantCache.get(key);
  if (known !== undefined) return known;
  const ms = computeZonedInstant(date, time, zone);
  if (instantCache.size >= 20_000) instantCache.clear();
  instantCache.set(key, ms);
  return ms;
}

const instantCache = new Map<string, number>();

function computeZonedInstant(date: string, time: string, zone: string): number {
  const z = getZone(zone);
  const wall = dateToDayNumber(date) * MS_PER_DAY + timeToSeconds(time) * 1000;
  const offsetBefore = z.offset(wall - MS_PER_DAY);
  const offsets = new Set([offsetBefore, z.offset(wall), z.offset(wall + MS_PER_DAY)]);
  let best: number | null = null;
  for (const o of offsets) {
    const t = wall - o * MS_PER_MINUTE;
    if (z.offset(t) === o && (best === null || t < best)) best = t;
  }
  if (best !== null) return best;
  // In a gap: read the wall clock with the offset in force before the change.
  return wall - offsetBefore * MS_PER_MINUTE;
}

/**
 * Whether a wall-clock time happens at all on a date in a zone: false for a
 * time skipped by a spring-forward change (01:30 on 2026-03-29 in London),
 * which {@link zonedInstant} would quietly move an hour on.
 */
export function wallClockExists(date: string, time: string, zone: string = DEFAULT_TIME_ZONE): boolean {
  const t = normaliseTime(time);
  if (t === null || !isValidDate(date)) return false;
  const back = localDateTime(zonedInstant(date, t, zone), zone);
  return back.date === date && back.time === t;
}

/**
 * The wall-clock date and time ('yyyy-MM-dd', 'HH:MM:SS') in `zone` at an
 * instant; turns "now" into the station's local day and time.
 * Throws `RangeError` on an invalid zone or instant.
 */
export function localDateTime(ms: number, zone: string = DEFAULT_TIME_ZONE): { date: string; time: string } {
  getZone(zone);
  const dt = DateTime.fromMillis(ms, { zone });
  if (!dt.isValid) throw new RangeError(`Invalid instant: ${ms}`);
  return { date: dt.toFormat('yyyy-MM-dd'), time: dt.toFormat('HH:mm:ss') };
}

/** The station's local date ('yyyy-MM-dd') at an instant; what "today" means for labels and filters. */
export function todayInZone(nowMs: number, zone: string = DEFAULT_TIME_ZONE): string {
  return localDateTime(nowMs, zone).date;
}

// ---------------------------------------------------------------------------
// Display helpers
// ---------------------------------------------------------------------------

/**
 * Short relative time as the spec words it: 'Ns ago', 'Nm ago', 'Nh ago',
 * 'Nd ago' (whole units, rounded down; seconds under a minute, minutes under
 * an hour, hours under a day, then days). An instant in the future (clock
 * skew) reads '0s ago'.
 */
export function relativeTime(ms: number, nowMs: number): string {
  const diff = Number.isFinite(ms) && Number.isFinite(nowMs) ? Math.max(0, nowMs - ms) : 0;
  const s = Math.floor(diff / 1000);
  if (s < 60) return `${s}s ago`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ago`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h}h ago`;
  return `${Math.floor(h / 24)}d ago`;
}

/**
 * A duration as 'Xh Ym' (e.g. hours streamed, 125 → '2h 5m'). The input is
 * rounded to the nearest whole minute; negative or non-finite input gives '0h 0m'.
 */
export function formatHoursMinutes(totalMinutes: number): string {
  const m = Number.isFinite(totalMinutes) ? Math.max(0, Math.round(totalMinutes)) : 0;
  return `${Math.floor(m / 60)}h ${m % 60}m`;
}

/** Month day plus 24-hour time, e.g. "Mar 10, 14:05" (001 §2), in the viewer's zone. */
export function formatQueueDate(iso: string): string {
  const d = new Date(iso);
  const month = d.toLocaleString('en-GB', { month: 'short' });
  const hh = String(d.getHours()).padStart(2, '0');
  const mm = String(d.getMinutes()).padStart(2, '0');
  return `${month} ${d.getDate()}, ${hh}:${mm}`;
}
