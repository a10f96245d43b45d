import { Box, Stack, Typography } from '@mui/material';
import { NowPlayingCard } from '../radio/components/NowPlayingCard';
import { OnAirReport } from '../radio/admin/OnAirReport';
import { OnAirStatus } from '../studio/OnAirStatus';
import { ShowSummaryCard } from '../studio/ShowSummaryCard';
import { LiveQueue } from '../requests/admin/LiveQueue';
import { GoLiveCard } from '../live/GoLiveCard';
import { DeadAirBanner } from '../deadair/DeadAirBanner';
import { OnAirTracklist } from '../tracklists/OnAirTracklist';
import { useT } from '../i18n/state';

/**
 * The On Air screen: what is playing now and how the week's shows really
 * went on air (late starts, no-shows, overruns), with the live request queue
 * (one-click Approve, Played/Completed, Reject). The countdown joins it with
 * the desktop studio work.
 */
export default function OnAirScreen() {
  const t = useT();
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 3 }}>
        {t('onAir.title')}
      </Typography>
      <Stack spacing={3}>
        <DeadAirBanner />
        <OnAirStatus />
        <GoLiveCard />
        <NowPlayingCard />
        <OnAirTracklist />
        <LiveQueue />
        <ShowSummaryCard />
        <OnAirReport />
      </Stack>
    </Box>
  );
}
