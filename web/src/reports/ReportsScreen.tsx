import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Skeleton,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { PPL_BANDS, type PlayRights } from '../../../shared/licensing';
import type { MessageKey } from '../../../shared/i18n/format';
import { ApiError } from '../app/api';
import { useStation } from '../app/station';
import { useI18n } from '../i18n/state';
import { useToast } from '../ui/toast';
import { FILE_REPORTS, fetchReportFile, lookUpMusicBrainz, readTable, savePlayRights, usePlayLog, usePplReport, useReportFile, useTerritoryReport, type FileReport, type PlayLogLine } from './api';

/** The reports, in the order of the tabs (issue 34 item 3). */
const REPORTS = ['ppl', 'territory', 'usage', 'prs', 'soundexchange', 'plays'] as const;
type Report = (typeof REPORTS)[number];
const REPORT_KEYS = {
  ppl: 'reports.kind.ppl',
  territory: 'reports.kind.territory',
  usage: 'reports.kind.usage',
  prs: 'reports.kind.prs',
  soundexchange: 'reports.kind.soundexchange',
  plays: 'reports.kind.plays',
} as const satisfies Record<Report, MessageKey>;
const ABOUT_KEYS = {
  ppl: 'reports.about.ppl',
  territory: 'reports.about.territory',
  usage: 'reports.about.usage',
  prs: 'reports.about.prs',
  soundexchange: 'reports.about.soundexchange',
  plays: 'reports.about.plays',
} as const satisfies Record<Report, MessageKey>;
const DOWNLOAD: Record<Report, FileReport | null> = { ppl: null, territory: null, usage: 'usage', prs: 'prs', soundexchange: 'soundexchange', plays: 'plays' };
/** How many lines of a file the preview shows. */
const PREVIEW_LINES = 50;

