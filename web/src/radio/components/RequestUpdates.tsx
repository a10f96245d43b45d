import { Alert, Snackbar } from '@mui/material';
import { useRequestUpdates } from '../hooks';

/** Tells a listener on the site when their song request is played or their shoutout read out. */
export function RequestUpdates() {
  const { message, dismiss } = useRequestUpdates();
  return (
    <Snackbar open={message !== null} onClose={(_e, reason) => reason !== 'clickaway' && dismiss()} autoHideDuration={15_000} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
      <Alert severity="success" variant="filled" onClose={dismiss} sx={{ width: '100%' }}>
        {message?.message}
      </Alert>
    </Snackbar>
  );
}
