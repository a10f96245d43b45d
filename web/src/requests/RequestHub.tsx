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
import { useT } from '../i18n/state';

/** The cards: where each leads and its catalogue keys (`requestHub.<key>.title`, `.text`). */
const ITEMS: { to: string; key: 'song' | 'shoutout' | 'general' | 'presenter'; icon: ReactNode }[] = [
  { to: '/song-request', key: 'song', icon: <MusicNoteIcon /> },
  { to: '/shoutout-request', key: 'shoutout', icon: <CampaignIcon /> },
  { to: '/general-request', key: 'general', icon: <MailOutlineIcon /> },
  { to: '/presenter-application', key: 'presenter', icon: <MicIcon /> },
];

/** /request: the contact hub linking to the three request forms and the presenter application. */
export function RequestHub() {
  const t = useT();
  usePageMeta({ title: t('requestHub.metaTitle'), description: t('requestHub.metaDescription') });
  // Spotify is promised only where it is set up (issue 38 item 9).
  const spotify = useSpotifyStatus() === true;
  const items = ITEMS.map((item) => ({ ...item, title: t(`requestHub.${item.key}.title`), text: t(item.key === 'song' && !spotify ? 'requestHub.song.textNoSpotify' : `requestHub.${item.key}.text`) }));
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <PageHeader title={t('requestHub.title')} intro={t('requestHub.intro')} />
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
                    {t('requestHub.open')} <ArrowForwardIcon fontSize="small" className="flip-rtl" />
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
