import { ACTIVE_WEEK_KEY, TIME_ZONE_MODE_KEY } from '../schedule/atoms';
import { setServerMobileGuess } from './media';
import { storedValue } from '../platform/storage';
import { bootSaysMissing } from './boot-data';
import { setDrawnTime } from './clock';
import { setDrawingServerPage } from '../ui/Deferred';
import { realtime } from '../realtime/client';

/** Where the Become a DJ form waits while the applicant is away connecting Discord (applications/PresenterApplicationPage.tsx). */
export const APPLICATION_DRAFT_KEY = 'airdeck.application-draft';

/*
 * A page the server drew with the app's own components (web/src/app/ssr.tsx) is taken over by React in place
 * (hydration) when the browser's first render would draw exactly the same page: same data (BootData.queries),
 * same theme, same layout guess. Otherwise the app draws the page anew in its place, as before.
 */

/** The wrapper of a server-drawn page: its theme (web/src/app/ssr.tsx) and whether it drew the phone layout. */
export const SSR_THEME_ATTR = 'data-ssr-theme';
export const SSR_MOBILE_ATTR = 'data-ssr-mobile';
/** Controls the server's HTML keeps disabled until the app has taken the page over (they work only then). */
export const SSR_DISABLED_ATTR = 'data-ssr-disabled';
/** The wrapper once the app has the page (it stays: React owns what is inside it). */
export const APP_ROOT_ATTR = 'data-app-root';

/**
 * The server-drawn page at `path` that the app can adopt as it is, or null: none drawn, drawn in another theme
 * than the listener's (the boot script marked it stale), or a page the listener's own choices draw differently
 * (/shows with a remembered week or time zone choice).
 */
export function serverDrawnPage(path: string): HTMLElement | null {
  const drawn = document.querySelector<HTMLElement>(`#root > [${SSR_THEME_ATTR}]`);
  if (!drawn || document.documentElement.classList.contains('bd-ssr-stale')) return null;
  // A page the server found missing: the app goes straight to its not-found page (issue 38 item 9).
  if (bootSaysMissing(path)) return null;
  if (/^\/shows\/?$/.test(path) && (storedValue(ACTIVE_WEEK_KEY) !== null || storedValue(TIME_ZONE_MODE_KEY) === 'local')) return null;
  // The application form back from Discord sign-in refills itself from the tab's draft: drawn anew.
  if (/^\/(presenter-application|become-a-dj)\/?$/.test(path) && hasApplicationDraft()) return null;
  // The first render draws the layout the server drew; the screen's own width takes over right after.
  setServerMobileGuess(drawn.getAttribute(SSR_MOBILE_ATTR) === '1');
  return drawn;
}

function hasApplicationDraft(): boolean {
  try {
    return sessionStorage.getItem(APPLICATION_DRAFT_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * Once the app has the page: the server's global styles go (the app's own are in place; its other rules belong to
 * the browser's emotion since it started) and its controls work.
 */
export function releaseServerPage(): void {
  setDrawnTime(null);
  setDrawingServerPage(false);
  // In a task of its own: delivered from this layout effect, the held updates would be rendered at once, in the same
  // long task as the adoption, instead of as the ordinary updates they are.
  setTimeout(() => realtime.release(), 0);
  for (const el of document.querySelectorAll('style[data-ssr-emotion]')) el.remove();
  for (const el of document.querySelectorAll(`[${SSR_DISABLED_ATTR}]`)) {
    el.removeAttribute('disabled');
    el.removeAttribute(SSR_DISABLED_ATTR);
  }
  const wrapper = document.querySelector(`#root > [${SSR_THEME_ATTR}]`);
  if (wrapper) {
    wrapper.removeAttribute(SSR_THEME_ATTR);
    wrapper.removeAttribute(SSR_MOBILE_ATTR);
    wrapper.setAttribute(APP_ROOT_ATTR, '');
  }
}