/** A day in the station's zone, as YYYY-MM-DD. */
function dayIn(zone: string, ms: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(ms);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** A table that scrolls sideways on a phone (and can be reached by keyboard to do so). */
function Scroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableContainer tabIndex={0} role="region" aria-label={label} sx={{ maxHeight: 520 }}>
      <Table size="small" stickyHeader aria-label={label}>
        {children}
      </Table>
    </TableContainer>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box sx={{ minWidth: 150 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="h5" sx={{ m: 0 }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

function PplPreview({ from, to }: { from: string; to: string }) {
  const { t, intl } = useI18n();
  const q = usePplReport(from, to, true);
  if (q.isPending) return <Skeleton variant="rounded" height={120} />;
  if (q.isError) return <Alert severity="error">{q.error.message}</Alert>;
  const r = q.data;
  const n = (v: number, digits = 2) => new Intl.NumberFormat(intl, { maximumFractionDigits: digits }).format(v);
  const band = PPL_BANDS.find((b) => b.band === r.band);
  const previous = PPL_BANDS[PPL_BANDS.findIndex((b) => b.band === r.band) - 1];
  const limits = band?.maxAnnualPerformances
    ? t('reports.ppl.bandUpTo', { from: n((previous?.maxAnnualPerformances ?? -1) + 1, 0), to: n(band.maxAnnualPerformances, 0) })
    : t('reports.ppl.bandAbove', { from: n((previous?.maxAnnualPerformances ?? 0) + 1, 0) });
  return (
    <Stack spacing={2}>
      <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, m: 0 }}>
        <Figure label={t('reports.ppl.tracksPerHour')} value={n(r.tracks_per_hour)} testId="ppl-tph" />
        <Figure label={t('reports.ppl.tlh')} value={n(r.total_listening_hours)} testId="ppl-tlh" />
        <Figure label={t('reports.ppl.performances')} value={n(r.performances, 0)} testId="ppl-performances" />
        <Figure label={t('reports.ppl.streams')} value={n(r.streams, 0)} testId="ppl-streams" />
        <Figure label={t('reports.ppl.plays')} value={n(r.plays, 0)} testId="ppl-plays" />
        <Figure label={t('reports.ppl.projected')} value={n(r.projected_annual_performances, 0)} testId="ppl-projected" />
      </Box>
      <Alert severity="info" data-testid="ppl-band">
        {t('reports.ppl.band', { band: r.band, limits })}
      </Alert>
    </Stack>
  );
}

function TerritoryPreview({ from, to }: { from: string; to: string }) {
  const { t, intl } = useI18n();
  const q = useTerritoryReport(from, to, true);
  const names = useMemo(() => new Intl.DisplayNames([intl], { type: 'region' }), [intl]);
  if (q.isPending) return <Skeleton variant="rounded" height={120} />;
  if (q.isError) return <Alert severity="error">{q.error.message}</Alert>;
  if (q.data.territories.length === 0) return <Typography>{t('reports.territory.none')}</Typography>;
  const pct = new Intl.NumberFormat(intl, { style: 'percent', maximumFractionDigits: 2 });
  const country = (code: string) => (code === 'ZZ' ? t('reports.territory.unknown') : (names.of(code) ?? code));
  return (
    <Scroll label={t('reports.kind.territory')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('reports.territory.country')}</TableCell>
          <TableCell align="right">{t('reports.ppl.streams')}</TableCell>
          <TableCell align="right">{t('reports.territory.share')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {q.data.territories.map((r) => (
          <TableRow key={r.country}>
            <TableCell>{country(r.country)}</TableCell>
            <TableCell align="right">{r.streams}</TableCell>
            <TableCell align="right">{pct.format(r.share)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Scroll>
  );
}

/** A report file shown as it will be downloaded (its first lines). */
function FilePreview({ kind, from, to, label }: { kind: FileReport; from: string; to: string; label: string }) {
  const { t } = useI18n();
  const q = useReportFile(kind, from, to, true);
  const rows = useMemo(() => (q.data ? readTable(q.data.text, FILE_REPORTS[kind].separator) : []), [q.data, kind]);
  if (q.isPending) return <Skeleton variant="rounded" height={120} />;
  if (q.isError) return <Alert severity="error">{q.error.message}</Alert>;
  const [header = [], ...body] = rows;
  if (body.length === 0) return <Typography>{t('reports.noPlays')}</Typography>;
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        {t('reports.previewLines', { shown: Math.min(PREVIEW_LINES, body.length), total: body.length })}
      </Typography>
      <Scroll label={label}>
        <TableHead>
          <TableRow>
            {header.map((h, i) => (
              <TableCell key={i} sx={{ whiteSpace: 'nowrap' }}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {body.slice(0, PREVIEW_LINES).map((r, i) => (
            <TableRow key={i}>
              {r.map((c, j) => (
                <TableCell key={j}>{c}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Scroll>
    </Stack>
  );
}

type Draft = Required<Omit<PlayRights, never>>;

/** Corrects one play's album, label, catalogue number, ISRC and writer/composer; MusicBrainz may suggest them. */
function EditPlay({ play, musicbrainz, onClose }: { play: PlayLogLine; musicbrainz: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const { toast } = useToast();
  const qc = useQueryClient();
  const [draft, setDraft] = useState<Draft>({ album: play.album, label: play.label, catalogue_number: play.catalogueNumber, isrc: play.isrc, composer: play.composer });
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = (k: keyof Draft, label: string) => (
    <TextField label={label} value={draft[k]} onChange={(e) => setDraft({ ...draft, [k]: e.target.value })} fullWidth size="small" slotProps={{ htmlInput: { 'data-testid': `edit-${k}` } }} />
  );
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await savePlayRights(play.id, draft);
      await qc.invalidateQueries({ queryKey: ['reports'] });
      toast({ title: t('reports.edit.saved'), variant: 'success' });
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  const lookUp = async () => {
    setBusy(true);
    setError(null);
    setNote(null);
    try {
      const answer = await lookUpMusicBrainz(play.id);
      const s = answer.suggestion;
      if (!s) setNote(t('reports.edit.mbNone'));
      else {
        setDraft({ ...draft, album: s.album || draft.album, label: s.label || draft.label, catalogue_number: s.catalogue_number || draft.catalogue_number, isrc: s.isrc || draft.isrc });
        setNote(t('reports.edit.mbFound'));
      }
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="edit-play-title">
      <DialogTitle id="edit-play-title">{t('reports.edit.title', { artist: play.artist, title: play.title })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('reports.edit.help')}
          </Typography>
          {field('album', t('reports.col.album'))}
          {field('label', t('reports.col.label'))}
          {field('catalogue_number', t('reports.col.catalogue'))}
          {field('isrc', t('reports.col.isrc'))}
          {field('composer', t('reports.col.composer'))}
          {note && (
            <Alert severity="info" role="status">
              {note}
            </Alert>
          )}
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {musicbrainz && (
          <Button onClick={() => void lookUp()} disabled={busy}>
            {t('reports.edit.musicbrainz')}
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose}>{t('reports.edit.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          {t('reports.edit.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function PlayLogPreview({ from, to }: { from: string; to: string }) {
  const { t, intl } = useI18n();
  const zone = useStation().timezone;
  const q = usePlayLog(from, to, true);
  const [editing, setEditing] = useState<PlayLogLine | null>(null);
  const when = useMemo(() => new Intl.DateTimeFormat(intl, { timeZone: zone, day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hour12: false }), [intl, zone]);
  if (q.isPending) return <Skeleton variant="rounded" height={120} />;
  if (q.isError) return <Alert severity="error">{q.error.message}</Alert>;
  if (q.data.plays.length === 0) return <Typography>{t('reports.noPlays')}</Typography>;
  const sourceKeys = { automation: 'reports.source.automation', live: 'reports.source.live', manual: 'reports.source.manual' } as const;
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        {t('reports.previewLines', { shown: q.data.plays.length, total: q.data.total })}
      </Typography>
      <Scroll label={t('reports.kind.plays')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('reports.col.time')}</TableCell>
            <TableCell>{t('reports.col.artist')}</TableCell>
            <TableCell>{t('reports.col.title')}</TableCell>
            <TableCell>{t('reports.col.album')}</TableCell>
            <TableCell>{t('reports.col.label')}</TableCell>
            <TableCell>{t('reports.col.catalogue')}</TableCell>
            <TableCell>{t('reports.col.isrc')}</TableCell>
            <TableCell>{t('reports.col.source')}</TableCell>
            <TableCell>{t('reports.col.show')}</TableCell>
            <TableCell align="right">{t('reports.col.listeners')}</TableCell>
            <TableCell>
              <Box component="span" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                {t('reports.col.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {q.data.plays.map((p) => (
            <TableRow key={p.id} data-testid="play-row">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{when.format(p.startMs)}</TableCell>
              <TableCell>{p.artist}</TableCell>
              <TableCell>{p.title}</TableCell>
              <TableCell>{p.album}</TableCell>
              <TableCell>{p.label}</TableCell>
              <TableCell>{p.catalogueNumber}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{p.isrc}</TableCell>
              <TableCell>{t(sourceKeys[p.source])}</TableCell>
              <TableCell>{p.show}</TableCell>
              <TableCell align="right">{p.listeners}</TableCell>
              <TableCell>
                <Button size="small" startIcon={<EditIcon />} onClick={() => setEditing(p)} aria-label={t('reports.edit.button', { artist: p.artist, title: p.title })}>
                  {t('reports.edit.short')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Scroll>
      {editing && <EditPlay play={editing} musicbrainz={q.data.musicbrainz} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

/** Reports (issue 34): owner and manager pick days in the station's zone, preview each report and download it. */
export default function ReportsScreen() {
  const { t } = useI18n();
  const zone = useStation().timezone;
  const { toast } = useToast();
  const today = dayIn(zone, Date.now());
  const [from, setFrom] = useState(() => dayIn(zone, Date.now() - 6 * 86_400_000));
  const [to, setTo] = useState(today);
  const [report, setReport] = useState<Report>('ppl');
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  const file = DOWNLOAD[report];
  const download = async () => {
    if (!file) return;
    try {
      const got = await fetchReportFile(file, from, to);
      const url = URL.createObjectURL(new Blob([got.text], { type: got.type }));
      const a = document.createElement('a');
      a.href = url;
      a.download = got.name;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      toast({ title: err instanceof Error ? err.message : String(err), variant: 'error' });
    }
  };
  const label = t(REPORT_KEYS[report]);
  return (
    <Stack spacing={3} sx={{ maxWidth: 1200 }}>
      <Box>
        <Typography variant="h4" component="h1">
          {t('reports.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('reports.intro', { zone })}
        </Typography>
      </Box>
      <Card variant="outlined">
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} component="form" aria-label={t('reports.range')} onSubmit={(e) => e.preventDefault()}>
            <TextField type="date" label={t('reports.from')} value={from} onChange={(e) => setFrom(e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to, 'data-testid': 'report-from' } }} size="small" />
            <TextField
              type="date"
              label={t('reports.to')}
              value={to}
              onChange={(e) => setTo(e.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from, 'data-testid': 'report-to' } }}
              size="small"
              error={!valid}
              helperText={valid ? t('reports.rangeHelp') : t('reports.rangeInvalid')}
            />
          </Stack>
        </CardContent>
      </Card>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={report} onChange={(_, v: Report) => setReport(v)} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile aria-label={t('reports.which')}>
          {REPORTS.map((r) => (
            <Tab key={r} value={r} label={t(REPORT_KEYS[r])} id={`report-tab-${r}`} aria-controls={`report-panel-${r}`} />
          ))}
        </Tabs>
      </Box>
      <Card variant="outlined" role="tabpanel" id={`report-panel-${report}`} aria-labelledby={`report-tab-${report}`}>
        <CardContent>
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
              <Box>
                <Typography variant="h6" component="h2">
                  {label}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(ABOUT_KEYS[report])}
                </Typography>
              </Box>
              {file && (
                <Button variant="contained" startIcon={<DownloadIcon />} onClick={() => void download()} disabled={!valid} sx={{ flexShrink: 0 }}>
                  {t('reports.download')}
                </Button>
              )}
            </Stack>
            {!valid ? null : report === 'ppl' ? (
              <PplPreview from={from} to={to} />
            ) : report === 'territory' ? (
              <TerritoryPreview from={from} to={to} />
            ) : report === 'plays' ? (
              <PlayLogPreview from={from} to={to} />
            ) : (
              <FilePreview kind={report} from={from} to={to} label={label} />
            )}
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
