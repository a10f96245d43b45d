import { Alert, Box, Button, Card, CardContent, CardHeader, Chip, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DiscordConfigInputSchema, type DiscordConfigView } from '../../../../shared/content';
import { createDiscordConfig, fetchDiscordConfig, updateDiscordConfig } from '../api';
import { PageLoading } from '../../app/ListenerLayout';
import { useErrorText } from '../../i18n/errors';
import { errorMessage, serverFieldErrors, validate, type FieldErrors } from '../../content/admin/form';
import { useToast } from '../../ui/toast';
import { useT } from '../../i18n/state';
import type { MessageKey } from '../../../../shared/i18n/format';

/** The form's own checks (shared/content.ts DiscordConfigInputSchema) in the reader's language. */
const REQUIRED: Record<string, MessageKey> = {
  'Bot token is required': 'discordSettings.botTokenRequired',
  'Client ID is required': 'discordSettings.clientIdRequired',
  'Client secret is required': 'discordSettings.clientSecretRequired',
};

interface FormValues {
  bot_token: string;
  client_id: string;
  client_secret: string;
}
const EMPTY: FormValues = { bot_token: '', client_id: '', client_secret: '' };

/**
 * Discord Integration (owner only; spec 001 §2, §5, §8): bot token, client id
 * and client secret. Stored secrets come back masked (first and last four
 * characters); to change one, type the new value, and leave it blank to keep
 * the stored one. No saved row means not configured.
 */
export function DiscordTab() {
  const { toast } = useToast();
  const t = useT();
  const say = useErrorText();
  const client = useQueryClient();
  const q = useQuery({ queryKey: ['admin', 'discord'], queryFn: ({ signal }) => fetchDiscordConfig(signal) });
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const configured = q.data?.configured === true;

  const save = useMutation({
    mutationFn: (body: Partial<FormValues>) => (configured ? updateDiscordConfig(body) : createDiscordConfig(body as FormValues)),
    onSuccess: (view) => {
      client.setQueryData(['admin', 'discord'], view);
      toast({ title: configured ? t('discordSettings.updated') : t('discordSettings.saved'), variant: 'success' });
      setValues(EMPTY);
      setErrors({});
    },
    onError: (err) => {
      setErrors(serverFieldErrors(err));
      toast({ title: t('discordSettings.saveFailed'), description: errorMessage(err), variant: 'error' });
    },
  });

  if (q.isError)
    return (
      <Alert severity="error" action={<Button onClick={() => void q.refetch()}>{t('common.tryAgain')}</Button>}>
        {t('discordSettings.loadFailed')}
      </Alert>
    );
  if (!q.data) return <PageLoading label={t('discordSettings.loading')} />;

  const submit = () => {
    if (!configured) {
      const checked = validate(DiscordConfigInputSchema, values, say);
      if (!checked.ok) {
        setErrors(Object.fromEntries(Object.entries(checked.errors).map(([k, m]) => [k, m && REQUIRED[m] ? t(REQUIRED[m]) : m])));
        return;
      }
      save.mutate(checked.value);
      return;
    }
    const patch = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== '')) as Partial<FormValues>;
    if (Object.keys(patch).length === 0) {
      setErrors({ _: t('discordSettings.nothingToSave') });
      return;
    }
    save.mutate(patch);
  };
  const set = (k: keyof FormValues, v: string) => setValues((o) => ({ ...o, [k]: v }));
  const current = q.data.configured ? q.data : null;
  const help = (k: keyof FormValues, stored: string | undefined) => errors[k] ?? (stored ? t('discordSettings.storedHelp', { stored }) : undefined);

  return (
    <Card sx={{ maxWidth: 720 }}>
      <CardHeader
        title={
          <Typography variant="h6" component="h2">
            {t('settings.tab.discord')}
          </Typography>
        }
        subheader={t('discordSettings.intro')}
        action={<Chip label={current ? t('discordSettings.configured') : t('discordSettings.notConfigured')} color={current ? 'success' : 'default'} variant={current ? 'filled' : 'outlined'} />}
      />
      <CardContent
        component="form"
        noValidate
        autoComplete="off"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        sx={{ display: 'grid', gap: 2 }}
      >
        {current && !current.readable && <Alert severity="warning">{t('discordSettings.unreadable')}</Alert>}
        {errors._ && <Alert severity="error">{errors._}</Alert>}
        <TextField label={t('discordSettings.botToken')} type="password" required={!current} value={values.bot_token} onChange={(e) => set('bot_token', e.target.value)} error={Boolean(errors.bot_token)} helperText={help('bot_token', current?.bot_token)} slotProps={{ htmlInput: { autoComplete: 'new-password' } }} />
        <TextField label={t('discordSettings.clientId')} required={!current} value={values.client_id} onChange={(e) => set('client_id', e.target.value)} error={Boolean(errors.client_id)} helperText={help('client_id', current?.client_id)} />
        <TextField label={t('discordSettings.clientSecret')} type="password" required={!current} value={values.client_secret} onChange={(e) => set('client_secret', e.target.value)} error={Boolean(errors.client_secret)} helperText={help('client_secret', current?.client_secret)} slotProps={{ htmlInput: { autoComplete: 'new-password' } }} />
        <Typography variant="body2" color="text.secondary">
          {t('discordSettings.encrypted')}
        </Typography>
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {save.isPending ? t('discordSettings.saving') : current ? t('discordSettings.update') : t('discordSettings.save')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
