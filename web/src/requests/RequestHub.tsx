import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import CampaignIcon from '@mui/icons-material/Campaign';
import MailOutlineIcon from '@mui/icons-material/EmailOutlined';
import MicIcon from '@mui/icons-material/Mic';
import MusicNoteIcon from '@mui/icons-material/MusicNote';
import { Box, Card, CardActionArea, CardContent, Container, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { usePageMeta } from '../app/meta';
import { OffAirNotice, PageHeader } from './shared-ui';
import { useSpotifyStatus } from './api';

const ITEMS: { to: string; title: string; text: string; icon: ReactNode }[] = [
  { to: '/song-request', title: 'Song Request', text: 'Ask the presenter to play a track from our library, Spotify, or one we have not got yet.', icon: <MusicNoteIcon /> },
  { to: '/shoutout-request', title: 'Shoutout', text: 'Send a message to someone special, read out live on air.', icon: <CampaignIcon /> },
  { to: '/general-request', title: 'General Inquiry', text: 'Questions, feedback, advertising or anything else for the team.', icon: <MailOutlineIcon /> },
  { to: '/presenter-application', title: 'Become a Presenter', text: 'Fancy your own show? Tell us about you and your idea.', icon: <MicIcon /> },
];

/** The song request card's text where Spotify search is not set up. */
const SONG_TEXT_NO_SPOTIFY = 'Ask the presenter to play a track from our library, or one we have not got yet.';

/** /request: the contact hub linking to the three request forms and the presenter application. */
export function RequestHub() {
  usePageMeta({ title: 'Requests', description: 'Send a song request, a shoutout or a message to the studio.' });
  // Spotify is promised only where it is set up (issue 38 item 9).
  const spotify = useSpotifyStatus() === true;
  const items = ITEMS.map((item) => (item.to === '/song-request' && !spotify ? { ...item, text: SONG_TEXT_NO_SPOTIFY } : item));
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <PageHeader title="Get in Touch" intro="Request a song, send a shoutout, ask us anything, or apply for a show of your own." />
      <OffAirNotice />
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' }, gap: 2.5 }}>
        {items.map((item) => (
          <Box component="li" key={item.to}>
            <Card sx={{ height: '100%', transition: 'transform .15s', '&:hover': { transform: 'translateY(-2px)', borderColor: 'primary.main' } }}>
              <CardActionArea component={RouterLink} to={item.to} sx={{ height: '100%', alignItems: 'stretch' }}>
                <CardContent sx={{ height: '100%', display: 'flex', flexDirection: 'column', gap: 1.5, p: 3 }}>
                  <Box aria-hidden sx={{ width: 48, height: 48, borderRadius: 2, display: 'grid', placeItems: 'center', color: 'primary.contrastText', backgroundImage: (t) => t.airdeck.gradient }}>
                    {item.icon}
                  </Box>
                  <Typography variant="h6" component="h2">
                    {item.title}
                  </Typography>
                  <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
                    {item.text}
                  </Typography>
                  <Typography aria-hidden sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: (t) => t.airdeck.accentText, fontWeight: 600 }}>
                    Open <ArrowForwardIcon fontSize="small" />
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Box>
        ))}
      </Box>
    </Container>
  );
}
