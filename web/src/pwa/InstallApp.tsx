import { Button, Card, CardContent, Typography } from '@mui/material';
import InstallMobileIcon from '@mui/icons-material/InstallMobile';
import { useSyncExternalStore } from 'react';
import { useT } from '../i18n/state';
import { installState } from './register';
import { needsHomeScreen } from './push';

const standalone = () => window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;

/**
 * Install the website as an app (issue 36 item 1): the browser's own install dialog where it offers one (Android,
 * desktop Chromium: beforeinstallprompt), the steps on an iPhone or iPad (Safari has no prompt), else where to look.
 */
export function InstallApp({ station }: { station: string }) {
  const t = useT();
  const prompt = useSyncExternalStore(installState.subscribe, installState.prompt, () => null);
  const installed = useSyncExternalStore(installState.subscribe, () => installState.installed() || standalone(), () => false);
  const ios = useSyncExternalStore(installState.subscribe, needsHomeScreen, () => false);
  return (
    <Card sx={{ borderRadius: 3 }} data-testid="install-app">
      <CardContent sx={{ p: { xs: 3, md: 4 } }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {t('install.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('install.intro', { station })}
        </Typography>
        {installed ? (
          <Typography>{t('install.installed')}</Typography>
        ) : prompt ? (
          <Button variant="contained" startIcon={<InstallMobileIcon aria-hidden />} onClick={() => void installState.install()}>
            {t('install.button')}
          </Button>
        ) : ios ? (
          <Typography>{t('install.ios')}</Typography>
        ) : (
          <Typography>{t('install.other')}</Typography>
        )}
      </CardContent>
    </Card>
  );
}
