import { useMediaQuery } from '@mui/material';

/** The spec's mobile breakpoint: below 768 px the layout collapses. */
export const MOBILE_QUERY = '(max-width: 767.95px)';

/** True below the 768 px breakpoint. */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY, { noSsr: true });
}
