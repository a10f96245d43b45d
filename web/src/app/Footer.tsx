import { Box, Container, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useStation } from './station';

/** The site footer: legal pages and the station's social links (only those set; none, no Social list). */
export function Footer() {
  const station = useStation();
  const social = [
    { label: 'Discord', href: station.social.chat },
    { label: 'Mixcloud', href: station.social.streaming },
    { label: 'Instagram', href: station.social.instagram },
    { label: 'Facebook', href: station.social.facebook },
    { label: 'X', href: station.social.x },
  ].filter((s): s is { label: string; href: string } => Boolean(s.href));
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', py: 4, mt: 6 }}>
      <Container maxWidth="lg">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <Typography variant="body2" color="text.secondary">
            © {new Date().getFullYear()} {station.name}.{station.tagline ? ` ${station.tagline.replace(/[.!?]+$/, '')}.` : ''}
          </Typography>
          <Stack direction="row" useFlexGap spacing={2} component="nav" aria-label="Legal" sx={{ flexWrap: 'wrap' }}>
            <Link component={RouterLink} to="/terms-of-service" underline="always">
              Terms of Service
            </Link>
            <Link component={RouterLink} to="/privacy-policy" underline="always">
              Privacy Policy
            </Link>
          </Stack>
          {social.length > 0 && (
            <Stack direction="row" useFlexGap spacing={2} component="nav" aria-label="Social" sx={{ flexWrap: 'wrap' }}>
              {social.map((s) => (
                <Link key={s.label} href={s.href} target="_blank" rel="noopener noreferrer" underline="always">
                  {s.label}
                </Link>
              ))}
            </Stack>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
