import { Alert, Box, Button, Card, CardContent, FormControlLabel, Link, List, ListItem, ListItemIcon, ListItemText, Skeleton, Stack, Switch, TextField, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { ListingInput, ListingView, StreamCheck } from '../../../../shared/listed';
import { errorMessage } from '../../content/admin/form';
import { useI18n } from '../../i18n/state';
import { useToast } from '../../ui/toast';
import { fetchListing, registerRadioBrowser, runStreamChecks, saveListing } from './api';

/** Where a station submits its podcast feed (each directory's own submission page). */
const PODCAST_DIRECTORIES = [
  { name: 'Apple Podcasts', url: 'https://podcastsconnect.apple.com/' },
  { name: 'Spotify', url: 'https://podcasters.spotify.com/' },
  { name: 'Pocket Casts', url: 'https://pocketcasts.com/submit/' },
  { name: 'YouTube Music', url: 'https://studio.youtube.com/' },
  { name: 'Amazon Music', url: 'https://podcasters.amazon.com/' },
  { name: 'Podcast Index', url: 'https://podcastindex.org/add' },
] as const;

const CHECK_LABEL = {
  reachable: 'listed.check.reachable',
  https: 'listed.check.https',
  cors: 'listed.check.cors',
  content_type: 'listed.check.content_type',
  bitrate: 'listed.check.bitrate',
  icy: 'listed.check.icy',
} as const satisfies Record<StreamCheck['key'], string>;

interface Form {
  country_code: string;
  language: string;
  tags: string;
  geo_lat: string;
  geo_long: string;
  tunein_enabled: boolean;
  tunein_station_id: string;
  tunein_partner_id: string;
  tunein_partner_key: string;
}

const toForm = (v: ListingView): Form => ({
  country_code: v.country_code ?? '',
  language: v.language ?? '',
  tags: v.tags ?? '',
  geo_lat: v.geo_lat === null ? '' : String(v.geo_lat),
  geo_long: v.geo_long === null ? '' : String(v.geo_long),
  tunein_enabled: v.tunein_enabled,
  tunein_station_id: v.tunein_station_id ?? '',
  tunein_partner_id: v.tunein_partner_id ?? '',
  tunein_partner_key: '',
});

/** What is sent: the server reads blanks as "none" and a blank key as "keep the stored one", and answers in its own words. */
const toInput = (f: Form): ListingInput => ({
  country_code: f.country_code,
  language: f.language,
  tags: f.tags,
  geo_lat: f.geo_lat as unknown as number,
  geo_long: f.geo_long as unknown as number,
  tunein_enabled: f.tunein_enabled,
  tunein_station_id: f.tunein_station_id,
  tunein_partner_id: f.tunein_partner_id,
  ...(f.tunein_partner_key ? { tunein_partner_key: f.tunein_partner_key } : {}),
});

function Step({ id, title, help, children }: { id: string; title: string; help: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={`listed-${id}-title`} sx={{ mb: 3 }} data-testid={`listed-${id}`}>
      <CardContent>
        <Typography id={`listed-${id}-title`} variant="h6" component="h2">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {help}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * Settings → Get listed (issue 36 item 3): a checklist that checks and does. The stream's own checks (run by the
 * server), the directory details and TuneIn AIR account, the radio-browser.info registration with the Icecast
 * headers that claim the entry, the playlist files, QR code and smart-speaker page, and the podcast directories.
 * Owner and manager; the server checks.
 */
export function GetListedTab() {
  const { t, intl } = useI18n();
  const qc = useQueryClient();
  const { toast } = useToast();
  const query = useQuery({ queryKey: ['settings', 'listing'], queryFn: () => fetchListing() });
  const [form, setForm] = useState<Form | null>(null);
  useEffect(() => {
    if (query.data && !form) setForm(toForm(query.data));
  }, [query.data, form]);
  const save = useMutation({
    mutationFn: (f: Form) => saveListing(toInput(f)),
    onSuccess: (saved) => {
      qc.setQueryData(['settings', 'listing'], saved);
      setForm(toForm(saved));
      toast({ title: t('listed.saved'), variant: 'success' });
    },
  });
  const checks = useMutation({ mutationFn: () => runStreamChecks() });
  const register = useMutation({
    mutationFn: () => registerRadioBrowser(),
    onSuccess: (saved) => {
      qc.setQueryData(['settings', 'listing'], saved);
      toast({ title: t('listed.rb.done'), variant: 'success' });
    },
  });
  const set = (patch: Partial<Form>) => setForm((f) => (f ? { ...f, ...patch } : f));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (form) save.mutate(form);
  };
  const when = (iso: string) => new Intl.DateTimeFormat(intl, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const v = query.data;

  if (query.isError && !v) {
    return (
      <Alert severity="error" action={<Button onClick={() => void query.refetch()}>{t('listed.retry')}</Button>}>
        {t('listed.loadFailed')}
      </Alert>
    );
  }
  if (!v || !form) {
    return (
      <Stack spacing={2} aria-busy="true">
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={240} />
      </Stack>
    );
  }
  return (
    <Box data-testid="get-listed">
      <Typography variant="body1" sx={{ mb: 3 }}>
        {t('listed.intro')}
      </Typography>

      <Step id="stream" title={t('listed.stream.title')} help={t('listed.stream.help')}>
        <Typography variant="body2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
          {v.station.stream_url}
        </Typography>
        <Button variant="contained" onClick={() => checks.mutate()} disabled={checks.isPending}>
          {checks.isPending ? t('listed.stream.running') : t('listed.stream.run')}
        </Button>
        {checks.isError && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {errorMessage(checks.error)}
          </Alert>
        )}
        {checks.data && (
          <List aria-label={t('listed.stream.results')} data-testid="listed-checks">
            {checks.data.checks.map((c) => (
              <ListItem key={c.key} disableGutters data-check={c.key} data-ok={c.ok ? 'yes' : 'no'}>
                <ListItemIcon sx={{ minWidth: 36 }}>{c.ok ? <CheckCircleIcon color="success" aria-hidden /> : <ErrorOutlineIcon color="warning" aria-hidden />}</ListItemIcon>
                <ListItemText
                  primary={`${t(CHECK_LABEL[c.key])}: ${c.ok ? t('listed.check.ok') : t('listed.check.failed')}`}
                  secondary={c.detail}
                  slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Step>

      <Step id="details" title={t('listed.details.title')} help={t('listed.details.help')}>
        <Box component="form" noValidate onSubmit={submit} data-testid="listed-form">
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField label={t('listed.country')} value={form.country_code} onChange={(e) => set({ country_code: e.target.value })} slotProps={{ htmlInput: { maxLength: 2, autoCapitalize: 'characters' } }} />
            <TextField label={t('listed.language')} value={form.language} onChange={(e) => set({ language: e.target.value })} />
            <TextField label={t('listed.tags')} value={form.tags} onChange={(e) => set({ tags: e.target.value })} sx={{ gridColumn: { sm: '1 / -1' } }} />
            <TextField label={t('listed.lat')} inputMode="decimal" value={form.geo_lat} onChange={(e) => set({ geo_lat: e.target.value })} />
            <TextField label={t('listed.long')} inputMode="decimal" value={form.geo_long} onChange={(e) => set({ geo_long: e.target.value })} />
          </Box>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mt: 3 }}>
            {t('listed.tunein.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('listed.tunein.help')}
          </Typography>
          <FormControlLabel control={<Switch checked={form.tunein_enabled} onChange={(e) => set({ tunein_enabled: e.target.checked })} />} label={t('listed.tunein.enabled')} sx={{ mb: 1 }} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
            <TextField label={t('listed.tunein.station')} value={form.tunein_station_id} onChange={(e) => set({ tunein_station_id: e.target.value })} />
            <TextField label={t('listed.tunein.partner')} value={form.tunein_partner_id} onChange={(e) => set({ tunein_partner_id: e.target.value })} />
            <TextField
              label={t('listed.tunein.key')}
              type="password"
              autoComplete="new-password"
              value={form.tunein_partner_key}
              onChange={(e) => set({ tunein_partner_key: e.target.value })}
              helperText={v.tunein_partner_key_set ? t('listed.tunein.keySet') : t('listed.tunein.keyUnset')}
            />
          </Box>
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="listed-tunein-last">
            {v.tunein_last_push === null ? t('listed.tunein.never') : v.tunein_last_push.ok ? t('listed.tunein.lastOk', { when: when(v.tunein_last_push.at) }) : t('listed.tunein.lastFailed', { when: when(v.tunein_last_push.at), message: v.tunein_last_push.message })}
          </Typography>
          {save.isError && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {errorMessage(save.error)}
            </Alert>
          )}
          <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={save.isPending}>
            {t('listed.save')}
          </Button>
        </Box>
      </Step>

      <Step id="radio-browser" title={t('listed.rb.title')} help={t('listed.rb.help')}>
        <Typography variant="body2" sx={{ mb: 1, overflowWrap: 'anywhere' }} data-testid="listed-rb-status">
          {v.radio_browser ? t('listed.rb.registered', { date: when(v.radio_browser.registered_at), uuid: v.radio_browser.uuid }) : t('listed.rb.notYet')}
        </Typography>
        <Button variant="contained" onClick={() => register.mutate()} disabled={register.isPending || !v.country_code}>
          {v.radio_browser ? t('listed.rb.again') : t('listed.rb.register')}
        </Button>
        {register.isError && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {errorMessage(register.error)}
          </Alert>
        )}
        <Typography variant="body2" sx={{ mt: 2, mb: 1 }} id="listed-headers-help">
          {t('listed.rb.headers')}
        </Typography>
        <Box
          component="pre"
          tabIndex={0}
          aria-labelledby="listed-headers-help"
          data-testid="listed-icecast-headers"
          sx={{ p: 2, m: 0, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto', fontSize: '0.85rem', direction: 'ltr', textAlign: 'left' }}
        >
          {v.icecast_headers}
        </Box>
      </Step>

      <Step id="links" title={t('listed.links.title')} help={t('listed.links.help')}>
        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <Box component="img" src={v.links.qr_svg} width={180} height={180} alt={t('listed.qrAlt', { name: v.station.name })} sx={{ bgcolor: '#fff', borderRadius: 1, border: 1, borderColor: 'divider' }} />
          <Stack spacing={1} sx={{ minWidth: 0 }}>
            <Link href={v.links.m3u} sx={{ minHeight: 44, display: 'inline-flex', alignItems: 'center', overflowWrap: 'anywhere' }}>
              {t('listed.links.m3u')}
            </Link>
            <Link href={v.links.pls} sx={{ minHeight: 44, display: 'inline-flex', alignItems: 'center', overflowWrap: 'anywhere' }}>
              {t('listed.links.pls')}
            </Link>
            <Link href={v.links.voice_page} target="_blank" rel="noopener" sx={{ minHeight: 44, display: 'inline-flex', alignItems: 'center', overflowWrap: 'anywhere' }}>
              {t('listed.links.voice')}
            </Link>
          </Stack>
        </Box>
      </Step>

      <Step id="podcasts" title={t('listed.podcasts.title')} help={v.podcast_feed ? t('listed.podcasts.help') : t('listed.podcasts.off')}>
        {v.podcast_feed && (
          <>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="listed-podcast-feed">
              {t('listed.podcasts.feed', { url: v.podcast_feed })}
            </Typography>
            <List aria-label={t('listed.podcasts.title')}>
              {PODCAST_DIRECTORIES.map((d) => (
                <ListItem key={d.name} disableGutters>
                  <Link href={d.url} target="_blank" rel="noopener noreferrer" sx={{ minHeight: 44, display: 'inline-flex', alignItems: 'center' }}>
                    {d.name}
                  </Link>
                </ListItem>
              ))}
            </List>
          </>
        )}
      </Step>
    </Box>
  );
}
