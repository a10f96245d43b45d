import { Alert, Autocomplete, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { StationInfoSchema, type StationInfo } from '../../../../shared/station';
import type { SetupState } from '../../../../shared/station-setup';
import { usePageMeta } from '../../app/meta';
import { PageLoading } from '../../app/ListenerLayout';
import { errorMessage, serverFieldErrors, validate, type FieldErrors } from '../../content/admin/form';
import { useToast } from '../../ui/toast';
import { SettingsSection } from './SettingsSection';
import { fetchSetupState, fetchStationSettings, saveStationSettings, skipSetup } from '../api';
import { SETUP_KEY } from './FirstRunRedirect';

/** The setup form's values, as the inputs hold them. */
interface SetupValues {
  name: string;
  streamUrl: string;
  timezone: string;
  discord: string;
  streaming: string;
  instagram: string;
  facebook: string;
  x: string;
}

function toValues(s: StationInfo): SetupValues {
  return {
    name: s.name,
    streamUrl: s.streamUrl,
    timezone: s.timezone,
    discord: s.chatInviteUrl ?? s.social.chat ?? '',
    streaming: s.social.streaming ?? '',
    instagram: s.social.instagram ?? '',
    facebook: s.social.facebook ?? '',
    x: s.social.x ?? '',
  };
}

/** The whole General Settings body: the saved values with the setup's fields over them. */
function toBody(current: StationInfo, v: SetupValues) {
  return {
    ...current,
    name: v.name,
    streamUrl: v.streamUrl,
    timezone: v.timezone,
    chatInviteUrl: v.discord,
    social: { chat: v.discord, streaming: v.streaming, instagram: v.instagram, facebook: v.facebook, x: v.x },
  };
}

/** Schema paths (General Settings' fields) to the setup's fields. */
const PATH_TO_FIELD: Record<string, keyof SetupValues> = {
  chatInviteUrl: 'discord',
  'social.chat': 'discord',
  'social.streaming': 'streaming',
  'social.instagram': 'instagram',
  'social.facebook': 'facebook',
  'social.x': 'x',
};
/** The Discord field's own message: General Settings' texts name its two fields (invite, chat link), which the setup shows as one (issue 30 item 7). */
const DISCORD_FIELD_MESSAGE = 'Discord invite must be a valid URL, such as https://discord.gg/yourstation';
const byField = (errors: FieldErrors): FieldErrors => {
  const out: FieldErrors = {};
  for (const [k, v] of Object.entries(errors)) {
    const field = PATH_TO_FIELD[k] ?? k;
    out[field] ??= field === 'discord' ? DISCORD_FIELD_MESSAGE : v;
  }
  return out;
};

function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: 'timeZone') => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? ['Europe/London', 'UTC'];
}

const SOURCE_LABEL: Record<SetupState['source']['kind'], string> = {
  demo: 'the built-in demo source, no station server configured',
  azuracast: 'AzuraCast',
  icecast: 'Icecast',
};

/** What the server's configuration says about the stream, in a sentence or two. */
function SourceInfo({ state }: { state: SetupState }) {
  const { kind, url } = state.source;
  return (
    <Alert severity="info" sx={{ '& .MuiAlert-message': { overflowWrap: 'anywhere' } }}>
      Station source (STATION_SOURCE): {SOURCE_LABEL[kind]}
      {url ? ` at ${url}` : ''}.{' '}
      {state.streamUrlFromConfig
        ? `Listeners play ${state.streamUrlFromConfig}, set by STREAM_URL on the server; it wins over the Stream URL below.`
        : kind === 'demo'
          ? 'Leave the Stream URL at /api/stream to play the demo stream, or enter your own stream.'
          : `Leave the Stream URL at /api/stream to play the stream ${SOURCE_LABEL[kind]} advertises, or enter another one.`}
    </Alert>
  );
}

/**
 * The first-run setup (issue 17): the few things a new station needs before
 * listeners arrive. Saving goes through General Settings (same validation,
 * same messages); Skip leaves the blank defaults, which show nothing made up.
 */
