import { Alert, Box, Button, Card, CardContent, FormControl, FormControlLabel, FormLabel, Link, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { PrivacySettingsSchema, type PrivacySettingsView } from '../../../shared/privacy';
import { can } from '../../../shared/permissions';
import { ApiError } from '../app/api';
import { useAuth } from '../auth/AuthProvider';
import { useT } from '../i18n/state';
import { fetchPrivacySettings, savePrivacySettings } from './api';

type DayKey = 'request_days' | 'vote_days' | 'page_view_days' | 'inquiry_days' | 'application_days' | 'failed_signin_days' | 'audit_days' | 'email_days';
/** Every inventory item with a period the owner sets (README "Personal data and how long it is kept"). */
const DAY_KEYS: readonly DayKey[] = ['request_days', 'vote_days', 'page_view_days', 'inquiry_days', 'application_days', 'failed_signin_days', 'audit_days', 'email_days'];
const LEVELS = ['full', 'hashed', 'none'] as const;

type Form = Record<DayKey, string> & { analytics_level: PrivacySettingsView['analytics_level']; policy_intro: string; policy_extra: string };

const toForm = (s: PrivacySettingsView): Form => ({
  ...(Object.fromEntries(DAY_KEYS.map((k) => [k, String(s[k])])) as Record<DayKey, string>),
  analytics_level: s.analytics_level,
  policy_intro: s.policy_intro ?? '',
  policy_extra: s.policy_extra ?? '',
});

/** The owner's card (only the owner: `privacy.manage`). */
export function PrivacySettingsCard() {
  const { profile } = useAuth();
  if (!can(profile?.role, 'privacy.manage')) return null;
  return <PrivacySettingsForm />;
}

/**
 * General Settings → Privacy and data retention (issue 37): how long each kind of personal data is kept, the
 * analytics level of page visits (full, no addresses: a daily-salted code, none) and the Privacy Policy's own
 * texts. The policy's facts are drawn from these settings, so saving here changes what /privacy-policy says.
 */
function PrivacySettingsForm() {
  const t = useT();
  const [form, setForm] = useState<Form | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  useEffect(() => {
    fetchPrivacySettings().then(
      (s) => setForm(toForm(s)),
      () => setLoadFailed(true),
    );
  }, []);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => (f ? { ...f, [key]: value } : f));

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!form) return;
    setResult(null);
    const parsed = PrivacySettingsSchema.safeParse({ ...form });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), t('privacySettings.daysInvalid')])));
      setResult({ severity: 'error', text: t('privacySettings.fix') });
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      setForm(toForm(await savePrivacySettings(parsed.data as Partial<PrivacySettingsView>)));
      setResult({ severity: 'success', text: t('privacySettings.saved') });
    } catch (err) {
      setResult({ severity: 'error', text: err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : t('privacySettings.saveFailed') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="privacy-settings-title" sx={{ mt: 3 }}>
      <CardContent>
        <Typography id="privacy-settings-title" variant="h6" component="h2">
          {t('privacySettings.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('privacySettings.intro')}{' '}
          <Link component={RouterLink} to="/privacy-policy" underline="always">
            {t('privacySettings.viewPolicy')}
          </Link>
        </Typography>
        {loadFailed && <Alert severity="error">{t('privacySettings.loadFailed')}</Alert>}
        {form && (
          <Box component="form" onSubmit={(e) => void save(e)} noValidate data-testid="privacy-settings">
            <Stack spacing={3}>
              <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
                <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700, mb: 1.5 }}>
                  {t('privacySettings.retention')}
                </Typography>
                <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                  {DAY_KEYS.map((k) => (
                    <TextField
                      key={k}
                      label={t(`privacySettings.${k}`)}
                      type="number"
                      value={form[k]}
                      onChange={(e) => set(k, e.target.value)}
                      error={Boolean(errors[k])}
                      helperText={errors[k] ?? t('privacySettings.days')}
                      slotProps={{ htmlInput: { min: 1, max: 3650, inputMode: 'numeric' } }}
                    />
                  ))}
                </Box>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                  {t('privacySettings.fixed')}
                </Typography>
              </Box>
              <FormControl>
                <FormLabel id="privacy-analytics-label" sx={{ fontWeight: 700, color: 'text.primary' }}>
                  {t('privacySettings.analytics')}
                </FormLabel>
                <RadioGroup aria-labelledby="privacy-analytics-label" value={form.analytics_level} onChange={(e) => set('analytics_level', e.target.value as Form['analytics_level'])}>
                  {LEVELS.map((l) => (
                    <FormControlLabel key={l} value={l} control={<Radio />} label={t(`privacySettings.level.${l}`)} />
                  ))}
                </RadioGroup>
              </FormControl>
              <TextField label={t('privacySettings.policyIntro')} helperText={t('privacySettings.policyHelp')} value={form.policy_intro} onChange={(e) => set('policy_intro', e.target.value)} multiline minRows={3} slotProps={{ htmlInput: { maxLength: 5000 } }} />
              <TextField label={t('privacySettings.policyExtra')} helperText={t('privacySettings.policyHelp')} value={form.policy_extra} onChange={(e) => set('policy_extra', e.target.value)} multiline minRows={3} slotProps={{ htmlInput: { maxLength: 5000 } }} />
              {result && (
                <Alert severity={result.severity} role={result.severity === 'error' ? 'alert' : 'status'}>
                  {result.text}
                </Alert>
              )}
              <div>
                <Button type="submit" variant="contained" disabled={saving}>
                  {t('privacySettings.save')}
                </Button>
              </div>
            </Stack>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
