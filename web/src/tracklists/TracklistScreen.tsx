import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Alert, Box, Button, Card, CardContent, Chip, IconButton, List, ListItem, ListItemText, MenuItem, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useId, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { ComplementWarning, TracklistPlay, TracklistShow, TracklistView } from '../../../shared/tracklists';
import { COMPLEMENT_WINDOW_HOURS, TRACKLIST_GAP_MINUTES } from '../../../shared/tracklists';
import { compactExport, decodeExport } from '../../../shared/tracklist-import';
import { addDays, localDateTime, zonedInstant } from '../../../shared/time';
import { useStation } from '../app/station';
import { useI18n } from '../i18n/state';
import { useToast } from '../ui/toast';
import { useTracklist, useTracklistChanges, useTracklistSearch, useTracklistShows } from './api';

/**
 * The Tracklists screen (issue 34 item 2): a presenter picks one of their live
 * shows (owners and managers any show), logs what they played (a search of
 * the station's library and history, one click; a typed track; a DJ software
 * history export), removes plays that did not happen, and sees the gaps and,
 * in US compliance mode, the performance-complement warnings.
 */

type T = ReturnType<typeof useI18n>['t'];

function useTimes(zone: string) {
  const { intl } = useI18n();
  return useMemo(() => {
    const time = new Intl.DateTimeFormat(intl, { timeZone: zone, hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
    const short = new Intl.DateTimeFormat(intl, { timeZone: zone, hour: '2-digit', minute: '2-digit', hour12: false });
    const day = new Intl.DateTimeFormat(intl, { timeZone: zone, weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hour12: false });
    return { time: (iso: string) => time.format(Date.parse(iso)), short: (iso: string) => short.format(Date.parse(iso)), day: (iso: string) => day.format(Date.parse(iso)) };
  }, [intl, zone]);
}

export function showLabel(t: T, s: TracklistShow, day: (iso: string) => string): string {
  return t('tracklists.showOption', { title: s.title || t('tracklists.untitled'), presenter: s.presenter_name, start: day(s.started_at) });
}

function warningText(t: T, w: ComplementWarning): string {
  return w.kind === 'album'
    ? t('tracklists.warning.album', { count: w.count, name: w.name, hours: COMPLEMENT_WINDOW_HOURS, limit: w.limit })
    : t('tracklists.warning.artist', { count: w.count, name: w.name, hours: COMPLEMENT_WINDOW_HOURS, limit: w.limit });
}

/** A played-at time typed as HH:MM on an ended show: the show's day (the next when before its start), as an instant. */
function playedAtOf(view: TracklistView, hhmm: string): string | undefined {
  if (!/^\d{2}:\d{2}$/.test(hhmm)) return undefined;
  const start = Date.parse(view.show.started_at);
  const day = localDateTime(start, view.zone).date;
  let ms = zonedInstant(day, `${hhmm}:00`, view.zone);
  if (ms < start - 15 * 60_000) ms = zonedInstant(addDays(day, 1), `${hhmm}:00`, view.zone);
  return new Date(ms).toISOString();
}

/** After the last play (or the show's start), as HH:MM in the station's zone: the default time of the next play logged. */
function nextTimeOf(view: TracklistView): string {
  const last = view.plays.at(-1);
  const ms = last ? Date.parse(last.played_at) + 4 * 60_000 : Date.parse(view.show.started_at);
  const end = view.show.ended_at ? Date.parse(view.show.ended_at) : Date.now();
  return localDateTime(Math.min(ms, end), view.zone).time.slice(0, 5);
}

/** Search, one-click log, a typed track and the file import for one show. */
export function LogPanel({ view, compact = false }: { view: TracklistView; compact?: boolean }) {
  const { t } = useI18n();
  const { toast } = useToast();
  const changes = useTracklistChanges(view.show.id);
  const [q, setQ] = useState('');
  const [typed, setTyped] = useState('');
  useEffect(() => {
    const h = setTimeout(() => setTyped(q.trim()), 250);
    return () => clearTimeout(h);
  }, [q]);
  const search = useTracklistSearch(typed);
  const onAir = view.show.ended_at === null;
  const [at, setAt] = useState(() => nextTimeOf(view));
  useEffect(() => setAt(nextTimeOf(view)), [view]);
  const [manual, setManual] = useState({ artist: '', title: '', album: '' });
  const [imported, setImported] = useState<string | null>(null);
  const ids = { search: useId(), file: useId(), results: useId() };

  const when = () => (onAir ? {} : { played_at: playedAtOf(view, at) });
  const logged = (r: { play_id: number | null; duplicate: boolean; tracklist: TracklistView }, title: string) => {
    const warnings = r.tracklist.warnings.filter((w) => w.play_id === r.play_id);
    if (r.duplicate) toast({ title: t('tracklists.duplicate', { title }), variant: 'info' });
    else if (warnings.length > 0) toast({ title: warnings.map((w) => warningText(t, w)).join(' '), variant: 'warning' });
    else toast({ title: t('tracklists.logged', { title }), variant: 'success' });
  };
  const failed = (err: unknown) => toast({ title: err instanceof Error ? err.message : t('tracklists.error'), variant: 'error' });

  const logTrack = (trackId: string, title: string) => changes.log.mutate({ track_id: trackId, ...when() }, { onSuccess: (r) => logged(r, title), onError: failed });
  const logTyped = (e: FormEvent) => {
    e.preventDefault();
    if (!manual.title.trim()) return;
    changes.log.mutate(
      { title: manual.title.trim(), artist: manual.artist.trim(), album: manual.album.trim(), ...when() },
      {
        onSuccess: (r) => {
          logged(r, manual.title.trim());
          setManual({ artist: '', title: '', album: '' });
        },
        onError: failed,
      },
    );
  };
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const text = compactExport(decodeExport(new Uint8Array(await file.arrayBuffer())));
    changes.importFile.mutate(
      { text, name: file.name },
      {
        onSuccess: (r) => setImported(t('tracklists.imported', { added: r.added, duplicates: r.duplicates, skipped: r.skipped, format: t(`tracklists.format.${r.format}`) })),
        onError: failed,
      },
    );
  };

  const logLabel = onAir ? t('tracklists.playingNow') : t('tracklists.log');
  return (
    <Stack spacing={2}>
      {!onAir && (
        <TextField type="time" size="small" label={t('tracklists.playedAt')} value={at} onChange={(e) => setAt(e.target.value)} helperText={t('tracklists.playedAtHelp')} sx={{ maxWidth: 220 }} slotProps={{ inputLabel: { shrink: true } }} />
      )}
      <TextField id={ids.search} size="small" type="search" label={t('tracklists.search')} value={q} onChange={(e) => setQ(e.target.value)} helperText={t('tracklists.searchHelp')} slotProps={{ htmlInput: { 'aria-controls': ids.results, maxLength: 200 } }} />
      <Box id={ids.results} aria-live="polite">
        {search.isLoading ? (
          <Skeleton height={48} />
        ) : (search.data ?? []).length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {typed ? t('tracklists.noResults') : t('tracklists.noHistory')}
          </Typography>
        ) : (
          <List dense disablePadding aria-label={typed ? t('tracklists.results') : t('tracklists.recent')}>
            {(search.data ?? []).slice(0, compact ? 5 : 10).map((r) => (
              <ListItem
                key={r.track_id}
                disableGutters
                secondaryAction={
                  <Button size="small" variant="outlined" disabled={changes.log.isPending} onClick={() => logTrack(r.track_id, r.title)} aria-label={t('tracklists.logTrack', { action: logLabel, title: r.title, artist: r.artist })}>
                    {logLabel}
                  </Button>
                }
                sx={{ pr: 16 }}
              >
                <ListItemText primary={r.title} secondary={[r.artist, r.album].filter(Boolean).join(' · ')} slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }} />
              </ListItem>
            ))}
          </List>
        )}
      </Box>
      {!compact && (
        <Box component="form" onSubmit={logTyped} aria-label={t('tracklists.typedHeading')}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t('tracklists.typedHeading')}
          </Typography>
          {/* The three fields share a row where each has room for its label (about 180 px), else wrap. */}
          <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', '& > .MuiTextField-root': { flex: '1 1 180px' } }}>
            <TextField size="small" label={t('tracklists.artist')} value={manual.artist} onChange={(e) => setManual({ ...manual, artist: e.target.value })} slotProps={{ htmlInput: { maxLength: 300 } }} />
            <TextField size="small" required label={t('tracklists.title')} value={manual.title} onChange={(e) => setManual({ ...manual, title: e.target.value })} slotProps={{ htmlInput: { maxLength: 300 } }} />
            <TextField size="small" label={t('tracklists.album')} value={manual.album} onChange={(e) => setManual({ ...manual, album: e.target.value })} slotProps={{ htmlInput: { maxLength: 300 } }} />
            <Button type="submit" variant="contained" disabled={changes.log.isPending}>
              {logLabel}
            </Button>
          </Stack>
        </Box>
      )}
      {!compact && (
        <Box>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
            {t('tracklists.importHeading')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('tracklists.importHelp')}
          </Typography>
          <Button variant="outlined" component="label" htmlFor={ids.file} disabled={changes.importFile.isPending}>
            {t('tracklists.importButton')}
            <input id={ids.file} type="file" accept=".csv,.txt,.nml,text/csv,text/plain,application/xml" hidden onChange={(e) => void onFile(e)} data-testid="tracklist-file" />
          </Button>
          {imported && (
            <Alert severity="success" role="status" sx={{ mt: 1 }} onClose={() => setImported(null)}>
              {imported}
            </Alert>
          )}
        </Box>
      )}
    </Stack>
  );
}

