import { Alert } from '@mui/material';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { useSyncExternalStore } from 'react';
import { useT } from '../i18n/state';

const subscribe = (fn: () => void) => {
  window.addEventListener('online', fn);
  window.addEventListener('offline', fn);
  return () => {
    window.removeEventListener('online', fn);
    window.removeEventListener('offline', fn);
  };
};

/** Whether the browser says it is offline (never while the server draws the page). */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, () => !navigator.onLine, () => false);
}

/**
 * The honest offline state (issue 36 item 1): what the page shows was saved on this device at an earlier visit;
 * the live stream and anything new need a connection.
 */
export function OfflineNotice() {
  const t = useT();
  const offline = useOffline();
  if (!offline) return null;
  return (
    <Alert severity="warning" icon={<CloudOffIcon aria-hidden />} role="status" data-testid="offline-notice" sx={{ borderRadius: 0, justifyContent: 'center' }}>
      {t('offline.notice')}
    </Alert>
  );
}
