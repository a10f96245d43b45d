import { Alert, Box, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import QRCode from 'qrcode';
import { useEffect, useState, type FormEvent } from 'react';
import type { MfaSetupResponse } from '../../../shared/mfa';
import { ApiError } from '../app/api';
import { useT } from '../i18n/state';
import { useToast } from '../ui/toast';
import { enrolEnable, enrolSetup, verifySecondStep } from './session';

/**
 * Two-factor sign-in's forms (issue 37 item 4), shared by the sign-in page and
 * My Profile: the code asked after the password, the QR code and first code of
 * setting TOTP up, and the recovery codes shown once. The QR code is drawn in
 * the page (the secret never leaves the browser for an image service).
 */

function useQr(text: string | null): string | null {
  const [url, setUrl] = useState<{ for: string; url: string } | null>(null);
  useEffect(() => {
    if (!text) return;
    let cancelled = false;
    QRCode.toDataURL(text, { width: 400, margin: 2, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } })
      .then((u) => !cancelled && setUrl({ for: text, url: u }))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [text]);
  return url && url.for === text ? url.url : null;
}

const message = (err: unknown) => (err instanceof ApiError ? err.message : String(err));

/** The QR code and the key to type, for an authenticator app. */
export function TotpSecret({ setup }: { setup: MfaSetupResponse }) {
  const t = useT();
  const qr = useQr(setup.otpauth_url);
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
      {qr ? <Box component="img" src={qr} alt={t('auth.enrol.qr')} sx={{ width: 200, height: 200, borderRadius: 1 }} /> : <CircularProgress aria-label={t('auth.enrol.qr')} />}
      <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all', textAlign: 'center' }} data-testid="totp-secret">
        {t('auth.enrol.key', { secret: setup.secret })}
      </Typography>
    </Stack>
  );
}

/** A code field and its button. */
function CodeForm({ label, busy, onSubmit, autoFocus = true }: { label: string; busy: boolean; onSubmit: (code: string) => void; autoFocus?: boolean }) {
  const t = useT();
  const [code, setCode] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim()) onSubmit(code.trim());
  };
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <TextField
        label={t('auth.mfa.code')}
        name="code"
        autoComplete="one-time-code"
        autoFocus={autoFocus}
        required
        fullWidth
        value={code}
        onChange={(e) => setCode(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 40, inputMode: 'text', spellCheck: false } }}
      />
      <Button type="submit" variant="contained" size="large" disabled={busy || !code.trim()} fullWidth>
        {label}
      </Button>
    </Box>
  );
}

/** The code asked after a right password. */
export function VerifyStep({ token, onDone, onRestart }: { token: string; onDone: () => void; onRestart: () => void }) {
  const t = useT();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const submit = async (code: string) => {
    setBusy(true);
    try {
      await verifySecondStep(token, code);
      onDone();
    } catch (err) {
      toast({ title: t('auth.mfa.failed'), description: message(err), variant: 'error' });
      if (err instanceof ApiError && err.status === 401) onRestart();
      setBusy(false);
    }
  };
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, textAlign: 'center' }}>
        {t('auth.mfa.title')}
      </Typography>
      <Typography color="text.secondary">{t('auth.mfa.prompt')}</Typography>
      <CodeForm label={t('auth.mfa.verify')} busy={busy} onSubmit={(c) => void submit(c)} />
      <Button onClick={onRestart}>{t('auth.mfa.back')}</Button>
    </Stack>
  );
}

/** Setting TOTP up during a sign-in whose role must have it; answers the recovery codes. */
export function EnrolStep({ token, onDone, onRestart }: { token: string; onDone: (codes: string[]) => void; onRestart: () => void }) {
  const t = useT();
  const { toast } = useToast();
  const [setup, setSetup] = useState<MfaSetupResponse | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    enrolSetup(token).then(setSetup, (err: unknown) => {
      toast({ title: t('auth.mfa.failed'), description: message(err), variant: 'error' });
      onRestart();
    });
    // Once per sign-in token.
  }, [token]);
  const submit = async (code: string) => {
    setBusy(true);
    try {
      onDone(await enrolEnable(token, code));
    } catch (err) {
      toast({ title: t('auth.mfa.failed'), description: message(err), variant: 'error' });
      if (err instanceof ApiError && err.status === 401) onRestart();
      setBusy(false);
    }
  };
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, textAlign: 'center' }}>
        {t('auth.enrol.title')}
      </Typography>
      <Typography color="text.secondary">{t('auth.enrol.prompt')}</Typography>
      {setup ? <TotpSecret setup={setup} /> : <CircularProgress sx={{ alignSelf: 'center' }} />}
      <CodeForm label={t('auth.enrol.enable')} busy={busy || !setup} onSubmit={(c) => void submit(c)} autoFocus={false} />
      <Button onClick={onRestart}>{t('auth.mfa.back')}</Button>
    </Stack>
  );
}

/** The recovery codes, shown once, until the person says they kept them. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT();
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
        {t('auth.recovery.title')}
      </Typography>
      <Alert severity="warning">{t('auth.recovery.prompt')}</Alert>
      <Box component="ol" data-testid="recovery-codes" sx={{ fontFamily: 'monospace', columns: 2, m: 0, pl: 3 }}>
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </Box>
      <Button variant="contained" onClick={onDone}>
        {t('auth.recovery.continue')}
      </Button>
    </Stack>
  );
}
