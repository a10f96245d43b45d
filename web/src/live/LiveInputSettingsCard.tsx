import { Alert, Box, Button, Card, CardContent, FormControl, IconButton, InputLabel, MenuItem, Select, Skeleton, Stack, TextField, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import type { LiveInputSettingsInput, LiveInputSettingsView } from '../../../shared/live';
import { errorMessage } from '../content/admin/form';
import { useI18n } from '../i18n/state';
import { usePresenters } from '../presenters/api';
import { useToast } from '../ui/toast';
import { saveLiveSettings, useLiveSettings } from './api';

/**
 * General Settings → Live input (issue 31): where a presenter's Go live sends
 * their audio, for the station source this server runs (the demo station needs
 * nothing; Icecast: the live mount and its source password; AzuraCast: the DJ
 * port and mount and each presenter's streamer account), and the go-live
 * window around a booking. Owner and manager (`settings.access`, checked by the
 * server). Passwords go in and never come back: the form shows whether one is
 * stored, and a blank field keeps it. A refused save keeps what was typed.
 */
interface StreamerForm {
  presenter_id: string;
  username: string;
  password: string;
  password_set: boolean;
}

interface Form {
  lead_minutes: string;
  grace_minutes: string;
  icecast_server: string;
  icecast_mount: string;
  icecast_password: string;
  azuracast_server: string;
  azuracast_dj_port: string;
  azuracast_dj_mount: string;
  streamers: StreamerForm[];
}

const toForm = (v: LiveInputSettingsView): Form => ({
  lead_minutes: String(v.lead_minutes),
  grace_minutes: String(v.grace_minutes),
  icecast_server: v.icecast_server ?? '',
  icecast_mount: v.icecast_mount ?? '',
  icecast_password: '',
  azuracast_server: v.azuracast_server ?? '',
  azuracast_dj_port: v.azuracast_dj_port === null ? '' : String(v.azuracast_dj_port),
  azuracast_dj_mount: v.azuracast_dj_mount ?? '',
  streamers: v.streamers.map((s) => ({ presenter_id: s.presenter_id, username: s.username, password: '', password_set: s.password_set })),
});

/** What is sent: blanks as null (or left out for a password: keep the stored one), so the server answers in its own words. */
const toInput = (f: Form): LiveInputSettingsInput => ({
  lead_minutes: f.lead_minutes.trim() as unknown as number,
  grace_minutes: f.grace_minutes.trim() as unknown as number,
  icecast_server: f.icecast_server.trim() || null,
  icecast_mount: f.icecast_mount.trim() || null,
  ...(f.icecast_password ? { icecast_password: f.icecast_password } : {}),
  azuracast_server: f.azuracast_server.trim() || null,
  azuracast_dj_port: (f.azuracast_dj_port.trim() || null) as unknown as number | null,
  azuracast_dj_mount: f.azuracast_dj_mount.trim() || null,
  streamers: f.streamers.map((s) => ({ presenter_id: s.presenter_id, username: s.username, ...(s.password ? { password: s.password } : {}) })),
});

export function LiveInputSettingsCard() {
  const { t } = useI18n();
  const qc = useQueryClient();
  const { toast } = useToast();
  const query = useLiveSettings();
  const [form, setForm] = useState<Form | null>(null);
  useEffect(() => {
    if (query.data && !form) setForm(toForm(query.data));
  }, [query.data, form]);
  const source = query.data?.source;
  const presenters = usePresenters();
  const save = useMutation({
    mutationFn: (f: Form) => saveLiveSettings(toInput(f)),
    onSuccess: (saved) => {
      qc.setQueryData(['settings', 'live-input'], saved);
      setForm(toForm(saved));
      toast({ title: t('live.settings.saved'), variant: 'success' });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (form) save.mutate(form);
  };
  const set = (patch: Partial<Form>) => setForm((f) => (f ? { ...f, ...patch } : f));
  const setStreamer = (i: number, patch: Partial<StreamerForm>) => setForm((f) => (f ? { ...f, streamers: f.streamers.map((s, j) => (j === i ? { ...s, ...patch } : s)) } : f));
  const passwordHelp = (stored: boolean) => (stored ? t('live.settings.passwordSet') : t('live.settings.passwordUnset'));

  return (
    <Card variant="outlined" component="section" aria-labelledby="live-input-settings-title" sx={{ mt: 3 }}>
      <CardContent>
        <Typography id="live-input-settings-title" variant="h6" component="h2">
          {t('live.settings.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('live.settings.intro')}
        </Typography>
        {query.isError && !form ? (
          <Alert severity="error" action={<Button onClick={() => void query.refetch()}>{t('live.settings.retry')}</Button>}>
            {t('live.settings.loadFailed')}
          </Alert>
        ) : !form || !query.data ? (
          <Stack spacing={1} aria-busy="true">
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={56} />
          </Stack>
        ) : (
          <Box component="form" noValidate onSubmit={submit} data-testid="live-input-settings">
            <Alert severity="info" role="note" sx={{ mb: 2 }} data-testid="live-input-source">
              {t(source === 'icecast' ? 'live.settings.sourceIcecast' : source === 'azuracast' ? 'live.settings.sourceAzuracast' : 'live.settings.sourceDemo')}
            </Alert>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <TextField label={t('live.settings.lead')} type="number" value={form.lead_minutes} onChange={(e) => set({ lead_minutes: e.target.value })} slotProps={{ htmlInput: { min: 0, max: 60 } }} />
              <TextField label={t('live.settings.grace')} type="number" value={form.grace_minutes} onChange={(e) => set({ grace_minutes: e.target.value })} slotProps={{ htmlInput: { min: 0, max: 60 } }} />
              {source === 'icecast' && (
                <>
                  <TextField label={t('live.settings.server')} type="url" value={form.icecast_server} onChange={(e) => set({ icecast_server: e.target.value })} helperText={t('live.settings.serverHelp')} />
                  <TextField label={t('live.settings.mount')} value={form.icecast_mount} onChange={(e) => set({ icecast_mount: e.target.value })} />
                  <TextField
                    label={t('live.settings.password')}
                    type="password"
                    autoComplete="new-password"
                    value={form.icecast_password}
                    onChange={(e) => set({ icecast_password: e.target.value })}
                    helperText={passwordHelp(query.data.icecast_password_set)}
                  />
                </>
              )}
              {source === 'azuracast' && (
                <>
                  <TextField label={t('live.settings.server')} type="url" value={form.azuracast_server} onChange={(e) => set({ azuracast_server: e.target.value })} helperText={t('live.settings.serverHelp')} />
                  <TextField label={t('live.settings.djPort')} type="number" value={form.azuracast_dj_port} onChange={(e) => set({ azuracast_dj_port: e.target.value })} />
                  <TextField label={t('live.settings.mount')} value={form.azuracast_dj_mount} onChange={(e) => set({ azuracast_dj_mount: e.target.value })} />
                </>
              )}
            </Box>
            {source === 'azuracast' && (
              <Box sx={{ mt: 3 }}>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
                  {t('live.settings.streamers')}
                </Typography>
                <Stack spacing={2}>
                  {form.streamers.map((s, i) => (
                    <Stack key={i} direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }} data-testid="live-input-streamer">
                      <FormControl sx={{ minWidth: 200 }}>
                        <InputLabel id={`streamer-presenter-${i}`}>{t('live.settings.presenter')}</InputLabel>
                        <Select labelId={`streamer-presenter-${i}`} label={t('live.settings.presenter')} value={s.presenter_id} onChange={(e) => setStreamer(i, { presenter_id: e.target.value })}>
                          {(presenters.data ?? query.data!.streamers.map((p) => ({ id: p.presenter_id, name: p.presenter_name }))).map((p) => (
                            <MenuItem key={p.id} value={p.id}>
                              {p.name}
                            </MenuItem>
                          ))}
                        </Select>
                      </FormControl>
                      <TextField label={t('live.settings.username')} value={s.username} onChange={(e) => setStreamer(i, { username: e.target.value })} />
                      <TextField label={t('live.settings.streamerPassword')} type="password" autoComplete="new-password" value={s.password} onChange={(e) => setStreamer(i, { password: e.target.value })} helperText={passwordHelp(s.password_set)} />
                      <IconButton aria-label={t('live.settings.removeStreamer', { n: i + 1 })} onClick={() => set({ streamers: form.streamers.filter((_x, j) => j !== i) })}>
                        <DeleteOutlineIcon />
                      </IconButton>
                    </Stack>
                  ))}
                </Stack>
                <Button sx={{ mt: 1 }} onClick={() => set({ streamers: [...form.streamers, { presenter_id: '', username: '', password: '', password_set: false }] })}>
                  {t('live.settings.addStreamer')}
                </Button>
              </Box>
            )}
            <Typography variant="body2" sx={{ mt: 2 }} data-testid="live-input-ready">
              {query.data.ready ? t('live.settings.ready') : t('live.settings.notReady')}
            </Typography>
            {save.isError && (
              <Alert severity="error" sx={{ mt: 2 }} role="alert">
                {errorMessage(save.error)}
              </Alert>
            )}
            <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={save.isPending}>
              {t('live.settings.save')}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
