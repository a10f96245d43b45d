import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Alert, Box, Button, Card, CardContent, Skeleton, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import type { StationIncident, UptimeView } from '../../../shared/dead-air';
import { UPTIME_RANGES, type UptimeRange } from '../../../shared/dead-air-constants';
import { useStation } from '../app/station';
import { useI18n } from '../i18n/state';
import { durationText, kindText } from './texts';
import { fetchIncidentSample, useStationCondition, useUptime } from './api';

const RANGE_KEYS = { '24h': 'uptime.range.24h', '7d': 'uptime.range.7d', '30d': 'uptime.range.30d' } as const satisfies Record<UptimeRange, string>;
const PERIOD_KEYS = { hour: 'uptime.periods.hour', day: 'uptime.periods.day', week: 'uptime.periods.week' } as const satisfies Record<UptimeView['period'], string>;
const KIND_COLOURS: Record<StationIncident['kind'], string> = { off_air: '#b71c1c', live_silent: '#c62828', silence: '#d84315', stuck: '#6d4c41' };

function useFormats() {
  const { intl, t } = useI18n();
  const zone = useStation().timezone;
  const pct = new Intl.NumberFormat(intl, { maximumFractionDigits: 2 });
  const dateTime = new Intl.DateTimeFormat(intl, { timeZone: zone, weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
  const hour = new Intl.DateTimeFormat(intl, { timeZone: zone, hour: '2-digit', minute: '2-digit', hour12: false });
  const day = new Intl.DateTimeFormat(intl, { timeZone: zone, weekday: 'short', day: 'numeric', month: 'short' });
  return {
    t,
    percent: (v: number) => t('uptime.percent', { value: pct.format(v) }),
    dateTime: (iso: string) => dateTime.format(Date.parse(iso)),
    period: (p: UptimeView['periods'][number], unit: UptimeView['period']) =>
      unit === 'hour' ? `${hour.format(Date.parse(p.from))}–${hour.format(Date.parse(p.to))}` : unit === 'day' ? day.format(Date.parse(p.to) - 1) : `${day.format(Date.parse(p.from))} – ${day.format(Date.parse(p.to) - 1)}`,
  };
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} variant="h6" component="h2" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** A table that scrolls sideways on a phone (and can be reached by keyboard to do so). */
function Scroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableContainer tabIndex={0} role="region" aria-label={label}>
      <Table size="small" aria-label={label}>
        {children}
      </Table>
    </TableContainer>
  );
}

/** Plays an incident's 10-second sample (fetched with the staff token when asked for). */
function Sample({ incident }: { incident: StationIncident }) {
  const f = useFormats();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  if (!incident.has_sample) return <>{f.t('uptime.noSample')}</>;
  if (url) return <audio controls autoPlay src={url} aria-label={f.t('uptime.sampleOf', { kind: kindText(f.t, incident.kind), time: f.dateTime(incident.started_at) })} data-testid="incident-sample" style={{ height: 32, maxWidth: 220 }} />;
  if (failed) return <>{f.t('uptime.sampleError')}</>;
  return (
    <Button
      size="small"
      startIcon={<PlayArrowIcon />}
      // The name starts with the visible words (WCAG 2.5.3 label in name), then says which incident.
      aria-label={f.t('uptime.playSampleOf', { kind: kindText(f.t, incident.kind), time: f.dateTime(incident.started_at) })}
      onClick={() =>
        void fetchIncidentSample(incident.id).then(
          (blob) => setUrl(URL.createObjectURL(blob)),
          () => setFailed(true),
        )
      }
    >
      {f.t('uptime.playSample')}
    </Button>
  );
}

