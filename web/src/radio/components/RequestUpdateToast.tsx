import { Alert, Snackbar } from '@mui/material';

/** The message about a listener's own request: played, or read out (top of the page, 15 s). */
export default function RequestUpdateToast({ open, message, onClose }: { open: boolean; message: string; onClose: () => void }) {
  return (
    <Snackbar open={open} onClose={(_e, reason) => reason !== 'clickaway' && onClose()} autoHideDuration={15_000} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
      <Alert severity="success" variant="filled" onClose={onClose} sx={{ width: '100%' }}>
        {message}
      </Alert>
    </Snackbar>
  );
}
