import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, List, ListItem, ListItemText } from '@mui/material';
import { BOOKING_MESSAGES, type ConflictView } from '../../../../shared/bookings';
import { longDate } from '../../../../shared/schedule';
import { hhmm } from '../format';
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
  proceedNote = 'Proceeding creates the booking with conflicted status; an admin will review it.',
}: {
  conflicts: ConflictView[];
  open: boolean;
  busy: boolean;
  onProceed: () => void;
  onCancel: () => void;
  proceedNote?: string;
}) {
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby="conflict-title" aria-describedby="conflict-text" maxWidth="sm" fullWidth>
      <DialogTitle id="conflict-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <WarningAmberIcon color="warning" aria-hidden />
        {BOOKING_MESSAGES.conflictTitle}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="conflict-text">
          This booking overlaps {conflicts.length} existing event{conflicts.length === 1 ? '' : 's'}. {proceedNote}
        </DialogContentText>
        <List dense aria-label="Conflicting events">
          {conflicts.map((c) => (
            <ListItem key={c.id} disableGutters secondaryAction={<StatusChip status={c.status} />}>
              <ListItemText primary={c.title} secondary={`${longDate(c.event_date)} · ${hhmm(c.start_time)} – ${hhmm(c.end_time)}${c.presenter_name ? ` · ${c.presenter_name}` : ''}`} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={onProceed} disabled={busy} variant="contained" color="warning">
          Proceed Anyway
        </Button>
      </DialogActions>
    </Dialog>
  );
}
