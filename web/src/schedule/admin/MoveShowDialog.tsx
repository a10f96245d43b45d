import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { ConflictView, ScheduleEventView } from '../../../../shared/bookings';
import { isValidDate } from '../../../../shared/schedule';
import { ApiError } from '../../app/api';
import { useI18n } from '../../i18n/state';
import { useToast } from '../../ui/toast';
import { scheduleKeys, staffApi } from '../api';
import { dayHeading, hhmm } from '../format';
import { ConflictDialog } from './ConflictDialog';

/**
 * Move a show to another date, keeping its times (issue 30). The server applies the booking rules (not in the
 * past, not inside the presenter's leave, overlaps); an overlap opens the conflict dialog, and proceeding books it
 * for review. Listeners' schedule follows through the `schedule` channel.
 */
export function MoveShowDialog({ show, today, onClose }: { show: ScheduleEventView; today: string; onClose: () => void }) {
  const { t, intl } = useI18n();
  const { toast } = useToast();
  const qc = useQueryClient();
  const [date, setDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [conflicts, setConflicts] = useState<ConflictView[] | null>(null);
  const [busy, setBusy] = useState(false);

  const move = async (proceed: boolean) => {
    if (!isValidDate(date)) {
      setError(t('shows.move.pickDate'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const moved = await staffApi.move(show.id, { event_date: date, proceed });
      setConflicts(null);
      toast({ title: t('shows.move.done'), description: t('shows.move.doneDetail', { title: show.title, day: dayHeading(moved.event.event_date, intl) }), variant: 'success' });
      await qc.invalidateQueries({ queryKey: scheduleKeys.all });
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && Array.isArray(err.details?.conflicts)) setConflicts(err.details.conflicts as ConflictView[]);
      else {
        setConflicts(null);
        setError(err instanceof ApiError ? err.message : t('shows.move.failed'));
      }
    } finally {
      setBusy(false);
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void move(false);
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="move-show-title" maxWidth="xs" fullWidth>
      <Box component="form" onSubmit={onSubmit} noValidate>
        <DialogTitle id="move-show-title">{t('shows.move.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t('shows.move.intro', { title: show.title, day: dayHeading(show.event_date, intl), start: hhmm(show.start_time), end: hhmm(show.end_time) })}
          </DialogContentText>
          <TextField
            label={t('shows.move.newDate')}
            type="date"
            value={date}
            onChange={(e) => setDate(e.target.value)}
            fullWidth
            autoFocus
            error={error !== null}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
          />
          {error && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('shows.move.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || !date}>
            {t('shows.move.confirm')}
          </Button>
        </DialogActions>
      </Box>
      <ConflictDialog conflicts={conflicts ?? []} open={conflicts !== null} busy={busy} onCancel={() => setConflicts(null)} onProceed={() => void move(true)} proceedNote={t('shows.move.proceedNote')} />
    </Dialog>
  );
}
