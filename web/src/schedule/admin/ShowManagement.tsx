import AddIcon from '@mui/icons-material/Add';
import PrintIcon from '@mui/icons-material/Print';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Divider,
  FormControl,
  FormControlLabel,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import {
  DATE_FILTERS,
  DEFAULT_DATE_FILTER,
  activeFilterCount,
  dateFilterRange,
  type BookingActor,
  type DateFilter,
  type ScheduleEventView,
} from '../../../../shared/bookings';
import { SCHEDULE_EVENT_STATUSES, addWeeks, compareEventsByDateTime, daysBetween, isValidDate, weekBounds } from '../../../../shared/schedule';
import { usePageMeta } from '../../app/meta';
import { useI18n, useT } from '../../i18n/state';
import { useStation } from '../../app/station';
import { scheduleKeys, staffApi, useScheduleLive } from '../api';
import { useNow } from '../components/useNow';
import { WeekNavigator } from '../components/WeekNavigator';
import { stationToday } from '../format';
import { modeLabel, showClock, showLongDate, statusCount, statusLabel, useDateFilterLabel } from './texts';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EditShowDialog } from './EditShow';
import { ResolveDialog } from './ResolveDialog';
import { StatusChip } from './StatusChip';
import { FollowerChip } from '../../pwa/FollowerChip';
import { useToast } from '../../ui/toast';
import { mayManage, useActor } from './useActor';
import { ViewShowDialog } from './ViewShowDialog';
import { MoveShowDialog } from './MoveShowDialog';
import { SeriesActions } from './SeriesActions';

type Dialog = { kind: 'view' | 'edit' | 'move' | 'resolve' | 'delete'; show: ScheduleEventView } | null;

/**
 * Show Management (spec 001 §2): the timeline by day with the week
 * navigator (the active week by default), the series view with expandable
 * groups, status and date filters with the active-filter count, and the
 * Book New Show, Approve, Resolve, Edit, View and Delete actions.
 * `?week=yyyy-MM-dd` opens a given week.
 */
export function ShowManagement() {
  return <ShowManagementView />;
}

