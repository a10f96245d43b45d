import RadioIcon from '@mui/icons-material/Radio';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { getServerUrl, saveServerUrl, studioVersion } from '../platform';

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

  useEffect(() => {
    document.title = 'Connect to your station · Airdeck Studio';
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
        setError(result.message);
        return;
      }
      // A fresh page: the security policy and the session follow the new address.
      window.location.assign('/admin/on-air');
    } catch {
      setError('The studio could not check that address. Please try again.');
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
              {firstRun ? 'Connect to your station' : 'Change station server'}
            </Typography>
            <Typography color="text.secondary">Enter the address of your station’s Airdeck website. The studio checks it and remembers it.</Typography>
          </Stack>
          <Box component="form" onSubmit={(e) => void submit(e)} noValidate>
            <TextField
              label="Station address"
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
              {busy ? 'Checking…' : 'Connect'}
            </Button>
            {!firstRun && current && (
              <Button fullWidth sx={{ mt: 1 }} onClick={() => window.location.assign('/admin/on-air')}>
                Keep {current}
              </Button>
            )}
          </Box>
          {version && (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 3, textAlign: 'center' }}>
              Airdeck Studio {version}
            </Typography>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
