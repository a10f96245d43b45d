import DownloadIcon from '@mui/icons-material/Download';
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
  DialogTitle,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import type { MessageKey } from '../../../shared/i18n/format';
import { LOG_ACTION_FILTERS, LOG_FAILED_FILTERS, LOG_PERIODS, type LogEntry } from '../../../shared/notifications';
import { ApiError } from '../app/api';
import { useIsMobile } from '../app/media';
import { useTableFits } from '../ui/fit';
import { downloadLogsCsv, useLogList, useLogStats, type ActionFilter, type FailedFilter } from '../logs/api';
import { OutstandingBookings } from '../schedule/admin/OutstandingBookings';
import { useI18n, useT } from '../i18n/state';
import { useToast } from '../ui/toast';
import { SearchField } from '../ui/Filters';

const ACTION_LABELS: Record<ActionFilter, MessageKey> = { all: 'logs.action.all', create: 'logs.action.create', update: 'logs.action.update', delete: 'logs.action.delete', login: 'logs.action.login' };
/** An entry's action as a chip (an action the catalogue does not name is shown as written: "login failed"). */
const CHIP_LABELS: Record<string, MessageKey> = { create: 'logs.action.create', update: 'logs.action.update', delete: 'logs.action.delete', login: 'logs.action.login', login_failed: 'logs.action.loginFailed' };
const ACTION_COLOR: Record<string, 'success' | 'info' | 'error' | 'secondary' | 'default'> = { create: 'success', update: 'info', delete: 'error', login: 'secondary' };
// The reader's own clock, its zone named on every time (the schedule shows the station's; issue 30 item 7), in their language.
function useStamp(): (iso: string) => string {
  const { intl } = useI18n();
  const [format] = useState(() => new Intl.DateTimeFormat(intl, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', timeZoneName: 'short' }));
  return (iso: string) => format.format(new Date(iso));
}

const FAILED_LABELS: Record<FailedFilter, MessageKey> = { show: 'logs.failed.show', hide: 'logs.failed.hide' };

/** Waits until typing pauses before searching. */
function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

function StatCard({ label, value }: { label: string; value: number | undefined }) {
  const { intl } = useI18n();
  return (
    <Card variant="outlined" sx={{ flex: 1, minWidth: 0 }}>
      <CardContent sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Typography variant="body2" color="text.secondary" sx={{ fontSize: { xs: 12, sm: 14 } }}>
          {label}
        </Typography>
        {value === undefined ? <Skeleton width={60} height={40} /> : <Typography sx={{ fontSize: { xs: 22, sm: 30 }, fontWeight: 800 }}>{value.toLocaleString(intl)}</Typography>}
      </CardContent>
    </Card>
  );
}

function ActionChip({ action }: { action: string }) {
  const t = useT();
  const key = CHIP_LABELS[action];
  return <Chip size="small" label={key ? t(key) : action.replace('_', ' ')} color={ACTION_COLOR[action] ?? 'default'} variant="outlined" />;
}

function DetailDialog({ entry, onClose }: { entry: LogEntry | null; onClose: () => void }) {
  const t = useT();
  const stamp = useStamp();
  return (
    <Dialog open={entry !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="log-detail-title">
      <DialogTitle id="log-detail-title">{t('logs.details.title')}</DialogTitle>
      {entry && (
        <DialogContent dividers>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, overflowWrap: 'anywhere' } }}>
            <dt>{t('logs.col.user')}</dt>
            <dd>{entry.user_email ?? t('logs.system')}</dd>
            <dt>{t('logs.col.action')}</dt>
            <dd>
              <ActionChip action={entry.action_type} />
            </dd>
            <dt>{t('logs.col.resource')}</dt>
            <dd>
              {entry.resource_name ?? '—'} <Typography component="span" variant="body2" color="text.secondary">({/* The record's kind and id as the audit trail stores them: identifiers, not words. */}
                <Box component="code" sx={{ fontFamily: 'inherit', fontSize: 'inherit' }}>
                  {entry.resource_type}
                  {entry.resource_id ? ` · ${entry.resource_id}` : ''}
                </Box>
                )</Typography>
            </dd>
            <dt>{t('logs.details.timestamp')}</dt>
            <dd>{stamp(entry.created_at)}</dd>
          </Box>
          <Typography variant="subtitle2" sx={{ mt: 2, mb: 0.5 }}>
            {t('logs.details.details')}
          </Typography>
          <Paper variant="outlined" component="pre" sx={{ p: 1.5, m: 0, fontSize: 13, overflow: 'auto', maxHeight: 320, bgcolor: 'action.hover', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {entry.details === null ? t('logs.details.none') : JSON.stringify(entry.details, null, 2)}
          </Paper>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('logs.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The Logs screen (001 §2 Logs): statistics, the activity log with search and filters, the CSV export and the Outstanding Bookings card. */
export default function LogsScreen() {
  const [search, setSearch] = useState('');
  const [action, setAction] = useState<ActionFilter>('all');
  const [days, setDays] = useState<number>(30);
  const [failed, setFailed] = useState<FailedFilter>('show');
  const [open, setOpen] = useState<LogEntry | null>(null);
  const [exporting, setExporting] = useState(false);
  const q = useDebounced(search.trim(), 300);
  const mobile = useIsMobile();
  const { ref: fitRef, fits } = useTableFits();
  const cards = mobile || !fits;
  const { toast } = useToast();
  const t = useT();
  const stamp = useStamp();
  const stats = useLogStats(days);
  const list = useLogList(q, action, days, failed);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadLogsCsv(search.trim(), action, days, failed);
      toast({ title: t('logs.exported'), variant: 'success' });
    } catch {
      toast({ title: t('logs.exportFailed'), variant: 'error' });
    } finally {
      setExporting(false);
    }
  };
  const rows = list.data ?? [];
  // On a phone the first ten entries, then a button for the rest: Outstanding Bookings stays in reach below.
  const [allOnPhone, setAllOnPhone] = useState(false);
  const PHONE_ROWS = 10;

  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 3 }}>
        {t('logs.title')}
      </Typography>
      <Stack direction="row" sx={{ gap: { xs: 1, sm: 2 }, mb: 3 }}>
        <StatCard label={t('logs.stat.total')} value={stats.data?.total_actions} />
        <StatCard label={t('logs.stat.today')} value={stats.data?.actions_today} />
        <StatCard label={t('logs.stat.week')} value={stats.data?.actions_this_week} />
      </Stack>
      {stats.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('logs.statsFailed')}
        </Alert>
      )}

      <Card variant="outlined" component="section" aria-labelledby="activity-title" sx={{ mb: 3 }}>
        <CardContent>
          <Typography id="activity-title" variant="h6" component="h2" sx={{ mb: 2 }}>
            {t('logs.activity')}
          </Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 1.5, mb: 2 }}>
            <SearchField placeholder={t('logs.searchPlaceholder')} ariaLabel={t('logs.search')} value={search} onChange={setSearch} sx={{ flex: 1 }} />
            {/* Three filters wrap onto two lines on a phone rather than run out of the card. */}
            <Stack direction="row" sx={{ gap: 1.5, flexWrap: { xs: 'wrap', md: 'nowrap' } }}>
              <TextField select size="small" label={t('logs.col.action')} value={action} onChange={(e) => setAction(e.target.value as ActionFilter)} sx={{ minWidth: 140, flex: 1 }}>
                {LOG_ACTION_FILTERS.map((a) => (
                  <MenuItem key={a} value={a}>
                    {t(ACTION_LABELS[a])}
                  </MenuItem>
                ))}
              </TextField>
              <TextField select size="small" label={t('logs.period')} value={days} onChange={(e) => setDays(Number(e.target.value))} sx={{ minWidth: 160, flex: 1 }}>
                {LOG_PERIODS.map((d) => (
                  <MenuItem key={d} value={d}>
                    {t('logs.lastDays', { days: d })}
                  </MenuItem>
                ))}
              </TextField>
              <TextField select size="small" label={t('logs.failedSignIns')} value={failed} onChange={(e) => setFailed(e.target.value as FailedFilter)} sx={{ minWidth: 140, flex: 1 }}>
                {LOG_FAILED_FILTERS.map((f) => (
                  <MenuItem key={f} value={f}>
                    {t(FAILED_LABELS[f])}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <Button variant="contained" startIcon={<DownloadIcon />} onClick={() => void exportCsv()} disabled={exporting}>
              {exporting ? t('logs.exporting') : t('logs.export')}
            </Button>
          </Stack>

          {list.isPending ? (
            <Stack sx={{ gap: 1 }} role="status" aria-label={t('logs.loading')}>
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} variant="rounded" height={40} />
              ))}
            </Stack>
          ) : list.isError ? (
            <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void list.refetch()}>{t('logs.tryAgain')}</Button>}>
              {list.error instanceof ApiError ? list.error.message : t('logs.loadFailed')}
            </Alert>
          ) : rows.length === 0 ? (
            <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4 }}>
              {t('logs.empty')}
            </Typography>
          ) : (
            <Box ref={fitRef} data-fit={cards ? 'cards' : 'table'}>
            {cards ? (
            <>
            <Stack component="ul" sx={{ p: 0, m: 0, gap: 1 }} aria-label={t('logs.activity')}>
              {(allOnPhone ? rows : rows.slice(0, PHONE_ROWS)).map((l) => (
                <Paper key={l.id} component="li" variant="outlined" sx={{ listStyle: 'none' }}>
                  <Button onClick={() => setOpen(l)} color="inherit" sx={{ display: 'block', width: '100%', textAlign: 'start', textTransform: 'none', p: 1.5 }}>
                    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 0.5 }}>
                      <ActionChip action={l.action_type} />
                      <Typography variant="caption" color="text.secondary" sx={{ marginInlineStart: 'auto' }}>
                        {stamp(l.created_at)}
                      </Typography>
                    </Stack>
                    <Typography variant="body2" data-prose sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {l.resource_name ?? l.resource_type}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'break-word' }}>
                      {l.user_email ?? t('logs.system')} · <code style={{ font: 'inherit' }}>{l.resource_type}</code>
                    </Typography>
                  </Button>
                </Paper>
              ))}
            </Stack>
            {!allOnPhone && rows.length > PHONE_ROWS && (
              <Button fullWidth variant="outlined" sx={{ mt: 1.5 }} onClick={() => setAllOnPhone(true)}>
                {t('logs.showAll', { count: rows.length })}
              </Button>
            )}
            </>
          ) : (
            <TableContainer>
              <Table size="small" aria-label={t('logs.activity')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('logs.col.time')}</TableCell>
                    <TableCell>{t('logs.col.user')}</TableCell>
                    <TableCell>{t('logs.col.action')}</TableCell>
                    <TableCell>{t('logs.col.resource')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((l) => (
                    <TableRow
                      key={l.id}
                      hover
                      tabIndex={0}
                      onClick={() => setOpen(l)}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter' || e.key === ' ') {
                          e.preventDefault();
                          setOpen(l);
                        }
                      }}
                      sx={{ cursor: 'pointer' }}
                      aria-label={t('logs.rowLabel', { action: l.action_type, resource: l.resource_name ?? l.resource_type, user: l.user_email ?? t('logs.system') })}
                    >
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{stamp(l.created_at)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{l.user_email ?? t('logs.system')}</TableCell>
                      <TableCell>
                        <ActionChip action={l.action_type} />
                      </TableCell>
                      <TableCell data-prose sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>
                        {l.resource_name ?? '—'}
                        <Typography component="code" variant="caption" color="text.secondary" sx={{ display: 'block', fontFamily: 'inherit' }}>
                          {l.resource_type}
                        </Typography>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            )}
            </Box>
          )}
        </CardContent>
      </Card>
      <OutstandingBookings />
      <DetailDialog entry={open} onClose={() => setOpen(null)} />
    </Box>
  );
}