/** Shows and incidents of the range on one line each, so an incident is seen beside the show it hit. */
function Timeline({ data }: { data: UptimeView }) {
  const f = useFormats();
  const from = Date.parse(data.from);
  const span = Math.max(1, Date.parse(data.to) - from);
  const pos = (a: string, b: string | null) => {
    const start = Math.max(0, (Date.parse(a) - from) / span);
    const end = Math.min(1, ((b ? Date.parse(b) : Date.parse(data.to)) - from) / span);
    return { left: `${start * 100}%`, width: `max(3px, ${Math.max(0, end - start) * 100}%)` };
  };
  const row = (label: string, children: ReactNode) => (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1 }}>
      <Typography variant="body2" sx={{ width: 80, flexShrink: 0 }}>
        {label}
      </Typography>
      <Box sx={{ position: 'relative', flexGrow: 1, height: 24, bgcolor: 'action.hover', borderRadius: 1, overflow: 'hidden' }}>{children}</Box>
    </Stack>
  );
  return (
    <Box data-testid="uptime-timeline">
      {row(
        f.t('uptime.timeline.shows'),
        data.schedule.map((s) => <Box key={s.id} title={`${s.title} · ${f.dateTime(s.starts_at)}`} sx={{ position: 'absolute', top: 3, bottom: 3, bgcolor: 'primary.main', opacity: 0.6, borderRadius: 0.5 }} style={pos(s.starts_at, s.ends_at)} />),
      )}
      {row(
        f.t('uptime.timeline.incidents'),
        data.incidents.map((i) => <Box key={i.id} title={`${kindText(f.t, i.kind)} · ${f.dateTime(i.started_at)}`} sx={{ position: 'absolute', top: 3, bottom: 3, borderRadius: 0.5 }} style={{ ...pos(i.started_at, i.ended_at), background: KIND_COLOURS[i.kind] }} />),
      )}
      <Stack direction="row" sx={{ justifyContent: 'space-between', pl: '88px' }}>
        <Typography variant="caption">{f.dateTime(data.from)}</Typography>
        <Typography variant="caption">{f.dateTime(data.to)}</Typography>
      </Stack>
    </Box>
  );
}

/**
 * The Uptime screen (issue 33): how long the station was heard over 24 hours, 7 days and 30 days (from
 * what its ears measured on the public stream), availability per hour, day or week, the incidents on a
 * timeline beside the schedule, every incident with who was on air and its 10-second sample, and the
 * counts per show and per presenter. Moderators and above.
 */