export default function FirstRunSetup() {
  usePageMeta({ title: 'Set up your station · Presenter Panel' });
  const { toast } = useToast();
  const client = useQueryClient();
  const navigate = useNavigate();
  const state = useQuery({ queryKey: SETUP_KEY, queryFn: ({ signal }) => fetchSetupState(signal) });
  const station = useQuery({ queryKey: ['admin', 'settings', 'station'], queryFn: ({ signal }) => fetchStationSettings(signal) });
  const [values, setValues] = useState<SetupValues | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const zones = useMemo(timeZones, []);
  useEffect(() => {
    if (station.data) setValues((v) => v ?? toValues(station.data));
  }, [station.data]);

  const finish = () => {
    client.setQueryData(SETUP_KEY, (s: SetupState | undefined) => (s ? { ...s, needed: false } : s));
    void navigate('/admin');
  };
  const save = useMutation({
    mutationFn: saveStationSettings,
    onSuccess: (saved) => {
      client.setQueryData(['admin', 'settings', 'station'], saved);
      client.setQueryData(['station'], saved);
      toast({ title: 'Station set up', description: 'Listeners see your station straight away. Everything else is in Settings → General Settings.', variant: 'success' });
      finish();
    },
    onError: (err) => {
      const fields = byField(serverFieldErrors(err));
      setErrors(fields);
      toast({ title: 'Error updating settings', description: fields.discord ?? errorMessage(err), variant: 'error' });
    },
  });
  const skip = useMutation({
    mutationFn: skipSetup,
    onSuccess: finish,
    onError: (err) => toast({ title: 'Could not skip the setup', description: errorMessage(err), variant: 'error' }),
  });

  const failed = state.error ?? station.error;
  if (failed)
    return (
      <Alert severity="error" action={<Button onClick={() => void Promise.all([state.refetch(), station.refetch()])}>Try again</Button>}>
        {errorMessage(failed)}
      </Alert>
    );
  if (!values || !state.data || !station.data) return <PageLoading label="Loading settings..." />;
  const current = station.data;
  const setup = state.data;

  const set = (k: keyof SetupValues, v: string) => setValues((o) => (o ? { ...o, [k]: v } : o));
  const text = (k: keyof SetupValues, label: string, extra: { required?: boolean; help?: ReactNode; placeholder?: string } = {}) => (
    <TextField
      label={label}
      value={values[k]}
      onChange={(e) => set(k, e.target.value)}
      required={extra.required}
      error={Boolean(errors[k])}
      helperText={errors[k] ?? extra.help}
      placeholder={extra.placeholder}
      fullWidth
    />
  );
  const submit = () => {
    const checked = validate(StationInfoSchema, toBody(current, values));
    if (!checked.ok) {
      setErrors(byField(checked.errors));
      return;
    }
    setErrors({});
    save.mutate(checked.value);
  };
  const busy = save.isPending || skip.isPending;

  return (
    <Box
      component="form"
      noValidate
      aria-labelledby="setup-heading"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      sx={{ display: 'grid', gap: 2, maxWidth: 760, mx: 'auto' }}
    >
      <Box>
        <Typography id="setup-heading" variant="h4" component="h1" sx={{ fontWeight: 800, mb: 1, fontSize: { xs: '1.75rem', md: '2.125rem' } }}>
          Set up your station
        </Typography>
        <Typography color="text.secondary">
          {setup.needed ? 'Welcome! ' : ''}A few details before listeners arrive. Until you add a link, the listener site simply leaves it out; you can change all of this later in Settings → General Settings.
        </Typography>
      </Box>
      <SettingsSection title="Station">
        {text('name', 'Station name', { required: true, help: 'Shown in the header, page titles and the player.' })}
      </SettingsSection>
      <SettingsSection title="Stream">
        <SourceInfo state={setup} />
        {text('streamUrl', 'Stream URL', { required: true, help: 'The audio stream listeners play (mp3).', placeholder: 'https://stream.example/radio.mp3' })}
      </SettingsSection>
      <SettingsSection title="Time zone">
        <Autocomplete
          options={zones}
          value={values.timezone}
          onChange={(_e, v) => v && set('timezone', v)}
          disableClearable
          renderInput={(params) => (
            <TextField {...params} label="Station time zone" required error={Boolean(errors.timezone)} helperText={errors.timezone ?? `The schedule and "today" use this clock. The server's default is ${setup.serverTimezone}.`} />
          )}
        />
      </SettingsSection>
      <SettingsSection title="Links">
        {text('discord', 'Discord invite', { placeholder: 'https://discord.gg/…', help: 'The Join Community button and the footer link.' })}
        {text('streaming', 'Streaming platform', { placeholder: 'https://www.mixcloud.com/…' })}
        {text('instagram', 'Instagram', { placeholder: 'https://instagram.com/…' })}
        {text('facebook', 'Facebook', { placeholder: 'https://facebook.com/…' })}
        {text('x', 'X', { placeholder: 'https://x.com/…' })}
      </SettingsSection>
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button variant="text" disabled={busy} onClick={() => skip.mutate()}>
          {skip.isPending ? 'Skipping...' : 'Skip for now'}
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {save.isPending ? 'Saving...' : 'Save and open the station'}
        </Button>
      </Stack>
    </Box>
  );
}