function ShowManagementView() {
  const t = useT();
  const dateFilterLabel = useDateFilterLabel();
  usePageMeta({ title: t('showMgmt.title') });
  useScheduleLive();
  const station = useStation();
  const now = useNow(60_000);
  const today = stationToday(station.timezone, now);
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const stateWeek = (location.state as { week?: string } | null)?.week;
  const requested = params.get('week') ?? stateWeek ?? null;
  const week = weekBounds(requested && isValidDate(requested) ? requested : today);
  const currentWeek = weekBounds(today).start;
  const setWeek = (d: string) => {
    const next = new URLSearchParams(params);
    if (d === currentWeek) next.delete('week');
    else next.set('week', d);
    setParams(next, { replace: true, state: null });
  };

  const [view, setView] = useState<'timeline' | 'series'>('timeline');
  const [status, setStatus] = useState<string>('all');
  const [dateFilter, setDateFilter] = useState<DateFilter>(DEFAULT_DATE_FILTER);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [search, setSearch] = useState('');
  const [mine, setMine] = useState(false);
  const searched = useDeferredValue(search.trim());
  const actor = useActor();
  const ownPresenter = actor.data?.ownPresenter ?? null;
  const range = dateFilterRange(dateFilter, today);

  let from = range.from;
  let to = range.to;
  if (view === 'timeline') {
    from = from && from > week.start ? from : week.start;
    to = to && to < week.end ? to : week.end;
  }
  const emptyRange = Boolean(from && to && from > to);
  const q = {
    type: 'show',
    status: status === 'all' ? undefined : status,
    from,
    to,
    q: searched || undefined,
    presenter_id: mine && ownPresenter ? ownPresenter.id : undefined,
    order: 'desc' as const,
  };
  const events = useQuery({ queryKey: scheduleKeys.events(q), queryFn: () => staffApi.events(q), enabled: !emptyRange });
  const list = emptyRange ? [] : (events.data?.events ?? []);
  const count = activeFilterCount({ status, date: dateFilter }) + (searched ? 1 : 0) + (mine && ownPresenter ? 1 : 0);

  return (
    <Box sx={{ p: { xs: 0, md: 3 }, maxWidth: 1200 }}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ whiteSpace: 'nowrap', fontSize: { xs: '1.75rem', md: '2.125rem' } }}>
          {t('showMgmt.title')}
        </Typography>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={`/admin/rota${week.start === currentWeek ? '' : `?week=${week.start}`}`} variant="outlined" startIcon={<PrintIcon />} sx={{ whiteSpace: 'nowrap' }}>
            {t('rota.open')}
          </Button>
          <Button component={RouterLink} to="/admin/shows/new" variant="contained" startIcon={<AddIcon />} sx={{ whiteSpace: 'nowrap' }}>
            {t('showMgmt.bookNew')}
          </Button>
        </Stack>
      </Stack>

      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <TextField
            size="small"
            type="search"
            label={t('shows.search.label')}
            placeholder={t('shows.search.placeholder')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            sx={{ minWidth: 220, flex: { xs: '1 1 100%', sm: '0 1 260px' } }}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          {ownPresenter && <FormControlLabel control={<Switch checked={mine} onChange={(e) => setMine(e.target.checked)} />} label={t('shows.search.mine')} />}
          <FormControl size="small" sx={{ minWidth: 180 }}>
            <InputLabel id="status-filter-label">{t('showMgmt.status')}</InputLabel>
            <Select
              labelId="status-filter-label"
              label={t('showMgmt.status')}
              value={status}
              onChange={(e) => setStatus(e.target.value === '__clear' ? 'all' : e.target.value)}
            >
              <MenuItem value="all">{t('showMgmt.allStatuses')}</MenuItem>
              {SCHEDULE_EVENT_STATUSES.filter((s) => s !== 'completed').map((s) => (
                <MenuItem key={s} value={s}>
                  {statusLabel(t, s)}
                </MenuItem>
              ))}
              <Divider />
              <MenuItem value="__clear">{t('showMgmt.clearFilter')}</MenuItem>
            </Select>
          </FormControl>
          <FormControl size="small" sx={{ minWidth: 180 }}>
            <InputLabel id="date-filter-label">{t('showMgmt.dates')}</InputLabel>
            <Select labelId="date-filter-label" label={t('showMgmt.dates')} value={dateFilter} onChange={(e) => setDateFilter(e.target.value as DateFilter)}>
              {DATE_FILTERS.map((f) => (
                <MenuItem key={f} value={f}>
                  {dateFilterLabel(f)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <Chip label={t('showMgmt.activeFilters', { count })} color={count > 0 ? 'primary' : 'default'} variant="outlined" aria-live="polite" />
          <Button
            size="small"
            disabled={count === 0}
            onClick={() => {
              setStatus('all');
              setDateFilter(DEFAULT_DATE_FILTER);
              setSearch('');
              setMine(false);
            }}
          >
            {t('showMgmt.clearFilters')}
          </Button>
        </CardContent>
      </Card>

      <Tabs value={view} onChange={(_e, v: 'timeline' | 'series') => setView(v)} aria-label={t('showMgmt.views')} sx={{ mb: 2 }}>
        <Tab value="timeline" label={t('showMgmt.timeline')} />
        <Tab value="series" label={t('showMgmt.series')} />
      </Tabs>

      {view === 'timeline' && (
        <Box sx={{ mb: 2 }}>
          <WeekNavigator
            start={week.start}
            end={week.end}
            isCurrent={week.start === currentWeek}
            onPrevious={() => setWeek(addWeeks(week.start, -1))}
            onNext={() => setWeek(addWeeks(week.start, 1))}
            onCurrent={() => setWeek(currentWeek)}
          />
        </Box>
      )}

      {events.isError ? (
        <Alert severity="error" action={<Button color="inherit" onClick={() => void events.refetch()}>{t('common.tryAgain')}</Button>}>
          {t('showMgmt.loadFailed')}
        </Alert>
      ) : events.isPending && !emptyRange ? (
        <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 4 }}>
          <CircularProgress size={20} /> {t('showMgmt.loading')}
        </Box>
      ) : list.length === 0 ? (
        <Card variant="outlined">
          <CardContent>
            <Typography>{t('bookings.msg.noShowsFound')}</Typography>
          </CardContent>
        </Card>
      ) : view === 'timeline' ? (
        <Timeline events={list} today={today} actor={actor.data} open={setDialog} />
      ) : (
        <SeriesView events={list} today={today} actor={actor.data} open={setDialog} />
      )}

      {dialog?.kind === 'view' && <ViewShowDialog show={dialog.show} open onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <EditShowDialog show={dialog.show} open onClose={() => setDialog(null)} />}
      {dialog?.kind === 'move' && <MoveShowDialog show={dialog.show} today={today} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'resolve' && <ResolveDialog show={dialog.show} open onClose={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && <DeleteShow show={dialog.show} onClose={() => setDialog(null)} />}
    </Box>
  );
}

function Timeline({ events, today, actor, open }: { events: ScheduleEventView[]; today: string; actor: BookingActor | undefined; open: (d: Dialog) => void }) {
  const i18n = useI18n();
  const { t } = i18n;
  const sorted = [...events].sort(compareEventsByDateTime);
  const days = [...new Set(sorted.map((e) => e.event_date))];
  const relative = (day: string): string | null => {
    const diff = daysBetween(today, day);
    return diff === 0 ? t('showMgmt.today') : diff === 1 ? t('showMgmt.tomorrow') : diff === -1 ? t('showMgmt.yesterday') : null;
  };
  return (
    <Stack spacing={3}>
      {days.map((day) => (
        <Box component="section" key={day} aria-labelledby={`tl-${day}`}>
          <Typography id={`tl-${day}`} variant="h6" component="h2" sx={{ mb: 1 }}>
            {relative(day) ?? showLongDate(day, i18n)}
            {relative(day) !== null && (
              <Typography component="span" color="text.secondary" sx={{ ml: 1, fontSize: '0.9rem' }}>
                {showLongDate(day, i18n)}
              </Typography>
            )}
          </Typography>
          <Stack spacing={1}>
            {sorted
              .filter((e) => e.event_date === day)
              .map((e) => (
                <ShowRow key={e.id} show={e} actor={actor} open={open} />
              ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

function SeriesView({ events, today, actor, open }: { events: ScheduleEventView[]; today: string; actor: BookingActor | undefined; open: (d: Dialog) => void }) {
  const i18n = useI18n();
  const { t } = i18n;
  const groups = new Map<string, ScheduleEventView[]>();
  const singles: ScheduleEventView[] = [];
  for (const e of events) {
    if (!e.series_id) {
      singles.push(e);
      continue;
    }
    const g = groups.get(e.series_id);
    if (g) g.push(e);
    else groups.set(e.series_id, [e]);
  }
  const all = [...groups.entries()].map(([id, list]) => ({ id, list: list.sort(compareEventsByDateTime) }));
  if (singles.length > 0) all.push({ id: 'singles', list: singles.sort(compareEventsByDateTime) });
  return (
    <Box>
      {all.map(({ id, list }) => {
        const first = list[0]!;
        const last = list[list.length - 1]!;
        const counts = new Map<string, number>();
        for (const e of list) counts.set(e.status, (counts.get(e.status) ?? 0) + 1);
        const heading = id === 'singles' ? t('showMgmt.singles') : first.title;
        const kind = id === 'singles' ? t('showMgmt.showCount', { count: list.length }) : t('showMgmt.seriesKind', { mode: modeLabel(t, first.recurrence_type === 'once' ? 'calendar' : first.recurrence_type), count: list.length });
        return (
          <Accordion key={id} variant="outlined" disableGutters slotProps={{ transition: { unmountOnExit: true } }}>
            <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`series-${id}`} id={`series-h-${id}`}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', width: '100%' }}>
                <Typography component="h2" sx={{ fontWeight: 700, mr: 1 }}>
                  {heading}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {kind}
                  {id !== 'singles' && first.presenter_name ? ` · ${first.presenter_name}` : ''} · {showLongDate(first.event_date, i18n)}
                  {last.event_date !== first.event_date ? ` – ${showLongDate(last.event_date, i18n)}` : ''}
                </Typography>
                <Box sx={{ display: 'flex', gap: 0.5, ml: { sm: 'auto' } }}>
                  {id !== 'singles' && <FollowerChip showIds={list.map((e) => e.id)} />}
                  {[...counts.entries()].map(([s, n]) => (
                    <Chip key={s} size="small" variant="outlined" label={statusCount(t, s as ScheduleEventView['status'], n)} />
                  ))}
                </Box>
              </Box>
            </AccordionSummary>
            <AccordionDetails id={`series-${id}`}>
              {id !== 'singles' && <SeriesActions seriesId={id} shows={list} today={today} actor={actor} />}
              <Stack spacing={1}>
                {list.map((e) => (
                  <ShowRow key={e.id} show={e} actor={actor} open={open} withDate />
                ))}
              </Stack>
            </AccordionDetails>
          </Accordion>
        );
      })}
    </Box>
  );
}

/** A show's series kind after its presenter ('weekly series'). */
const SERIES_KIND = { once: 'showMgmt.seriesOnce', daily: 'showMgmt.seriesDaily', weekly: 'showMgmt.seriesWeekly', monthly: 'showMgmt.seriesMonthly' } as const;

/** The statuses the server lets a show be moved from (server/src/schedule/service.ts moveShow). */
const MOVABLE = new Set(['scheduled', 'pending', 'conflicted', 'needs_review']);

/** One show with its status and the actions the signed-in user may take. */
function ShowRow({ show, actor, open, withDate = false }: { show: ScheduleEventView; actor: BookingActor | undefined; open: (d: Dialog) => void; withDate?: boolean }) {
  const { toast } = useToast();
  const i18n = useI18n();
  const { t } = i18n;
  const movable = MOVABLE.has(show.status);
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const manage = mayManage(actor, show);
  const canApprove = Boolean(actor?.capabilities.approve) && show.status === 'pending';
  const canResolve = Boolean(actor?.capabilities.resolve) && (show.status === 'conflicted' || show.status === 'needs_review');

  const approve = async () => {
    setBusy(true);
    try {
      await staffApi.approve(show.id);
      toast({ title: t('showMgmt.approved'), description: t('showMgmt.onDate', { title: show.title, date: showLongDate(show.event_date, i18n) }), variant: 'success' });
      await qc.invalidateQueries({ queryKey: scheduleKeys.all });
    } catch {
      toast({ title: t('showMgmt.error'), description: t('showMgmt.approveFailed'), variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card variant="outlined" component="article" aria-label={`${show.title}, ${showLongDate(show.event_date, i18n)}`}>
      <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', py: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Box sx={{ width: withDate ? 210 : 120, flexShrink: 0, fontVariantNumeric: 'tabular-nums', fontWeight: 700, whiteSpace: 'nowrap' }}>
          {withDate && (
            <Typography variant="caption" component="div" color="text.secondary">
              {showLongDate(show.event_date, i18n)}
            </Typography>
          )}
          {showClock(show.start_time, i18n)} – {showClock(show.end_time, i18n)}
        </Box>
        <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
          <Typography component="h3" sx={{ fontWeight: 700 }}>
            {show.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {show.presenter_name ?? show.host ?? t('showMgmt.noPresenter')}
            {show.booking_type === 'series' ? ` · ${t(SERIES_KIND[show.recurrence_type])}` : ''}
          </Typography>
        </Box>
        <StatusChip status={show.status} />
        {!show.series_id && <FollowerChip showIds={[show.id]} />}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {canApprove && (
            <Button size="small" variant="contained" color="success" disabled={busy} onClick={() => void approve()}>
              {t('showMgmt.approve')}
            </Button>
          )}
          {canResolve && (
            <Button size="small" variant="contained" color="warning" onClick={() => open({ kind: 'resolve', show })}>
              {t('showMgmt.resolve')}
            </Button>
          )}
          <Button size="small" onClick={() => open({ kind: 'view', show })}>
            {t('showMgmt.view')}
          </Button>
          {manage && (
            <Button size="small" onClick={() => open({ kind: 'edit', show })}>
              {t('showMgmt.edit')}
            </Button>
          )}
          {manage && movable && (
            <Button size="small" onClick={() => open({ kind: 'move', show })}>
              {t('shows.move.action')}
            </Button>
          )}
          {manage && (
            <Button size="small" color="error" onClick={() => open({ kind: 'delete', show })}>
              {t('showMgmt.delete')}
            </Button>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}

function DeleteShow({ show, onClose }: { show: ScheduleEventView; onClose: () => void }) {
  const { toast } = useToast();
  const i18n = useI18n();
  const { t } = i18n;
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await staffApi.remove(show.id);
      toast({ title: t('showMgmt.deleted'), description: t('showMgmt.onDate', { title: show.title, date: showLongDate(show.event_date, i18n) }), variant: 'success' });
      await qc.invalidateQueries({ queryKey: scheduleKeys.all });
      onClose();
    } catch {
      toast({ title: t('showMgmt.error'), description: t('showMgmt.deleteFailed'), variant: 'error' });
      setBusy(false);
    }
  };
  return <ConfirmDialog open focusCancel title={t('showMgmt.deleteTitle')} message={t('showMgmt.deleteConfirm')} confirmLabel={t('showMgmt.delete')} dismissLabel={t('showMgmt.cancel')} busy={busy} onConfirm={() => void confirm()} onClose={onClose} />;
}
