/** The current instant from the page's one clock (web/src/app/clock.ts), rounded to `everyMs` (LIVE markers, "today"). */
export { useNow } from '../../app/clock';
