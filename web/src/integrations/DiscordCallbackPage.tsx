import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import { Box, Button, Card, CardContent, CircularProgress, Container, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { DISCORD_CALLBACK_TEXTS as T, type DiscordCallbackResponse } from '../../../shared/integrations';
import { discordCallback } from './api';
import { usePageMeta } from '../app/meta';
import { useToast } from '../ui/toast';
import { DiscordIcon } from './DiscordIcon';
import { useT } from '../i18n/state';

type View = { status: 'loading' } | { status: 'success'; message: string; next: string } | { status: 'error'; message: string; next: string };

/**
 * /discord-callback: where Discord sends an applicant back (spec 001 §2).
 * Reads code, state, error and error_description; exchanges the code through
 * the server (which checks the state against this browser); on success goes
 * to /become-a-dj with the username after 2 s, on failure after 3 s.
 */
export function DiscordCallbackPage() {
  const t = useT();
  usePageMeta({ title: t('discordCallback.title') });
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [view, setView] = useState<View>({ status: 'loading' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = params.get('code');
    const state = params.get('state');
    const error = params.get('error');
    const description = params.get('error_description');
    // The code is single use and of no further interest: keep it out of history and referrers.
    window.history.replaceState(null, '', '/discord-callback');
    let timer: ReturnType<typeof setTimeout> | undefined;
    const go = (next: string, delay: number) => {
      timer = setTimeout(() => void navigate(next, { replace: true }), delay);
    };

    if (error) {
      const message = description ? t('discordCallback.authFailedDescribed', { error, description }) : t('discordCallback.authFailed', { error });
      setView({ status: 'error', message, next: '/become-a-dj' });
      toast({ title: t('discordCallback.authFailedToast'), description: message, variant: 'error' });
      go('/become-a-dj', T.failureDelayMs);
      return;
    }
    if (!code || !state) {
      setView({ status: 'error', message: t('discordCallback.invalid'), next: '/become-a-dj' });
      go('/become-a-dj', T.failureDelayMs);
      return;
    }
    discordCallback(code, state)
      .then((res) => {
        const next = `/become-a-dj?discord_connected=true&discord_username=${encodeURIComponent(res.user.username)}`;
        setView({ status: 'success', message: t('discordCallback.success'), next });
        toast({ title: t('discordCallback.successToastTitle'), description: t('discordCallback.successToastBody'), variant: 'success' });
        go(next, T.successDelayMs);
      })
      .catch((err: unknown) => {
        console.error('discord connection failed', err);
        setView({ status: 'error', message: t('discordCallback.failed'), next: '/become-a-dj' });
        toast({ title: t('discordCallback.failedToast'), description: t('discordCallback.failed'), variant: 'error' });
        go('/become-a-dj', T.failureDelayMs);
      });
    return () => clearTimeout(timer);
    // Runs once per visit: the state is single use.
  }, []);

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 } }}>
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
          <DiscordIcon sx={{ fontSize: 48, color: '#5865F2' }} />
          <Typography variant="h4" component="h1">
            {t('discordCallback.title')}
          </Typography>
          <Box role="status" aria-live="polite" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}>
            {view.status === 'loading' && (
              <>
                <CircularProgress aria-hidden />
                <Typography>{t('discordCallback.loading')}</Typography>
              </>
            )}
            {view.status === 'success' && (
              <>
                <CheckCircleIcon color="success" sx={{ fontSize: 40 }} aria-hidden />
                <Typography sx={{ fontWeight: 600 }} data-testid="discord-callback-message">
                  {view.message}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('discordCallback.backToApplication')}
                </Typography>
              </>
            )}
            {view.status === 'error' && (
              <>
                <ErrorOutlineIcon color="error" sx={{ fontSize: 40 }} aria-hidden />
                <Typography sx={{ fontWeight: 600 }} data-testid="discord-callback-message">
                  {view.message}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('discordCallback.backToForm')}
                </Typography>
              </>
            )}
          </Box>
          {view.status !== 'loading' && (
            <Button component={RouterLink} to={view.next} replace variant="outlined">
              {t('discordCallback.continue')}
            </Button>
          )}
        </CardContent>
      </Card>
    </Container>
  );
}
