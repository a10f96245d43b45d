import AddIcon from '@mui/icons-material/Add';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  BOOKING_MESSAGES,
  EVENT_TYPES,
  OVERVIEW_EVENT_TYPES,
  OVERVIEW_STATUSES,
  OverviewEventSchema,
  SCHEDULE_LIMITS,
  type ConflictView,
  type OverviewEventInput,
  type ScheduleEventView,
} from '../../../../shared/bookings';
import { DEFAULT_SLOT, addDays, compareEventsByDateTime, dateParts, daysInMonth, isLiveNow, longDate, makeDate } from '../../../../shared/schedule';
import { ApiError } from '../../app/api';
import { usePageMeta } from '../../app/meta';
import { useStation } from '../../app/station';
import { scheduleKeys, staffApi, useScheduleLive } from '../api';
import { hhmm, stationToday } from '../format';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ConflictDialog } from './ConflictDialog';
import { MonthCalendar, monthOf } from './MonthCalendar';
import { StatusChip } from './StatusChip';
import { useI18n, useT } from '../../i18n/state';
import { useErrorText } from '../../i18n/errors';
import type { MessageKey } from '../../../../shared/i18n/format';
import { useToast } from '../../ui/toast';
import { useActor } from './useActor';
import { showClock, showLongDate, statusLabel } from './texts';

const TYPE_KEYS: Record<string, MessageKey> = { show: 'showMgmt.type.show', event: 'showMgmt.type.event', maintenance: 'showMgmt.type.maintenance' };

/**
 * Schedule Overview (spec 001 §2): a month calendar on the left, the
 * selected day's events on the right, with Book New Slot, Edit, Cancel and
 * Delete for moderators and above.
 */
export function ScheduleOverview() {
  return <Overview />;
}

type Editing = { mode: 'new'; date: string } | { mode: 'edit'; event: ScheduleEventView } | null;

