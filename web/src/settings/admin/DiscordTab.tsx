import { Alert, Box, Button, Card, CardContent, CardHeader, Chip, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DiscordConfigInputSchema, type DiscordConfigView } from '../../../../shared/content';
import { createDiscordConfig, fetchDiscordConfig, updateDiscordConfig } from '../api';
import { PageLoading } from '../../app/ListenerLayout';
import { errorMessage, serverFieldErrors, validate, type FieldErrors } from '../../content/admin/form';
import { useToast } from '../../ui/toast';

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
  const client = useQueryClient();
  const q = useQuery({ queryKey: ['admin', 'discord'], queryFn: ({ signal }) => fetchDiscordConfig(signal) });
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const configured = q.data?.configured === true;

  const save = useMutation({
    mutationFn: (body: Partial<FormValues>) => (configured ? updateDiscordConfig(body) : createDiscordConfig(body as FormValues)),
    onSuccess: (view) => {
      client.setQueryData(['admin', 'discord'], view);
      toast({ title: configured ? 'Discord configuration updated successfully' : 'Discord configuration saved successfully', variant: 'success' });
      setValues(EMPTY);
      setErrors({});
    },
    onError: (err) => {
      setErrors(serverFieldErrors(err));
      toast({ title: 'Failed to save Discord configuration', description: errorMessage(err), variant: 'error' });
    },
  });

  if (q.isError)
    return (
      <Alert severity="error" action={<Button onClick={() => void q.refetch()}>Try again</Button>}>
        Failed to load Discord configuration
      </Alert>
    );
  if (!q.data) return <PageLoading label="Loading Discord configuration..." />;

  const submit = () => {
    if (!configured) {
      const checked = validate(DiscordConfigInputSchema, values);
      if (!checked.ok) {
        setErrors(checked.errors);
        return;
      }
      save.mutate(checked.value);
      return;
    }
    const patch = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== '')) as Partial<FormValues>;
    if (Object.keys(patch).length === 0) {
      setErrors({ _: 'Type a new value in at least one field, or leave the configuration as it is.' });
      return;
    }
    save.mutate(patch);
  };
  const set = (k: keyof FormValues, v: string) => setValues((o) => ({ ...o, [k]: v }));
  const current = q.data.configured ? q.data : null;
  const help = (k: keyof FormValues, stored: string | undefined) => errors[k] ?? (stored ? `Saved: ${stored}. Leave blank to keep it.` : undefined);

  return (
    <Card sx={{ maxWidth: 720 }}>
      <CardHeader
        title={
          <Typography variant="h6" component="h2">
            Discord Integration
          </Typography>
        }
        subheader="The bot posts application results to Discord; the client id and secret connect applicants' Discord accounts."
        action={<Chip label={current ? 'Configured' : 'Not configured'} color={current ? 'success' : 'default'} variant={current ? 'filled' : 'outlined'} />}
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
        {current && !current.readable && <Alert severity="warning">The saved secrets were encrypted with a different server key and cannot be read. Enter them again.</Alert>}
        {errors._ && <Alert severity="error">{errors._}</Alert>}
        <TextField label="Bot token" type="password" required={!current} value={values.bot_token} onChange={(e) => set('bot_token', e.target.value)} error={Boolean(errors.bot_token)} helperText={help('bot_token', current?.bot_token)} slotProps={{ htmlInput: { autoComplete: 'new-password' } }} />
        <TextField label="Client ID" required={!current} value={values.client_id} onChange={(e) => set('client_id', e.target.value)} error={Boolean(errors.client_id)} helperText={help('client_id', current?.client_id)} />
        <TextField label="Client secret" type="password" required={!current} value={values.client_secret} onChange={(e) => set('client_secret', e.target.value)} error={Boolean(errors.client_secret)} helperText={help('client_secret', current?.client_secret)} slotProps={{ htmlInput: { autoComplete: 'new-password' } }} />
        <Typography variant="body2" color="text.secondary">
          Secrets are encrypted before they are stored and are never shown again in full.
        </Typography>
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : current ? 'Update Configuration' : 'Save Configuration'}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
