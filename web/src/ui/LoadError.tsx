import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Button } from '@mui/material';
import { useT } from '../i18n/state';

/**
 * A listener page's data that could not be read: the page's own words and a Retry that reads it again (the
 * recovery in app/recovery.ts also tries again by itself once the connection is back).
 */
export function LoadError({ text, onRetry }: { text: string; onRetry: () => void }) {
  const t = useT();
  return (
    <Alert
      severity="error"
      data-testid="load-error"
      sx={{ alignItems: 'center' }}
      action={
        <Button color="inherit" size="small" startIcon={<RefreshIcon />} onClick={onRetry} sx={{ minHeight: 44 }}>
          {t('chunk.retry')}
        </Button>
      }
    >
      {text}
    </Alert>
  );
}
