import { Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { QUEUE_STATUSES, type RequestKind } from '../../../../shared/requests';
import { useT } from '../../i18n/state';
import { useToast } from '../../ui/toast';
import { bulkAction, updateErrorText } from './api';
import { statusText } from './texts';

/** A row's selection box (issue 30: bulk actions in the request queues). */
export function SelectBox({ checked, label, onChange }: { checked: boolean; label: string; onChange: (on: boolean) => void }) {
  return <Checkbox size="small" checked={checked} onChange={(e) => onChange(e.target.checked)} slotProps={{ input: { 'aria-label': label } }} sx={{ p: 0.5 }} />;
}

/**
 * The bulk bar of a listener queue (issue 30), shown while requests are selected: how many, a status to give them
 * all, and Delete for moderators and above (asked first). One `POST /api/requests/{kind}/bulk` for the lot; the
 * queue refreshes from the `requests` channel as each changes.
 */
export function BulkBar({ kind, selected, canDelete, onDone }: { kind: RequestKind; selected: string[]; canDelete: boolean; onDone: () => void }) {
  const t = useT();
  const { toast } = useToast();
  const qc = useQueryClient();
  const [status, setStatus] = useState('');
  const [confirming, setConfirming] = useState(false);
  const run = useMutation({
    mutationFn: (body: { action: 'status'; status: string; ids: string[] } | { action: 'delete'; ids: string[] }) => bulkAction(kind, body),
    onSuccess: (res, body) => {
      toast({ title: body.action === 'delete' ? t('queue.bulk.deleted', { count: res.done.length }) : t('queue.bulk.updated', { count: res.done.length, status: body.action === 'status' ? statusText(t, body.status) : '' }), ...(res.missing.length ? { description: t('queue.bulk.missing', { count: res.missing.length }) } : {}), variant: 'success' });
      setStatus('');
      onDone();
    },
    onError: (err) => toast({ title: t('queue.bulk.failed'), description: updateErrorText(t, err), variant: 'error' }),
    onSettled: () => void qc.invalidateQueries({ queryKey: ['queue', kind] }),
  });
  if (selected.length === 0) return null;
  return (
    <Paper variant="outlined" role="region" aria-label={t('queue.bulk.region')} sx={{ p: 1.5, mb: 2, position: 'sticky', top: 72, zIndex: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600, flex: '1 1 auto' }} aria-live="polite">
          {t('queue.bulk.selected', { count: selected.length })}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField select size="small" label={t('queue.bulk.setStatus')} value={status} onChange={(e) => setStatus(e.target.value)} sx={{ minWidth: 160 }}>
            {QUEUE_STATUSES[kind].map((s) => (
              <MenuItem key={s} value={s}>
                {statusText(t, s)}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="contained" disabled={!status || run.isPending} onClick={() => run.mutate({ action: 'status', status, ids: selected })}>
            {t('queue.bulk.apply')}
          </Button>
          {canDelete && (
            <Button color="error" variant="outlined" disabled={run.isPending} onClick={() => setConfirming(true)}>
              {t('queue.bulk.delete')}
            </Button>
          )}
          <Button color="inherit" disabled={run.isPending} onClick={onDone}>
            {t('queue.bulk.clear')}
          </Button>
        </Box>
      </Stack>
      <Dialog open={confirming} onClose={() => !run.isPending && setConfirming(false)} aria-labelledby="bulk-delete-title" maxWidth="xs" fullWidth>
        <DialogTitle id="bulk-delete-title">{t('queue.bulk.deleteTitle', { count: selected.length })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('queue.bulk.deleteText', { count: selected.length })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} autoFocus disabled={run.isPending}>
            {t('queue.bulk.cancel')}
          </Button>
          <Button color="error" variant="contained" disabled={run.isPending} onClick={() => run.mutate({ action: 'delete', ids: selected }, { onSettled: () => setConfirming(false) })}>
            {t('queue.bulk.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
