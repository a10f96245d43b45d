import DownloadIcon from '@mui/icons-material/Download';
import {
  Box,
  Button,
  Card,
  CardContent,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useTheme,
  alpha,
} from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart, lineClasses } from '@mui/x-charts/LineChart';
import { useDrawingArea, useXScale } from '@mui/x-charts/hooks';
import { useId, useMemo, useState, type ReactNode } from 'react';
import {
  AUDIENCE_RANGES,
  formatChange,
  type AudienceHeatmap,
  type AudienceRange,
  type AudienceReport,
  type AudienceSeries,
  type AudienceShowSpan,
  type ShowAudience,
} from '../../../shared/audience';
import { useStation } from '../app/station';
import type { MessageKey } from '../../../shared/i18n/format';
import { useI18n, useT } from '../i18n/state';
import type { Translate } from '../../../shared/i18n/format';

/** A show's title, or a live session without a booking named in the reader's language (the API's title is English). */
function spanTitle(t: Translate, s: { title: string; presenter_name: string | null; booked?: boolean }): string {
  if (s.booked !== false) return s.title;
  return s.presenter_name ? t('audience.liveSessionOf', { name: s.presenter_name }) : t('audience.liveSession');
}
import { LoadStates } from '../ui/LoadStates';
import { useToast } from '../ui/toast';
import { downloadAudienceCsv, useAudienceHeatmap, useAudienceSeries, useAudienceShows, useListenersNow } from './api';

/**
 * The Audience screen (issue 21): who is listening now (pushed live), the
 * listener line of the last 24 hours, 7 or 30 days with the shows shaded and
 * named, a weekday × hour heat map of the average audience, and the shows
 * ranked by average listeners and by listening hours, with a CSV export.
 * Every chart has a table beside it (Chart / Table) for screen readers and
 * keyboard users. Presenters and probation see their own shows only.
 */

/** The range's name on its own ("Last 7 days") and inside a sentence ("last 7 days"). */
const RANGE_KEYS = {
  '24h': ['audience.range24h', 'audience.range24hInline'],
  '7d': ['audience.range7d', 'audience.range7dInline'],
  '30d': ['audience.range30d', 'audience.range30dInline'],
} as const satisfies Record<AudienceRange, readonly [MessageKey, MessageKey]>;

/** Dates, times and figures in the reader's language, in the station's time zone; weekdays Monday first (ISO, as the server counts them). */
function useFormat() {
  const zone = useStation().timezone;
  const { intl } = useI18n();
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(intl, { timeZone: zone, weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
    const time = new Intl.DateTimeFormat(intl, { timeZone: zone, hour: '2-digit', minute: '2-digit' });
    const day = new Intl.DateTimeFormat(intl, { timeZone: zone, day: 'numeric', month: 'short' });
    const clock = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hour12: false });
    const long = new Intl.DateTimeFormat(intl, { weekday: 'long', timeZone: 'UTC' });
    const short = new Intl.DateTimeFormat(intl, { weekday: 'short', timeZone: 'UTC' });
    // 1 January 2024 was a Monday.
    const weekdays = Array.from({ length: 7 }, (_, i) => ({ long: long.format(Date.UTC(2024, 0, 1 + i)), short: short.format(Date.UTC(2024, 0, 1 + i)) }));
    const hours = (n: number) => n.toLocaleString(intl, { maximumFractionDigits: 2 });
    const num = (n: number | null) => (n === null ? '—' : n.toLocaleString(intl, { maximumFractionDigits: 1 }));
    return {
      zone,
      weekdays,
      hours,
      num,
      int: (n: number) => n.toLocaleString(intl),
      dateTime: (ms: number) => dateTime.format(ms),
      time: (ms: number) => time.format(ms),
      clock: (ms: number) => clock.format(ms),
      day: (ms: number) => day.format(ms),
    };
  }, [zone, intl]);
}

/** A card with a heading and an optional Chart / Table switch. */
function Section({ title, id, view, onView, actions, children }: { title: string; id: string; view?: 'chart' | 'table'; onView?: (v: 'chart' | 'table') => void; actions?: ReactNode; children: ReactNode }) {
  const t = useT();
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} sx={{ mb: 3 }}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 2 }}>
          <Typography id={id} variant="h6" component="h2">
            {title}
          </Typography>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            {actions}
            {view && onView && (
              <ToggleButtonGroup size="small" exclusive value={view} onChange={(_, v: 'chart' | 'table' | null) => v && onView(v)} aria-label={t('audience.showAs', { title })}>
                <ToggleButton value="chart">{t('audience.chart')}</ToggleButton>
                <ToggleButton value="table">{t('audience.table')}</ToggleButton>
              </ToggleButtonGroup>
            )}
          </Stack>
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

