import { Box, Container, Typography } from '@mui/material';
import { useIsMobile } from '../app/media';
import { usePageMeta } from '../app/meta';
import { useStation } from '../app/station';
import { FeaturedSlider } from '../content/components/FeaturedSlider';
import { SponsoredSidebar } from '../content/components/SponsoredSidebar';
import { ListenerPage } from './Placeholder';

/* The listener pages. Each is its own lazy chunk through routes.tsx. */

/** Home (placeholder until the listener home is composed): the featured slider and, on wide screens, the sidebar. */
export const Home = () => {
  const station = useStation();
  const mobile = useIsMobile();
  usePageMeta({ title: '', description: station.tagline });
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
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
  );
};
export const Shows = () => <ListenerPage title="Shows" intro="This week's shows, Monday to Sunday." />;
export const Djs = () => <ListenerPage title="DJs" intro="Meet the presenters." />;
export const MobileApp = () => <ListenerPage title="Mobile App" intro="Listen on the go with our Android app." />;
export const RequestHub = () => <ListenerPage title="Requests" intro="Send a song request, a shoutout or a message to the studio." />;
export const Donate = () => <ListenerPage title="Support the Station" intro="Donations keep community radio on air." />;
export const Terms = () => <ListenerPage title="Terms of Service" intro="Effective 20th August 2024." />;
export const Privacy = () => <ListenerPage title="Privacy Policy" intro="Effective 20th August 2024." />;
