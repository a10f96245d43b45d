import { Alert, Box, Button, Card, CardContent, Chip, CircularProgress, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import type { AttendanceEntry, AttendanceStatus } from '../../../../shared/radio';
import type { MessageKey, Translate } from '../../../../shared/i18n/format';
import { addDays, dayLabel, daysBetween, todayInZone, weekBounds, weekRangeLabel } from '../../../../shared/schedule';
import { useI18n, type I18n } from '../../i18n/state';
import { weekRangeLabel as localWeekRange } from '../../schedule/format';
import { showLongDate } from '../../schedule/admin/texts';
import { useIsMobile } from '../../app/media';
import { useStation } from '../../app/station';
import { useOnAirReport } from '../api';

const LABELS: Record<AttendanceStatus, { label: MessageKey; color: 'default' | 'success' | 'warning' | 'error' | 'info' }> = {
  upcoming: { label: 'onAir.report.upcoming', color: 'default' },
  on_air: { label: 'onAir.report.onAir', color: 'info' },
  on_time: { label: 'onAir.report.onTime', color: 'success' },
  late_start: { label: 'onAir.report.lateStart', color: 'warning' },
  no_show: { label: 'onAir.report.noShow', color: 'error' },
  overrun: { label: 'onAir.report.overran', color: 'warning' },
  early_end: { label: 'onAir.report.endedEarly', color: 'warning' },
};

/** An instant's wall-clock time in the station's zone: 24-hour in English (the spec's), the reader's clock otherwise. */
function clock(epochSeconds: number, zone: string, i18n: Pick<I18n, 'locale' | 'intl'>): string {
  const options: Intl.DateTimeFormatOptions = i18n.locale === 'en' ? { hour: '2-digit', minute: '2-digit', timeZone: zone } : { hour: 'numeric', minute: '2-digit', timeZone: zone };
  return new Intl.DateTimeFormat(i18n.locale === 'en' ? 'en-GB' : i18n.intl, options).format(new Date(epochSeconds * 1000));
}

function delta(minutes: number | null, t: Translate, intl: string): string {
  if (minutes === null || minutes === 0) return '';
  return t('onAir.report.delta', { minutes: new Intl.NumberFormat(intl, { signDisplay: 'exceptZero' }).format(minutes) });
}

/** When the show actually went out: its live sessions' times, or a dash. */
function wentOut(e: AttendanceEntry, zone: string, i18n: I18n): string {
  return e.sessions.length === 0 ? '—' : e.sessions.map((s) => `${clock(s.started_at, zone, i18n)}–${s.ended_at ? clock(s.ended_at, zone, i18n) : i18n.t('onAir.report.now')}`).join(', ');
}

/** 'Today', 'Tomorrow', 'Yesterday' or the date, in the reader's language. */
function dayText(date: string, today: string, i18n: I18n): string {
  if (i18n.locale === 'en') return dayLabel(date, today);
  const diff = daysBetween(today, date);
  return diff === 0 ? i18n.t('showMgmt.today') : diff === 1 ? i18n.t('showMgmt.tomorrow') : diff === -1 ? i18n.t('showMgmt.yesterday') : showLongDate(date, i18n);
}

function StatusChips({ entry: e }: { entry: AttendanceEntry }) {
  const { t, intl } = useI18n();
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {e.statuses.map((s) => (
        <Chip
          key={s}
          size="small"
          color={LABELS[s].color}
          label={`${t(LABELS[s].label)}${s === 'late_start' ? delta(e.start_delta_minutes, t, intl) : s === 'overrun' || s === 'early_end' ? delta(e.end_delta_minutes, t, intl) : ''}`}
        />
      ))}
    </Stack>
  );
}

/**
 * Staff: scheduled versus actually on air, a week at a time. Each scheduled
 * show with the live sessions that covered it: on time, late start, no-show,
 * overrun or early end (5 minutes' grace). For the staff dashboard or logs.
 */
export function OnAirReport() {
  const i18n = useI18n();
  const { t } = i18n;
  const station = useStation();
  const zone = station.timezone;
  const mobile = useIsMobile();
  const today = todayInZone(Date.now(), zone);
  // The station's week, Monday to Sunday (spec 001 §9), as every other week screen shows it.
  const thisWeek = weekBounds(today).start;
  const [from, setFrom] = useState(thisWeek);
  const to = addDays(from, 6);
  const query = useOnAirReport(from, to);
  return (
    <Card component="section" aria-labelledby="on-air-report-heading">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
          <Box>
            <Typography id="on-air-report-heading" variant="h6" component="h2">
              {t('onAir.report.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {i18n.locale === 'en' ? weekRangeLabel(from) : localWeekRange(from, to, i18n.intl)}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1}>
            <Button size="small" variant="outlined" onClick={() => setFrom(addDays(from, -7))}>
              {t('week.previous')}
            </Button>
            <Button size="small" variant="outlined" disabled={from >= thisWeek} onClick={() => setFrom(addDays(from, 7))}>
              {t('week.next')}
            </Button>
          </Stack>
        </Stack>
        {query.isLoading ? (
          <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center', color: 'text.secondary' }}>
            <CircularProgress size={18} aria-hidden /> {t('onAir.report.loading')}
          </Box>
        ) : query.isError ? (
          <Alert severity="error" action={<Button onClick={() => void query.refetch()}>{t('logs.tryAgain')}</Button>}>
            {query.error instanceof Error ? query.error.message : t('onAir.report.loadFailed')}
          </Alert>
        ) : !query.data || query.data.length === 0 ? (
          <Typography color="text.secondary">{t('dashboard.noShows')}</Typography>
        ) : mobile ? (
          // A phone: one block per show instead of a five-column table that would scroll sideways.
          <Box component="ul" aria-label={t('onAir.report.list')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {query.data.map((e) => (
              <Box component="li" key={e.show.id} sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}>
                <Typography variant="body2" color="text.secondary">
                  {dayText(e.show.event_date, today, i18n)} · {clock(e.show.starts_at, zone, i18n)}–{clock(e.show.ends_at, zone, i18n)}
                </Typography>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {e.show.title}{' '}
                  <Typography component="span" variant="caption" color="text.secondary">
                    {e.show.presenter_name ?? '—'}
                  </Typography>
                </Typography>
                <Typography variant="body2" sx={{ mb: 0.75 }}>
                  {t('onAir.report.wentOutLine', { times: wentOut(e, zone, i18n) })}
                </Typography>
                <StatusChips entry={e} />
              </Box>
            ))}
          </Box>
        ) : (
          // Scrolls sideways beside the sidebar on a tablet: reachable and named for the keyboard (axe scrollable-region-focusable).
          <TableContainer tabIndex={0} role="region" aria-label={t('onAir.report.table')}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('onAir.report.date')}</TableCell>
                  <TableCell>{t('onAir.report.show')}</TableCell>
                  <TableCell>{t('onAir.report.scheduled')}</TableCell>
                  <TableCell>{t('onAir.report.wentOut')}</TableCell>
                  <TableCell>{t('onAir.report.status')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {query.data.map((e) => (
                  <TableRow key={e.show.id}>
                    <TableCell>{dayText(e.show.event_date, today, i18n)}</TableCell>
                    <TableCell>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {e.show.title}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {e.show.presenter_name ?? '—'}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {clock(e.show.starts_at, zone, i18n)}–{clock(e.show.ends_at, zone, i18n)}
                    </TableCell>
                    <TableCell>{wentOut(e, zone, i18n)}</TableCell>
                    <TableCell>
                      <StatusChips entry={e} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
