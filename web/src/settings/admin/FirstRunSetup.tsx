import { Alert, Autocomplete, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { StationInfoSchema, type StationInfo } from '../../../../shared/station';
import type { SetupState } from '../../../../shared/station-setup';
import { usePageMeta } from '../../app/meta';
import { PageLoading } from '../../app/ListenerLayout';
import { useErrorText } from '../../i18n/errors';
import { errorMessage, serverFieldErrors, validate, type FieldErrors } from '../../content/admin/form';
import { useToast } from '../../ui/toast';
import { useT } from '../../i18n/state';
import type { Translate } from '../../../../shared/i18n/format';
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
/** The Discord field's own message (firstRun.discordInvalid): General Settings' texts name its two fields (invite, chat link), which the setup shows as one (issue 30 item 7). */
const byField = (errors: FieldErrors, t: Translate): FieldErrors => {
  const out: FieldErrors = {};
  for (const [k, v] of Object.entries(errors)) {
    const field = PATH_TO_FIELD[k] ?? k;
    out[field] ??= field === 'discord' ? t('firstRun.discordInvalid') : v;
  }
  return out;
};

function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: 'timeZone') => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? ['Europe/London', 'UTC'];
}

/** The station servers' names (brands); the demo source is described in words. */
const SOURCE_NAME: Record<Exclude<SetupState['source']['kind'], 'demo'>, string> = { azuracast: 'AzuraCast', icecast: 'Icecast' };

/** What the server's configuration says about the stream, in a sentence or two. */
function SourceInfo({ state }: { state: SetupState }) {
  const t = useT();
  const { kind, url } = state.source;
  const source = kind === 'demo' ? t('firstRun.source.demo') : SOURCE_NAME[kind];
  const names = { variable: 'STATION_SOURCE', setting: 'STREAM_URL', path: '/api/stream' };
  return (
    <Alert severity="info" sx={{ '& .MuiAlert-message': { overflowWrap: 'anywhere' } }}>
      {url ? t('firstRun.source.lineAt', { ...names, source, url }) : t('firstRun.source.line', { ...names, source })}{' '}
      {state.streamUrlFromConfig
        ? t('firstRun.source.fromConfig', { ...names, url: state.streamUrlFromConfig })
        : kind === 'demo'
          ? t('firstRun.source.keepDemo', names)
          : t('firstRun.source.keepServer', { ...names, source })}
    </Alert>
  );
}

/**
 * The first-run setup (issue 17): the few things a new station needs before
 * listeners arrive. Saving goes through General Settings (same validation,
 * same messages); Skip leaves the blank defaults, which show nothing made up.
 */
export default function FirstRunSetup() {
  const t = useT();
  const say = useErrorText();
  usePageMeta({ title: t('firstRun.pageTitle') });
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
      toast({ title: t('firstRun.saved'), description: t('firstRun.savedDetail'), variant: 'success' });
      finish();
    },
    onError: (err) => {
      const fields = byField(serverFieldErrors(err), t);
      setErrors(fields);
      toast({ title: t('generalSettings.updateFailed'), description: fields.discord ?? errorMessage(err), variant: 'error' });
    },
  });
  const skip = useMutation({
    mutationFn: skipSetup,
    onSuccess: finish,
    onError: (err) => toast({ title: t('firstRun.skipFailed'), description: errorMessage(err), variant: 'error' }),
  });

  const failed = state.error ?? station.error;
  if (failed)
    return (
      <Alert severity="error" action={<Button onClick={() => void Promise.all([state.refetch(), station.refetch()])}>{t('common.tryAgain')}</Button>}>
        {errorMessage(failed)}
      </Alert>
    );
  if (!values || !state.data || !station.data) return <PageLoading label={t('generalSettings.loading')} />;
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
    const checked = validate(StationInfoSchema, toBody(current, values), say);
    if (!checked.ok) {
      setErrors(byField(checked.errors, t));
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
          {t('firstRun.title')}
        </Typography>
        <Typography color="text.secondary">
          {setup.needed ? t('firstRun.introWelcome') : t('firstRun.intro')}
        </Typography>
      </Box>
      <SettingsSection title={t('generalSettings.station')}>
        {text('name', t('generalSettings.name'), { required: true, help: t('firstRun.nameHelp') })}
      </SettingsSection>
      <SettingsSection title={t('firstRun.stream')}>
        <SourceInfo state={setup} />
        {text('streamUrl', t('generalSettings.streamUrl'), { required: true, help: t('generalSettings.streamHelp'), placeholder: 'https://stream.example/radio.mp3' })}
      </SettingsSection>
      <SettingsSection title={t('firstRun.timezone')}>
        <Autocomplete
          options={zones}
          value={values.timezone}
          onChange={(_e, v) => v && set('timezone', v)}
          disableClearable
          renderInput={(params) => (
            <TextField {...params} label={t('generalSettings.timezone')} required error={Boolean(errors.timezone)} helperText={errors.timezone ?? t('firstRun.timezoneHelp', { zone: setup.serverTimezone })} />
          )}
        />
      </SettingsSection>
      <SettingsSection title={t('firstRun.links')}>
        {text('discord', t('firstRun.discord'), { placeholder: 'https://discord.gg/…', help: t('firstRun.discordHelp') })}
        {text('streaming', t('generalSettings.streaming'), { placeholder: 'https://www.mixcloud.com/…' })}
        {text('instagram', 'Instagram', { placeholder: 'https://instagram.com/…' })}
        {text('facebook', 'Facebook', { placeholder: 'https://facebook.com/…' })}
        {text('x', 'X', { placeholder: 'https://x.com/…' })}
      </SettingsSection>
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button variant="text" disabled={busy} onClick={() => skip.mutate()}>
          {skip.isPending ? t('firstRun.skipping') : t('firstRun.skip')}
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {save.isPending ? t('generalSettings.saving') : t('firstRun.save')}
        </Button>
      </Stack>
    </Box>
  );
}

