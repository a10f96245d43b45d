import { Alert, Autocomplete, Box, Button, Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, Switch, TextField } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { StationInfoSchema, type StationInfo } from '../../../../shared/station';
import type { ComplianceMode } from '../../../../shared/licensing';
import { fetchStationSettings, saveStationSettings } from '../api';
import { PageLoading } from '../../app/ListenerLayout';
import { useErrorText } from '../../i18n/errors';
import { errorMessage, serverFieldErrors, validate, type FieldErrors } from '../../content/admin/form';
import { SLOT, useI18n } from '../../i18n/state';
import { LanguageName, withLanguageName } from '../../content/admin/ContentLanguages';
import { LOCALE_CODES, type ShippedLocale } from '../../../../shared/i18n/locales';
import { languageName } from '../../../../shared/content-text';
import { useToast } from '../../ui/toast';
import { SettingsSection } from './SettingsSection';

/** Text form values: every field as the inputs hold it. */
interface FormValues {
  name: string;
  tagline: string;
  logoUrl: string;
  streamUrl: string;
  contactEmail: string;
  timezone: string;
  chat: string;
  streaming: string;
  instagram: string;
  facebook: string;
  x: string;
  googlePlayUrl: string;
  chatInviteUrl: string;
  donationProviderUrl: string;
  donationAccount: string;
  requestsOpen: boolean;
  /** One host per line. */
  approvedImageHosts: string;
  singleDayLeave: boolean;
  compliance_mode: ComplianceMode;
  /** The station's default language and the other languages it offers for content (issue 35). */
  language: ShippedLocale;
  contentLanguages: ShippedLocale[];
  /** The tagline per offered language. */
  taglineTranslations: Partial<Record<ShippedLocale, string>>;
}

function toForm(s: StationInfo): FormValues {
  return {
    name: s.name,
    tagline: s.tagline,
    logoUrl: s.logoUrl,
    streamUrl: s.streamUrl,
    contactEmail: s.contactEmail,
    timezone: s.timezone,
    chat: s.social.chat ?? '',
    streaming: s.social.streaming ?? '',
    instagram: s.social.instagram ?? '',
    facebook: s.social.facebook ?? '',
    x: s.social.x ?? '',
    googlePlayUrl: s.googlePlayUrl ?? '',
    chatInviteUrl: s.chatInviteUrl ?? '',
    donationProviderUrl: s.donation.providerUrl ?? '',
    donationAccount: s.donation.account ?? '',
    requestsOpen: s.requestsOpen,
    approvedImageHosts: s.approvedImageHosts.join('\n'),
    singleDayLeave: s.singleDayLeave,
    compliance_mode: s.compliance_mode,
    language: s.language,
    contentLanguages: s.contentLanguages.filter((l) => l !== s.language),
    taglineTranslations: { ...s.taglineTranslations },
  };
}

function toBody(v: FormValues) {
  return {
    name: v.name,
    tagline: v.tagline,
    logoUrl: v.logoUrl,
    streamUrl: v.streamUrl,
    contactEmail: v.contactEmail.trim(),
    timezone: v.timezone,
    social: { chat: v.chat, streaming: v.streaming, instagram: v.instagram, facebook: v.facebook, x: v.x },
    googlePlayUrl: v.googlePlayUrl,
    chatInviteUrl: v.chatInviteUrl,
    donation: { providerUrl: v.donationProviderUrl, account: v.donationAccount, currency: 'GBP' as const },
    requestsOpen: v.requestsOpen,
    approvedImageHosts: v.approvedImageHosts
      .split(/\s+/)
      .map((h) => h.trim())
      .filter(Boolean),
    singleDayLeave: v.singleDayLeave,
    compliance_mode: v.compliance_mode,
    language: v.language,
    contentLanguages: v.contentLanguages.filter((l) => l !== v.language),
    // Only the languages offered: a tagline in a language no longer offered goes with it.
    taglineTranslations: Object.fromEntries(Object.entries(v.taglineTranslations).filter(([code]) => v.contentLanguages.includes(code as ShippedLocale) && code !== v.language)),
  };
}

/** Maps schema paths (social.x, donation.account) to the form's field names. */
const PATH_TO_FIELD: Record<string, keyof FormValues> = {
  'social.chat': 'chat',
  'social.streaming': 'streaming',
  'social.instagram': 'instagram',
  'social.facebook': 'facebook',
  'social.x': 'x',
  'donation.providerUrl': 'donationProviderUrl',
  'donation.account': 'donationAccount',
};
const byField = (errors: FieldErrors): FieldErrors => Object.fromEntries(Object.entries(errors).map(([k, v]) => [PATH_TO_FIELD[k] ?? k.replace(/^approvedImageHosts\.\d+$/, 'approvedImageHosts').replace(/^contentLanguages\.\d+$/, 'contentLanguages'), v]));