/** The shows on the line chart: a shaded band each, named when there is room. */
function ShowBands({ shows }: { shows: AudienceShowSpan[] }) {
  const t = useT();
  const xScale = useXScale<'time'>();
  const { left, top, width, height } = useDrawingArea();
  const theme = useTheme();
  return (
    <g aria-hidden="true" pointerEvents="none">
      {shows.map((s) => {
        const x1 = Math.max(left, xScale(new Date(s.starts_at)));
        const x2 = Math.min(left + width, xScale(new Date(s.ends_at)));
        if (!(x2 > x1)) return null;
        const room = x2 - x1;
        return (
          <g key={s.id}>
            <rect x={x1} y={top} width={room} height={height} fill={alpha(theme.palette.secondary.main, 0.14)} />
            {room > 48 && (
              <text x={x1 + 4} y={top + 14} fontSize={11} fill={theme.palette.text.primary}>
                {spanTitle(t, s).length * 6 > room ? `${spanTitle(t, s).slice(0, Math.max(1, Math.floor(room / 6) - 1))}…` : spanTitle(t, s)}
              </text>
            )}
          </g>
        );
      })}
    </g>
  );
}

/**
 * The station's midnights in [from, to] (15-minute steps cover every zone's offset): one tick per day, not two days
 * named alike. A midnight within a twentieth of the span of either edge gets no tick: its label would not fit and be
 * cut to "28…" (just after midnight, today's midnight sits at the right edge).
 */
function dayStarts(from: number, to: number, time: (ms: number) => string): Date[] {
  const step = 15 * 60_000;
  const edge = (to - from) / 20;
  const out: Date[] = [];
  for (let t = Math.ceil(from / step) * step; t <= to; t += step) if (time(t) === '00:00' && t - from >= edge && to - t >= edge) out.push(new Date(t));
  return out;
}

function ListenerLine({ data }: { data: AudienceSeries }) {
  const theme = useTheme();
  const t = useT();
  const f = useFormat();
  const short = data.range === '24h' ? f.time : f.day;
  const peak = data.points.reduce((m, p) => Math.max(m, p.peak), 0);
  const avg = data.points.length > 0 ? data.points.reduce((a, p) => a + p.average, 0) / data.points.length : 0;
  const top = data.points.reduce((m, p) => Math.max(m, p.average), 0);
  // f.clock follows the zone.
  const ticks = useMemo(() => (data.range === '24h' ? ('auto' as const) : dayStarts(data.from, data.to, f.clock)), [data.range, data.from, data.to, f]);
  return (
    <Box role="img" aria-label={t('audience.lineAria', { range: t(RANGE_KEYS[data.range][1]), average: f.num(avg), peak: f.int(peak), shows: data.shows.length })}>
      <LineChart
        height={280}
        skipAnimation
        hideLegend
        sx={{ [`& .${lineClasses.area}`]: { fillOpacity: 0.3 } }}
        margin={{ left: 0, right: 16, top: 24, bottom: 0 }}
        xAxis={[{ data: data.points.map((p) => new Date(p.at)), scaleType: 'time', min: new Date(data.from), max: new Date(data.to), valueFormatter: (d: Date) => short(d.getTime()), tickInterval: ticks }]}
        yAxis={[{ min: 0, width: 40, tickMinStep: 1, ...(top < 1 ? { max: 1 } : {}) }]}
        series={[{ data: data.points.map((p) => p.average), label: t('audience.averageListeners'), color: theme.palette.primary.main, showMark: false, area: true, connectNulls: false }]}
      >
        <ShowBands shows={data.shows} />
      </LineChart>
    </Box>
  );
}

