import { Box, Card, CardContent, Link, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import type { ListenerEventView } from '../../../../shared/bookings';
import { isLiveNow } from '../../../../shared/schedule';
import { useStation } from '../../app/station';
import { listenerApi, scheduleKeys, useScheduleLive } from '../api';
import { timeRange } from '../format';
import { LiveBadge } from './LiveBadge';
import { ShowImage } from './ShowImage';
import { useNow } from './useNow';
import { useDeferredQuery } from '../../app/deferred-query';

/** Empty text of the home page's featured shows (spec 000 §8). */
export const FEATURED_EMPTY = 'No shows scheduled';

/**
 * The home page's Featured Shows: today's scheduled shows, at most 6, by
 * start time; the heading links to /shows. Updates live.
 */
export function FeaturedShows() {
  useScheduleLive();
  const station = useStation();
  const now = useNow();
  const today = useDeferredQuery(useQuery({ queryKey: scheduleKeys.today(), queryFn: listenerApi.today, refetchInterval: 60_000 }));
  const zone = today.data?.timezone ?? station.timezone;
  return (
    <Box component="section" aria-labelledby="featured-shows-heading">
      <Typography id="featured-shows-heading" variant="h4" component="h2" sx={{ mb: 2 }}>
        <Link component={RouterLink} to="/shows" color="inherit" underline="hover">
          Featured Shows
        </Link>
      </Typography>
      {today.isPending ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' }, gap: 2 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={220} />
          ))}
        </Box>
      ) : (today.data?.shows ?? []).length === 0 ? (
        <Typography color="text.secondary">{FEATURED_EMPTY}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' }, gap: 2 }}>
          {today.data!.shows.map((s) => (
            <FeaturedShowCard key={s.id} show={s} zone={zone} now={now} />
          ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * One show of today: its own component, so each card's time-zone work is a
 * unit React can pause between (the whole list in one render was a long task).
 */
function FeaturedShowCard({ show, zone, now }: { show: ListenerEventView; zone: string; now: number }) {
  return (
    <Card variant="outlined" component="article" aria-label={show.title} sx={{ display: { xs: 'flex', sm: 'block' }, alignItems: 'stretch' }}>
      <ShowImage src={show.image_url} width={320} height={180} sx={{ width: { xs: 104, sm: '100%' }, flexShrink: 0, aspectRatio: { xs: '1 / 1', sm: '16 / 9' } }} />
      <CardContent sx={{ minWidth: 0, py: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 3 } } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {timeRange(show, zone, zone)}
          </Typography>
          {isLiveNow(show, now, zone) && <LiveBadge />}
        </Stack>
        <Typography component="h3" variant="h6">
          {show.title}
        </Typography>
        {(show.presenter_name ?? show.host) && (
          <Typography variant="body2" color="text.secondary">
            with {show.presenter_name ?? show.host}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