function PlayRow({ play, warnings, view, time }: { play: TracklistPlay; warnings: ComplementWarning[]; view: TracklistView; time: (iso: string) => string }) {
  const { t } = useI18n();
  const { toast } = useToast();
  const { remove } = useTracklistChanges(view.show.id);
  const removable = play.source !== 'automation';
  return (
    <ListItem
      divider
      disableGutters
      secondaryAction={
        removable ? (
          <IconButton
            edge="end"
            aria-label={t('tracklists.remove', { title: play.title })}
            disabled={remove.isPending}
            onClick={() => remove.mutate(play.id, { onSuccess: () => toast({ title: t('tracklists.removed', { title: play.title }), variant: 'success' }), onError: (err) => toast({ title: err.message, variant: 'error' }) })}
          >
            <DeleteIcon />
          </IconButton>
        ) : undefined
      }
      sx={{ pr: removable ? 6 : 0, alignItems: 'flex-start' }}
    >
      <Typography component="span" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 72, pt: 0.75 }}>
        {time(play.played_at)}
      </Typography>
      <ListItemText
        primary={play.title}
        secondary={
          <>
            {[play.artist, play.album].filter(Boolean).join(' · ')}
            {warnings.map((w) => (
              <Box component="span" key={w.kind} sx={{ display: 'block', color: 'warning.dark' }}>
                {warningText(t, w)}
              </Box>
            ))}
          </>
        }
      />
      <Chip size="small" variant="outlined" label={t(`tracklists.source.${play.source}`)} sx={{ ml: 1, mt: 0.5, display: { xs: 'none', sm: 'inline-flex' } }} />
    </ListItem>
  );
}

