import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useT } from '../i18n/state';

/**
 * A yes/no confirmation for deletions (spec 001 §5: deletions ask first), in the spec's words. While `busy` both
 * buttons wait and the dialog stays open. `focusCancel` puts the focus on Cancel (the schedule's dialogs).
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  dismissLabel,
  busy = false,
  focusCancel = false,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  /** The button that closes without acting ('Cancel'; 'Keep it' when the action itself is a cancel). */
  dismissLabel?: string;
  busy?: boolean;
  focusCancel?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="confirm-title" aria-describedby="confirm-text">
      <DialogTitle id="confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-text">{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus={focusCancel}>
          {dismissLabel ?? t('ui.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy}>
          {confirmLabel ?? t('ui.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
