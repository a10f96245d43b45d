import { dateTimeIn } from '../schedule/format';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * A show's start in the page's one zone (issue 38 item 6: web/src/schedule/zone.ts), 24-hour: "today at 21:00",
 * "Friday at 09:30", with the zone's label when the listener's zone is not the station's ("today at 07:00 London
 * time"). "Today" is today in that zone.
 */
export function startsAt(epochSeconds: number, zone: string, label: string | null = null, nowMs = Date.now()): string {
  const at = dateTimeIn(zone, epochSeconds * 1000);
  const today = dateTimeIn(zone, nowMs).date;
  const day = at.date === today ? 'today' : WEEKDAYS[new Date(`${at.date}T12:00:00Z`).getUTCDay()];
  return `${day} at ${at.time}${label ? ` ${label}` : ''}`;
}