/** One show's tracklist: the log panel, the gaps, the warnings and the plays. */
export function TracklistEditor({ showId }: { showId: string }) {
  const { t } = useI18n();
  const { data: view, isLoading, isError, refetch } = useTracklist(showId);
  const times = useTimes(view?.zone ?? 'UTC');
  if (isLoading) return <Skeleton variant="rounded" height={240} />;
  if (isError || !view)
    return (
      <Alert severity="error" action={<Button color="inherit" onClick={() => void refetch()}>{t('tracklists.retry')}</Button>}>
        {t('tracklists.loadError')}
      </Alert>
    );
  const warningsOf = (id: number) => view.warnings.filter((w) => w.play_id === id);
  return (
    <Stack spacing={3}>
      {view.compliance_mode === 'us' && (
        <Alert severity="info">{t('tracklists.usMode', { hours: COMPLEMENT_WINDOW_HOURS })}</Alert>
      )}
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {view.show.ended_at ? t('tracklists.logHeadingAfter') : t('tracklists.logHeadingLive')}
          </Typography>
          <LogPanel view={view} />
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('tracklists.playsHeading', { count: view.plays.length })}
          </Typography>
          {view.gaps.length > 0 && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('tracklists.gaps', { count: view.gaps.length, minutes: TRACKLIST_GAP_MINUTES })}{' '}
              {view.gaps.map((g) => t('tracklists.gap', { from: times.short(g.from), to: times.short(g.to), minutes: g.minutes })).join(', ')}
            </Alert>
          )}
          {view.warnings.length > 0 && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('tracklists.warningsSummary', { count: view.warnings.length })}
            </Alert>
          )}
          {view.plays.length === 0 ? (
            <Typography color="text.secondary">{t('tracklists.empty')}</Typography>
          ) : (
            <List aria-label={t('tracklists.playsList')} disablePadding>
              {view.plays.map((p) => (
                <PlayRow key={p.id} play={p} warnings={warningsOf(p.id)} view={view} time={times.time} />
              ))}
            </List>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}

export default function TracklistScreen() {
  const { t } = useI18n();
  const shows = useTracklistShows();
  const [params, setParams] = useSearchParams();
  const list = shows.data ?? [];
  const chosen = params.get('show') && list.some((s) => s.id === params.get('show')) ? params.get('show')! : (list[0]?.id ?? null);
  const times = useTimes(useStation().timezone);
  return (
    <Box sx={{ maxWidth: 1000 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 1 }}>
        {t('tracklists.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('tracklists.intro')}
      </Typography>
      {shows.isLoading ? (
        <Skeleton variant="rounded" height={56} />
      ) : shows.isError ? (
        <Alert severity="error">{t('tracklists.loadError')}</Alert>
      ) : list.length === 0 ? (
        <Alert severity="info">{t('tracklists.noShows')}</Alert>
      ) : (
        <Stack spacing={3}>
          <TextField select label={t('tracklists.show')} value={chosen ?? ''} onChange={(e) => setParams({ show: e.target.value }, { replace: true })} sx={{ maxWidth: 560 }}>
            {list.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {showLabel(t, s, times.day)}
                {s.ended_at === null ? ` · ${t('tracklists.onAir')}` : ''}
              </MenuItem>
            ))}
          </TextField>
          {chosen && <TracklistEditor key={chosen} showId={chosen} />}
        </Stack>
      )}
    </Box>
  );
}
