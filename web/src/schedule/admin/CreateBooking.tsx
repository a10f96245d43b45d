import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import {
  BOOKING_MESSAGES,
  BOOKING_MODES,
  CreateBookingSchema,
  MAX_CALENDAR_DATES,
  SCHEDULE_LIMITS,
  type BookingMode,
  type ConflictView,
} from '../../../../shared/bookings';
import { generateOccurrences, longDate } from '../../../../shared/schedule';
import { ApiError } from '../../app/api';
import { usePageMeta } from '../../app/meta';
import { useStation } from '../../app/station';
import { scheduleKeys, staffApi } from '../api';
import { stationToday } from '../format';
import { ConflictDialog } from './ConflictDialog';
import { ImageUpload } from './ImageUpload';
import { MonthCalendar, monthOf } from './MonthCalendar';
import { useT } from '../../i18n/state';
import { useErrorText } from '../../i18n/errors';
import type { MessageKey } from '../../../../shared/i18n/format';
import { useToast } from '../../ui/toast';
import { useActor } from './useActor';
import { bookingMessage, modeLabel } from './texts';
import { translationErrorLanguage, useContentLanguages, useTranslationsState } from '../../content/admin/ContentLanguages';
import { ShowTextFields } from './ShowTextFields';

/** What each booking mode does, as catalogue keys. */
const MODE_HELP = {
  daily: 'booking.modeHelp.daily',
  weekly: 'booking.modeHelp.weekly',
  monthly: 'booking.modeHelp.monthly',
  calendar: 'booking.modeHelp.calendar',
} as const satisfies Record<BookingMode, MessageKey>;

type Field = 'title' | 'event_date' | 'dates' | 'end_date' | 'start_time' | 'end_time' | 'presenter_id' | 'host' | 'description' | 'image_url' | 'broadcast_language' | `translations.${string}`;

/** Create Show Booking (spec 001 §2): modes, date calendars, details, the conflict dialog and the success messages. */
export function CreateBooking() {
  return <CreateBookingForm />;
}

