import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, List, ListItem, ListItemText } from '@mui/material';
import type { ConflictView } from '../../../../shared/bookings';
import { useI18n } from '../../i18n/state';
import { showClock, showLongDate } from './texts';
import { StatusChip } from './StatusChip';

/**
 * The conflict dialog (spec 001 §8): warns that the booking overlaps the
 * listed events and offers Proceed Anyway (creates it with conflicted
 * status) or Cancel (back to the form, nothing lost).
 */
export function ConflictDialog({
  conflicts,
  open,
  busy,
  onProceed,
  onCancel,
  proceedNote,
}: {
  conflicts: ConflictView[];
  open: boolean;
  busy: boolean;
  onProceed: () => void;
  onCancel: () => void;
  proceedNote?: string;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby="conflict-title" aria-describedby="conflict-text" maxWidth="sm" fullWidth>
      <DialogTitle id="conflict-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <WarningAmberIcon color="warning" aria-hidden />
        {t('bookings.conflict.title')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="conflict-text">
          {t('bookings.conflict.overlaps', { count: conflicts.length })} {proceedNote ?? t('bookings.conflict.proceedNote')}
        </DialogContentText>
        <List dense aria-label={t('bookings.conflict.list')}>
          {conflicts.map((c) => (
            <ListItem key={c.id} disableGutters secondaryAction={<StatusChip status={c.status} />}>
              <ListItemText primary={c.title} secondary={`${showLongDate(c.event_date, i18n)} · ${showClock(c.start_time, i18n)} – ${showClock(c.end_time, i18n)}${c.presenter_name ? ` · ${c.presenter_name}` : ''}`} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {t('bookings.conflict.cancel')}
        </Button>
        <Button onClick={onProceed} disabled={busy} variant="contained" color="warning">
          {t('bookings.conflict.proceed')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
