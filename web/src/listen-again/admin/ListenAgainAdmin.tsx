import { Alert, Box, Button, Card, CardActions, CardContent, Checkbox, Chip, Dialog, DialogActions, DialogContent, DialogTitle, FormControl, FormControlLabel, FormGroup, FormLabel, InputLabel, LinearProgress, Link, MenuItem, Select, Skeleton, Stack, Switch, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { can } from '../../../../shared/permissions';
import type { ListenAgainStatusView, MixcloudStatus, PublishRule, StaffEpisode } from '../../../../shared/listen-again';
import { usePageMeta } from '../../app/meta';
import { useStation } from '../../app/station';
import { useAuth } from '../../auth/AuthProvider';
import { errorMessage } from '../../content/admin/form';
import { useI18n } from '../../i18n/state';
import { useToast } from '../../ui/toast';
import { fetchListenAgainStatus, fetchMixcloud, fetchShowRules, fetchStaffEpisodes, LA_KEYS, patchEpisode, removeMixcloud, saveListenAgainSettings, saveMixcloud, saveShowRule, type EpisodePatch } from './api';

/**
 * Listen again for staff at /admin/listen-again (issue 32 item 4): the episodes (managers all of them: trim,
 * retitle, describe, approve, hide; presenters their own: approve or hide), each show's publishing rule, the
 * station's settings with the recorder's state and disk use, and Mixcloud publishing. The server checks every
 * change (`episodes.manage` for managers; a presenter's own episode otherwise).
 */
export default function ListenAgainAdmin() {
  const { t } = useI18n();
  usePageMeta({ title: t('laStaff.title') });
  const role = useAuth().user?.role ?? null;
  const manager = can(role, 'episodes.manage');
  const tabs = manager ? (['episodes', 'shows', 'settings', 'mixcloud'] as const) : (['episodes'] as const);
  const [tab, setTab] = useState<(typeof tabs)[number]>('episodes');
  const labels = { episodes: t('laStaff.tab.episodes'), shows: t('laStaff.tab.shows'), settings: t('laStaff.tab.settings'), mixcloud: t('laStaff.tab.mixcloud') };
  return (
    <Box sx={{ p: { xs: 0, md: 4 }, maxWidth: 1100 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('laStaff.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {manager ? t('laStaff.introManager') : t('laStaff.introPresenter')}
      </Typography>
      {tabs.length > 1 && (
        <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
          <Tabs value={tab} onChange={(_e, v: (typeof tabs)[number]) => setTab(v)} variant="scrollable" allowScrollButtonsMobile aria-label={t('laStaff.sections')}>
            {tabs.map((k) => (
              <Tab key={k} value={k} label={labels[k]} id={`la-tab-${k}`} aria-controls={`la-panel-${k}`} />
            ))}
          </Tabs>
        </Box>
      )}
      <Box role={tabs.length > 1 ? 'tabpanel' : undefined} id={`la-panel-${tab}`} aria-labelledby={tabs.length > 1 ? `la-tab-${tab}` : undefined}>
        {tab === 'episodes' && <EpisodesPanel manager={manager} />}
        {tab === 'shows' && <ShowsPanel />}
        {tab === 'settings' && <SettingsPanel />}
        {tab === 'mixcloud' && <MixcloudPanel />}
      </Box>
    </Box>
  );
}

function Loading() {
  return (
    <Stack spacing={1} aria-busy="true">
      <Skeleton variant="rounded" height={72} />
      <Skeleton variant="rounded" height={72} />
    </Stack>
  );
}

function LoadError({ retry }: { retry: () => void }) {
  const { t } = useI18n();
  return (
    <Alert severity="error" action={<Button onClick={retry}>{t('laStaff.retry')}</Button>}>
      {t('laStaff.loadFailed')}
    </Alert>
  );
}

function useFormats() {
  const { intl } = useI18n();
  const zone = useStation().timezone;
  const dateTime = new Intl.DateTimeFormat(intl, { timeZone: zone, weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hour12: false });
  const num = new Intl.NumberFormat(intl, { maximumFractionDigits: 1 });
  return {
    dateTime: (iso: string) => dateTime.format(Date.parse(iso)),
    minutes: (s: number) => num.format(Math.round(s / 6) / 10),
    mb: (bytes: number) => num.format(Math.round(bytes / 104857.6) / 10),
  };
}

const STATUS_KEYS = { published: 'laStaff.status.published', pending: 'laStaff.status.pending', never: 'laStaff.status.never', not_recorded: 'laStaff.status.notRecorded' } as const satisfies Record<StaffEpisode['status'], string>;
const STATUS_COLOURS = { published: 'success', pending: 'warning', never: 'default', not_recorded: 'error' } as const satisfies Record<StaffEpisode['status'], string>;
const MIX_KEYS = { queued: 'laStaff.mix.queued', requested: 'laStaff.mix.requested', uploaded: 'laStaff.mix.uploaded', skipped: 'laStaff.mix.skipped', failed: 'laStaff.mix.failed' } as const;
const REASON_KEYS = { too_short: 'laStaff.mix.reason.tooShort', off_air: 'laStaff.mix.reason.offAir', few_tracks: 'laStaff.mix.reason.fewTracks' } as const;

function EpisodesPanel({ manager }: { manager: boolean }) {
  const { t } = useI18n();
  const qc = useQueryClient();
  const { toast } = useToast();
  const f = useFormats();
  const query = useQuery({ queryKey: LA_KEYS.episodes, queryFn: () => fetchStaffEpisodes() });
  const [editing, setEditing] = useState<StaffEpisode | null>(null);
  const change = useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: EpisodePatch }) => patchEpisode(id, patch),
    onSuccess: (ep) => {
      qc.setQueryData<{ episodes: StaffEpisode[] }>(LA_KEYS.episodes, (prev) => (prev ? { episodes: prev.episodes.map((e) => (e.id === ep.id ? ep : e)) } : prev));
      toast({ title: t('laStaff.episode.saved'), variant: 'success' });
      setEditing(null);
    },
    onError: (err) => toast({ title: errorMessage(err), variant: 'error' }),
  });
  if (query.isError) return <LoadError retry={() => void query.refetch()} />;
  if (!query.data) return <Loading />;
  const episodes = query.data.episodes;
  if (episodes.length === 0) return <Typography color="text.secondary">{manager ? t('laStaff.episodes.none') : t('laStaff.episodes.noneOwn')}</Typography>;
  return (
    <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('laStaff.tab.episodes')}>
      {episodes.map((e) => (
        <Card key={e.id} variant="outlined" component="li" data-testid="la-episode">
          <CardContent sx={{ pb: 1 }}>
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {e.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('laStaff.episode.when', { start: f.dateTime(e.starts_at), minutes: e.duration_seconds === null ? '–' : f.minutes(e.duration_seconds) })}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
              <Chip size="small" color={STATUS_COLOURS[e.status]} label={t(STATUS_KEYS[e.status])} />
              {e.hidden && <Chip size="small" label={t('laStaff.episode.hidden')} />}
              {(e.trim_start_seconds > 0 || e.trim_end_seconds > 0) && <Chip size="small" variant="outlined" label={t('laStaff.episode.trimmed', { start: e.trim_start_seconds, end: e.trim_end_seconds })} />}
              {e.mixcloud && <Chip size="small" variant="outlined" label={t('laStaff.episode.mixcloud', { state: t(MIX_KEYS[e.mixcloud.state]) })} />}
            </Stack>
            {e.status !== 'not_recorded' && e.gaps.length > 0 && (
              <Typography variant="body2" sx={{ mt: 1 }}>
                {t('laStaff.episode.gaps', { count: e.gaps.length, seconds: Math.round(e.gaps.reduce((s, g) => s + g.seconds, 0)) })}
              </Typography>
            )}
            {e.status === 'not_recorded' && (
              <Typography variant="body2" sx={{ mt: 1 }}>
                {t('laStaff.episode.notRecordedHelp')}
              </Typography>
            )}
          </CardContent>
          {e.status !== 'not_recorded' && (
            <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
              {e.status === 'pending' && (
                <Button variant="contained" size="small" disabled={change.isPending} onClick={() => change.mutate({ id: e.id, patch: { approved: true } })} aria-label={t('laStaff.episode.approveNamed', { title: e.title })}>
                  {t('laStaff.episode.approve')}
                </Button>
              )}
              <Button variant="outlined" size="small" disabled={change.isPending} onClick={() => change.mutate({ id: e.id, patch: { hidden: !e.hidden } })} aria-label={t(e.hidden ? 'laStaff.episode.showNamed' : 'laStaff.episode.hideNamed', { title: e.title })}>
                {e.hidden ? t('laStaff.episode.show') : t('laStaff.episode.hide')}
              </Button>
              {manager && (
                <Button size="small" onClick={() => setEditing(e)} aria-label={t('laStaff.episode.editNamed', { title: e.title })}>
                  {t('laStaff.episode.edit')}
                </Button>
              )}
              {e.status === 'published' && !e.hidden && (
                <Link href={e.audio_url} target="_blank" rel="noopener" sx={{ ml: 1, py: 1.25 }}>
                  {t('laStaff.episode.listen')}
                </Link>
              )}
            </CardActions>
          )}
        </Card>
      ))}
      {editing && <EditDialog episode={editing} busy={change.isPending} onClose={() => setEditing(null)} onSave={(patch) => change.mutate({ id: editing.id, patch })} />}
    </Stack>
  );
}

