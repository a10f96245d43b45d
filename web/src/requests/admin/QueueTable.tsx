import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  MenuItem,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
  type ChipProps,
} from '@mui/material';
import { useMemo, useState, type ReactNode } from 'react';
import { can } from '../../../../shared/permissions';
import { QUEUE_STATUSES, type QueueKind, type RequestKind } from '../../../../shared/requests';
import { useIsMobile } from '../../app/media';
import { useAuth } from '../../auth/AuthProvider';
import { useTableFits } from '../../ui/fit';
import { useToast } from '../../ui/toast';
import { useQueue, useQueueMutations, type QueueRow } from './api';
import { BulkBar, SelectBox } from './BulkBar';
import { useT } from '../../i18n/state';
import { useQueueDate, useStatusLabel } from './texts';

/** One column of a queue: its heading and how a row shows in it. */
export interface QueueColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Keeps the cell on one line (dates). */
  nowrap?: boolean;
  /** Free text (a message, notes) that may break anywhere; other cells (names, titles) only break between words. */
  prose?: boolean;
}

const STATUS_COLOURS: Record<string, ChipProps['color']> = {
  pending: 'warning',
  approved: 'success',
  played: 'info',
  completed: 'info',
  responded: 'info',
  rejected: 'error',
  cancelled: 'default',
  closed: 'default',
  archived: 'default',
};

/** A status as a coloured badge (the read-only view and the live queue). */
export function StatusChip({ status }: { status: string }) {
  const label = useStatusLabel();
  return <Chip size="small" label={label(status)} color={STATUS_COLOURS[status] ?? 'default'} variant={status === 'pending' || status === 'rejected' ? 'outlined' : 'filled'} />;
}

/** Who may do what in a queue: managing requests is everyone's, LOA review and deletion moderator and above (001 §6). */
export function useQueueRights(kind: QueueKind): { change: boolean; remove: boolean } {
  const { profile } = useAuth();
  const role = profile?.role ?? null;
  return { change: can(role, kind === 'loa' ? 'loa.review' : 'requests.manage'), remove: can(role, 'requests.delete') };
}