function CreateBookingForm() {
  const t = useT();
  const say = useErrorText();
  usePageMeta({ title: t('booking.title') });
  const station = useStation();
  const today = stationToday(station.timezone);
  const actor = useActor();
  const { toast } = useToast();
  const navigate = useNavigate();
  const qc = useQueryClient();
  // Four modes side by side need the room of a desktop; beside the sidebar on a tablet their labels would wrap to three lines.
  const stackModes = useMediaQuery((t: Theme) => t.breakpoints.down('lg'));

  const [mode, setMode] = useState<BookingMode>('daily');
  const [date, setDate] = useState<string | null>(null);
  const [dates, setDates] = useState<string[]>([]);
  const [endDate, setEndDate] = useState<string | null>(null);
  const [month, setMonth] = useState(monthOf(today));
  const [endMonth, setEndMonth] = useState(monthOf(today));
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [presenterId, setPresenterId] = useState<string | null>(null);
  const [host, setHost] = useState('');
  const [image, setImage] = useState<string | null>(null);
  const [broadcastLanguage, setBroadcastLanguage] = useState<string | null>(null);
  const translations = useTranslationsState<'title' | 'description'>(undefined);
  const languages = useContentLanguages();
  const [lang, setLang] = useState(languages.main);
  const tabsId = useId();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [conflicts, setConflicts] = useState<ConflictView[] | null>(null);
  const [busy, setBusy] = useState(false);

  const a = actor.data;
  const chosenPresenter = presenterId ?? (a?.canPickAny ? (a.ownPresenter?.id ?? '') : (a?.ownPresenter?.id ?? ''));
  const recurring = mode === 'weekly' || mode === 'monthly';
  const locked = a !== undefined && !a.canPickAny && a.ownPresenter === null;

  const preview = (() => {
    if (mode === 'calendar') return [...dates].sort();
    if (!date) return [];
    if (!recurring) return [date];
    if (!endDate || endDate <= date) return [];
    try {
      return generateOccurrences({ startDate: date, mode, endDate });
    } catch {
      return [];
    }
  })();

  const body = (proceed: boolean) => ({
    mode,
    title,
    description,
    event_date: mode === 'calendar' ? null : date,
    dates: mode === 'calendar' ? dates : null,
    end_date: recurring ? endDate : null,
    start_time: start,
    end_time: end,
    presenter_id: chosenPresenter || null,
    host,
    image_url: image,
    broadcast_language: broadcastLanguage,
    ...(translations.dirty ? { translations: translations.body(languages.others) } : {}),
    proceed,
  });

  const submit = async (proceed: boolean) => {
    const parsed = CreateBookingSchema.safeParse(body(proceed));
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const f = (issue.path[0] === 'translations' ? issue.path.map(String).join('.') : String(issue.path[0] ?? 'title')) as Field;
        next[f] ??= say(bookingMessage(t, issue.message));
      }
      setErrors(next);
      const wrongLanguage = translationErrorLanguage(next);
      if (wrongLanguage) setLang(wrongLanguage);
      else if (next.title || next.description) setLang(languages.main);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const res = await staffApi.book(body(proceed));
      setConflicts(null);
      toast({ title: res.title, description: res.message, variant: res.status === 'scheduled' ? 'success' : 'warning' });
      await qc.invalidateQueries({ queryKey: scheduleKeys.all });
      navigate('/admin/shows', { state: { week: res.events[0]?.event_date } });
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && Array.isArray(err.details?.conflicts)) {
        setConflicts(err.details.conflicts as ConflictView[]);
      } else if (err instanceof ApiError && err.status === 401) {
        toast({ title: t('booking.failed', { message: t('booking.notAuthenticated') }), variant: 'error' });
      } else {
        const message = err instanceof ApiError ? err.message : undefined;
        if (err instanceof ApiError && err.fields?.[0]) {
          setErrors({ [err.fields[0].path as Field]: err.fields[0].message });
          const wrongLanguage = translationErrorLanguage({ [err.fields[0].path]: err.fields[0].message });
          if (wrongLanguage) setLang(wrongLanguage);
        }
        // A refusal of the request reads "Failed to create booking"; a failure while writing it, "Failed to create event".
        toast({ title: err instanceof ApiError && err.status >= 500 ? t('booking.createEventFailed', { message: err.message }) : message ? t('booking.failed', { message }) : t('booking.failedRetry'), variant: 'error' });
      }
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(false);
  };

  const pickDate = (d: string) => {
    if (mode === 'calendar') {
      setDates((cur) => (cur.includes(d) ? cur.filter((x) => x !== d) : cur.length >= MAX_CALENDAR_DATES ? cur : [...cur, d]));
      return;
    }
    setDate(d);
    if (endDate && endDate <= d) setEndDate(null);
    if (endMonth < monthOf(d)) setEndMonth(monthOf(d));
  };

  if (actor.isError) {
    return (
      <Box sx={{ p: { xs: 0, md: 3 } }}>
        <Alert severity="error">{actor.error instanceof ApiError && actor.error.status === 401 ? t('booking.notAuthenticated') : t('booking.loadFailed')}</Alert>
      </Box>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ p: { xs: 0, md: 3 }, maxWidth: 1200 }}>
      <Button component={RouterLink} to="/admin/shows" startIcon={<ArrowBackIcon className="flip-rtl" />} sx={{ mb: 1 }}>
        {t('booking.back')}
      </Button>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('booking.title')}
      </Typography>

      <Card variant="outlined" sx={{ mb: 3 }}>
        <CardContent>
          <Typography component="h2" variant="h6" id="mode-label" sx={{ mb: 1 }}>
            {t('booking.mode')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            value={mode}
            onChange={(_e, v: BookingMode | null) => {
              if (!v) return;
              setMode(v);
              setErrors({});
            }}
            aria-labelledby="mode-label"
            orientation={stackModes ? 'vertical' : 'horizontal'}
            fullWidth={stackModes}
          >
            {BOOKING_MODES.map((m) => (
              <ToggleButton key={m} value={m}>
                {modeLabel(t, m)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t(MODE_HELP[mode])}
          </Typography>
        </CardContent>
      </Card>

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(300px, 380px) 1fr' }, gap: 3, alignItems: 'start' }}>
        <Stack spacing={3}>
          <Card variant="outlined">
            <CardContent>
              <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
                {mode === 'calendar' ? t('booking.dates') : recurring ? t('booking.startDate') : t('booking.date')}
              </Typography>
              <MonthCalendar
                label={mode === 'calendar' ? t('booking.showDates') : t('booking.showDate')}
                month={month}
                onMonthChange={setMonth}
                selected={mode === 'calendar' ? dates : date ? [date] : []}
                onSelect={pickDate}
                isDisabled={(d) => d < today}
                today={today}
              />
              {(errors.event_date ?? errors.dates) && (
                <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
                  {errors.event_date ?? errors.dates}
                </Typography>
              )}
              {mode === 'calendar' && dates.length > 0 && (
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 1 }} aria-label={t('booking.chosenDates')}>
                  {[...dates].sort().map((d) => (
                    <Chip key={d} size="small" label={longDate(d)} onDelete={() => setDates((cur) => cur.filter((x) => x !== d))} />
                  ))}
                </Stack>
              )}
              {mode !== 'calendar' && date && (
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {t('booking.selected')} <strong>{longDate(date)}</strong>
                </Typography>
              )}
            </CardContent>
          </Card>
          {recurring && (
            <Card variant="outlined">
              <CardContent>
                <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
                  {t('booking.endDate')}
                </Typography>
                {!date && (
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {t('booking.selectDateFirst')}
                  </Typography>
                )}
                <MonthCalendar
                  label={t('booking.seriesEnd')}
                  month={endMonth}
                  onMonthChange={setEndMonth}
                  selected={endDate ? [endDate] : []}
                  onSelect={setEndDate}
                  isDisabled={(d) => !date || d <= date}
                  today={today}
                />
                {errors.end_date && (
                  <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
                    {errors.end_date}
                  </Typography>
                )}
                {endDate && (
                  <Typography variant="body2" sx={{ mt: 1 }}>
                    {t('booking.ends')} <strong>{longDate(endDate)}</strong>
                  </Typography>
                )}
              </CardContent>
            </Card>
          )}
        </Stack>

        <Card variant="outlined">
          <CardContent>
            <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
              {t('booking.details')}
            </Typography>
            <Stack spacing={2}>
              <ShowTextFields
                tabsId={tabsId}
                languages={languages}
                lang={lang}
                onLang={setLang}
                translations={translations}
                errors={errors}
                title={{ label: t('booking.fieldTitle'), value: title, onChange: setTitle }}
                description={{ label: t('booking.description'), value: description, onChange: setDescription, minRows: 3 }}
                broadcastLanguage={{ value: broadcastLanguage, onChange: setBroadcastLanguage }}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField label={t('booking.start')} type="time" required value={start} onChange={(e) => setStart(e.target.value)} error={Boolean(errors.start_time)} helperText={errors.start_time} slotProps={{ inputLabel: { shrink: true } }} fullWidth />
                <TextField
                  label={t('booking.end')}
                  type="time"
                  required
                  value={end}
                  onChange={(e) => setEnd(e.target.value)}
                  error={Boolean(errors.end_time)}
                  helperText={errors.end_time ?? (start && end && end <= start ? t('booking.overMidnight') : ' ')}
                  slotProps={{ inputLabel: { shrink: true } }}
                  fullWidth
                />
              </Stack>
              {locked ? (
                <Alert severity="warning">{a.lockedMessage ?? t('booking.noPresenterProfile')}</Alert>
              ) : a?.canPickAny ? (
                <TextField select label={t('booking.presenter')} value={chosenPresenter} onChange={(e) => setPresenterId(e.target.value)} error={Boolean(errors.presenter_id)} helperText={errors.presenter_id ?? t('booking.anyPresenter')}>
                  <MenuItem value="">{t('booking.noPresenter')}</MenuItem>
                  {a.options.map((o) => (
                    <MenuItem key={o.id} value={o.id}>
                      {o.name}
                    </MenuItem>
                  ))}
                </TextField>
              ) : (
                <TextField label={t('booking.presenter')} value={a?.ownPresenter?.name ?? ''} disabled helperText={t('booking.ownProfile')} />
              )}
              <TextField label={t('booking.host')} value={host} onChange={(e) => setHost(e.target.value)} helperText={errors.host ?? t('booking.hostHelp')} error={Boolean(errors.host)} slotProps={{ htmlInput: { maxLength: SCHEDULE_LIMITS.host } }} />
              <ImageUpload value={image} onChange={setImage} />
              <Box aria-live="polite">
                {preview.length > 0 && (
                  <Alert severity="info">
                    {t('booking.preview', { count: preview.length, dates: preview.slice(0, 4).map((d) => longDate(d)).join(', ') + (preview.length > 4 ? ` … ${longDate(preview[preview.length - 1]!)}` : '') })}
                    {a?.user.role === 'probation' ? t('booking.pendingNote') : ''}
                  </Alert>
                )}
              </Box>
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                <Button component={RouterLink} to="/admin/shows" disabled={busy}>
                  {t('booking.cancel')}
                </Button>
                <Button type="submit" variant="contained" disabled={busy || locked || actor.isPending}>
                  {busy ? t('booking.booking') : t('booking.create')}
                </Button>
              </Stack>
            </Stack>
          </CardContent>
        </Card>
      </Box>

      <ConflictDialog conflicts={conflicts ?? []} open={conflicts !== null} busy={busy} onCancel={() => setConflicts(null)} onProceed={() => void submit(true)} />
    </Box>
  );
}
