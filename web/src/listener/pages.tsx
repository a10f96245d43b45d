import GroupsIcon from '@mui/icons-material/Groups';
import { Box, Button, Container, Stack, Typography } from '@mui/material';
import { useIsMobile } from '../app/media';
import { usePageMeta } from '../app/meta';
import { useStation } from '../app/station';
import { FeaturedSlider, SliderPlaceholder } from '../content/components/FeaturedSlider';
import { SponsoredSidebar } from '../content/components/SponsoredSidebar';
import { BubblesButton } from '../radio/components/BubblesButton';
import { MostPlayedLiked } from '../radio/components/MostPlayedLiked';
import { NowPlayingCard } from '../radio/components/NowPlayingCard';
import { RecentlyPlayed } from '../radio/components/RecentlyPlayed';
import { useRadioSlides } from '../radio/hooks';
import { TrackHistory } from '../radio/components/TrackHistory';
import { FeaturedShows } from '../schedule/components/FeaturedShows';
import { UpcomingShows } from '../schedule/components/UpcomingShows';
import { Deferred } from '../ui/Deferred';
import { DjSpotlight } from './DjSpotlight';
import { useT } from '../i18n/state';

/* The listener pages. Each is its own lazy chunk through routes.tsx. */

/**
 * The featured slider with the radio's slides (live, recently played). Its own component: each now-playing
 * update re-renders the slider alone, not the whole home page.
 */
function HomeSlider() {
  const radioSlides = useRadioSlides();
  return (
    <Deferred withServerPage priority={1} placeholder={<SliderPlaceholder extraSlides={radioSlides} />}>
      <FeaturedSlider extraSlides={radioSlides} />
    </Deferred>
  );
}

/**
 * Home (spec 000 §4): a hero with Join Community; the featured-content
 * slider; Featured Shows; DJ Spotlight; the most-played and most-liked strip;
 * recently played with voting; on desktop a right-hand sidebar (sponsored
 * content, the next show, the full history); on small screens the bubbles
 * button floats top-right.
 */
const SIDEBAR_BESIDE = '@media (min-width: 1024px)';

export const Home = () => {
  const station = useStation();
  const t = useT();
  const mobile = useIsMobile();
  usePageMeta({ title: '', description: station.tagline || `Listen to ${station.name} live.` });
  const community = station.chatInviteUrl || station.social.chat;
  return (
    <Container maxWidth="lg" sx={{ pt: { xs: 3, md: 5 }, pb: 6 }}>
      <Box component="section" aria-labelledby="hero-heading" sx={{ position: 'relative', mb: { xs: 3, md: 4 }, pr: { xs: 7, md: 0 } }}>
        <Typography id="hero-heading" variant="h3" component="h1" sx={{ fontWeight: 800, mb: 1, fontSize: { xs: '2.1rem', md: '3rem' }, overflowWrap: 'anywhere' }}>
          {station.name}
        </Typography>
        {station.tagline && (
          <Typography color="text.secondary" sx={{ mb: 2, fontSize: { md: '1.15rem' } }}>
            {station.tagline}
          </Typography>
        )}
        <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
          {community && (
            <Button variant="contained" size="large" startIcon={<GroupsIcon />} href={community} target="_blank" rel="noopener noreferrer">
              {t('home.joinCommunity')}
            </Button>
          )}
          {!mobile && <BubblesButton />}
        </Stack>
        {/* Top-right of the page, scrolling with it: fixed, it covered list items as a phone scrolled. */}
        {mobile && <BubblesButton floating />}
      </Box>
      {/* The sidebar's 300 px leave the cards too narrow below 1024 px: there it goes under the main column (CSS, so
          that the server draws the page as the browser lays it out). */}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)', alignItems: 'start', [SIDEBAR_BESIDE]: { gridTemplateColumns: 'minmax(0, 1fr) 300px' } }}>
        <Stack spacing={{ xs: 4, md: 5 }} sx={{ minWidth: 0 }}>
          <HomeSlider />
          {/* Below the slider (the first screen the server draws): mounted one by one when the browser is idle (ui/Deferred). */}
          <Deferred withServerPage minHeight={{ xs: 330, md: 260 }}>
            <NowPlayingCard />
          </Deferred>
          <Deferred withServerPage minHeight={480}>
            <FeaturedShows />
          </Deferred>
          {mobile && (
            <Deferred withServerPage minHeight={160}>
              <UpcomingShows />
            </Deferred>
          )}
          <Deferred withServerPage minHeight={360}>
            <DjSpotlight />
          </Deferred>
          <Deferred withServerPage minHeight={260}>
            <MostPlayedLiked />
          </Deferred>
          <Deferred withServerPage minHeight={400}>
            <RecentlyPlayed />
          </Deferred>
        </Stack>
        {!mobile && (
          // Under the main column on a tablet, its cards go two by two rather than stretch across the page, which blew the
          // sponsor's image up to the page's width (issue 38 item 9).
          <Box component="aside" aria-label={t('shows.sidebar')} sx={{ display: 'grid', gap: 3, alignItems: 'start', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', [SIDEBAR_BESIDE]: { gridTemplateColumns: 'minmax(0, 1fr)' } }}>
            <Deferred withServerPage minHeight={380}>
              <SponsoredSidebar />
            </Deferred>
            <Deferred withServerPage minHeight={200}>
              <UpcomingShows />
            </Deferred>
            <Deferred withServerPage minHeight={600}>
              <TrackHistory />
            </Deferred>
          </Box>
        )}
      </Box>
    </Container>
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
/** /your-data (issue 37). */
export { YourDataPage as YourData } from './YourDataPage';
