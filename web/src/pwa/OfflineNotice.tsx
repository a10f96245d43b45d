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
 * the live stream and anything new need a connection. Plain elements styled by global.css (`.offline-notice`, MUI's
 * standard warning colours): every listener page carries this component, and MUI's Alert was a part of the first
 * JavaScript that almost no visit shows.
 */
export function OfflineNotice() {
  const t = useT();
  const offline = useOffline();
  if (!offline) return null;
  return (
    <div className="offline-notice" role="status" data-testid="offline-notice">
      <CloudOffIcon aria-hidden fontSize="small" />
      <span>{t('offline.notice')}</span>
    </div>
  );
}
