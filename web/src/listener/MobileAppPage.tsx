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

/** What the Android app offers, as the page lists it. */
export const APP_FEATURES = [
  'Listen live in high quality, wherever you are',
  'See what is playing now and who is on air',
  'Keep listening in the background and from the lock screen',
  'Browse the weekly show schedule',
  'Send song requests and shoutouts to the DJs',
] as const;

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
  usePageMeta({ title: 'Mobile App', description: playUrl ? `Listen to ${station.name} on the go with our Android app.` : `Listen to ${station.name} on your phone, right in the browser.` });
  const qr = useQrDataUrl(playUrl);
  if (!playUrl) return <NoApp name={station.name} />;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 800, mb: 1, fontSize: { xs: '2rem', md: '3rem' } }}>
        Mobile App
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        Take {station.name} with you: listen on the go with our Android app.
      </Typography>
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 320px' }, alignItems: 'start' }}>
        <Card sx={{ borderRadius: 3 }}>
          <CardContent sx={{ p: { xs: 3, md: 4 } }}>
            <Typography variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
              Features
            </Typography>
            <List>
              {APP_FEATURES.map((f) => (
                <ListItem key={f} disableGutters>
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <CheckCircleIcon color="primary" aria-hidden />
                  </ListItemIcon>
                  <ListItemText primary={f} />
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
        <Card sx={{ borderRadius: 3 }}>
          <CardContent sx={{ p: { xs: 3, md: 4 }, display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 2 }}>
            <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
              Get it on Google Play
            </Typography>
            {qr.url ? (
              <Box component="img" src={qr.url} width={240} height={240} alt="QR code linking to the app on Google Play" sx={{ borderRadius: 2, bgcolor: '#fff', maxWidth: '100%', height: 'auto' }} />
            ) : qr.failed ? null : (
              <Skeleton variant="rounded" width={240} height={240} />
            )}
            <Typography variant="body2" color="text.secondary">
              Scan with your phone's camera, or use the button.
            </Typography>
            <Button variant="contained" size="large" href={playUrl} target="_blank" rel="noopener noreferrer" startIcon={<ShopIcon />}>
              Download on Google Play
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
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 800, mb: 3, fontSize: { xs: '2rem', md: '3rem' } }}>
        Mobile App
      </Typography>
      <Card sx={{ borderRadius: 3 }}>
        <CardContent sx={{ p: { xs: 3, md: 4 }, display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2 }}>
          <PhoneIphoneIcon color="primary" aria-hidden sx={{ fontSize: 40 }} />
          <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
            No app yet
          </Typography>
          <Typography color="text.secondary">
            {name} doesn't have a mobile app at the moment. You can listen on your phone right here: the player at the bottom of every page keeps playing while you browse.
          </Typography>
          <Button variant="contained" component={RouterLink} to="/">
            Listen live
          </Button>
        </CardContent>
      </Card>
      <Box sx={{ mt: 3 }}>
        <InstallApp station={name} />
      </Box>
    </Container>
  );
}
