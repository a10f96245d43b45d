import { intlTag } from './i18n';

/**
 * Station wall-clock times to instants and back, with Intl alone (the site's
 * luxon is too big for a widget): a show's date and time are readings of the
 * station's clock (shared/schedule.ts); a widget shows them in the visitor's
 * zone or the station's.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
function parts(ms: number, zone: string): Record<string, number> {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(zone, f);
  }
  const out: Record<string, number> = {};
  for (const p of f.formatToParts(new Date(ms))) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out;
}

/** The zone's offset from UTC at an instant, in ms. */
export function zoneOffset(ms: number, zone: string): number {
  const p = parts(ms, zone);
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant of a wall-clock reading (`YYYY-MM-DD`, `HH:MM[:SS]`) in a zone, by the rule of shared/schedule.ts:
 * a repeated time means its first occurrence, a skipped time moves forward by the gap.
 */
export function wallToInstant(date: string, time: string, zone: string): number {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const guess = Date.UTC(y, mo - 1, d, hh, mm);
  const before = zoneOffset(guess - 43_200_000, zone);
  const after = zoneOffset(guess + 43_200_000, zone);
  for (const c of [guess - before, guess - after].sort((a, b) => a - b)) if (c + zoneOffset(c, zone) === guess) return c;
  return guess - before;
}

/** A show's start and end instants (an end at or before the start runs past midnight; equal means 24 hours). */
export function showSpan(date: string, start: string, end: string, zone: string): [number, number] {
  const from = wallToInstant(date, start, zone);
  const endsNextDay = end.slice(0, 5) <= start.slice(0, 5);
  let to = wallToInstant(date, end, zone);
  if (endsNextDay) to = wallToInstant(addDays(date, 1), end, zone);
  return [from, to];
}

/** `YYYY-MM-DD` plus n days. */
export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The date (`YYYY-MM-DD`) an instant falls on in a zone. */
export function dateIn(ms: number, zone: string): string {
  const p = parts(ms, zone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** The time of an instant in a zone, as the page's language writes it (English: 24-hour, 20:00). */
export function timeIn(ms: number, zone: string, locale = intlTag()): string {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone: zone }).format(new Date(ms));
}

/** A day's heading in the page's language: "Tuesday 24 November", "martes, 24 de noviembre". */
export function dayLabel(date: string, locale = intlTag()): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** The visitor's own zone (UTC when the browser will not say). */
export function visitorZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
