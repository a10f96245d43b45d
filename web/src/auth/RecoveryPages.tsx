import { Alert, Box, Button, Card, CardContent, Container, Link, TextField, Typography } from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiError } from '../app/api';
import { usePageMeta } from '../app/meta';
import { useT } from '../i18n/state';
import { useToast } from '../ui/toast';
import { errorFrom, postResetConfirm, postResetRequest } from './api';

/**
 * A forgotten password (issue 37 item 5): /auth/forgot asks for the address
 * and always says the same thing; /auth/reset#token=… (the e-mailed link)
 * sets the new password, which signs the account out everywhere.
 */

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container maxWidth="xs" sx={{ py: { xs: 5, md: 10 } }}>
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 4 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, textAlign: 'center' }}>
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Container>
  );
}

async function send(call: () => Promise<Response>): Promise<void> {
  let res: Response;
  try {
    res = await call();
  } catch {
    throw new ApiError(0, 'network', 'Could not reach the station. Check your connection and try again.');
  }
  if (!res.ok) throw await errorFrom(res);
}

/** /auth/forgot. */
export function ForgotPasswordPage() {
  const t = useT();
  usePageMeta({ title: t('auth.forgot.title'), description: t('auth.forgot.prompt') });
  const { toast } = useToast();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return;
    setBusy(true);
    try {
      await send(() => postResetRequest({ email: email.trim() }));
      setSent(true);
    } catch (err) {
      toast({ title: t('auth.forgot.title'), description: err instanceof ApiError ? err.message : String(err), variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Frame title={t('auth.forgot.title')}>
      {sent ? (
        <Alert severity="success" role="status">
          {t('auth.forgot.sent')}
        </Alert>
      ) : (
        <>
          <Typography color="text.secondary">{t('auth.forgot.prompt')}</Typography>
          <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <TextField label={t('auth.forgot.email')} type="email" name="email" autoComplete="username" required fullWidth value={email} onChange={(e) => setEmail(e.target.value)} slotProps={{ htmlInput: { maxLength: 320 } }} />
            <Button type="submit" variant="contained" size="large" disabled={busy || !email.trim()} fullWidth>
              {t('auth.forgot.send')}
            </Button>
          </Box>
        </>
      )}
      <Link component={RouterLink} to="/auth" sx={{ textAlign: 'center' }}>
        {t('auth.mfa.back')}
      </Link>
    </Frame>
  );
}

/** /auth/reset#token=…. */
export function ResetPasswordPage() {
  const t = useT();
  usePageMeta({ title: t('auth.reset.title'), description: t('auth.reset.title') });
  const { toast } = useToast();
  const navigate = useNavigate();
  const [token] = useState(() => (typeof location !== 'undefined' ? new URLSearchParams(location.hash.slice(1)).get('token') : null));
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const mismatch = confirm.length > 0 && confirm !== password;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!token || !password || mismatch) return;
    setBusy(true);
    try {
      await send(() => postResetConfirm({ token, password }));
      toast({ title: t('auth.reset.done'), variant: 'success' });
      void navigate('/auth', { replace: true });
    } catch (err) {
      toast({ title: t('auth.reset.title'), description: err instanceof ApiError ? err.message : String(err), variant: 'error' });
      setBusy(false);
    }
  };
  return (
    <Frame title={t('auth.reset.title')}>
      {!token ? (
        <Alert severity="warning">{t('auth.reset.missing')}</Alert>
      ) : (
        <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <TextField label={t('auth.reset.password')} type="password" name="new-password" autoComplete="new-password" required fullWidth value={password} onChange={(e) => setPassword(e.target.value)} slotProps={{ htmlInput: { maxLength: 1024 } }} />
          <TextField
            label={t('auth.reset.confirm')}
            type="password"
            name="confirm-password"
            autoComplete="new-password"
            required
            fullWidth
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            error={mismatch}
            helperText={mismatch ? t('auth.reset.mismatch') : undefined}
            slotProps={{ htmlInput: { maxLength: 1024 } }}
          />
          <Button type="submit" variant="contained" size="large" disabled={busy || !password || mismatch || confirm !== password} fullWidth>
            {t('auth.reset.save')}
          </Button>
        </Box>
      )}
      <Link component={RouterLink} to="/auth/forgot" sx={{ textAlign: 'center' }}>
        {t('auth.forgot.link')}
      </Link>
    </Frame>
  );
}
