import { Alert, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useT } from '../i18n/state';
import { askAccountDeletion, downloadOwnData } from './api';

/**
 * My Profile → Your data (issue 37): the account downloads everything the station holds about it (one JSON
 * file: account, profile, presenter record, sessions, two-factor state, leave, applications, its audit trail),
 * and asks for the account and its data to be deleted (the owners and managers are told; they delete accounts
 * in User Management).
 */
export function AccountDataSection() {
  const t = useT();
  const [busy, setBusy] = useState<'download' | 'ask' | null>(null);
  const [note, setNote] = useState('');
  const [result, setResult] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  const run = async (kind: 'download' | 'ask') => {
    setBusy(kind);
    setResult(null);
    try {
      if (kind === 'download') {
        await downloadOwnData();
        setResult({ severity: 'success', text: t('profile.data.downloaded') });
      } else {
        await askAccountDeletion(note.trim());
        setNote('');
        setResult({ severity: 'success', text: t('profile.data.asked') });
      }
    } catch {
      setResult({ severity: 'error', text: t(kind === 'download' ? 'profile.data.downloadFailed' : 'profile.data.askFailed') });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card component="section" aria-labelledby="section-account-data">
      <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
        <Typography id="section-account-data" variant="h5" component="h2" sx={{ mb: 0.5 }}>
          {t('profile.data.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2.5 }}>
          {t('profile.data.description')}
        </Typography>
        <Stack spacing={2.5}>
          <div>
            <Button variant="outlined" disabled={busy !== null} onClick={() => void run('download')}>
              {t('profile.data.download')}
            </Button>
          </div>
          <TextField
            label={t('profile.data.note')}
            helperText={t('profile.data.noteHelp')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          <div>
            <Button color="error" variant="outlined" disabled={busy !== null} onClick={() => void run('ask')}>
              {t('profile.data.ask')}
            </Button>
          </div>
          {result && (
            <Alert severity={result.severity} role={result.severity === 'error' ? 'alert' : 'status'}>
              {result.text}
            </Alert>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
