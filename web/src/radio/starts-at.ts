const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const two = (n: number) => String(n).padStart(2, '0');

/**
 * Shows a show's start in the listener's own time, 24-hour ("today at 21:00",
 * "Friday at 09:30"). Formatted by hand: the first Intl call of a visit loads
 * the browser's locale data, a long pause on a phone for the first screen.
 */
export function startsAt(epochSeconds: number, now = new Date()): string {
  const d = new Date(epochSeconds * 1000);
  const sameDay = d.toDateString() === now.toDateString();
  const time = `${two(d.getHours())}:${two(d.getMinutes())}`;
  return sameDay ? `today at ${time}` : `${WEEKDAYS[d.getDay()]} at ${time}`;
}
