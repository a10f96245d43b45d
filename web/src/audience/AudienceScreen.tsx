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
  AUDIENCE_RANGE_LABELS,
  formatChange,
  type AudienceHeatmap,
  type AudienceRange,
  type AudienceReport,
  type AudienceSeries,
  type AudienceShowSpan,
  type ShowAudience,
} from '../../../shared/audience';
import { useStation } from '../app/station';
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

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const hours = (n: number) => n.toLocaleString('en-GB', { maximumFractionDigits: 2 });
const num = (n: number | null) => (n === null ? '—' : n.toLocaleString('en-GB', { maximumFractionDigits: 1 }));

function useFormat() {
  const zone = useStation().timezone;
  const dateTime = new Intl.DateTimeFormat('en-GB', { timeZone: zone, weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hour12: false });
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hour12: false });
  const day = new Intl.DateTimeFormat('en-GB', { timeZone: zone, day: 'numeric', month: 'short' });
  return { zone, dateTime: (ms: number) => dateTime.format(ms), time: (ms: number) => time.format(ms), day: (ms: number) => day.format(ms) };
}

/** A card with a heading and an optional Chart / Table switch. */
function Section({ title, id, view, onView, actions, children }: { title: string; id: string; view?: 'chart' | 'table'; onView?: (v: 'chart' | 'table') => void; actions?: ReactNode; children: ReactNode }) {
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
              <ToggleButtonGroup size="small" exclusive value={view} onChange={(_, v: 'chart' | 'table' | null) => v && onView(v)} aria-label={`${title}: show as`}>
                <ToggleButton value="chart">Chart</ToggleButton>
                <ToggleButton value="table">Table</ToggleButton>
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
                {s.title.length * 6 > room ? `${s.title.slice(0, Math.max(1, Math.floor(room / 6) - 1))}…` : s.title}
              </text>
            )}
          </g>
        );
      })}
    </g>
  );
}

/** The station's midnights in [from, to] (15-minute steps cover every zone's offset): one tick per day, not two days named alike. */
function dayStarts(from: number, to: number, time: (ms: number) => string): Date[] {
  const step = 15 * 60_000;
  const out: Date[] = [];
  for (let t = Math.ceil(from / step) * step; t <= to; t += step) if (time(t) === '00:00') out.push(new Date(t));
  return out;
}

function ListenerLine({ data }: { data: AudienceSeries }) {
  const theme = useTheme();
  const f = useFormat();
  const short = data.range === '24h' ? f.time : f.day;
  const peak = data.points.reduce((m, p) => Math.max(m, p.peak), 0);
  const avg = data.points.length > 0 ? data.points.reduce((a, p) => a + p.average, 0) / data.points.length : 0;
  const top = data.points.reduce((m, p) => Math.max(m, p.average), 0);
  // f.time follows the zone.
  const ticks = useMemo(() => (data.range === '24h' ? ('auto' as const) : dayStarts(data.from, data.to, f.time)), [data.range, data.from, data.to, f.zone]);
  return (
    <Box role="img" aria-label={`Listeners, ${AUDIENCE_RANGE_LABELS[data.range].toLowerCase()}: average ${num(avg)}, peak ${peak}, ${data.shows.length} shows shaded. The table view lists every value.`}>
      <LineChart
        height={280}
        skipAnimation
        hideLegend
        sx={{ [`& .${lineClasses.area}`]: { fillOpacity: 0.3 } }}
        margin={{ left: 0, right: 16, top: 24, bottom: 0 }}
        xAxis={[{ data: data.points.map((p) => new Date(p.at)), scaleType: 'time', min: new Date(data.from), max: new Date(data.to), valueFormatter: (d: Date) => short(d.getTime()), tickInterval: ticks }]}
        yAxis={[{ min: 0, width: 40, tickMinStep: 1, ...(top < 1 ? { max: 1 } : {}) }]}
        series={[{ data: data.points.map((p) => p.average), label: 'Average listeners', color: theme.palette.primary.main, showMark: false, area: true, connectNulls: false }]}
      >
        <ShowBands shows={data.shows} />
      </LineChart>
    </Box>
  );
}

