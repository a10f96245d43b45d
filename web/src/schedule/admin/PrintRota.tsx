import PrintIcon from '@mui/icons-material/Print';
import { Alert, Box, Button, CircularProgress, GlobalStyles, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { ScheduleEventView } from '../../../../shared/bookings';
import { addWeeks, compareEventsByDateTime, isValidDate, weekBounds, weekDays } from '../../../../shared/schedule';
import { usePageMeta } from '../../app/meta';
import { useStation } from '../../app/station';
import { useI18n } from '../../i18n/state';
import { scheduleKeys, staffApi, useScheduleLive } from '../api';
import { useNow } from '../components/useNow';
import { WeekNavigator } from '../components/WeekNavigator';
import { dayHeading, localTimeRange, stationToday } from '../format';

/**
 * When printed, only the rota: the panel's header, sidebar and the screen's own buttons are hidden, the page is
 * white with black text, and a day is not split across pages where it fits on one.
 */
const PRINT_STYLES = {
  '@media print': {
    '@page': { margin: '12mm' },
    'body *': { visibility: 'hidden' },
    '[data-print-rota], [data-print-rota] *': { visibility: 'visible' },
    '[data-print-rota]': { position: 'absolute', insetInlineStart: 0, top: 0, width: '100%', color: '#000', background: '#fff' },
    '[data-print-rota] [data-no-print]': { display: 'none !important' },
    '[data-print-rota] section': { breakInside: 'avoid' },
    '[data-print-rota] th, [data-print-rota] td': { color: '#000', borderColor: '#999' },
  },
} as const;

/** The statuses a rota lists: what is on the schedule, approved or awaiting approval. */
const ON_ROTA = new Set(['scheduled', 'pending']);

/**
 * The printable weekly rota (issue 30): the week's shows by day, Monday to Sunday, times on the station's clock
 * (the zone named), each with its presenter; `?week=yyyy-MM-dd` for another week, a Print button, and a print
 * stylesheet that leaves only the rota on paper. Follows the schedule live like the other staff screens.
 */
export default function PrintRota() {
  const { t, intl } = useI18n();
  usePageMeta({ title: t('rota.title') });
  useScheduleLive();
  const station = useStation();
  const now = useNow(60_000);
  const today = stationToday(station.timezone, now);
  const [params, setParams] = useSearchParams();
  const requested = params.get('week');
  const week = weekBounds(requested && isValidDate(requested) ? requested : today);
  const currentWeek = weekBounds(today).start;
  const setWeek = (d: string) => setParams(d === currentWeek ? {} : { week: d }, { replace: true });
  const q = { type: 'show', from: week.start, to: week.end, order: 'asc' as const };
  const events = useQuery({ queryKey: scheduleKeys.events(q), queryFn: () => staffApi.events(q) });
  const shows = (events.data?.events ?? []).filter((e) => ON_ROTA.has(e.status)).sort(compareEventsByDateTime);
  const byDay = new Map<string, ScheduleEventView[]>(weekDays(week.start).map((d) => [d, []]));
  for (const s of shows) byDay.get(s.event_date)?.push(s);

  return (
    <Box data-print-rota sx={{ maxWidth: 1000 }}>
      <GlobalStyles styles={PRINT_STYLES} />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.125rem' } }}>
          {t('rota.heading', { station: station.name })}
        </Typography>
        <Button data-no-print variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
          {t('rota.print')}
        </Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="rota-zone">
        {t('rota.zone', { zone: station.timezone })}
      </Typography>
      <Box data-no-print sx={{ mb: 2 }}>
        <WeekNavigator
          start={week.start}
          end={week.end}
          isCurrent={week.start === currentWeek}
          onPrevious={() => setWeek(addWeeks(week.start, -1))}
          onNext={() => setWeek(addWeeks(week.start, 1))}
          onCurrent={() => setWeek(currentWeek)}
        />
      </Box>
      {events.isError ? (
        <Alert severity="error" action={<Button color="inherit" onClick={() => void events.refetch()}>{t('rota.retry')}</Button>}>
          {t('rota.error')}
        </Alert>
      ) : events.isPending ? (
        <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 4 }}>
          <CircularProgress size={20} /> {t('rota.loading')}
        </Box>
      ) : (
        [...byDay].map(([day, list]) => (
          <Box component="section" key={day} aria-label={dayHeading(day, intl)} sx={{ mb: 2.5 }}>
            <Typography variant="h6" component="h2" sx={{ borderBottom: 2, borderColor: 'divider', pb: 0.5, mb: 0.5 }}>
              {dayHeading(day, intl)}
            </Typography>
            {list.length === 0 ? (
              <Typography color="text.secondary" sx={{ py: 0.5 }}>
                {t('rota.noShows')}
              </Typography>
            ) : (
              <Box tabIndex={0} sx={{ overflowX: 'auto' }}>
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell sx={{ width: '28%' }}>{t('rota.time')}</TableCell>
                      <TableCell>{t('rota.show')}</TableCell>
                      <TableCell sx={{ width: '30%' }}>{t('rota.presenter')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {list.map((s) => (
                      <TableRow key={s.id}>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{localTimeRange(s, station.timezone, station.timezone, intl, t('schedule.nextDay'))}</TableCell>
                        <TableCell sx={{ fontWeight: 600 }}>
                          {s.title}
                          {s.status === 'pending' && (
                            <Typography component="span" variant="body2" color="text.secondary">
                              {' '}
                              {t('rota.pending')}
                            </Typography>
                          )}
                        </TableCell>
                        <TableCell>{s.presenter_name ?? s.host ?? t('rota.noPresenter')}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            )}
          </Box>
        ))
      )}
    </Box>
  );
}