function ListenerTable({ data }: { data: AudienceSeries }) {
  const t = useT();
  const f = useFormat();
  return (
    <Stack sx={{ gap: 2 }}>
      <TableContainer tabIndex={0} role="region" aria-label={t('audience.readings')} sx={{ maxHeight: 360 }}>
        <Table size="small" stickyHeader aria-label={t('audience.readingsTable', { range: t(RANGE_KEYS[data.range][1]), minutes: data.bucket_minutes })}>
          <TableHead>
            <TableRow>
              <TableCell>{t('audience.colTime')}</TableCell>
              <TableCell align="right">{t('audience.averageListeners')}</TableCell>
              <TableCell align="right">{t('audience.colPeak')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.points.map((p) => (
              <TableRow key={p.at}>
                <TableCell>{f.dateTime(p.at)}</TableCell>
                <TableCell align="right">{f.num(p.average)}</TableCell>
                <TableCell align="right">{f.int(p.peak)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {data.shows.length > 0 && (
        <TableContainer tabIndex={0} role="region" aria-label={t('audience.showsOnChart')} sx={{ maxHeight: 240 }}>
          <Table size="small" stickyHeader aria-label={t('audience.showsShaded')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('audience.colShow')}</TableCell>
                <TableCell>{t('audience.colPresenter')}</TableCell>
                <TableCell>{t('audience.colFrom')}</TableCell>
                <TableCell>{t('audience.colTo')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.shows.map((s) => (
                <TableRow key={s.id}>
                  <TableCell>{spanTitle(t, s)}</TableCell>
                  <TableCell>{s.presenter_name ?? '—'}</TableCell>
                  <TableCell>{f.dateTime(s.starts_at)}</TableCell>
                  <TableCell>{f.time(s.ends_at)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}

/** The weekday × hour grid: a table whose cells are shaded by the average (the numbers are the text alternative). */
function HeatMap({ data }: { data: AudienceHeatmap }) {
  const theme = useTheme();
  const t = useT();
  const f = useFormat();
  const max = data.cells.reduce((m, c) => Math.max(m, c.average ?? 0), 0);
  const cell = (weekday: number, hour: number) => data.cells.find((c) => c.weekday === weekday && c.hour === hour)?.average ?? null;
  return (
    <TableContainer tabIndex={0} role="region" aria-label={t('audience.heatRegion')}>
      <Table size="small" aria-label={t('audience.heatTable', { zone: data.time_zone })} sx={{ '& td, & th': { px: 0.5, py: 0.5, fontSize: 12, textAlign: 'center', border: 0 } }}>
        <TableHead>
          <TableRow>
            <TableCell component="td" />
            {Array.from({ length: 24 }, (_, h) => (
              <TableCell key={h} scope="col">
                {String(h).padStart(2, '0')}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {f.weekdays.map((name, i) => (
            <TableRow key={i}>
              <TableCell component="th" scope="row" sx={{ textAlign: 'start !important', whiteSpace: 'nowrap' }}>
                <abbr title={name.long}>{name.short}</abbr>
              </TableCell>
              {Array.from({ length: 24 }, (_, h) => {
                const v = cell(i + 1, h);
                const strength = v === null || max === 0 ? 0 : v / max;
                const bg = v === null ? 'transparent' : alpha(theme.palette.primary.main, 0.08 + strength * 0.84);
                return (
                  <TableCell key={h} sx={{ bgcolor: bg, color: strength > 0.5 ? theme.palette.getContrastText(theme.palette.primary.main) : 'text.primary', minWidth: 28 }}>
                    {v === null ? <Box component="span" sx={{ color: 'text.secondary' }}>·</Box> : f.num(v)}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

type RankBy = 'average' | 'listening_hours';

function Ranking({ shows, by }: { shows: ShowAudience[]; by: RankBy }) {
  const theme = useTheme();
  const t = useT();
  const f = useFormat();
  const top = [...shows].filter((s) => (by === 'average' ? s.average !== null : s.listening_hours > 0)).sort((a, b) => (by === 'average' ? (b.average ?? 0) - (a.average ?? 0) : b.listening_hours - a.listening_hours)).slice(0, 10);
  if (top.length === 0) return <Typography color="text.secondary">{t('audience.noShowReadings')}</Typography>;
  const label = by === 'average' ? t('audience.averageListeners') : t('audience.listeningHours');
  const list = top.map((s) => `${spanTitle(t, s)} ${by === 'average' ? f.num(s.average) : f.hours(s.listening_hours)}`).join('; ');
  return (
    <Box role="img" aria-label={by === 'average' ? t('audience.topByAverage', { list }) : t('audience.topByHours', { list })}>
      <BarChart
        height={Math.max(160, top.length * 32 + 40)}
        layout="horizontal"
        skipAnimation
        hideLegend
        margin={{ left: 0, right: 16, top: 8, bottom: 0 }}
        yAxis={[{ scaleType: 'band', data: top.map((s, i) => `${i + 1}. ${spanTitle(t, s)}`), width: 140 }]}
        xAxis={[{ min: 0 }]}
        series={[{ data: top.map((s) => (by === 'average' ? (s.average ?? 0) : s.listening_hours)), label, color: theme.palette.primary.main }]}
      />
    </Box>
  );
}

function FiguresTable({ rows, label }: { rows: ShowAudience[]; label: string }) {
  const t = useT();
  const f = useFormat();
  return (
    <TableContainer tabIndex={0} role="region" aria-label={t('audience.scrolls', { label })} sx={{ maxHeight: 480 }}>
      <Table size="small" stickyHeader aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{t('audience.colShow')}</TableCell>
            <TableCell>{t('audience.colPresenter')}</TableCell>
            <TableCell>{t('audience.colWhen')}</TableCell>
            <TableCell align="right">{t('audience.colPeak')}</TableCell>
            <TableCell align="right">{t('audience.colAverage')}</TableCell>
            <TableCell align="right">{t('audience.listeningHours')}</TableCell>
            <TableCell align="right">{t('audience.colVsPrevious')}</TableCell>
            <TableCell align="right">{t('audience.colVsAutodj')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((s) => (
            <TableRow key={`${s.kind}:${s.id}`}>
              <TableCell>{spanTitle(t, s)}</TableCell>
              <TableCell>{s.presenter_name ?? '—'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {f.dateTime(s.starts_at)}–{f.time(s.ends_at)}
              </TableCell>
              <TableCell align="right">{s.peak === null ? '—' : f.int(s.peak)}</TableCell>
              <TableCell align="right">{f.num(s.average)}</TableCell>
              <TableCell align="right">{f.hours(s.listening_hours)}</TableCell>
              <TableCell align="right">{formatChange(s.change_vs_previous)}</TableCell>
              <TableCell align="right">{formatChange(s.change_vs_autodj)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function PresentersTable({ report }: { report: AudienceReport }) {
  const t = useT();
  const f = useFormat();
  return (
    <TableContainer tabIndex={0} role="region" aria-label={t('audience.scrolls', { label: t('audience.presenters') })}>
      <Table size="small" aria-label={t('audience.presentersTable')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('audience.colPresenter')}</TableCell>
            <TableCell align="right">{t('audience.colShows')}</TableCell>
            <TableCell align="right">{t('audience.colPeak')}</TableCell>
            <TableCell align="right">{t('audience.colAverage')}</TableCell>
            <TableCell align="right">{t('audience.listeningHours')}</TableCell>
            <TableCell align="right">{t('audience.colVsPrevious')}</TableCell>
            <TableCell align="right">{t('audience.colVsAutodj')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {report.presenters.map((p) => (
            <TableRow key={p.presenter_id ?? p.presenter_name}>
              <TableCell>{p.presenter_name}</TableCell>
              <TableCell align="right">{f.int(p.shows)}</TableCell>
              <TableCell align="right">{p.peak === null ? '—' : f.int(p.peak)}</TableCell>
              <TableCell align="right">{f.num(p.average)}</TableCell>
              <TableCell align="right">{f.hours(p.listening_hours)}</TableCell>
              <TableCell align="right">{formatChange(p.change_vs_previous)}</TableCell>
              <TableCell align="right">{formatChange(p.change_vs_autodj)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The Audience screen. */
export default function AudienceScreen() {
  const [range, setRange] = useState<AudienceRange>('7d');
  const [lineView, setLineView] = useState<'chart' | 'table'>('chart');
  const [rankView, setRankView] = useState<'chart' | 'table'>('chart');
  const [rankBy, setRankBy] = useState<RankBy>('average');
  const [exporting, setExporting] = useState(false);
  const listeners = useListenersNow();
  const series = useAudienceSeries(range);
  const heatmap = useAudienceHeatmap(range);
  const shows = useAudienceShows(range);
  const { toast } = useToast();
  const t = useT();
  const f = useFormat();
  const ids = { now: useId(), line: useId(), heat: useId(), rank: useId(), sessions: useId(), presenters: useId() };
  const own = shows.data?.scope === 'own' || series.data?.scope === 'own';

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAudienceCsv(range);
      toast({ title: t('audience.exported'), variant: 'success' });
    } catch {
      toast({ title: t('audience.exportFailed'), variant: 'error' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 1 }}>
        {t('audience.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {own ? t('audience.scopeOwn') : t('audience.scopeStation')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, mb: 3, alignItems: { sm: 'center' }, justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <ToggleButtonGroup size="small" exclusive value={range} onChange={(_, v: AudienceRange | null) => v && setRange(v)} aria-label={t('audience.period')}>
          {AUDIENCE_RANGES.map((r) => (
            <ToggleButton key={r} value={r} sx={{ whiteSpace: 'nowrap' }}>
              {t(RANGE_KEYS[r][0])}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void exportCsv()} disabled={exporting} sx={{ whiteSpace: 'nowrap' }}>
          {t('audience.exportCsv')}
        </Button>
      </Stack>

      <Card variant="outlined" component="section" aria-labelledby={ids.now} sx={{ mb: 3 }}>
        <CardContent>
          <Typography id={ids.now} variant="body2" color="text.secondary">
            {t('audience.listeningNow')}
          </Typography>
          <Typography aria-live="polite" sx={{ fontSize: 36, fontWeight: 800 }} data-testid="audience-now">
            {listeners === null ? <Skeleton width={60} /> : f.int(listeners)}
          </Typography>
        </CardContent>
      </Card>

      <Section title={t('audience.overTime')} id={ids.line} view={lineView} onView={setLineView}>
        <LoadStates error={series.error} loading={series.isLoading} empty={!!series.data && series.data.points.length === 0} failText={t('audience.lineFailed')} loadingLabel={t('audience.lineLoading')} emptyText={t('audience.noReadings')} onRetry={() => void series.refetch()} skeletons={1} skeletonHeight={280}>
          {series.data && (lineView === 'chart' ? <ListenerLine data={series.data} /> : <ListenerTable data={series.data} />)}
        </LoadStates>
      </Section>

      <Section title={t('audience.heatTitle')} id={ids.heat}>
        <LoadStates error={heatmap.error} loading={heatmap.isLoading} empty={!!heatmap.data && heatmap.data.cells.every((c) => c.average === null)} failText={t('audience.heatFailed')} loadingLabel={t('audience.heatLoading')} emptyText={t('audience.noReadings')} onRetry={() => void heatmap.refetch()} skeletons={1} skeletonHeight={220}>
          {heatmap.data && <HeatMap data={heatmap.data} />}
        </LoadStates>
      </Section>

      <Section
        title={t('audience.ranking')}
        id={ids.rank}
        view={rankView}
        onView={setRankView}
        actions={
          rankView === 'chart' && (
            <ToggleButtonGroup size="small" exclusive value={rankBy} onChange={(_, v: RankBy | null) => v && setRankBy(v)} aria-label={t('audience.rankBy')}>
              <ToggleButton value="average">{t('audience.averageListeners')}</ToggleButton>
              <ToggleButton value="listening_hours">{t('audience.listeningHours')}</ToggleButton>
            </ToggleButtonGroup>
          )
        }
      >
        <LoadStates error={shows.error} loading={shows.isLoading} empty={!!shows.data && shows.data.shows.length === 0} failText={t('audience.showsFailed')} loadingLabel={t('audience.showsLoading')} emptyText={t('audience.noShows')} onRetry={() => void shows.refetch()}>
          {shows.data && (rankView === 'chart' ? <Ranking shows={shows.data.shows} by={rankBy} /> : <FiguresTable rows={shows.data.shows} label={t('audience.rankedTable')} />)}
        </LoadStates>
      </Section>

      {shows.data && shows.data.sessions.length > 0 && (
        <Section title={t('audience.liveSessions')} id={ids.sessions}>
          <FiguresTable rows={shows.data.sessions} label={t('audience.liveSessions')} />
        </Section>
      )}

      {shows.data && shows.data.presenters.length > 0 && (
        <Section title={t('audience.presenters')} id={ids.presenters}>
          <PresentersTable report={shows.data} />
        </Section>
      )}
    </Box>
  );
}