function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: 'timeZone') => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? ['Europe/London', 'UTC'];
}

/**
 * General Settings (owner and manager): the station's identity that the
 * listener site and the studio show. Saved settings reach every open page at
 * once (the `station.updated` event); no restart.
 */
export function GeneralSettingsTab() {
  const { toast } = useToast();
  const { t, intl } = useI18n();
  const say = useErrorText();
  const client = useQueryClient();
  const q = useQuery({ queryKey: ['admin', 'settings', 'station'], queryFn: ({ signal }) => fetchStationSettings(signal) });
  const [values, setValues] = useState<FormValues | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const zones = useMemo(timeZones, []);
  useEffect(() => {
    if (q.data) setValues(toForm(q.data));
  }, [q.data]);

  const save = useMutation({
    mutationFn: saveStationSettings,
    onSuccess: (saved) => {
      client.setQueryData(['admin', 'settings', 'station'], saved);
      client.setQueryData(['station'], saved);
      setValues(toForm(saved));
      toast({ title: t('generalSettings.updated'), description: t('generalSettings.updatedDetail'), variant: 'success' });
    },
    onError: (err) => {
      setErrors(byField(serverFieldErrors(err)));
      toast({ title: t('generalSettings.updateFailed'), description: errorMessage(err), variant: 'error' });
    },
  });

  if (q.isError)
    return (
      <Alert severity="error" action={<Button onClick={() => void q.refetch()}>{t('common.tryAgain')}</Button>}>
        {errorMessage(q.error)}
      </Alert>
    );
  if (!values) return <PageLoading label={t('generalSettings.loading')} />;

  const set = <K extends keyof FormValues>(k: K, v: FormValues[K]) => setValues((o) => (o ? { ...o, [k]: v } : o));
  const text = (k: Exclude<keyof FormValues, 'requestsOpen' | 'singleDayLeave' | 'compliance_mode' | 'language' | 'contentLanguages' | 'taglineTranslations'>, label: string, extra: { required?: boolean; help?: string; placeholder?: string; type?: string } = {}) => (
    <TextField
      label={label}
      value={values[k]}
      onChange={(e) => set(k, e.target.value)}
      required={extra.required}
      error={Boolean(errors[k])}
      helperText={errors[k] ?? extra.help}
      placeholder={extra.placeholder}
      type={extra.type}
      fullWidth
    />
  );
  const submit = () => {
    const checked = validate(StationInfoSchema, toBody(values), say);
    if (!checked.ok) {
      setErrors(byField(checked.errors));
      return;
    }
    setErrors({});
    save.mutate(checked.value);
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      sx={{ display: 'grid', gap: 2, maxWidth: 820 }}
    >
      <SettingsSection title={t('generalSettings.station')}>
        {text('name', t('generalSettings.name'), { required: true })}
        {text('tagline', t('generalSettings.tagline'), { help: t('generalSettings.taglineHelp') })}
        {values.contentLanguages
          .filter((code) => code !== values.language)
          .map((code) => {
            const error = errors[`taglineTranslations.${code}`];
            return (
              <TextField
                key={code}
                label={withLanguageName(t('contentLanguages.fieldIn', { field: t('generalSettings.tagline'), language: SLOT }), code)}
                value={values.taglineTranslations[code] ?? ''}
                onChange={(e) => set('taglineTranslations', { ...values.taglineTranslations, [code]: e.target.value })}
                placeholder={values.tagline}
                error={Boolean(error)}
                helperText={error ?? withLanguageName(t('contentLanguages.fallbackHelp', { language: SLOT }), values.language)}
                slotProps={{ htmlInput: { lang: code, dir: 'auto', maxLength: 160 }, inputLabel: { shrink: true } }}
                fullWidth
              />
            );
          })}
        {text('logoUrl', t('generalSettings.logoUrl'), { required: true, placeholder: t('generalSettings.logoPlaceholder') })}
        {text('streamUrl', t('generalSettings.streamUrl'), { required: true, help: t('generalSettings.streamHelp'), placeholder: 'https://stream.example/radio.mp3' })}
        {text('contactEmail', t('generalSettings.contactEmail'), { type: 'email', help: t('generalSettings.contactHelp') })}
        <Autocomplete
          options={zones}
          value={values.timezone}
          onChange={(_e, v) => v && set('timezone', v)}
          disableClearable
          renderInput={(params) => <TextField {...params} label={t('generalSettings.timezone')} required error={Boolean(errors.timezone)} helperText={errors.timezone ?? t('generalSettings.timezoneHelp')} />}
        />
      </SettingsSection>
      <SettingsSection title={t('generalSettings.languagesSection')}>
        <TextField
          select
          label={t('generalSettings.defaultLanguage')}
          value={values.language}
          onChange={(e) => set('language', e.target.value as ShippedLocale)}
          error={Boolean(errors.language)}
          helperText={errors.language ?? t('generalSettings.defaultLanguageHelp')}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          fullWidth
        >
          {LOCALE_CODES.map((code) => (
            <option key={code} value={code} lang={intl}>
              {languageName(code, intl)}
            </option>
          ))}
        </TextField>
        <FormControl component="fieldset" error={Boolean(errors.contentLanguages)}>
          <FormLabel component="legend">{t('generalSettings.contentLanguages')}</FormLabel>
          <FormGroup row sx={{ columnGap: 2 }}>
            {LOCALE_CODES.filter((code) => code !== values.language).map((code) => (
              <FormControlLabel
                key={code}
                control={
                  <Checkbox
                    checked={values.contentLanguages.includes(code)}
                    onChange={(e) => set('contentLanguages', e.target.checked ? LOCALE_CODES.filter((c) => c === code || values.contentLanguages.includes(c)) : values.contentLanguages.filter((c) => c !== code))}
                  />
                }
                label={<LanguageName code={code} />}
              />
            ))}
          </FormGroup>
          <FormHelperText>{errors.contentLanguages ?? t('generalSettings.contentLanguagesHelp')}</FormHelperText>
        </FormControl>
      </SettingsSection>
      <SettingsSection title={t('generalSettings.imageHosts')}>
        <TextField
          label={t('generalSettings.imageHosts')}
          value={values.approvedImageHosts}
          onChange={(e) => set('approvedImageHosts', e.target.value)}
          error={Boolean(errors.approvedImageHosts)}
          helperText={errors.approvedImageHosts ?? t('generalSettings.imageHostsHelp')}
          // eslint-disable-next-line airdeck/no-jsx-text -- an example address, not language
          placeholder="https://images.example.org"
          multiline
          minRows={2}
          fullWidth
        />
      </SettingsSection>
      <SettingsSection title={t('generalSettings.social')}>
        {text('chat', t('generalSettings.chat'), { placeholder: 'https://discord.gg/…' })}
        {text('streaming', t('generalSettings.streaming'), { placeholder: 'https://www.mixcloud.com/…' })}
        {text('instagram', 'Instagram')}
        {text('facebook', 'Facebook')}
        {text('x', 'X')}
      </SettingsSection>
      <SettingsSection title={t('generalSettings.app')}>
        {text('googlePlayUrl', t('generalSettings.googlePlay'), { help: t('generalSettings.googlePlayHelp') })}
        {text('chatInviteUrl', t('generalSettings.chatInvite'), { help: t('generalSettings.chatInviteHelp') })}
      </SettingsSection>
      <SettingsSection title={t('generalSettings.donations')}>
        {text('donationProviderUrl', t('generalSettings.donationProvider'), { help: t('generalSettings.donationProviderHelp') })}
        {text('donationAccount', t('generalSettings.donationAccount'), { help: t('generalSettings.donationAccountHelp') })}
        <TextField label={t('generalSettings.currency')} value="GBP" disabled helperText={t('generalSettings.currencyHelp')} />
        <FormControlLabel control={<Switch checked={values.requestsOpen} onChange={(e) => set('requestsOpen', e.target.checked)} />} label={t('generalSettings.requestsOpen')} />
      </SettingsSection>
      <SettingsSection title={t('settings.leaveSection')}>
        <FormControlLabel control={<Switch checked={values.singleDayLeave} onChange={(e) => set('singleDayLeave', e.target.checked)} />} label={t('settings.singleDayLeave')} />
      </SettingsSection>
      <SettingsSection title={t('settings.complianceSection')}>
        <TextField
          select
          label={t('settings.complianceMode')}
          value={values.compliance_mode}
          onChange={(e) => set('compliance_mode', e.target.value as ComplianceMode)}
          helperText={t('settings.complianceModeHelp')}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          fullWidth
        >
          <option value="none">{t('settings.complianceModeNone')}</option>
          <option value="uk">{t('settings.complianceModeUk')}</option>
          <option value="us">{t('settings.complianceModeUs')}</option>
        </TextField>
      </SettingsSection>
      <Box>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {save.isPending ? t('generalSettings.saving') : t('generalSettings.save')}
        </Button>
      </Box>
    </Box>
  );
}

