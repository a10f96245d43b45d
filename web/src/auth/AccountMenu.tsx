import { Box, Button } from '@mui/material';
import { Suspense } from 'react';
import { ChunkBoundary, lazyChunk } from '../ui/ChunkBoundary';
import { Link as RouterLink } from 'react-router';
import { useAuth } from './AuthProvider';
import { useT } from '../i18n/state';

// The avatar menu's code (menu, popover, focus trap) loads only for someone signed in: most listeners never are.
const SignedInMenu = lazyChunk(() => import('./SignedInMenu'));

/**
 * The account slot of the navigation bar: a Login button when signed out;
 * when signed in an avatar menu with username, email, My Profile, Presenter
 * Panel (a new tab) and Sign Out (000 §2).
 */
export function AccountMenu() {
  const { status, user } = useAuth();
  const t = useT();
  const loading = <Box role="img" aria-label={t('shell.loadingAccount')} sx={{ width: 36, height: 36, borderRadius: '50%', bgcolor: 'action.hover' }} />;
  if (status === 'loading') return loading;
  if (status === 'signedOut' || !user) {
    return (
      // At least 44 px high on a phone: a comfortable tap (issue 38 item 9).
      <Button component={RouterLink} to="/auth" color="inherit" variant="outlined" size="small" sx={{ '@media (max-width: 767.95px)': { minHeight: 44 } }}>
        {t('shell.login')}
      </Button>
    );
  }
  return (
    <ChunkBoundary what="accountMenu" floating>
      <Suspense fallback={loading}>
        <SignedInMenu />
      </Suspense>
    </ChunkBoundary>
  );
}
