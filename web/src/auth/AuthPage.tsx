import LockIcon from '@mui/icons-material/LockOutlined';
import { Alert, Avatar, Box, Button, Card, CardContent, Container, Link, TextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router';
import { ACCOUNT_TEXT } from '../../../shared/accounts';
import { ApiError } from '../app/api';
import { usePageMeta } from '../app/meta';
import { useToast } from '../ui/toast';
import { useAuth } from './AuthProvider';
import { GateLoading } from './ProtectedRoute';
import { useT } from '../i18n/state';
import { forgetSignOutReason, signOutReason, type SecondStep } from './session';
import { EnrolStep, RecoveryCodes, VerifyStep } from './SecondStepForms';
import { useAccountText } from './texts';

/**
 * Sign-in (/auth): email and password, for presenters and staff only (no
 * self sign-up). Already signed in goes to /. The server's message is shown
 * as a toast; success says 'Signed in successfully!' and goes to /.
 */
export function AuthPage() {
  const t = useT();
  const text = useAccountText();
  usePageMeta({ title: t('auth.signIn.title'), description: t('auth.signIn.description') });
  const { status, signIn } = useAuth();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  const [signedOutWhy] = useState(signOutReason);
  const [step, setStep] = useState<SecondStep | null>(null);
  const [recovery, setRecovery] = useState<string[] | null>(null);
  useEffect(() => forgetSignOutReason(), []);

  const done = () => {
    toast({ title: text(ACCOUNT_TEXT.signedIn), variant: 'success' });
    void navigate('/', { replace: true });
  };
  const restart = () => {
    setStep(null);
    setBusy(false);
    setPassword('');
  };

  // The recovery codes of an account that just set two-factor up stay on screen until the person says they kept them.
  if (recovery) return <Shell><RecoveryCodes codes={recovery} onDone={done} /></Shell>;
  if (status === 'loading') return <GateLoading label={t('auth.checking')} />;
  if (status === 'signedIn' && !busy) return <Navigate to="/" replace />;
  if (step?.kind === 'verify') return <Shell><VerifyStep token={step.token} onDone={done} onRestart={restart} /></Shell>;
  if (step?.kind === 'enroll') return <Shell><EnrolStep token={step.token} onDone={setRecovery} onRestart={restart} /></Shell>;

  const emailMissing = touched && !email.trim();
  const passwordMissing = touched && !password;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!email.trim() || !password) return;
    setBusy(true);
    try {
      const result = await signIn(email.trim(), password);
      if ('kind' in result) {
        setStep(result);
        return;
      }
      done();
    } catch (err) {
      const message = err instanceof ApiError ? err.message : text(ACCOUNT_TEXT.unexpected);
      toast({ title: t('auth.mfa.failed'), description: message, variant: 'error' });
      setBusy(false);
    }
  };

  return (
    <Container maxWidth="xs" sx={{ py: { xs: 5, md: 10 } }}>
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', mb: 3 }}>
            <Avatar sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', mb: 1.5 }}>
              <LockIcon aria-hidden />
            </Avatar>
            <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
              {t('auth.signIn.title')}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {t('auth.signIn.subtitle')}
            </Typography>
          </Box>
          {signedOutWhy && (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="signed-out-reason">
              {text(signedOutWhy)}
            </Alert>
          )}
          <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <TextField
              label={t('auth.signIn.email')}
              type="email"
              name="email"
              autoComplete="username"
              required
              fullWidth
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={emailMissing}
              helperText={emailMissing ? text(ACCOUNT_TEXT.emailRequired) : undefined}
              slotProps={{ htmlInput: { maxLength: 320 } }}
            />
            <TextField
              label={t('auth.signIn.password')}
              type="password"
              name="password"
              autoComplete="current-password"
              required
              fullWidth
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={passwordMissing}
              helperText={passwordMissing ? text(ACCOUNT_TEXT.passwordRequired) : undefined}
              slotProps={{ htmlInput: { maxLength: 1024 } }}
            />
            <Button type="submit" variant="contained" size="large" disabled={busy} fullWidth>
              {busy ? t('auth.signIn.busy') : t('auth.signIn.title')}
            </Button>
          </Box>
          <Typography variant="body2" sx={{ mt: 2, textAlign: 'center' }}>
            <Link component={RouterLink} to="/auth/forgot">
              {t('auth.forgot.link')}
            </Link>
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2, textAlign: 'center' }}>
            {text(ACCOUNT_TEXT.contactAdmin)}
          </Typography>
        </CardContent>
      </Card>
    </Container>
  );
}

/** The sign-in card's frame for the second step and the recovery codes. */
function Shell({ children }: { children: ReactNode }) {
  return (
    <Container maxWidth="xs" sx={{ py: { xs: 5, md: 10 } }}>
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>{children}</CardContent>
      </Card>
    </Container>
  );
}
