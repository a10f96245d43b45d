import { Box, Container, Stack } from '@mui/material';
import { FeaturedShows } from '../schedule/components/FeaturedShows';
import { UpcomingShows } from '../schedule/components/UpcomingShows';
import { ListenerPage } from './Placeholder';
import { RadioHome } from '../radio/components/RadioHome';

/* The listener pages. Each is its own lazy chunk through routes.tsx. */
export const Home = () => (
  <>
    <ListenerPage title="Airdeck Radio" intro="Community radio from the UK to the world, live every day." />
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
export const Djs = () => <ListenerPage title="DJs" intro="Meet the presenters." />;
export const MobileApp = () => <ListenerPage title="Mobile App" intro="Listen on the go with our Android app." />;
export const RequestHub = () => <ListenerPage title="Requests" intro="Send a song request, a shoutout or a message to the studio." />;
export const Donate = () => <ListenerPage title="Support the Station" intro="Donations keep community radio on air." />;
export const Terms = () => <ListenerPage title="Terms of Service" intro="Effective 20th August 2024." />;
export const Privacy = () => <ListenerPage title="Privacy Policy" intro="Effective 20th August 2024." />;
