import FavoriteIcon from '@mui/icons-material/Favorite';
import GroupsIcon from '@mui/icons-material/Groups';
import HeadsetMicIcon from '@mui/icons-material/HeadsetMic';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import RadioIcon from '@mui/icons-material/Radio';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import { Alert, Box, Button, Card, CardContent, Container, Fab, GlobalStyles, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { usePageMeta } from '../app/meta';
import { useStation } from '../app/station';
import { PageHeader } from '../requests/shared-ui';
import { DiscordIcon } from './DiscordIcon';

const REASONS: { icon: ReactNode; title: string; text: string }[] = [
  { icon: <RadioIcon />, title: 'Keeping the stream on air', text: 'Streaming servers, bandwidth and music licences are paid every month, whoever is listening.' },
  { icon: <HeadsetMicIcon />, title: 'Kit for our presenters', text: 'Microphones, mixers and software so new voices can get on air without buying a studio.' },
  { icon: <GroupsIcon />, title: 'Community first', text: 'Live events, local artists and new presenters: support keeps the station independent and ad-light.' },
];

const AMOUNTS = ['5', '10', '20', '50'] as const;

/**
 * /donate: why support matters, and a donation form that posts straight to
 * the station's card and online payment provider (in GBP, in a new tab): no
 * detail of the donor passes through Airdeck. A floating Discord invite sits
 * in the corner (spec 000 §2).
 */
/** Windows wide enough for the Discord button to float beside the donation form without covering it. */
const FLOATS = '@media (min-width: 1280px)';

export function DonatePage() {
  const station = useStation();
  usePageMeta({ title: 'Donate', description: `Support ${station.name}: donations keep community radio on air.` });
  const [amount, setAmount] = useState<string | null>('10');
  const { providerUrl, account, currency } = station.donation;
  const ready = !!providerUrl && /^https:\/\//.test(providerUrl);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <PageHeader form title="Support the Station" icon={<FavoriteIcon fontSize="large" sx={{ color: 'primary.main' }} />} intro={`${station.name} is run by volunteers for listeners everywhere. Every donation, big or small, keeps us broadcasting.`} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, gap: 3, alignItems: 'start' }}>
        <Box>
          <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
            Why your support matters
          </Typography>
          <Box sx={{ display: 'grid', gap: 2 }}>
            {REASONS.map((r) => (
              <Card key={r.title}>
                <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', p: { xs: 2, sm: 3 } }}>
                  <Box aria-hidden sx={{ flexShrink: 0, width: 44, height: 44, borderRadius: 2, display: 'grid', placeItems: 'center', color: 'primary.contrastText', backgroundImage: (t) => t.airdeck.gradient }}>
                    {r.icon}
                  </Box>
                  <Box>
                    <Typography variant="h6" component="h3">
                      {r.title}
                    </Typography>
                    <Typography color="text.secondary">{r.text}</Typography>
                  </Box>
                </CardContent>
              </Card>
            ))}
          </Box>
        </Box>

        {/* Below the two columns (phones, tablets) the donation form comes first, in the first screen (issue 38 item 9). */}
        <Card sx={{ borderColor: 'primary.main', order: { xs: -1, md: 0 } }}>
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h5" component="h2" sx={{ mb: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
              <VolunteerActivismIcon sx={{ color: 'primary.main' }} /> Make a donation
            </Typography>
            {ready ? (
              <Box component="form" action={providerUrl} method="post" target="_blank" rel="noopener noreferrer" aria-label="Donation">
                {account && <input type="hidden" name="business" value={account} />}
                <input type="hidden" name="currency_code" value={currency} />
                <input type="hidden" name="item_name" value={`Donation to ${station.name}`} />
                <input type="hidden" name="no_recurring" value="0" />
                {amount && <input type="hidden" name="amount" value={amount} />}
                <Typography id="amount-label" color="text.secondary" sx={{ mb: 1.5 }}>
                  Choose an amount ({currency}):
                </Typography>
                <ToggleButtonGroup exclusive value={amount} onChange={(_, v: string | null) => {
                    // Clicking the chosen amount again keeps it chosen (exclusive toggles would otherwise clear it).
                    if (v !== null) setAmount(v);
                  }} aria-labelledby="amount-label" sx={{ display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)', width: '100%', mb: 2 }}>
                  {AMOUNTS.map((a) => (
                    <ToggleButton key={a} value={a} sx={{ fontWeight: 700 }}>
                      £{a}
                    </ToggleButton>
                  ))}
                  <ToggleButton value="" aria-label="Other amount (choose on the next page)">
                    Other
                  </ToggleButton>
                </ToggleButtonGroup>
                {amount === '' && (
                  <Typography id="other-amount-note" color="text.secondary" sx={{ mt: -1, mb: 2 }} role="status">
                    You choose your amount on the payment page that opens next.
                  </Typography>
                )}
                <Button type="submit" variant="contained" size="large" fullWidth endIcon={<OpenInNewIcon />} aria-describedby={amount === '' ? 'other-amount-note' : undefined}>
                  {amount ? `Donate £${amount}` : 'Donate, choosing the amount next'}
                </Button>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                  Opens our payment provider in a new tab, where you pay by card or online account in pounds sterling. Your details go straight to them, never through this site.
                </Typography>
              </Box>
            ) : (
              <Alert severity="info">Online donations aren't set up yet. Please check back soon.</Alert>
            )}
          </CardContent>
        </Card>
      </Box>

      {station.chatInviteUrl && (
        // The floating button covers nothing: the page ends with room for it under the footer, and a focused
        // control is scrolled clear of it (its top is 160 px above the window's bottom).
        <GlobalStyles styles={{ [FLOATS]: { body: { paddingBottom: 96 }, html: { scrollPaddingBottom: '176px !important' } } }} />
      )}
      {station.chatInviteUrl && (
        // It floats in the corner only where the page leaves it room beside the donation form (from 1280 px); narrower,
        // it would cover the amounts (issue 38 item 9, seen at 768 px), so it sits at the end of the page instead.
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 3 }}>
          <Tooltip title="Join our Discord" placement="left">
            <Fab
              component="a"
              href={station.chatInviteUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="Join our Discord"
              sx={{ position: 'static', [FLOATS]: { position: 'fixed', right: 24, bottom: 104 }, bgcolor: '#5865F2', color: '#fff', '&:hover': { bgcolor: '#4752C4' }, zIndex: (t) => t.zIndex.speedDial }}
            >
              <DiscordIcon />
            </Fab>
          </Tooltip>
        </Box>
      )}
    </Container>
  );
}
