import { useMediaQuery } from '@mui/material';

/** The spec's mobile breakpoint: below 768 px the layout collapses. */
export const MOBILE_QUERY = '(max-width: 767.95px)';

let serverGuess = false;
/**
 * The server's render of a page (web/src/app/ssr.tsx) has no screen to measure: it draws the phone layout when
 * the browser said it is a phone (User-Agent), set just before each synchronous render. The browser sets the
 * same guess before it takes such a page over (web/src/app/hydration.ts).
 */
export function setServerMobileGuess(mobile: boolean): void {
  serverGuess = mobile;
}

/** True below the 768 px breakpoint. */
export function useIsMobile(): boolean {
  // Hydrating a server-drawn page (web/src/app/hydration.ts), the first render keeps the server's guess and the
  // screen's own width follows at once; any other render measures the screen straight away.
  return useMediaQuery(MOBILE_QUERY, { defaultMatches: serverGuess });
}
