import { Box, Container, Stack, Typography } from '@mui/material';
import { FeaturedShows } from '../schedule/components/FeaturedShows';
import { UpcomingShows } from '../schedule/components/UpcomingShows';
import { useIsMobile } from '../app/media';
import { usePageMeta } from '../app/meta';
import { useStation } from '../app/station';
import { FeaturedSlider } from '../content/components/FeaturedSlider';
import { SponsoredSidebar } from '../content/components/SponsoredSidebar';
import { RadioHome } from '../radio/components/RadioHome';

/* The listener pages. Each is its own lazy chunk through routes.tsx. */

/** Home (until the listener home is fully composed): slider with the sidebar, now playing and history, today's shows. */
export const Home = () => {
  const station = useStation();
  const mobile = useIsMobile();
  usePageMeta({ title: '', description: station.tagline });
  return (
    <>
      <Container maxWidth="lg" sx={{ pt: { xs: 3, md: 5 } }}>
        <Typography variant="h3" component="h1" sx={{ fontWeight: 800, mb: 1 }}>
          {station.name}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {station.tagline}
        </Typography>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: mobile ? '1fr' : 'minmax(0, 1fr) 300px', alignItems: 'start' }}>
          <FeaturedSlider />
          {!mobile && (
            <Box component="aside" aria-label="Sidebar">
              <SponsoredSidebar />
            </Box>
          )}
        </Box>
      </Container>
      <RadioHome />
      <Container maxWidth="lg">
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <FeaturedShows />
          </Box>
          <Box sx={{ width: { xs: '100%', md: 320 } }}>
            <UpcomingShows />
          </Box>
        </Stack>
      </Container>
    </>
  );
};
/** /djs: the grid of all presenters. */
export { DjsPage as Djs } from './DjsPage';
/** /djs/{id}: one presenter's profile. */
export { DjProfilePage as DjProfile } from './DjProfilePage';
/** /mobile-app: the Google Play link, its QR code and the feature list. */
export { MobileAppPage as MobileApp } from './MobileAppPage';
/** /terms-of-service and /privacy-policy. */
export { TermsPage as Terms, PrivacyPage as Privacy } from './LegalPages';