function Overview() {
  const i18n = useI18n();
  const { t } = i18n;
  usePageMeta({ title: t('overview.title') });
  useScheduleLive();
  const station = useStation();
  const today = stationToday(station.timezone);
  const [selected, setSelected] = useState(today);
  const [month, setMonth] = useState(monthOf(today));
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ScheduleEventView | null>(null);
  const [cancelling, setCancelling] = useState<ScheduleEventView | null>(null);
  const actor = useActor();
  const canEdit = Boolean(actor.data?.capabilities.overview);
  const { toast } = useToast();
  const qc = useQueryClient();

  const { year, month: m } = dateParts(month);
  // The month plus the day before it (a show there may run past midnight into the 1st).
  const q = { from: addDays(month, -1), to: makeDate(year, m, daysInMonth(year, m)), order: 'asc' as const };
  const events = useQuery({ queryKey: scheduleKeys.events({ ...q, scope: 'overview' }), queryFn: () => staffApi.events(q) });
  const all = events.data?.events ?? [];
  const countByDate = new Map<string, number>();
  for (const e of all) if (e.status !== 'cancelled') countByDate.set(e.event_date, (countByDate.get(e.event_date) ?? 0) + 1);
  const day = all.filter((e) => e.event_date === selected).sort(compareEventsByDateTime);

  // Cancel asks first (saying so when the show is on air now) and offers Undo (issue 30 item 7).
  const cancel = async (e: ScheduleEventView) => {
    setCancelling(null);
    const before = e.status === 'pending' ? 'pending' : 'scheduled';
    try {
      await staffApi.cancel(e.id);
      toast({
        title: t('overview.cancelled'),
        description: t('overview.cancelledWhat', { title: e.title, date: showLongDate(e.event_date, i18n) }),
        variant: 'success',
        duration: 10_000,
        action: { label: t('overview.undo'), onClick: () => void undo(e, before) },
      });
      await qc.invalidateQueries({ queryKey: scheduleKeys.all });
    } catch {
      toast({ title: t('overview.error'), description: t('overview.saveFailed'), variant: 'error' });
    }
  };
  const undo = async (e: ScheduleEventView, status: 'scheduled' | 'pending') => {
    try {
      await staffApi.restore(e.id, status);
      toast({ title: t('overview.cancelUndone'), description: t('overview.backOnSchedule', { title: e.title }), variant: 'success' });
    } catch (err) {
      toast({ title: t('overview.error'), description: err instanceof Error ? err.message : t('overview.saveFailed'), variant: 'error' });
    }
    await qc.invalidateQueries({ queryKey: scheduleKeys.all });
  };
  const remove = async (e: ScheduleEventView) => {
    try {
      await staffApi.remove(e.id);
      toast({ title: t('overview.deleted'), variant: 'success' });
      await qc.invalidateQueries({ queryKey: scheduleKeys.all });
      setDeleting(null);
    } catch {
      toast({ title: t('overview.error'), description: t('overview.deleteFailed'), variant: 'error' });
    }
  };

  return (
    <Box sx={{ p: { xs: 0, md: 3 }, maxWidth: 1200 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('overview.title')}
      </Typography>
      {/* Side by side once the day panel has room beside the sidebar (from 1200 px); stacked on tablets. */}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(300px, 380px) minmax(0, 1fr)' }, gap: 3, alignItems: 'start' }}>
        <Card variant="outlined">
          <CardContent>
            <MonthCalendar
              label={t('overview.calendar')}
              month={month}
              onMonthChange={(next) => {
                setMonth(next);
                // The day panel follows the calendar (issue 19 item 15): today in this month, else its 1st.
                setSelected(monthOf(today) === next ? today : next);
              }}
              selected={[selected]}
              onSelect={setSelected}
              marks={(d) => countByDate.get(d) ?? 0}
              today={today}
            />
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardContent>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
              <Typography variant="h6" component="h2" aria-live="polite">
                {showLongDate(selected, i18n)}
              </Typography>
              {canEdit && (
                <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ mode: 'new', date: selected })} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
                  {t('overview.book')}
                </Button>
              )}
            </Stack>
            {events.isPending ? (
              <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
                <CircularProgress size={20} /> {t('overview.loading')}
              </Box>
            ) : events.isError ? (
              <Alert severity="error">{t('overview.loadFailed')}</Alert>
            ) : day.length === 0 ? (
              <Typography color="text.secondary">{t('overview.noEvents')}</Typography>
            ) : (
              <Stack spacing={1}>
                {day.map((e) => (
                  <Card key={e.id} variant="outlined" component="article" aria-label={e.title}>
                    <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', py: 1.5, '&:last-child': { pb: 1.5 } }}>
                      <Box sx={{ minWidth: 110, fontWeight: 700, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                        {hhmm(e.start_time)} – {hhmm(e.end_time)}
                      </Box>
                      <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                        <Typography component="h3" sx={{ fontWeight: 700 }}>
                          {e.title}
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                          {e.presenter_name ?? e.host ?? '—'}
                        </Typography>
                      </Box>
                      <Chip size="small" variant="outlined" label={TYPE_KEYS[e.type] ? t(TYPE_KEYS[e.type]!) : e.type} />
                      <StatusChip status={e.status} />
                      {canEdit && (
                        <Box sx={{ display: 'flex', gap: 0.5 }}>
                          <Button size="small" onClick={() => setEditing({ mode: 'edit', event: e })}>
                            {t('overview.edit')}
                          </Button>
                          {(e.status === 'scheduled' || e.status === 'pending') && (
                            <Button size="small" color="warning" onClick={() => setCancelling(e)}>
                              {t('overview.cancel')}
                            </Button>
                          )}
                          <Button size="small" color="error" onClick={() => setDeleting(e)}>
                            {t('overview.delete')}
                          </Button>
                        </Box>
                      )}
                    </CardContent>
                  </Card>
                ))}
              </Stack>
            )}
          </CardContent>
        </Card>
      </Box>
      {editing && <OverviewEventDialog editing={editing} onClose={() => setEditing(null)} />}
      {cancelling && (
        <ConfirmDialog
          open
          focusCancel
          title={t('overview.cancelTitle')}
          message={
            isLiveNow(cancelling, Date.now(), station.timezone)
              ? t('overview.cancelConfirmLive', { title: cancelling.title })
              : t('overview.cancelConfirm', { title: cancelling.title, when: `${showLongDate(cancelling.event_date, i18n)}, ${showClock(cancelling.start_time, i18n)}–${showClock(cancelling.end_time, i18n)}` })
          }
          confirmLabel={t('overview.cancelAction')}
          dismissLabel={t('overview.keep')}
          onConfirm={() => void cancel(cancelling)}
          onClose={() => setCancelling(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog open focusCancel title={t('overview.deleteTitle')} message={t('overview.deleteConfirm')} onConfirm={() => void remove(deleting)} onClose={() => setDeleting(null)} />
      )}
    </Box>
  );
}

/** The overview's event form: new slots default to 12:00-14:00, Special Event, scheduled, on the selected day. */
function OverviewEventDialog({ editing, onClose }: { editing: Exclude<Editing, null>; onClose: () => void }) {
  const { toast } = useToast();
  const t = useT();
  const say = useErrorText();
  const qc = useQueryClient();
  const e = editing.mode === 'edit' ? editing.event : null;
  const [date, setDate] = useState(e?.event_date ?? (editing.mode === 'new' ? editing.date : ''));
  const [title, setTitle] = useState(e?.title ?? '');
  const [description, setDescription] = useState(e?.description ?? '');
  const [start, setStart] = useState(hhmm(e?.start_time ?? DEFAULT_SLOT.start));
  const [end, setEnd] = useState(hhmm(e?.end_time ?? DEFAULT_SLOT.end));
  const [type, setType] = useState<OverviewEventInput['type']>(e?.type ?? 'event');
  const [host, setHost] = useState(e?.host ?? '');
  const [status, setStatus] = useState<OverviewEventInput['status']>(e && (OVERVIEW_STATUSES as readonly string[]).includes(e.status) ? (e.status as OverviewEventInput['status']) : 'scheduled');
  const [invalid, setInvalid] = useState(false);
  const [conflicts, setConflicts] = useState<ConflictView[] | null>(null);
  const [busy, setBusy] = useState(false);
  const types = e?.type === 'show' ? EVENT_TYPES.map((ty) => ({ value: ty, label: t(TYPE_KEYS[ty]!) })) : OVERVIEW_EVENT_TYPES;

  const body = (proceed: boolean) => ({ event_date: date, title, description, start_time: start, end_time: end, type, host, status, proceed });
  const save = async (proceed: boolean) => {
    const parsed = OverviewEventSchema.safeParse(body(proceed));
    if (!parsed.success) {
      setInvalid(true);
      toast({ title: t('overview.validationError'), description: parsed.error.issues[0] ? say(parsed.error.issues[0].message) : t('overview.required'), variant: 'error' });
      return;
    }
    setInvalid(false);
    setBusy(true);
    try {
      if (e) await staffApi.updateOverview(e.id, body(proceed));
      else await staffApi.createOverview(body(proceed));
      toast({ title: t('overview.saved'), variant: 'success' });
      await qc.invalidateQueries({ queryKey: scheduleKeys.all });
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && Array.isArray(err.details?.conflicts)) setConflicts(err.details.conflicts as ConflictView[]);
      else toast({ title: t('overview.error'), description: t('overview.saveFailed'), variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const onSubmit = (ev: FormEvent) => {
    ev.preventDefault();
    void save(false);
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="overview-event-title" maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id="overview-event-title">{e ? t('overview.editTitle') : t('overview.book')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {invalid && <Alert severity="error">{t('overview.required')}</Alert>}
            <TextField label={t('overview.date')} type="date" required value={date} onChange={(x) => setDate(x.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
            <TextField label={t('overview.fieldTitle')} required value={title} onChange={(x) => setTitle(x.target.value)} error={invalid && !title.trim()} slotProps={{ htmlInput: { maxLength: SCHEDULE_LIMITS.title } }} />
            <TextField label={t('overview.description')} multiline minRows={2} value={description} onChange={(x) => setDescription(x.target.value)} slotProps={{ htmlInput: { maxLength: SCHEDULE_LIMITS.description } }} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField label={t('overview.start')} type="time" required value={start} onChange={(x) => setStart(x.target.value)} error={invalid && !start} slotProps={{ inputLabel: { shrink: true } }} fullWidth />
              <TextField label={t('overview.end')} type="time" required value={end} onChange={(x) => setEnd(x.target.value)} error={invalid && !end} slotProps={{ inputLabel: { shrink: true } }} fullWidth />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField select label={t('overview.type')} value={type} onChange={(x) => setType(x.target.value as OverviewEventInput['type'])} fullWidth>
                {types.map((ty) => (
                  <MenuItem key={ty.value} value={ty.value}>
                    {ty.label}
                  </MenuItem>
                ))}
              </TextField>
              <TextField select label={t('overview.status')} value={status} onChange={(x) => setStatus(x.target.value as OverviewEventInput['status'])} fullWidth>
                {OVERVIEW_STATUSES.map((s) => (
                  <MenuItem key={s} value={s}>
                    {statusLabel(t, s)}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <TextField label={t('overview.host')} value={host} onChange={(x) => setHost(x.target.value)} slotProps={{ htmlInput: { maxLength: SCHEDULE_LIMITS.host } }} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('overview.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? t('overview.saving') : t('overview.save')}
          </Button>
        </DialogActions>
      </Box>
      <ConflictDialog conflicts={conflicts ?? []} open={conflicts !== null} busy={busy} onCancel={() => setConflicts(null)} onProceed={() => void save(true)} proceedNote={t('overview.proceedNote')} />
    </Dialog>
  );
}