function EditDialog({ episode, busy, onClose, onSave }: { episode: StaffEpisode; busy: boolean; onClose: () => void; onSave: (p: EpisodePatch) => void }) {
  const { t } = useI18n();
  const [title, setTitle] = useState(episode.title);
  const [description, setDescription] = useState(episode.description ?? '');
  const [start, setStart] = useState(String(episode.trim_start_seconds));
  const [end, setEnd] = useState(String(episode.trim_end_seconds));
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    onSave({ title: title.trim(), description: description.trim() === '' ? null : description, trim_start_seconds: Math.max(0, Math.round(Number(start) || 0)), trim_end_seconds: Math.max(0, Math.round(Number(end) || 0)) });
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="la-edit-title">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="la-edit-title">{t('laStaff.edit.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label={t('laStaff.edit.name')} value={title} onChange={(e) => setTitle(e.target.value)} required slotProps={{ htmlInput: { maxLength: 200 } }} />
            <TextField label={t('laStaff.edit.description')} value={description} onChange={(e) => setDescription(e.target.value)} multiline minRows={3} slotProps={{ htmlInput: { maxLength: 5000 } }} />
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <TextField label={t('laStaff.edit.trimStart')} type="number" value={start} onChange={(e) => setStart(e.target.value)} slotProps={{ htmlInput: { min: 0, step: 1 } }} />
              <TextField label={t('laStaff.edit.trimEnd')} type="number" value={end} onChange={(e) => setEnd(e.target.value)} slotProps={{ htmlInput: { min: 0, step: 1 } }} />
            </Box>
            <Typography variant="body2" color="text.secondary">
              {t('laStaff.edit.trimHelp')}
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('laStaff.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy || title.trim() === ''}>
            {t('laStaff.edit.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

const RULE_KEYS = { auto: 'laStaff.rule.auto', approval: 'laStaff.rule.approval', never: 'laStaff.rule.never' } as const satisfies Record<PublishRule, string>;

function ShowsPanel() {
  const { t } = useI18n();
  const qc = useQueryClient();
  const { toast } = useToast();
  const f = useFormats();
  const query = useQuery({ queryKey: LA_KEYS.shows, queryFn: () => fetchShowRules() });
  const save = useMutation({
    mutationFn: ({ id, publish }: { id: string; publish: PublishRule }) => saveShowRule(id, publish),
    onSuccess: (r) => {
      qc.setQueryData<{ shows: { show_key: string; publish: PublishRule }[] }>(LA_KEYS.shows, (prev) => (prev ? { ...prev, shows: prev.shows.map((s) => (s.show_key === r.show_key ? { ...s, publish: r.publish } : s)) } : prev));
      toast({ title: t('laStaff.rule.saved'), variant: 'success' });
    },
    onError: (err) => toast({ title: errorMessage(err), variant: 'error' }),
  });
  if (query.isError) return <LoadError retry={() => void query.refetch()} />;
  if (!query.data) return <Loading />;
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('laStaff.shows.intro')}
      </Typography>
      {query.data.shows.length === 0 ? (
        <Typography color="text.secondary">{t('laStaff.shows.none')}</Typography>
      ) : (
        <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {query.data.shows.map((s) => (
            <Card key={s.show_key} variant="outlined" component="li">
              <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between', '&:last-child': { pb: 2 } }}>
                <Box sx={{ minWidth: 0, flex: '1 1 220px' }}>
                  <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {s.title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {[s.presenter_name, s.next_at ? t('laStaff.shows.next', { when: f.dateTime(s.next_at) }) : s.last_at ? t('laStaff.shows.last', { when: f.dateTime(s.last_at) }) : null].filter(Boolean).join(' · ')}
                  </Typography>
                </Box>
                <FormControl size="small" sx={{ minWidth: 230 }}>
                  <InputLabel id={`rule-${s.show_key}`}>{t('laStaff.shows.rule')}</InputLabel>
                  <Select labelId={`rule-${s.show_key}`} label={t('laStaff.shows.rule')} value={s.publish} disabled={save.isPending} onChange={(e) => save.mutate({ id: s.show_id, publish: e.target.value as PublishRule })} inputProps={{ 'aria-label': t('laStaff.shows.ruleFor', { title: s.title }) }}>
                    {(['auto', 'approval', 'never'] as const).map((r) => (
                      <MenuItem key={r} value={r}>
                        {t(RULE_KEYS[r])}
                      </MenuItem>
                    ))}
                  </Select>
                </FormControl>
              </CardContent>
            </Card>
          ))}
        </Stack>
      )}
    </>
  );
}

const RECORDER_KEYS = {
  recording: 'laStaff.recorder.recording',
  waiting: 'laStaff.recorder.waiting',
  standby: 'laStaff.recorder.standby',
  disabled: 'laStaff.recorder.disabled',
  excluded_hour: 'laStaff.recorder.excludedHour',
  disk_full: 'laStaff.recorder.diskFull',
  error: 'laStaff.recorder.error',
} as const satisfies Record<ListenAgainStatusView['recorder']['state'], string>;

type SettingsForm = Omit<ListenAgainStatusView['settings'], 'downloads_chosen' | 'retention_days' | 'logger_min_days' | 'public_window_days' | 'pre_roll_seconds' | 'post_roll_seconds' | 'min_free_mb'> & Record<'retention_days' | 'logger_min_days' | 'public_window_days' | 'pre_roll_seconds' | 'post_roll_seconds' | 'min_free_mb', string>;
const NUMBERS = [
  { key: 'retention_days', label: 'laStaff.settings.retention', help: 'laStaff.settings.retentionHelp' },
  { key: 'logger_min_days', label: 'laStaff.settings.logger', help: 'laStaff.settings.loggerHelp' },
  { key: 'public_window_days', label: 'laStaff.settings.window', help: 'laStaff.settings.windowHelp' },
  { key: 'min_free_mb', label: 'laStaff.settings.minFree', help: 'laStaff.settings.minFreeHelp' },
  { key: 'pre_roll_seconds', label: 'laStaff.settings.preRoll', help: null },
  { key: 'post_roll_seconds', label: 'laStaff.settings.postRoll', help: null },
] as const;
const toForm = (s: ListenAgainStatusView['settings']): SettingsForm => ({
  recording_enabled: s.recording_enabled,
  downloads_enabled: s.downloads_enabled,
  excluded_hours: [...s.excluded_hours],
  retention_days: String(s.retention_days),
  logger_min_days: String(s.logger_min_days),
  public_window_days: String(s.public_window_days),
  pre_roll_seconds: String(s.pre_roll_seconds),
  post_roll_seconds: String(s.post_roll_seconds),
  min_free_mb: String(s.min_free_mb),
});

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} sx={{ mb: 3 }}>
      <CardContent>
        <Typography id={id} variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function SettingsPanel() {
  const { t } = useI18n();
  const compliance = useStation().compliance_mode;
  const qc = useQueryClient();
  const { toast } = useToast();
  const f = useFormats();
  const query = useQuery({ queryKey: LA_KEYS.status, queryFn: () => fetchListenAgainStatus(), refetchInterval: 10_000 });
  const [form, setForm] = useState<SettingsForm | null>(null);
  useEffect(() => {
    if (query.data && !form) setForm(toForm(query.data.settings));
  }, [query.data, form]);
  const save = useMutation({
    mutationFn: (x: SettingsForm) =>
      saveListenAgainSettings({
        recording_enabled: x.recording_enabled,
        downloads_enabled: x.downloads_enabled,
        excluded_hours: x.excluded_hours,
        ...Object.fromEntries(NUMBERS.map((n) => [n.key, Number(x[n.key])])),
      }),
    onSuccess: (saved) => {
      qc.setQueryData<ListenAgainStatusView>(LA_KEYS.status, (prev) => (prev ? { ...prev, settings: saved } : prev));
      setForm(toForm(saved));
      toast({ title: t('laStaff.settings.saved'), variant: 'success' });
    },
  });
  if (query.isError && !query.data) return <LoadError retry={() => void query.refetch()} />;
  if (!query.data || !form) return <Loading />;
  const { recorder, disk } = query.data;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(form);
  };
  const used = disk.recordings_bytes + disk.episodes_bytes;
  const free = disk.free_bytes;
  return (
    <>
      <Section id="la-recorder" title={t('laStaff.recorder.title')}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
          <Chip color={recorder.state === 'recording' ? 'success' : recorder.state === 'disk_full' || recorder.state === 'error' ? 'error' : 'default'} label={t(RECORDER_KEYS[recorder.state])} data-testid="la-recorder-state" />
          <Typography variant="body2" color="text.secondary">
            {t('laStaff.recorder.since', { when: f.dateTime(recorder.since) })}
          </Typography>
        </Stack>
        {recorder.warning && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {recorder.state === 'disk_full' ? t('laStaff.recorder.diskFullWarning', { free: f.mb(recorder.free_bytes ?? 0), min: query.data.settings.min_free_mb }) : recorder.warning}
          </Alert>
        )}
        <Typography variant="body2">{t('laStaff.disk.used', { recordings: f.mb(disk.recordings_bytes), episodes: f.mb(disk.episodes_bytes), files: disk.files })}</Typography>
        {free !== null && (
          <>
            <Typography variant="body2">{t('laStaff.disk.free', { free: f.mb(free) })}</Typography>
            <LinearProgress variant="determinate" value={Math.min(100, (used / Math.max(1, used + free)) * 100)} sx={{ mt: 1, height: 8, borderRadius: 1 }} aria-label={t('laStaff.disk.share')} />
          </>
        )}
        {disk.oldest_recording && <Typography variant="body2" sx={{ mt: 1 }}>{t('laStaff.disk.oldest', { when: f.dateTime(disk.oldest_recording) })}</Typography>}
      </Section>

      <Section id="la-settings" title={t('laStaff.settings.title')}>
        <Box component="form" noValidate onSubmit={submit} data-testid="la-settings">
          <Stack>
            <FormControlLabel control={<Switch checked={form.recording_enabled} onChange={(e) => setForm({ ...form, recording_enabled: e.target.checked })} />} label={t('laStaff.settings.recording')} />
            <FormControlLabel control={<Switch checked={form.downloads_enabled} onChange={(e) => setForm({ ...form, downloads_enabled: e.target.checked })} />} label={t('laStaff.settings.downloads')} />
          </Stack>
          <Alert severity="info" sx={{ my: 1 }}>
            {t('laStaff.settings.downloadsNote')}
          </Alert>
          {compliance !== 'none' && (
            // Compliance mode (issue 34) says so where it changes what the station does: the licence's rules win over these settings.
            <Alert severity="warning" sx={{ my: 1 }} data-testid="la-compliance">
              {compliance === 'us' ? t('laStaff.settings.licenceUs') : t('laStaff.settings.licenceUk')}
            </Alert>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {query.data.settings.downloads_chosen ? t('laStaff.settings.streamingAlways') : t('laStaff.settings.downloadsDefault')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {NUMBERS.map((n) => (
              <TextField key={n.key} label={t(n.label)} type="number" value={form[n.key]} onChange={(e) => setForm({ ...form, [n.key]: e.target.value })} helperText={n.help ? t(n.help) : undefined} slotProps={{ htmlInput: { min: 0, step: 1 } }} />
            ))}
          </Box>
          <FormControl component="fieldset" fullWidth sx={{ mt: 2, minWidth: 0 }}>
            <FormLabel component="legend">{t('laStaff.settings.excluded')}</FormLabel>
            <Typography variant="body2" color="text.secondary">
              {t('laStaff.settings.excludedHelp')}
            </Typography>
            <FormGroup row sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(3, minmax(0, 1fr))', sm: 'repeat(6, minmax(0, 1fr))', md: 'repeat(8, minmax(0, 1fr))' } }}>
              {Array.from({ length: 24 }, (_, h) => (
                <FormControlLabel
                  key={h}
                  sx={{ mr: 0 }}
                  label={`${String(h).padStart(2, '0')}:00`}
                  control={<Checkbox checked={form.excluded_hours.includes(h)} onChange={(e) => setForm({ ...form, excluded_hours: e.target.checked ? [...form.excluded_hours, h].sort((a, b) => a - b) : form.excluded_hours.filter((x) => x !== h) })} />}
                />
              ))}
            </FormGroup>
          </FormControl>
          {save.isError && (
            <Alert severity="error" sx={{ mt: 2 }} role="alert">
              {errorMessage(save.error)}
            </Alert>
          )}
          <Box>
            <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={save.isPending}>
              {t('laStaff.settings.save')}
            </Button>
          </Box>
        </Box>
      </Section>
    </>
  );
}

function MixcloudPanel() {
  const { t } = useI18n();
  const qc = useQueryClient();
  const { toast } = useToast();
  const f = useFormats();
  const query = useQuery({ queryKey: LA_KEYS.mixcloud, queryFn: () => fetchMixcloud() });
  const [token, setToken] = useState('');
  const [rules, setRules] = useState<{ min_minutes: string; min_tracks: string; tags: string } | null>(null);
  useEffect(() => {
    if (query.data && !rules) setRules({ min_minutes: String(query.data.min_minutes), min_tracks: String(query.data.min_tracks), tags: query.data.tags.join(', ') });
  }, [query.data, rules]);
  const onSaved = (s: MixcloudStatus | null) => {
    qc.setQueryData(LA_KEYS.mixcloud, s ?? undefined);
    if (!s) void qc.invalidateQueries({ queryKey: LA_KEYS.mixcloud });
    setToken('');
    setRules(null);
  };
  const save = useMutation({
    mutationFn: () => saveMixcloud({ ...(token.trim() ? { access_token: token.trim() } : {}), min_minutes: Number(rules?.min_minutes ?? 0), min_tracks: Number(rules?.min_tracks ?? 0), tags: (rules?.tags ?? '').split(',').map((x) => x.trim()).filter(Boolean) }),
    onSuccess: (s) => {
      onSaved(s);
      toast({ title: t('laStaff.mixcloud.saved'), variant: 'success' });
    },
  });
  const remove = useMutation({
    mutationFn: () => removeMixcloud(),
    onSuccess: () => {
      onSaved(null);
      toast({ title: t('laStaff.mixcloud.removed'), variant: 'success' });
    },
    onError: (err) => toast({ title: errorMessage(err), variant: 'error' }),
  });
  if (query.isError && !query.data) return <LoadError retry={() => void query.refetch()} />;
  if (!query.data || !rules) return <Loading />;
  const m = query.data;
  return (
    <>
      <Section id="la-mixcloud" title={t('laStaff.mixcloud.title')}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('laStaff.mixcloud.intro')}
        </Typography>
        {m.configured && !m.readable && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('laStaff.mixcloud.unreadable')}
          </Alert>
        )}
        {m.paused_until && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('laStaff.mixcloud.paused', { when: f.dateTime(m.paused_until) })}
          </Alert>
        )}
        <Box
          component="form"
          noValidate
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            save.mutate();
          }}
        >
          <TextField fullWidth type="password" autoComplete="off" label={t('laStaff.mixcloud.token')} value={token} onChange={(e) => setToken(e.target.value)} helperText={m.configured ? t('laStaff.mixcloud.tokenSaved', { token: m.token ?? '' }) : t('laStaff.mixcloud.tokenHelp')} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mt: 2 }}>
            <TextField label={t('laStaff.mixcloud.minMinutes')} type="number" value={rules.min_minutes} onChange={(e) => setRules({ ...rules, min_minutes: e.target.value })} slotProps={{ htmlInput: { min: 0 } }} />
            <TextField label={t('laStaff.mixcloud.minTracks')} type="number" value={rules.min_tracks} onChange={(e) => setRules({ ...rules, min_tracks: e.target.value })} slotProps={{ htmlInput: { min: 0 } }} />
          </Box>
          <TextField fullWidth sx={{ mt: 2 }} label={t('laStaff.mixcloud.tags')} value={rules.tags} onChange={(e) => setRules({ ...rules, tags: e.target.value })} helperText={t('laStaff.mixcloud.tagsHelp')} />
          {save.isError && (
            <Alert severity="error" sx={{ mt: 2 }} role="alert">
              {errorMessage(save.error)}
            </Alert>
          )}
          <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {t('laStaff.mixcloud.save')}
            </Button>
            {m.configured && (
              <Button color="error" onClick={() => remove.mutate()} disabled={remove.isPending}>
                {t('laStaff.mixcloud.remove')}
              </Button>
            )}
          </Stack>
        </Box>
      </Section>
      <Section id="la-mixcloud-uploads" title={t('laStaff.mixcloud.uploads')}>
        {m.uploads.length === 0 ? (
          <Typography color="text.secondary">{t('laStaff.mixcloud.noUploads')}</Typography>
        ) : (
          <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {m.uploads.map((u) => (
              <Box component="li" key={u.episode_id} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', borderBottom: 1, borderColor: 'divider', pb: 1 }}>
                <Typography sx={{ flex: '1 1 200px', overflowWrap: 'anywhere' }}>
                  {u.title}
                  {u.aired_at ? ` · ${f.dateTime(u.aired_at)}` : ''}
                </Typography>
                <Chip size="small" color={u.state === 'uploaded' ? 'success' : u.state === 'failed' ? 'error' : 'default'} label={t(MIX_KEYS[u.state])} />
                {u.reason && <Typography variant="body2">{t(REASON_KEYS[u.reason])}</Typography>}
                {u.state === 'queued' && u.message && <Typography variant="body2" color="text.secondary">{u.message}</Typography>}
                {u.state === 'failed' && u.message && <Typography variant="body2" color="error">{u.message}</Typography>}
                {u.url && (
                  <Link href={u.url} target="_blank" rel="noopener">
                    {t('laStaff.mixcloud.open')}
                  </Link>
                )}
              </Box>
            ))}
          </Stack>
        )}
      </Section>
    </>
  );
}
