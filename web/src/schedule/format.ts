/**
 * How schedule times are shown: in the station's zone (the wall clock the
 * schedule is written in) or converted to the listener's own zone.
 */
import { crossesMidnight, eventInterval, longDate, todayInZone, type EventTimes } from '../../../shared/schedule';
import type { Translate } from '../../../shared/i18n/format';

/** 'HH:MM' of a stored 'HH:MM:SS'. */
export function hhmm(t: string): string {
  return t.slice(0, 5);
}

const SHORT_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The listener's own IANA zone (falls back to UTC when the browser will not say). */
export function browserTimeZone(): string {
  // Read once: a new Intl.DateTimeFormat for each of a week's show cards was a measurable part of drawing /shows.
  if (ownZone === undefined) {
    try {
      ownZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    } catch {
      ownZone = 'UTC';
    }
  }
  return ownZone;
}
let ownZone: string | undefined;

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(zone: string, ms: number): { date: string; time: string; weekday: number } {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', weekday: 'short' });
    formatters.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  const date = `${p.year}-${p.month}-${p.day}`;
  return { date, time: `${p.hour}:${p.minute}`, weekday: SHORT_DAYS.indexOf(String(p.weekday)) };
}

/** The date and 'HH:MM' of an instant in a zone. */
export function dateTimeIn(zone: string, ms: number): { date: string; time: string } {
  const p = partsIn(zone, ms);
  return { date: p.date, time: p.time };
}

/** The date a show starts on in `displayZone` (its own date in the station's zone; the listener's may differ). */
export function showDate(event: EventTimes, stationZone: string, displayZone: string): string {
  if (displayZone === stationZone) return event.event_date;
  return partsIn(displayZone, eventInterval(event, stationZone).startMs).date;
}

/** A week's heading, e.g. '23 – 29 March 2026' or '30 March – 5 April 2026'. */
export function weekLabel(start: string, end: string): string {
  const a = longDate(start).split(' ');
  const b = longDate(end).split(' ');
  // longDate: 'Monday 23 March 2026'
  const [, d1, m1, y1] = a;
  const [, d2, m2, y2] = b;
  if (y1 !== y2) return `${d1} ${m1} ${y1} – ${d2} ${m2} ${y2}`;
  if (m1 !== m2) return `${d1} ${m1} – ${d2} ${m2} ${y2}`;
  return `${d1} – ${d2} ${m2} ${y2}`;
}

/** The station's date today. */
export function stationToday(zone: string, nowMs = Date.now()): string {
  return todayInZone(nowMs, zone);
}

/** A short label of a zone for the switch, e.g. 'Europe/London' → 'London'. */
export function zoneLabel(zone: string): string {
  const last = zone.split('/').pop() ?? zone;
  return last.replace(/_/g, ' ');
}

/** An event type as staff read it (the View dialog said "Type: show"). */
export const EVENT_TYPE_LABELS: Record<string, string> = { show: 'Show', event: 'Special Event', maintenance: 'Maintenance' };

/*
 * The same texts in the reader's locale (web/src/i18n: `intl` is the tag dates and numbers are formatted with).
 * Dates are calendar dates ('yyyy-MM-dd'), formatted at noon UTC so no zone moves them to another day.
 */
const localeFormats = new Map<string, Intl.DateTimeFormat>();
function localeFormat(intl: string, key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let f = localeFormats.get(`${intl}|${key}`);
  if (!f) {
    f = new Intl.DateTimeFormat(intl, { ...options, timeZone: 'UTC' });
    localeFormats.set(`${intl}|${key}`, f);
  }
  return f;
}
const noonUtc = (date: string) => new Date(`${date}T12:00:00Z`);
/**
 * Node's ICU and Chromium's differ in the spaces they write (Node: thin and narrow no-break spaces around a range's
 * dash and before AM/PM; Chromium: plain ones): the server's page and the browser's render must be the same text.
 */
const plainSpaces = (s: string) => s.replace(/[\u2009\u202f\u00a0]/g, ' ');

/** A day's heading in the reader's locale: 'Monday 23 March' (en-GB), 'Montag, 23. März' (de). */
export function dayHeading(date: string, intl: string): string {
  return plainSpaces(localeFormat(intl, 'day', { weekday: 'long', day: 'numeric', month: 'long' }).format(noonUtc(date)));
}

/**
 * A day as a listener reads it beside a show: 'Today', 'Tomorrow', 'Yesterday' (the catalogue's words), else its
 * heading in the reader's locale ('Monday 23 March').
 */
export function localDayLabel(date: string, today: string, intl: string, t: Translate): string {
  const diff = Math.round((noonUtc(date).getTime() - noonUtc(today).getTime()) / 86_400_000);
  if (diff === 0) return t('schedule.today');
  if (diff === 1) return t('schedule.tomorrow');
  if (diff === -1) return t('schedule.yesterday');
  return dayHeading(date, intl);
}

/** A weekday's name in the reader's locale ('Sunday', 'Sonntag'). */
export function weekdayName(date: string, intl: string): string {
  return localeFormat(intl, 'weekday', { weekday: 'long' }).format(noonUtc(date));
}

/** A week's range in the reader's locale: '23 – 29 March 2026' (en-GB), 'March 23 – 29, 2026' (en-US), '23.–29. März 2026' (de). */
export function weekRangeLabel(start: string, end: string, intl: string): string {
  return plainSpaces(localeFormat(intl, 'range', { day: 'numeric', month: 'long', year: 'numeric' }).formatRange(noonUtc(start), noonUtc(end)));
}

/** A wall-clock time ('HH:MM[:SS]') in the reader's clock: '20:00' (24-hour locales), '8:00 PM' (en-US). */
export function clockTime(t: string, intl: string): string {
  const [h = '0', m = '0'] = t.split(':');
  let f = localeFormat(intl, 'clock', { hour: 'numeric', minute: '2-digit' });
  // A 24-hour clock writes the hour in two digits (01:00), a 12-hour one does not (1:00 AM).
  if (!f.resolvedOptions().hour12) f = localeFormat(intl, 'clock24', { hour: '2-digit', minute: '2-digit' });
  return plainSpaces(f.format(new Date(Date.UTC(2000, 0, 1, Number(h), Number(m)))));
}

/**
 * A show's time range in the reader's clock, e.g. '20:00 – 22:00' or '8:00 PM – 10:00 PM'; with `nextDay` (the
 * catalogue's "(next day)") when it runs past midnight; converted to another zone: '21:00 Tue – 23:00'.
 */
export function localTimeRange(event: EventTimes, stationZone: string, displayZone: string, intl: string, nextDay: string, dayOf: string = event.event_date): string {
  if (displayZone === stationZone) {
    const next = crossesMidnight(event.start_time, event.end_time) ? ` ${nextDay}` : '';
    return `${clockTime(event.start_time, intl)} – ${clockTime(event.end_time, intl)}${next}`;
  }
  const { startMs, endMs } = eventInterval(event, stationZone);
  const s = partsIn(displayZone, startMs);
  const e = partsIn(displayZone, endMs);
  const short = (date: string) => localeFormat(intl, 'short', { weekday: 'short' }).format(noonUtc(date));
  const startDay = s.date !== dayOf ? ` ${short(s.date)}` : '';
  const endDay = e.date !== s.date ? ` ${short(e.date)}` : '';
  return `${clockTime(s.time, intl)}${startDay} – ${clockTime(e.time, intl)}${endDay}`;
}
