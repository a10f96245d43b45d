import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, List, ListItem, ListItemText } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ScheduleEventView } from '../../../../shared/bookings';
import { addDays, findConflicts } from '../../../../shared/schedule';
import { scheduleKeys, staffApi } from '../api';
import { useI18n } from '../../i18n/state';
import { showClock, showLongDate } from './texts';
import { StatusChip } from './StatusChip';
import { useToast } from '../../ui/toast';

/**
 * The conflict-resolution dialog (spec 001 §2): shows what the event
 * overlaps, then Approve (scheduled) or Reject (cancelled).
 */
export function ResolveDialog({ show, open, onClose }: { show: ScheduleEventView; open: boolean; onClose: () => void }) {
  const { toast } = useToast();
  const i18n = useI18n();
  const { t } = i18n;
  const when = (e: Pick<ScheduleEventView, 'event_date' | 'start_time' | 'end_time'>) => `${showLongDate(e.event_date, i18n)} · ${showClock(e.start_time, i18n)} – ${showClock(e.end_time, i18n)}`;
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
      toast({ title: decision === 'approve' ? t('showMgmt.resolved') : t('showMgmt.eventCancelled'), description: t('showMgmt.onDate', { title: show.title, date: showLongDate(show.event_date, i18n) }), variant: 'success' });
      await qc.invalidateQueries({ queryKey: scheduleKeys.all });
      onClose();
    } catch {
      toast({ title: t('showMgmt.error'), description: t('showMgmt.resolveFailed'), variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="resolve-title" maxWidth="sm" fullWidth>
      <DialogTitle id="resolve-title">{t('showMgmt.resolveTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          <strong>{show.title}</strong> · {when(show)}
          {show.presenter_name ? ` · ${show.presenter_name}` : ''}
        </DialogContentText>
        {around.isPending ? (
          <CircularProgress size={20} sx={{ mt: 2 }} aria-label={t('showMgmt.loadingOverlaps')} />
        ) : overlaps.length === 0 ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('showMgmt.noOverlap')}
          </Alert>
        ) : (
          <>
            <DialogContentText sx={{ mt: 2 }}>{t('showMgmt.overlaps')}</DialogContentText>
            <List dense aria-label={t('showMgmt.overlappingEvents')}>
              {overlaps.map((o) => (
                <ListItem key={o.id} disableGutters secondaryAction={<StatusChip status={o.status} />}>
                  <ListItemText primary={o.title} secondary={`${when(o)}${o.presenter_name ? ` · ${o.presenter_name}` : ''}`} />
                </ListItem>
              ))}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('showMgmt.close')}
        </Button>
        <Button onClick={() => void decide('reject')} disabled={busy} color="error" variant="outlined">
          {t('showMgmt.reject')}
        </Button>
        <Button onClick={() => void decide('approve')} disabled={busy} variant="contained">
          {t('showMgmt.approve')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