/** The status cell: a dropdown of the queue's statuses, or a read-only badge that explains the refusal. */
function StatusCell({ kind, id, status, label, allowed, onChange, busy }: { kind: QueueKind; id: string; status: string; label: string; allowed: boolean; onChange: (s: string) => void; busy: boolean }) {
  const { toast } = useToast();
  const t = useT();
  const statusLabel = useStatusLabel();
  if (!allowed) {
    return (
      <Tooltip title={t('queue.denied.description')}>
        <Box
          component="button"
          type="button"
          aria-label={t('queue.statusReadOnly', { status: statusLabel(status) })}
          onClick={() => toast({ title: t('queue.denied.title'), description: t('queue.denied.description'), variant: 'error' })}
          sx={{ all: 'unset', cursor: 'not-allowed', display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
        >
          <StatusChip status={status} />
          <LockIcon fontSize="inherit" color="disabled" />
        </Box>
      </Tooltip>
    );
  }
  return (
    <TextField
      select
      size="small"
      value={status}
      disabled={busy}
      onChange={(e) => e.target.value !== status && onChange(e.target.value)}
      slotProps={{ htmlInput: { 'aria-label': t('queue.statusOf', { name: label }), 'data-request-id': id } }}
      sx={{ minWidth: 140 }}
    >
      {QUEUE_STATUSES[kind].map((s) => (
        <MenuItem key={s} value={s}>
          {statusLabel(s)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Asks before a delete (001 §5). */
export function ConfirmDeleteDialog({ open, title, text, busy, onCancel, onConfirm }: { open: boolean; title: string; text: string; busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  const t = useT();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="confirm-delete-title" maxWidth="xs" fullWidth>
      <DialogTitle id="confirm-delete-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          {t('queue.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy}>
          {t('queue.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** What a queue screen is made of: everything else is shared by the four queues. */
export interface QueueTableProps<K extends QueueKind> {
  kind: K;
  title: string;
  subtitle: string;
  columns: QueueColumn<QueueRow<K>>[];
  /** What to call a row in labels and the delete dialog. */
  describe: (row: QueueRow<K>) => string;
  /** Extra per-row actions before delete (the music-link lookup). */
  actions?: (row: QueueRow<K>, rights: { change: boolean; remove: boolean }) => ReactNode;
  /** The date column's heading. */
  dateHeader?: string;
  /** Takes over a status change (the leave approval dialog); answers true when it did. */
  interceptStatus?: (row: QueueRow<K>, status: string) => boolean;
}

/**
 * The one queue table of the staff panel, used by the song, shoutout,
 * general and LOA screens: status filter (all plus the queue's statuses),
 * the rows with a status dropdown (or read-only badge), month-day 24-hour
 * dates, delete with confirmation (or 'No access'), loading, empty and error
 * states, and cards instead of a table on phones. It follows the `requests`
 * realtime channel, so a new request appears without a reload.
 */
export function QueueTable<K extends QueueKind>({ kind, title, subtitle, columns, describe, actions, dateHeader, interceptStatus }: QueueTableProps<K>) {
  const [filter, setFilter] = useState<string>('all');
  const status = filter === 'all' ? undefined : filter;
  const { data, isLoading, error } = useQueue(kind, status);
  const { setStatus, remove } = useQueueMutations(kind);
  const rights = useQueueRights(kind);
  const mobile = useIsMobile();
  const { ref: fitRef, fits } = useTableFits();
  const cards = mobile || !fits;
  const [deleting, setDeleting] = useState<QueueRow<K> | null>(null);
  const { toast } = useToast();
  const t = useT();
  const statusLabel = useStatusLabel();
  const formatDate = useQueueDate();
  // Bulk actions (issue 30): the listener queues, for whoever may change statuses; a selection of rows still listed.
  const bulkKind: RequestKind | null = kind === 'loa' || !rights.change ? null : (kind as RequestKind);
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set());
  const selected = useMemo(() => (data ?? []).map((r) => r.id).filter((id) => picked.has(id)), [data, picked]);
  const pick = (id: string, on: boolean) =>
    setPicked((cur) => {
      const next = new Set(cur);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allPicked = Boolean(data && data.length > 0 && selected.length === data.length);
  const selectBox = (row: QueueRow<K>) => <SelectBox checked={picked.has(row.id)} label={t('queue.bulk.select', { name: describe(row) })} onChange={(on) => pick(row.id, on)} />;
  // Queue times are the reader's own clock (the schedule shows the station's): the zone is named (issue 30 item 7).
  const zone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);
  const dateLabel = t('queue.dateZone', { header: dateHeader ?? t('queue.requested'), zone });

  const statusCell = (row: QueueRow<K>) => (
    <StatusCell kind={kind} id={row.id} status={row.status} label={describe(row)} allowed={rights.change} busy={setStatus.isPending && setStatus.variables?.id === row.id} onChange={(s) => {
        if (!interceptStatus?.(row, s)) setStatus.mutate({ id: row.id, status: s });
      }} />
  );
  const actionCell = (row: QueueRow<K>) => (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
      {actions?.(row, rights)}
      {rights.remove ? (
        <Tooltip title={t('queue.delete')}>
          <IconButton aria-label={t('queue.deleteLabel', { name: describe(row) })} onClick={() => setDeleting(row)} size="small" sx={{ color: 'error.main' }}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Tooltip title={t('queue.deleteDenied')}>
          <Typography
            variant="caption"
            color="text.secondary"
            tabIndex={0}
            role="note"
            aria-label={t('queue.noAccessLabel', { reason: t('queue.deleteDenied') })}
            onClick={() => toast({ title: t('queue.noAccess'), description: t('queue.deleteDenied'), variant: 'warning' })}
            sx={{ cursor: 'not-allowed', whiteSpace: 'nowrap' }}
          >
            {t('queue.noAccess')}
          </Typography>
        </Tooltip>
      )}
    </Stack>
  );
  const dateOf = (row: QueueRow<K>) => formatDate(row.created_at);

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'flex-end' }, mb: 3 }}>
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
            {title}
          </Typography>
          <Typography color="text.secondary">{subtitle}</Typography>
        </Box>
        <TextField select size="small" label={t('queue.statusLabel')} value={filter} onChange={(e) => setFilter(e.target.value)} sx={{ minWidth: 180 }}>
          <MenuItem value="all">{t('queue.all')}</MenuItem>
          {QUEUE_STATUSES[kind].map((s) => (
            <MenuItem key={s} value={s}>
              {statusLabel(s)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>

      {bulkKind && <BulkBar kind={bulkKind} selected={selected} canDelete={rights.remove} onDone={() => setPicked(new Set())} />}

      {error ? (
        <Alert severity="error">{t(`queue.loadError.${kind}`)}</Alert>
      ) : isLoading ? (
        <Box role="status" aria-label={t('queue.loading', { title })}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={56} />
          ))}
        </Box>
      ) : !data || data.length === 0 ? (
        <Card>
          <CardContent>
            <Typography color="text.secondary" sx={{ textAlign: 'center', py: 3 }}>
              {t(`queue.empty.${kind}`)}
            </Typography>
          </CardContent>
        </Card>
      ) : (
        <Box ref={fitRef} data-fit={cards ? 'cards' : 'table'}>
        {cards ? (
        <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={title}>
          {data.map((row) => (
            <Card component="li" key={row.id} data-testid="queue-row">
              <CardContent sx={{ display: 'grid', gap: 1, '&:last-child': { pb: 2 } }}>
                {bulkKind && <Box sx={{ justifySelf: 'start', ml: -0.5 }}>{selectBox(row)}</Box>}
                {columns.map((c) => (
                  <Box key={c.header}>
                    <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600, textTransform: 'uppercase', letterSpacing: 0.5 }}>
                      {c.header}
                    </Typography>
                    <Box data-prose={c.prose ? '' : undefined} sx={{ overflowWrap: c.prose ? 'anywhere' : 'break-word' }}>{c.cell(row)}</Box>
                  </Box>
                ))}
                <Typography variant="body2" color="text.secondary">
                  {dateLabel}: {dateOf(row)}
                </Typography>
                <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  {statusCell(row)}
                  {actionCell(row)}
                </Stack>
              </CardContent>
            </Card>
          ))}
        </Stack>
      ) : (
        <TableContainer component={Card}>
          <Table aria-label={title}>
            <TableHead>
              <TableRow>
                {bulkKind && (
                  <TableCell padding="checkbox">
                    <SelectBox checked={allPicked} label={t('queue.bulk.selectAll')} onChange={(on) => setPicked(on ? new Set((data ?? []).map((r) => r.id)) : new Set())} />
                  </TableCell>
                )}
                {columns.map((c) => (
                  <TableCell key={c.header}>{c.header}</TableCell>
                ))}
                <TableCell>{t('queue.statusLabel')}</TableCell>
                <TableCell>{dateLabel}</TableCell>
                <TableCell align="right">{t('queue.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((row) => (
                <TableRow key={row.id} hover data-testid="queue-row" selected={picked.has(row.id)}>
                  {bulkKind && <TableCell padding="checkbox" sx={{ verticalAlign: 'top' }}>{selectBox(row)}</TableCell>}
                  {columns.map((c) => (
                    <TableCell key={c.header} data-prose={c.prose ? '' : undefined} sx={{ ...(c.nowrap ? { whiteSpace: 'nowrap' } : c.prose ? { overflowWrap: 'anywhere', minWidth: 160, maxWidth: 320 } : {}), verticalAlign: 'top' }}>
                      {c.cell(row)}
                    </TableCell>
                  ))}
                  <TableCell sx={{ verticalAlign: 'top' }}>{statusCell(row)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>{dateOf(row)}</TableCell>
                  <TableCell align="right" sx={{ verticalAlign: 'top' }}>
                    {actionCell(row)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        )}
        </Box>
      )}

      <ConfirmDeleteDialog
        open={deleting !== null}
        title={kind === 'loa' ? t('queue.loaDeleteTitle') : t('queue.deleteTitle')}
        text={kind === 'loa' ? t('queue.loaDeleteConfirm') : t('queue.deleteConfirm')}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSettled: () => setDeleting(null) });
        }}
      />
    </Box>
  );
}