function ListenerTable({ data }: { data: AudienceSeries }) {
  const f = useFormat();
  return (
    <Stack sx={{ gap: 2 }}>
      <TableContainer tabIndex={0} role="region" aria-label="Listener readings" sx={{ maxHeight: 360 }}>
        <Table size="small" stickyHeader aria-label={`Listeners, ${AUDIENCE_RANGE_LABELS[data.range].toLowerCase()}, every ${data.bucket_minutes} minutes`}>
          <TableHead>
            <TableRow>
              <TableCell>Time</TableCell>
              <TableCell align="right">Average listeners</TableCell>
              <TableCell align="right">Peak</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.points.map((p) => (
              <TableRow key={p.at}>
                <TableCell>{f.dateTime(p.at)}</TableCell>
                <TableCell align="right">{num(p.average)}</TableCell>
                <TableCell align="right">{p.peak}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {data.shows.length > 0 && (
        <TableContainer tabIndex={0} role="region" aria-label="Shows on the chart" sx={{ maxHeight: 240 }}>
          <Table size="small" stickyHeader aria-label="Shows shaded on the chart">
            <TableHead>
              <TableRow>
                <TableCell>Show</TableCell>
                <TableCell>Presenter</TableCell>
                <TableCell>From</TableCell>
                <TableCell>To</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.shows.map((s) => (
                <TableRow key={s.id}>
                  <TableCell>{s.title}</TableCell>
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
  const max = data.cells.reduce((m, c) => Math.max(m, c.average ?? 0), 0);
  const cell = (weekday: number, hour: number) => data.cells.find((c) => c.weekday === weekday && c.hour === hour)?.average ?? null;
  return (
    <TableContainer tabIndex={0} role="region" aria-label="Heat map">
      <Table size="small" aria-label={`Average listeners by weekday and hour (${data.time_zone})`} sx={{ '& td, & th': { px: 0.5, py: 0.5, fontSize: 12, textAlign: 'center', border: 0 } }}>
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
          {WEEKDAYS.map((name, i) => (
            <TableRow key={name}>
              <TableCell component="th" scope="row" sx={{ textAlign: 'left !important', whiteSpace: 'nowrap' }}>
                <abbr title={name}>{name.slice(0, 3)}</abbr>
              </TableCell>
              {Array.from({ length: 24 }, (_, h) => {
                const v = cell(i + 1, h);
                const strength = v === null || max === 0 ? 0 : v / max;
                const bg = v === null ? 'transparent' : alpha(theme.palette.primary.main, 0.08 + strength * 0.84);
                return (
                  <TableCell key={h} sx={{ bgcolor: bg, color: strength > 0.5 ? theme.palette.getContrastText(theme.palette.primary.main) : 'text.primary', minWidth: 28 }}>
                    {v === null ? <Box component="span" sx={{ color: 'text.secondary' }}>·</Box> : num(v)}
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
  const top = [...shows].filter((s) => (by === 'average' ? s.average !== null : s.listening_hours > 0)).sort((a, b) => (by === 'average' ? (b.average ?? 0) - (a.average ?? 0) : b.listening_hours - a.listening_hours)).slice(0, 10);
  if (top.length === 0) return <Typography color="text.secondary">No readings for these shows yet.</Typography>;
  const label = by === 'average' ? 'Average listeners' : 'Listening hours';
  return (
    <Box role="img" aria-label={`Top shows by ${label.toLowerCase()}: ${top.map((s) => `${s.title} ${by === 'average' ? num(s.average) : hours(s.listening_hours)}`).join('; ')}. The table view lists every show.`}>
      <BarChart
        height={Math.max(160, top.length * 32 + 40)}
        layout="horizontal"
        skipAnimation
        hideLegend
        margin={{ left: 0, right: 16, top: 8, bottom: 0 }}
        yAxis={[{ scaleType: 'band', data: top.map((s, i) => `${i + 1}. ${s.title}`), width: 140 }]}
        xAxis={[{ min: 0 }]}
        series={[{ data: top.map((s) => (by === 'average' ? (s.average ?? 0) : s.listening_hours)), label, color: theme.palette.primary.main }]}
      />
    </Box>
  );
}

function FiguresTable({ rows, label }: { rows: ShowAudience[]; label: string }) {
  const f = useFormat();
  return (
    <TableContainer tabIndex={0} role="region" aria-label={`${label} (scrolls)`} sx={{ maxHeight: 480 }}>
      <Table size="small" stickyHeader aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Show</TableCell>
            <TableCell>Presenter</TableCell>
            <TableCell>When</TableCell>
            <TableCell align="right">Peak</TableCell>
            <TableCell align="right">Average</TableCell>
            <TableCell align="right">Listening hours</TableCell>
            <TableCell align="right">vs previous 4</TableCell>
            <TableCell align="right">vs AutoDJ</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((s) => (
            <TableRow key={`${s.kind}:${s.id}`}>
              <TableCell>{s.title}</TableCell>
              <TableCell>{s.presenter_name ?? '—'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {f.dateTime(s.starts_at)}–{f.time(s.ends_at)}
              </TableCell>
              <TableCell align="right">{s.peak ?? '—'}</TableCell>
              <TableCell align="right">{num(s.average)}</TableCell>
              <TableCell align="right">{hours(s.listening_hours)}</TableCell>
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
  return (
    <TableContainer tabIndex={0} role="region" aria-label="Presenters (scrolls)">
      <Table size="small" aria-label="Presenters over their shows">
        <TableHead>
          <TableRow>
            <TableCell>Presenter</TableCell>
            <TableCell align="right">Shows</TableCell>
            <TableCell align="right">Peak</TableCell>
            <TableCell align="right">Average</TableCell>
            <TableCell align="right">Listening hours</TableCell>
            <TableCell align="right">vs previous 4</TableCell>
            <TableCell align="right">vs AutoDJ</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {report.presenters.map((p) => (
            <TableRow key={p.presenter_id ?? p.presenter_name}>
              <TableCell>{p.presenter_name}</TableCell>
              <TableCell align="right">{p.shows}</TableCell>
              <TableCell align="right">{p.peak ?? '—'}</TableCell>
              <TableCell align="right">{num(p.average)}</TableCell>
              <TableCell align="right">{hours(p.listening_hours)}</TableCell>
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
  const ids = { now: useId(), line: useId(), heat: useId(), rank: useId(), sessions: useId(), presenters: useId() };
  const own = shows.data?.scope === 'own' || series.data?.scope === 'own';

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAudienceCsv(range);
      toast({ title: 'Audience figures exported', variant: 'success' });
    } catch {
      toast({ title: 'Failed to export audience figures', variant: 'error' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 1 }}>
        Audience
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {own ? 'Listener figures of your own shows.' : 'Listener figures of the whole station.'}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, mb: 3, alignItems: { sm: 'center' }, justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <ToggleButtonGroup size="small" exclusive value={range} onChange={(_, v: AudienceRange | null) => v && setRange(v)} aria-label="Period">
          {AUDIENCE_RANGES.map((r) => (
            <ToggleButton key={r} value={r} sx={{ whiteSpace: 'nowrap' }}>
              {AUDIENCE_RANGE_LABELS[r]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void exportCsv()} disabled={exporting} sx={{ whiteSpace: 'nowrap' }}>
          Export CSV
        </Button>
      </Stack>

      <Card variant="outlined" component="section" aria-labelledby={ids.now} sx={{ mb: 3 }}>
        <CardContent>
          <Typography id={ids.now} variant="body2" color="text.secondary">
            Listening now
          </Typography>
          <Typography aria-live="polite" sx={{ fontSize: 36, fontWeight: 800 }} data-testid="audience-now">
            {listeners === null ? <Skeleton width={60} /> : listeners.toLocaleString('en-GB')}
          </Typography>
        </CardContent>
      </Card>

      <Section title="Listeners over time" id={ids.line} view={lineView} onView={setLineView}>
        <LoadStates error={series.error} loading={series.isLoading} empty={!!series.data && series.data.points.length === 0} failText="Failed to load listener figures" loadingLabel="Loading listener figures" emptyText="No listener readings in this period yet." onRetry={() => void series.refetch()} skeletons={1} skeletonHeight={280}>
          {series.data && (lineView === 'chart' ? <ListenerLine data={series.data} /> : <ListenerTable data={series.data} />)}
        </LoadStates>
      </Section>

      <Section title="Average audience by weekday and hour" id={ids.heat}>
        <LoadStates error={heatmap.error} loading={heatmap.isLoading} empty={!!heatmap.data && heatmap.data.cells.every((c) => c.average === null)} failText="Failed to load the heat map" loadingLabel="Loading the heat map" emptyText="No listener readings in this period yet." onRetry={() => void heatmap.refetch()} skeletons={1} skeletonHeight={220}>
          {heatmap.data && <HeatMap data={heatmap.data} />}
        </LoadStates>
      </Section>

      <Section
        title="Show ranking"
        id={ids.rank}
        view={rankView}
        onView={setRankView}
        actions={
          rankView === 'chart' && (
            <ToggleButtonGroup size="small" exclusive value={rankBy} onChange={(_, v: RankBy | null) => v && setRankBy(v)} aria-label="Rank shows by">
              <ToggleButton value="average">Average listeners</ToggleButton>
              <ToggleButton value="listening_hours">Listening hours</ToggleButton>
            </ToggleButtonGroup>
          )
        }
      >
        <LoadStates error={shows.error} loading={shows.isLoading} empty={!!shows.data && shows.data.shows.length === 0} failText="Failed to load show figures" loadingLabel="Loading show figures" emptyText="No shows in this period." onRetry={() => void shows.refetch()}>
          {shows.data && (rankView === 'chart' ? <Ranking shows={shows.data.shows} by={rankBy} /> : <FiguresTable rows={shows.data.shows} label="Shows ranked by average listeners" />)}
        </LoadStates>
      </Section>

      {shows.data && shows.data.sessions.length > 0 && (
        <Section title="Live sessions" id={ids.sessions}>
          <FiguresTable rows={shows.data.sessions} label="Live sessions" />
        </Section>
      )}

      {shows.data && shows.data.presenters.length > 0 && (
        <Section title="Presenters" id={ids.presenters}>
          <PresentersTable report={shows.data} />
        </Section>
      )}
    </Box>
  );
}
