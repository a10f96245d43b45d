/**
 * How schedule times are shown: in the station's zone (the wall clock the
 * schedule is written in) or converted to the listener's own zone.
 */
import { crossesMidnight, eventInterval, longDate, todayInZone, type EventTimes } from '../../../shared/schedule';

/** 'HH:MM' of a stored 'HH:MM:SS'. */
export function hhmm(t: string): string {
  return t.slice(0, 5);
}

const SHORT_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The listener's own IANA zone (falls back to UTC when the browser will not say). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

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

/** A show's time range as text, e.g. '20:00 – 22:00', or converted: '21:00 – 23:00 (Tue)' when the day differs. */
export function timeRange(event: EventTimes, stationZone: string, displayZone: string): string {
  if (displayZone === stationZone) {
    const next = crossesMidnight(event.start_time, event.end_time) ? ' (next day)' : '';
    return `${hhmm(event.start_time)} – ${hhmm(event.end_time)}${next}`;
  }
  const { startMs, endMs } = eventInterval(event, stationZone);
  const s = partsIn(displayZone, startMs);
  const e = partsIn(displayZone, endMs);
  const startDay = s.date !== event.event_date ? ` ${SHORT_DAYS[s.weekday] ?? ''}` : '';
  const endDay = e.date !== s.date ? ` ${SHORT_DAYS[e.weekday] ?? ''}` : '';
  return `${s.time}${startDay} – ${e.time}${endDay}`;
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
