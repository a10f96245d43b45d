import { atom } from 'jotai';
import { storedValue } from '../platform/storage';

/** Browser storage key of the selected week on /shows (spec 000 §3: active_week). */
export const ACTIVE_WEEK_KEY = 'active_week';
/** Browser storage key of the listener's time zone choice on /shows. */
export const TIME_ZONE_MODE_KEY = 'airdeck.shows.timezone';

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private browsing: remembered for this visit only.
  }
}

const activeWeekBase = atom<string | null>(storedValue(ACTIVE_WEEK_KEY));
/** The Monday of the week /shows shows; null means the current week. Remembered in browser storage. */
export const activeWeekAtom = atom(
  (get) => get(activeWeekBase),
  (_get, set, next: string | null) => {
    set(activeWeekBase, next);
    write(ACTIVE_WEEK_KEY, next);
  },
);

/** Whether /shows shows times in the station's zone or the listener's own. */
export type TimeZoneMode = 'station' | 'local';
const zoneModeBase = atom<TimeZoneMode>(storedValue(TIME_ZONE_MODE_KEY) === 'local' ? 'local' : 'station');
/** The listener's time zone choice, remembered in browser storage. */
export const timeZoneModeAtom = atom(
  (get) => get(zoneModeBase),
  (_get, set, next: TimeZoneMode) => {
    set(zoneModeBase, next);
    write(TIME_ZONE_MODE_KEY, next);
  },
);
