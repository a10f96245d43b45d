import { useAtomValue } from 'jotai';
import { startTransition, useEffect, useState } from 'react';
import { isDrawingServerPage } from '../ui/Deferred';
import { useStation } from '../app/station';
import { useT } from '../i18n/state';
import { timeZoneModeAtom } from './atoms';
import { browserTimeZone, zoneLabel } from './format';

/**
 * The page's one time zone (issue 38 item 6): every time a listener sees (the now-playing card's and the player's
 * next show, Up Next, Featured Shows, a presenter's shows, /shows) is written in the same zone: the station's,
 * or the listener's own once they chose "My time" on /shows (remembered). When the listener's zone is not the
 * station's, each time says which zone it is in ("07:00 – 09:00 London time").
 *
 * The server draws the page in the station's zone; the browser's own zone takes over right after the app has the
 * page (so the server's HTML is adopted as it is).
 */
export interface ShowZone {
  /** The zone times are written in. */
  zone: string;
  /** The station's zone (the schedule's wall clock). */
  station: string;
  /** The listener's own zone (the station's while the server draws the page). */
  listener: string;
  /** "London time", or null when the listener's zone is the station's (nothing to tell apart). */
  label: string | null;
}

/**
 * The listener's own zone: the browser's, or `fallback` while the server draws the page and while the app adopts it;
 * the browser's then takes over in a transition (React re-renders the times in slices). (Read through
 * useSyncExternalStore, a zone other than the server's made React redraw every time on the page in one
 * uninterrupted task right after adopting it: on /shows, the whole week.)
 */
export function useListenerZone(fallback: string): string {
  const [zone, setZone] = useState(() => (isDrawingServerPage() ? fallback : browserTimeZone()));
  useEffect(() => {
    const own = browserTimeZone();
    if (own !== zone) startTransition(() => setZone(own));
  }, [zone]);
  return zone;
}

/** The page's one zone, from the station's (`stationZone` when a response carries it, else General Settings). */
export function useShowZone(stationZone?: string): ShowZone {
  const settings = useStation();
  const station = stationZone ?? settings.timezone;
  const listener = useListenerZone(station);
  const mode = useAtomValue(timeZoneModeAtom);
  const t = useT();
  const zone = mode === 'local' ? listener : station;
  return { zone, station, listener, label: listener === station ? null : t('schedule.zoneTime', { zone: zoneLabel(zone) }) };
}

/** A time text with its zone's label when there is one: "07:00 – 09:00 London time". */
export function labelled(text: string, z: ShowZone): string {
  return z.label ? `${text} ${z.label}` : text;
}
