import RadioIcon from '@mui/icons-material/Radio';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import type { ServerCheckResult } from '../../../shared/desktop';
import type { Translate } from '../../../shared/i18n/format';
import { getServerUrl, saveServerUrl, studioVersion } from '../platform';
import { useT } from '../i18n/state';

/** A refused address's reason in the presenter's language (the main process's English text when it gives none). */
export function refusalText(t: Translate, result: Extract<ServerCheckResult, { ok: false }>): string {
  switch (result.reason) {
    case 'invalid':
      return t('studio.server.invalid');
    case 'unreachable':
      return t('studio.server.unreachable');
    case 'notAirdeck':
      return t('studio.server.notAirdeck');
    case 'degraded':
      return t('studio.server.degraded');
    case 'newer':
    case 'older':
      return t(result.reason === 'newer' ? 'studio.server.newer' : 'studio.server.older', { server: result.serverApi ?? '?', studio: result.studioApi ?? '?' });
    default:
      return result.message;
  }
}

/**
 * The studio's station address screen: shown on first run and from "Change
 * station server". The address is checked (/api/health must answer as a
 * compatible Airdeck) before it is remembered; on success the studio opens
 * the On Air console against it.
 */
export function ServerSetupScreen({ firstRun }: { firstRun: boolean }) {
  const [value, setValue] = useState('');
  const [current, setCurrent] = useState<string | null>(null);
  const [version, setVersion] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const t = useT();

  useEffect(() => {
    document.title = t('studio.server.pageTitle');
  }, [t]);
  useEffect(() => {
    void getServerUrl().then((u) => {
      setCurrent(u);
      if (u) setValue(u);
    });
    void studioVersion().then(setVersion);
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const result = await saveServerUrl(value);
      if (!result.ok) {
        setError(refusalText(t, result));
        return;
      }
      // A fresh page: the security policy and the session follow the new address.
      window.location.assign('/admin/on-air');
    } catch {
      setError(t('studio.server.checkFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Card sx={{ width: '100%', maxWidth: 480 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', mb: 3 }}>
            <RadioIcon color="primary" sx={{ fontSize: 44 }} aria-hidden />
            <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
              {firstRun ? t('studio.server.firstRun') : t('studio.server.change')}
            </Typography>
            <Typography color="text.secondary">{t('studio.server.intro')}</Typography>
          </Stack>
          <Box component="form" onSubmit={(e) => void submit(e)} noValidate>
            <TextField
              label={t('studio.server.address')}
              // eslint-disable-next-line airdeck/no-jsx-text -- an example address, not language
              placeholder="https://radio.example.org"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              fullWidth
              required
              autoFocus
              type="url"
              inputMode="url"
              autoComplete="url"
              error={!!error}
              slotProps={{ htmlInput: { 'aria-describedby': error ? 'server-error' : undefined, spellCheck: false } }}
            />
            {error && (
              <Alert id="server-error" severity="error" role="alert" sx={{ mt: 2 }}>
                {error}
              </Alert>
            )}
            <Button type="submit" variant="contained" size="large" fullWidth disabled={busy || !value.trim()} sx={{ mt: 3 }} startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}>
              {busy ? t('studio.server.checking') : t('studio.server.connect')}
            </Button>
            {!firstRun && current && (
              <Button fullWidth sx={{ mt: 1 }} onClick={() => window.location.assign('/admin/on-air')}>
                {t('studio.server.keep', { address: current })}
              </Button>
            )}
          </Box>
          {version && (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 3, textAlign: 'center' }}>
              {t('studio.server.version', { version })}
            </Typography>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
