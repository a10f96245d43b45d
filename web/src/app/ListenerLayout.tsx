import { Box, CircularProgress } from '@mui/material';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AccountMenu } from '../auth/AccountMenu';
import { Player, PLAYER_HEIGHT } from '../radio/Player';
import { RequestUpdates } from '../radio/components/RequestUpdates';
import { Footer } from './Footer';
import { MOBILE_QUERY } from './media';
import { NavBar } from './NavBar';

/** A calm loading state while a page's code arrives. */
export function PageLoading({ label = 'Loading...' }: { label?: string }) {
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, py: 10, color: 'text.secondary' }}>
      <CircularProgress size={24} aria-hidden />
      <span>{label}</span>
    </Box>
  );
}

/** Every listener page: navigation bar, the page, the footer, and the persistent player fixed at the bottom. */
export default function ListenerLayout() {
  return (
    // Room at the bottom so the fixed player never hides the footer.
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', pb: `${PLAYER_HEIGHT.desktop}px`, [`@media ${MOBILE_QUERY}`]: { pb: `${PLAYER_HEIGHT.mobile}px` } }}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <NavBar account={<AccountMenu />} />
      <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
      <Player />
      <RequestUpdates />
    </Box>
  );
}
