import { Box, Container, Stack } from '@mui/material';
import { useIsMobile } from '../../app/media';
import { BubblesButton } from './BubblesButton';
import { MostPlayedLiked } from './MostPlayedLiked';
import { NowPlayingCard } from './NowPlayingCard';
import { RecentlyPlayed } from './RecentlyPlayed';
import { TrackHistory } from './TrackHistory';

/**
 * The radio part of the home page, until the home page is composed: now
 * playing, most played and liked, recently played with voting, the history,
 * and the bubbles button (floating top-right on small screens).
 */
export function RadioHome() {
  const mobile = useIsMobile();
  return (
    <Container maxWidth="lg" sx={{ pb: 6 }}>
      <Stack spacing={3}>
        <NowPlayingCard />
        <MostPlayedLiked />
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'start' }}>
          <RecentlyPlayed />
          <TrackHistory />
        </Box>
        {mobile ? <BubblesButton floating /> : (
          <Box>
            <BubblesButton />
          </Box>
        )}
      </Stack>
    </Container>
  );
}
