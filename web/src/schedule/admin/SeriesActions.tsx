import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { SeriesEditSchema, type BookingActor, type ConflictView, type ScheduleEventView } from '../../../../shared/bookings';
import { ApiError } from '../../app/api';
import { useT } from '../../i18n/state';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useToast } from '../../ui/toast';
import { scheduleKeys, staffApi } from '../api';
import { hhmm } from '../format';
import { ConflictDialog } from './ConflictDialog';
import { mayManage } from './useActor';

type Kind = 'edit' | 'approve' | 'cancel' | 'delete';

/**
 * A series' own actions in Show Management's Series view (issue 30): edit, approve, cancel or delete every show
 * of it from today on, each asking first. Offered as the server allows: approve and cancel to moderators and
 * above, edit and delete to whoever may manage every upcoming show of it.
 */
export function SeriesActions({ seriesId, shows, today, actor }: { seriesId: string; shows: ScheduleEventView[]; today: string; actor: BookingActor | undefined }) {
  const t = useT();
  const { toast } = useToast();
  const qc = useQueryClient();
  const [open, setOpen] = useState<Kind | null>(null);
  const [busy, setBusy] = useState(false);
  const upcoming = shows.filter((s) => s.event_date >= today);
  if (upcoming.length === 0) return null;
  const first = upcoming[0]!;
  const manageAll = upcoming.every((s) => mayManage(actor, s));
  const canApprove = Boolean(actor?.capabilities.approve) && upcoming.some((s) => s.status === 'pending');
  const canCancel = Boolean(actor?.capabilities.overview) && upcoming.some((s) => s.status !== 'cancelled' && s.status !== 'completed');
  if (!manageAll && !canApprove && !canCancel) return null;

  const run = async (kind: Exclude<Kind, 'edit'>) => {
    setBusy(true);
    try {
      const res = await staffApi.seriesAction(seriesId, kind);
      toast({ title: t(`shows.series.${kind}Done`), description: t('shows.series.count', { count: res.count }), variant: 'success' });
      await qc.invalidateQueries({ queryKey: scheduleKeys.all });
      setOpen(null);
    } catch (err) {
      toast({ title: t('shows.series.failed'), description: err instanceof ApiError ? err.message : '', variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const n = upcoming.length;
  const texts = {
    approve: { title: t('shows.series.approveTitle'), message: t('shows.series.approveConfirm', { title: first.title, count: upcoming.filter((s) => s.status === 'pending').length }), label: t('shows.series.approve') },
    cancel: { title: t('shows.series.cancelTitle'), message: t('shows.series.cancelConfirm', { title: first.title, count: n }), label: t('shows.series.cancel') },
    delete: { title: t('shows.series.deleteTitle'), message: t('shows.series.deleteConfirm', { title: first.title, count: n }), label: t('shows.series.delete') },
  } as const;

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1.5 }} role="group" aria-label={t('shows.series.actions')}>
      {manageAll && (
        <Button size="small" variant="outlined" onClick={() => setOpen('edit')}>
          {t('shows.series.edit')}
        </Button>
      )}
      {canApprove && (
        <Button size="small" variant="outlined" color="success" onClick={() => setOpen('approve')}>
          {t('shows.series.approve')}
        </Button>
      )}
      {canCancel && (
        <Button size="small" variant="outlined" color="warning" onClick={() => setOpen('cancel')}>
          {t('shows.series.cancel')}
        </Button>
      )}
      {manageAll && (
        <Button size="small" variant="outlined" color="error" onClick={() => setOpen('delete')}>
          {t('shows.series.delete')}
        </Button>
      )}
      {open && open !== 'edit' && (
        <ConfirmDialog open focusCancel title={texts[open].title} message={texts[open].message} confirmLabel={texts[open].label} dismissLabel={t('shows.series.keep')} busy={busy} onConfirm={() => void run(open)} onClose={() => setOpen(null)} />
      )}
      {open === 'edit' && <EditSeriesDialog seriesId={seriesId} first={first} count={n} onClose={() => setOpen(null)} />}
    </Box>
  );
}

function EditSeriesDialog({ seriesId, first, count, onClose }: { seriesId: string; first: ScheduleEventView; count: number; onClose: () => void }) {
  const t = useT();
  const { toast } = useToast();
  const qc = useQueryClient();
  const [title, setTitle] = useState(first.title);
  const [description, setDescription] = useState(first.description ?? '');
  const [start, setStart] = useState(hhmm(first.start_time));
  const [end, setEnd] = useState(hhmm(first.end_time));
  const [error, setError] = useState<string | null>(null);
  const [conflicts, setConflicts] = useState<ConflictView[] | null>(null);
  const [busy, setBusy] = useState(false);
  const body = (proceed: boolean) => ({ title, description, ...(start !== hhmm(first.start_time) || end !== hhmm(first.end_time) ? { start_time: start, end_time: end } : {}), proceed });
  const save = async (proceed: boolean) => {
    const parsed = SeriesEditSchema.safeParse(body(proceed));
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('shows.series.failed'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const res = await staffApi.editSeries(seriesId, body(proceed));
      setConflicts(null);
      toast({ title: t('shows.series.editDone'), description: t('shows.series.count', { count: res.count }), variant: 'success' });
      await qc.invalidateQueries({ queryKey: scheduleKeys.all });
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && Array.isArray(err.details?.conflicts)) setConflicts(err.details.conflicts as ConflictView[]);
      else {
        setConflicts(null);
        setError(err instanceof ApiError ? err.message : t('shows.series.failed'));
      }
    } finally {
      setBusy(false);
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void save(false);
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="edit-series-title" maxWidth="sm" fullWidth>
      <Box component="form" onSubmit={onSubmit} noValidate>
        <DialogTitle id="edit-series-title">{t('shows.series.editTitle')}</DialogTitle>
        <DialogContent>
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('shows.series.editIntro', { count })}
          </Alert>
          <Stack spacing={2}>
            <TextField label={t('shows.series.fieldTitle')} value={title} onChange={(e) => setTitle(e.target.value)} fullWidth required />
            <TextField label={t('shows.series.fieldDescription')} value={description} onChange={(e) => setDescription(e.target.value)} fullWidth multiline minRows={2} />
            <Stack direction="row" spacing={2}>
              <TextField label={t('shows.series.fieldStart')} type="time" value={start} onChange={(e) => setStart(e.target.value)} fullWidth slotProps={{ inputLabel: { shrink: true } }} />
              <TextField label={t('shows.series.fieldEnd')} type="time" value={end} onChange={(e) => setEnd(e.target.value)} fullWidth slotProps={{ inputLabel: { shrink: true } }} />
            </Stack>
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('shows.series.keep')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('shows.series.save', { count })}
          </Button>
        </DialogActions>
      </Box>
      <ConflictDialog conflicts={conflicts ?? []} open={conflicts !== null} busy={busy} onCancel={() => setConflicts(null)} onProceed={() => void save(true)} proceedNote={t('shows.series.proceedNote')} />
    </Dialog>
  );
}
