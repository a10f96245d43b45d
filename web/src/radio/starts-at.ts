import type { Translate } from '../../../shared/i18n/format';
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

/**
 * `startsAt` in the reader's language: "today at 21:00", "Friday at 09:30" (the weekday from Intl in `intl`), with
 * the zone's label when it is not the station's.
 */
export function startsAtIn(t: Translate, intl: string, epochSeconds: number, zone: string, label: string | null = null, nowMs = Date.now()): string {
  const at = dateTimeIn(zone, epochSeconds * 1000);
  const today = dateTimeIn(zone, nowMs).date;
  const when =
    at.date === today
      ? t('player.startsToday', { time: at.time })
      : t('player.startsOn', { day: new Intl.DateTimeFormat(intl, { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${at.date}T12:00:00Z`)), time: at.time });
  return label ? `${when} ${label}` : when;
}
