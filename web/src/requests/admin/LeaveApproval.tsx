import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LEAVE_SHOW_ACTIONS, type LeaveShowAction, type LoaView } from '../../../../shared/leave';
import type { MessageKey } from '../../../../shared/i18n/format';
import { ApiError } from '../../app/api';
import { approveLeave as approve, leaveShows as listShows, withdrawLeave as withdraw } from './api';
import { useIsMobile } from '../../app/media';
import { useToast } from '../../ui/toast';
import { useT } from '../../i18n/state';
import { useCalendarDate } from './texts';

const ACTION: Record<LeaveShowAction, MessageKey> = { cancel: 'loa.action.cancel', cover: 'loa.action.cover', keep: 'loa.action.keep' };

/**
 * Approve leave (issue 30): the presenter's shows inside the leave are listed
 * with a choice each (cancel the show, find cover, keep as booked); approving
 * applies them, so listeners see the outcome. Without shows it approves at once.
 */
export function LeaveApprovalDialog({ leave, onClose }: { leave: LoaView; onClose: () => void }) {
  const mobile = useIsMobile();
  const qc = useQueryClient();
  const { toast } = useToast();
  const t = useT();
  const day = useCalendarDate({ weekday: 'short', day: 'numeric', month: 'short' });
  const shows = useQuery({ queryKey: ['loa-shows', leave.id], queryFn: async () => (await listShows(leave.id)).shows, staleTime: 0 });
  const [choices, setChoices] = useState<Record<string, LeaveShowAction>>({});
  const save = useMutation({
    mutationFn: () => approve(leave.id, (shows.data ?? []).map((s) => ({ id: s.id, action: choices[s.id] ?? 'cancel' }))),
    onSuccess: () => {
      toast({ title: t('queue.statusUpdated'), description: t('queue.loaStatusChanged', { status: 'approved' }), variant: 'success' });
      onClose();
    },
    onError: (err) => toast({ title: t('queue.updateFailed'), description: err instanceof ApiError ? err.message : t('queue.updateFallback'), variant: 'error' }),
    onSettled: () => void qc.invalidateQueries({ queryKey: ['queue', 'loa'] }),
  });
  const n = shows.data?.length ?? 0;
  return (
    <Dialog open onClose={() => !save.isPending && onClose()} fullWidth maxWidth="sm" fullScreen={mobile} aria-labelledby="leave-approval-title">
      <DialogTitle id="leave-approval-title">{t('leave.approveTitle', { name: leave.presenter_name })}</DialogTitle>
      <DialogContent>
        {shows.isLoading ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }} role="status" aria-label={t('leave.loadingShows')}>
            <CircularProgress size={28} />
          </Box>
        ) : shows.isError ? (
          <Alert severity="error" action={<Button onClick={() => void shows.refetch()}>{t('leave.retry')}</Button>}>
            {t('leave.showsLoadFailed')}
          </Alert>
        ) : n === 0 ? (
          <DialogContentText>{t('leave.noShows', { name: leave.presenter_name })}</DialogContentText>
        ) : (
          <>
            <DialogContentText sx={{ mb: 2 }}>{t('loa.clashIntro', { count: n })}</DialogContentText>
            <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('loa.clashTitle')}>
              {shows.data!.map((s) => (
                <Box component="li" key={s.id} sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 200px' }, alignItems: 'center' }}>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600 }}>{s.title}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {day(s.event_date)}, {s.start_time}–{s.end_time}
                    </Typography>
                  </Box>
                  <TextField select size="small" label={t('leave.showChoice', { title: s.title })} value={choices[s.id] ?? 'cancel'} onChange={(e) => setChoices((c) => ({ ...c, [s.id]: e.target.value as LeaveShowAction }))}>
                    {LEAVE_SHOW_ACTIONS.map((a) => (
                      <MenuItem key={a.value} value={a.value}>
                        {t(ACTION[a.value])}
                      </MenuItem>
                    ))}
                  </TextField>
                </Box>
              ))}
            </Stack>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} color="inherit" disabled={save.isPending}>
          {t('leave.cancel')}
        </Button>
        <Button variant="contained" onClick={() => save.mutate()} disabled={save.isPending || shows.isLoading || shows.isError}>
          {save.isPending ? t('leave.approving') : t('leave.approve')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A presenter withdraws their own pending leave request. */
export function WithdrawLeaveButton({ leave }: { leave: LoaView }) {
  const qc = useQueryClient();
  const { toast } = useToast();
  const t = useT();
  const run = useMutation({
    mutationFn: () => withdraw(leave.id),
    onSuccess: () => toast({ title: t('loa.withdrawn'), description: t('loa.withdrawnText', { start: leave.start_date, end: leave.end_date }), variant: 'success' }),
    onError: (err) => toast({ title: t('queue.updateFailed'), description: err instanceof ApiError ? err.message : t('queue.updateFallback'), variant: 'error' }),
    onSettled: () => void qc.invalidateQueries({ queryKey: ['queue', 'loa'] }),
  });
  return (
    <Button size="small" variant="outlined" onClick={() => run.mutate()} disabled={run.isPending} aria-label={t('leave.withdrawLabel', { start: leave.start_date, end: leave.end_date })}>
      {run.isPending ? t('leave.withdrawing') : t('leave.withdraw')}
    </Button>
  );
}
