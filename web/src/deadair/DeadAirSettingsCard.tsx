import { Alert, Box, Button, Card, CardContent, Checkbox, FormControlLabel, FormGroup, FormLabel, Skeleton, Stack, Switch, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import type { DeadAirSettings, DeadAirSettingsInput } from '../../../shared/dead-air';
import { errorMessage } from '../content/admin/form';
import { useI18n } from '../i18n/state';
import { useToast } from '../ui/toast';
import { fetchDeadAirSettings as fetchSettings, saveDeadAirSettings as saveSettings } from './api';

/**
 * General Settings → Dead air (issue 33): when the station's ears raise silence, off air and stuck metadata,
 * whom they alert and when, the backup stream listeners are offered, samples and e-mail alerts. Owner and
 * manager (`settings.access`, checked by the server). A refused save says why in the server's words and keeps
 * every value typed.
 */
/** The roles that can be on duty (guests, presenters and probation accounts are not staff on call). */
const DUTY_ROLES = ['owner', 'manager', 'admin', 'moderator'] as const;
type DutyRole = (typeof DUTY_ROLES)[number];
const ROLE_KEYS = { owner: 'deadAir.settings.role.owner', manager: 'deadAir.settings.role.manager', admin: 'deadAir.settings.role.admin', moderator: 'deadAir.settings.role.moderator' } as const satisfies Record<DutyRole, string>;

const NUMBER_FIELDS = [
  { key: 'silence_threshold_db', label: 'deadAir.settings.threshold', help: 'deadAir.settings.thresholdHelp', step: 1 },
  { key: 'silence_seconds', label: 'deadAir.settings.silenceSeconds', help: null, step: 1 },
  { key: 'off_air_seconds', label: 'deadAir.settings.offAirSeconds', help: null, step: 1 },
  { key: 'stuck_factor', label: 'deadAir.settings.stuckFactor', help: null, step: 0.5 },
  { key: 'stuck_unknown_minutes', label: 'deadAir.settings.stuckUnknown', help: null, step: 1 },
  { key: 'escalate_after_minutes', label: 'deadAir.settings.escalate', help: 'deadAir.settings.escalateHelp', step: 0.5 },
] as const;
type NumberKey = (typeof NUMBER_FIELDS)[number]['key'];

interface Form {
  numbers: Record<NumberKey, string>;
  duty_roles: string[];
  backup_stream_url: string;
  keep_samples: boolean;
  email_alerts: boolean;
}

const toForm = (s: DeadAirSettings): Form => ({
  numbers: Object.fromEntries(NUMBER_FIELDS.map((f) => [f.key, String(s[f.key])])) as Record<NumberKey, string>,
  duty_roles: [...s.duty_roles],
  backup_stream_url: s.backup_stream_url ?? '',
  keep_samples: s.keep_samples,
  email_alerts: s.email_alerts,
});

/** What is sent: an empty or unreadable number goes as null, so the server answers with its own words. */
const toInput = (f: Form): DeadAirSettingsInput =>
  ({
    ...Object.fromEntries(NUMBER_FIELDS.map(({ key }) => [key, f.numbers[key].trim() === '' || !Number.isFinite(Number(f.numbers[key])) ? null : Number(f.numbers[key])])),
    duty_roles: f.duty_roles,
    backup_stream_url: f.backup_stream_url,
    keep_samples: f.keep_samples,
    email_alerts: f.email_alerts,
  }) as DeadAirSettingsInput;

export function DeadAirSettingsCard() {
  const { t } = useI18n();
  const qc = useQueryClient();
  const { toast } = useToast();
  const query = useQuery({ queryKey: ['admin', 'dead-air', 'settings'], queryFn: () => fetchSettings() });
  const [form, setForm] = useState<Form | null>(null);
  useEffect(() => {
    if (query.data && !form) setForm(toForm(query.data));
  }, [query.data, form]);
  const save = useMutation({
    mutationFn: (f: Form) => saveSettings(toInput(f)),
    onSuccess: (saved) => {
      qc.setQueryData(['admin', 'dead-air', 'settings'], saved);
      setForm(toForm(saved));
      toast({ title: t('deadAir.settings.saved'), variant: 'success' });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (form) save.mutate(form);
  };
  const setNumber = (key: NumberKey, value: string) => setForm((f) => (f ? { ...f, numbers: { ...f.numbers, [key]: value } } : f));

  return (
    <Card variant="outlined" component="section" aria-labelledby="dead-air-settings-title" sx={{ mt: 3 }}>
      <CardContent>
        <Typography id="dead-air-settings-title" variant="h6" component="h2">
          {t('deadAir.settings.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('deadAir.settings.intro')}
        </Typography>
        {query.isError && !form ? (
          <Alert severity="error" action={<Button onClick={() => void query.refetch()}>{t('deadAir.settings.retry')}</Button>}>
            {t('deadAir.settings.loadFailed')}
          </Alert>
        ) : !form ? (
          <Stack spacing={1} aria-busy="true">
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={56} />
          </Stack>
        ) : (
          <Box component="form" noValidate onSubmit={submit} data-testid="dead-air-settings">
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {NUMBER_FIELDS.map((f) => (
                <TextField
                  key={f.key}
                  label={t(f.label)}
                  type="number"
                  value={form.numbers[f.key]}
                  onChange={(e) => setNumber(f.key, e.target.value)}
                  helperText={f.help ? t(f.help) : undefined}
                  slotProps={{ htmlInput: { step: f.step } }}
                />
              ))}
            </Box>
            <FormLabel component="legend" sx={{ mt: 2 }}>
              {t('deadAir.settings.dutyRoles')}
            </FormLabel>
            <FormGroup row>
              {DUTY_ROLES.map((role) => (
                <FormControlLabel
                  key={role}
                  label={t(ROLE_KEYS[role])}
                  control={
                    <Checkbox
                      checked={form.duty_roles.includes(role)}
                      onChange={(e) => setForm({ ...form, duty_roles: e.target.checked ? [...form.duty_roles, role] : form.duty_roles.filter((r) => r !== role) })}
                    />
                  }
                />
              ))}
            </FormGroup>
            <TextField
              sx={{ mt: 2 }}
              fullWidth
              label={t('deadAir.settings.backup')}
              type="url"
              value={form.backup_stream_url}
              onChange={(e) => setForm({ ...form, backup_stream_url: e.target.value })}
              helperText={t('deadAir.settings.backupHelp')}
            />
            <Stack sx={{ mt: 1 }}>
              <FormControlLabel control={<Switch checked={form.keep_samples} onChange={(e) => setForm({ ...form, keep_samples: e.target.checked })} />} label={t('deadAir.settings.keepSamples')} />
              <FormControlLabel control={<Switch checked={form.email_alerts} onChange={(e) => setForm({ ...form, email_alerts: e.target.checked })} />} label={t('deadAir.settings.emailAlerts')} />
            </Stack>
            {save.isError && (
              <Alert severity="error" sx={{ mt: 2 }} role="alert">
                {errorMessage(save.error)}
              </Alert>
            )}
            <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={save.isPending}>
              {t('deadAir.settings.save')}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
