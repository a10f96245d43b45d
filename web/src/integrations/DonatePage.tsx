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
import { useI18n } from '../i18n/state';

/** Why support matters: catalogue keys `donate.reason.<key>` and `donate.reason.<key>Text`. */
const REASONS: { icon: ReactNode; key: 'stream' | 'kit' | 'community' }[] = [
  { icon: <RadioIcon />, key: 'stream' },
  { icon: <HeadsetMicIcon />, key: 'kit' },
  { icon: <GroupsIcon />, key: 'community' },
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
  const { t, intl } = useI18n();
  usePageMeta({ title: t('nav.donate'), description: t('donate.metaDescription', { station: station.name }) });
  const [amount, setAmount] = useState<string | null>('10');
  const { providerUrl, account, currency } = station.donation;
  const ready = !!providerUrl && /^https:\/\//.test(providerUrl);
  /** An amount in the donation's currency, as the reader writes money (£10, 10 £, ١٠ £). */
  const money = (value: string) => {
    try {
      return new Intl.NumberFormat(intl, { style: 'currency', currency, maximumFractionDigits: 0 }).format(Number(value));
    } catch {
      return `${value} ${currency}`;
    }
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <PageHeader form title={t('donate.title')} icon={<FavoriteIcon fontSize="large" sx={{ color: 'primary.main' }} />} intro={t('donate.intro', { station: station.name })} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, gap: 3, alignItems: 'start' }}>
        <Box>
          <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
            {t('donate.why')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2 }}>
            {REASONS.map((r) => (
              <Card key={r.key}>
                <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', p: { xs: 2, sm: 3 } }}>
                  <Box aria-hidden sx={{ flexShrink: 0, width: 44, height: 44, borderRadius: 2, display: 'grid', placeItems: 'center', color: 'primary.contrastText', backgroundImage: (t) => t.airdeck.gradient }}>
                    {r.icon}
                  </Box>
                  <Box>
                    <Typography variant="h6" component="h3">
                      {t(`donate.reason.${r.key}`)}
                    </Typography>
                    <Typography color="text.secondary">{t(`donate.reason.${r.key}Text`)}</Typography>
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
              <VolunteerActivismIcon sx={{ color: 'primary.main' }} /> {t('donate.make')}
            </Typography>
            {ready ? (
              <Box component="form" action={providerUrl} method="post" target="_blank" rel="noopener noreferrer" aria-label={t('donate.formLabel')}>
                {account && <input type="hidden" name="business" value={account} />}
                <input type="hidden" name="currency_code" value={currency} />
                <input type="hidden" name="item_name" value={t('donate.itemName', { station: station.name })} />
                <input type="hidden" name="no_recurring" value="0" />
                {amount && <input type="hidden" name="amount" value={amount} />}
                <Typography id="amount-label" color="text.secondary" sx={{ mb: 1.5 }}>
                  {t('donate.chooseAmount', { currency })}
                </Typography>
                <ToggleButtonGroup exclusive value={amount} onChange={(_, v: string | null) => {
                    // Clicking the chosen amount again keeps it chosen (exclusive toggles would otherwise clear it).
                    if (v !== null) setAmount(v);
                  }} aria-labelledby="amount-label" sx={{ display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)', width: '100%', mb: 2 }}>
                  {AMOUNTS.map((a) => (
                    <ToggleButton key={a} value={a} sx={{ fontWeight: 700 }}>
                      {money(a)}
                    </ToggleButton>
                  ))}
                  <ToggleButton value="" aria-label={t('donate.otherLabel')}>
                    {t('donate.other')}
                  </ToggleButton>
                </ToggleButtonGroup>
                {amount === '' && (
                  <Typography id="other-amount-note" color="text.secondary" sx={{ mt: -1, mb: 2 }} role="status">
                    {t('donate.otherNote')}
                  </Typography>
                )}
                <Button type="submit" variant="contained" size="large" fullWidth endIcon={<OpenInNewIcon />} aria-describedby={amount === '' ? 'other-amount-note' : undefined}>
                  {amount ? t('donate.submit', { amount: money(amount) }) : t('donate.submitOther')}
                </Button>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                  {t('donate.provider')}
                </Typography>
              </Box>
            ) : (
              <Alert severity="info">{t('donate.notSetUp')}</Alert>
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
          <Tooltip title={t('donate.discord')} placement="left">
            <Fab
              component="a"
              href={station.chatInviteUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('donate.discord')}
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