export default function UptimeScreen() {
  const f = useFormats();
  const t = f.t;
  const [range, setRange] = useState<UptimeRange>('24h');
  // Incidents beginning or ending while the screen is open refresh it (pushed on the now-playing channel).
  useStationCondition();
  const { data, error, isLoading, refetch } = useUptime(range);
  const now = Date.now();

  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 1 }}>
        {t('uptime.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('uptime.intro')}
      </Typography>
      <ToggleButtonGroup size="small" exclusive value={range} onChange={(_, v: UptimeRange | null) => v && setRange(v)} aria-label={t('uptime.range')} sx={{ mb: 3, flexWrap: 'wrap' }}>
        {UPTIME_RANGES.map((r) => (
          <ToggleButton key={r} value={r}>
            {t(RANGE_KEYS[r])}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {error ? (
        <Alert severity="error" action={<Button color="inherit" onClick={() => void refetch()}>{t('uptime.retry')}</Button>}>
          {t('uptime.loadError')}
        </Alert>
      ) : isLoading || !data ? (
        <Skeleton variant="rounded" height={240} />
      ) : (
        <Stack spacing={3}>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2 }}>
            {UPTIME_RANGES.map((r) => (
              <Card key={r} variant="outlined" sx={r === range ? { borderColor: 'primary.main', borderWidth: 2 } : undefined}>
                <CardContent>
                  <Typography variant="overline" component="p" color="text.secondary">
                    {t(RANGE_KEYS[r])}
                  </Typography>
                  <Typography data-testid={`uptime-availability-${r}`} sx={{ fontWeight: 800, fontSize: 30, fontVariantNumeric: 'tabular-nums' }}>
                    {f.percent(data.availability[r])}
                  </Typography>
                </CardContent>
              </Card>
            ))}
          </Box>

          <Section id="uptime-timeline-h" title={t('uptime.timeline')}>
            <Timeline data={data} />
          </Section>

          <Section id="uptime-incidents-h" title={t('uptime.incidents')}>
            {data.incidents.length === 0 ? (
              <Typography data-testid="uptime-no-incidents">{t('uptime.none')}</Typography>
            ) : (
              <Scroll label={t('uptime.incidents')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('uptime.col.kind')}</TableCell>
                    <TableCell>{t('uptime.col.started')}</TableCell>
                    <TableCell>{t('uptime.col.length')}</TableCell>
                    <TableCell>{t('uptime.col.show')}</TableCell>
                    <TableCell>{t('uptime.col.presenter')}</TableCell>
                    <TableCell>{t('uptime.col.sample')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.incidents.map((i) => (
                    <TableRow key={i.id} data-testid="uptime-incident">
                      <TableCell sx={{ fontWeight: 700 }}>{kindText(t, i.kind)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{f.dateTime(i.started_at)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{i.duration_seconds !== null ? durationText(t, i.duration_seconds) : `${t('uptime.ongoing')} (${durationText(t, (now - Date.parse(i.started_at)) / 1000)})`}</TableCell>
                      <TableCell>{i.show_title ?? t('deadAir.banner.noShow')}</TableCell>
                      <TableCell>{i.presenter_name ?? t('deadAir.banner.autoDj')}</TableCell>
                      <TableCell>
                        <Sample incident={i} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Scroll>
            )}
          </Section>

          <Section id="uptime-periods-h" title={t(PERIOD_KEYS[data.period])}>
            <Scroll label={t(PERIOD_KEYS[data.period])}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('uptime.col.period')}</TableCell>
                  <TableCell>{t('uptime.col.availability')}</TableCell>
                  <TableCell align="right">{t('uptime.col.incidents')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.periods.map((p) => (
                  <TableRow key={p.from} data-testid="uptime-period">
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{f.period(p, data.period)}</TableCell>
                    <TableCell>
                      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
                        <Box aria-hidden sx={{ width: 80, height: 8, bgcolor: 'error.light', borderRadius: 1, overflow: 'hidden', flexShrink: 0 }}>
                          <Box sx={{ height: '100%', bgcolor: 'success.main' }} style={{ width: `${p.availability}%` }} />
                        </Box>
                        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{f.percent(p.availability)}</Box>
                      </Stack>
                    </TableCell>
                    <TableCell align="right">{p.incidents}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Scroll>
          </Section>

          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3 }}>
            <Section id="uptime-shows-h" title={t('uptime.byShow')}>
              {data.by_show.length === 0 ? (
                <Typography>{t('uptime.none')}</Typography>
              ) : (
                <Scroll label={t('uptime.byShow')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('uptime.col.show')}</TableCell>
                      <TableCell align="right">{t('uptime.col.count')}</TableCell>
                      <TableCell align="right">{t('uptime.col.time')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.by_show.map((s) => (
                      <TableRow key={`${s.show_id ?? ''}|${s.show_title}`} data-testid="uptime-by-show">
                        <TableCell>{s.show_id || s.show_title !== 'No scheduled show' ? s.show_title : t('deadAir.banner.noShow')}</TableCell>
                        <TableCell align="right">{s.count}</TableCell>
                        <TableCell align="right">{durationText(t, s.seconds)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Scroll>
              )}
            </Section>
            <Section id="uptime-presenters-h" title={t('uptime.byPresenter')}>
              {data.by_presenter.length === 0 ? (
                <Typography>{t('uptime.none')}</Typography>
              ) : (
                <Scroll label={t('uptime.byPresenter')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('uptime.col.presenter')}</TableCell>
                      <TableCell align="right">{t('uptime.col.count')}</TableCell>
                      <TableCell align="right">{t('uptime.col.time')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.by_presenter.map((p) => (
                      <TableRow key={`${p.presenter_id ?? ''}|${p.presenter_name}`} data-testid="uptime-by-presenter">
                        <TableCell>{p.presenter_id || p.presenter_name !== 'Auto DJ' ? p.presenter_name : t('deadAir.banner.autoDj')}</TableCell>
                        <TableCell align="right">{p.count}</TableCell>
                        <TableCell align="right">{durationText(t, p.seconds)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Scroll>
              )}
            </Section>
          </Box>
        </Stack>
      )}
    </Box>
  );
}
