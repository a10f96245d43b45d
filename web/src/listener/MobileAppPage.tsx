import { Box, Button, Card, CardContent, Container, List, ListItem, ListItemIcon, ListItemText, Skeleton, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import ShopIcon from '@mui/icons-material/Shop';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { usePageMeta } from '../app/meta';
import { useStation } from '../app/station';
import { InstallApp } from '../pwa/InstallApp';
import { useT } from '../i18n/state';

/** What the Android app offers, as the page lists it: catalogue keys `mobileApp.feature.<key>`. */
const APP_FEATURES = ['live', 'nowPlaying', 'background', 'schedule', 'requests'] as const;

/**
 * A QR code of `text`, drawn in the page with the `qrcode` package: the link
 * never leaves the browser for a third-party image service.
 */
function useQrDataUrl(text: string | null): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ for: string; url: string | null; failed: boolean } | null>(null);
  useEffect(() => {
    if (!text) return;
    let cancelled = false;
    // Drawn at twice the size shown (240 px), sharp on a phone's high-density screen.
    QRCode.toDataURL(text, { width: 480, margin: 2, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } })
      .then((url) => !cancelled && setState({ for: text, url, failed: false }))
      .catch(() => !cancelled && setState({ for: text, url: null, failed: true }));
    return () => {
      cancelled = true;
    };
  }, [text]);
  return state && state.for === text ? { url: state.url, failed: state.failed } : { url: null, failed: false };
}

/** /mobile-app: the Google Play link, its QR code and what the app does. */
export function MobileAppPage() {
  const station = useStation();
  const playUrl = station.googlePlayUrl || null;
  const t = useT();
  usePageMeta({ title: t('nav.mobileApp'), description: t(playUrl ? 'mobileApp.metaDescription' : 'mobileApp.metaDescriptionNoApp', { station: station.name }) });
  const qr = useQrDataUrl(playUrl);
  if (!playUrl) return <NoApp name={station.name} />;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 800, mb: 1, fontSize: { xs: '2rem', md: '3rem' } }}>
        {t('nav.mobileApp')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t('mobileApp.intro', { station: station.name })}
      </Typography>
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 320px' }, alignItems: 'start' }}>
        <Card sx={{ borderRadius: 3 }}>
          <CardContent sx={{ p: { xs: 3, md: 4 } }}>
            <Typography variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
              {t('mobileApp.features')}
            </Typography>
            <List>
              {APP_FEATURES.map((f) => (
                <ListItem key={f} disableGutters>
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <CheckCircleIcon color="primary" aria-hidden />
                  </ListItemIcon>
                  <ListItemText primary={t(`mobileApp.feature.${f}`)} />
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
        <Card sx={{ borderRadius: 3 }}>
          <CardContent sx={{ p: { xs: 3, md: 4 }, display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 2 }}>
            <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
              {t('mobileApp.getIt')}
            </Typography>
            {qr.url ? (
              <Box component="img" src={qr.url} width={240} height={240} alt={t('mobileApp.qrAlt')} sx={{ borderRadius: 2, bgcolor: '#fff', maxWidth: '100%', height: 'auto' }} />
            ) : qr.failed ? null : (
              <Skeleton variant="rounded" width={240} height={240} />
            )}
            <Typography variant="body2" color="text.secondary">
              {t('mobileApp.scan')}
            </Typography>
            <Button variant="contained" size="large" href={playUrl} target="_blank" rel="noopener noreferrer" startIcon={<ShopIcon />}>
              {t('mobileApp.download')}
            </Button>
          </CardContent>
        </Card>
      </Box>
      <Box sx={{ mt: 4 }}>
        <InstallApp station={station.name} />
      </Box>
    </Container>
  );
}

/**
 * /mobile-app while General Settings have no Google Play link: no feature list
 * of an app that does not exist, just where to listen instead.
 */
function NoApp({ name }: { name: string }) {
  const t = useT();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 800, mb: 3, fontSize: { xs: '2rem', md: '3rem' } }}>
        {t('nav.mobileApp')}
      </Typography>
      <Card sx={{ borderRadius: 3 }}>
        <CardContent sx={{ p: { xs: 3, md: 4 }, display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2 }}>
          <PhoneIphoneIcon color="primary" aria-hidden sx={{ fontSize: 40 }} />
          <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
            {t('mobileApp.noApp')}
          </Typography>
          <Typography color="text.secondary">
            {t('mobileApp.noAppText', { station: name })}
          </Typography>
          <Button variant="contained" component={RouterLink} to="/">
            {t('mobileApp.listenLive')}
          </Button>
        </CardContent>
      </Card>
      <Box sx={{ mt: 3 }}>
        <InstallApp station={name} />
      </Box>
    </Container>
  );
}
