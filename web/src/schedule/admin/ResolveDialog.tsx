import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, List, ListItem, ListItemText } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BOOKING_MESSAGES, type ScheduleEventView } from '../../../../shared/bookings';
import { addDays, findConflicts, longDate } from '../../../../shared/schedule';
import { scheduleKeys, staffApi } from '../api';
import { hhmm } from '../format';
import { StatusChip } from './StatusChip';
import { useToast } from '../../ui/toast';

/**
 * The conflict-resolution dialog (spec 001 §2): shows what the event
 * overlaps, then Approve (scheduled) or Reject (cancelled).
 */
export function ResolveDialog({ show, open, onClose }: { show: ScheduleEventView; open: boolean; onClose: () => void }) {
  const { toast } = useToast();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const around = useQuery({
    queryKey: scheduleKeys.events({ from: addDays(show.event_date, -1), to: addDays(show.event_date, 1), scope: 'resolve' }),
    queryFn: () => staffApi.events({ from: addDays(show.event_date, -1), to: addDays(show.event_date, 1) }),
    enabled: open,
  });
  const overlaps = around.data ? findConflicts(show, around.data.events) : [];

  const decide = async (decision: 'approve' | 'reject') => {
    setBusy(true);
    try {
      await staffApi.resolve(show.id, decision);
      toast({ title: decision === 'approve' ? BOOKING_MESSAGES.conflictResolved : BOOKING_MESSAGES.eventCancelled, description: `"${show.title}" on ${longDate(show.event_date)}`, variant: 'success' });
      await qc.invalidateQueries({ queryKey: scheduleKeys.all });
      onClose();
    } catch {
      toast({ title: 'Error', description: BOOKING_MESSAGES.resolveFailed, variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="resolve-title" maxWidth="sm" fullWidth>
      <DialogTitle id="resolve-title">Resolve conflict</DialogTitle>
      <DialogContent>
        <DialogContentText>
          <strong>{show.title}</strong> · {longDate(show.event_date)} · {hhmm(show.start_time)} – {hhmm(show.end_time)}
          {show.presenter_name ? ` · ${show.presenter_name}` : ''}
        </DialogContentText>
        {around.isPending ? (
          <CircularProgress size={20} sx={{ mt: 2 }} aria-label="Loading overlapping events" />
        ) : overlaps.length === 0 ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            It no longer overlaps any event: approving puts it on the schedule.
          </Alert>
        ) : (
          <>
            <DialogContentText sx={{ mt: 2 }}>It overlaps:</DialogContentText>
            <List dense aria-label="Overlapping events">
              {overlaps.map((o) => (
                <ListItem key={o.id} disableGutters secondaryAction={<StatusChip status={o.status} />}>
                  <ListItemText primary={o.title} secondary={`${longDate(o.event_date)} · ${hhmm(o.start_time)} – ${hhmm(o.end_time)}${o.presenter_name ? ` · ${o.presenter_name}` : ''}`} />
                </ListItem>
              ))}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Close
        </Button>
        <Button onClick={() => void decide('reject')} disabled={busy} color="error" variant="outlined">
          Reject
        </Button>
        <Button onClick={() => void decide('approve')} disabled={busy} variant="contained">
          Approve
        </Button>
      </DialogActions>
    </Dialog>
  );
}
