import { Box, Card, CardContent, Link, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { isLiveNow } from '../../../../shared/schedule';
import { useStation } from '../../app/station';
import { listenerApi, scheduleKeys } from '../api';
import { timeRange } from '../format';
import { useRefetchOn } from '../../realtime/hooks';
import { LiveBadge } from './LiveBadge';
import { ShowImage } from './ShowImage';
import { useNow } from './useNow';

/** Empty text of the home page's featured shows (spec 000 §8). */
export const FEATURED_EMPTY = 'No shows scheduled';

/**
 * The home page's Featured Shows: today's scheduled shows, at most 6, by
 * start time; the heading links to /shows. Updates live.
 */
export function FeaturedShows() {
  useRefetchOn('schedule', scheduleKeys.all);
  const station = useStation();
  const now = useNow();
  const today = useQuery({ queryKey: scheduleKeys.today(), queryFn: listenerApi.today, refetchInterval: 60_000 });
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
            <Card key={s.id} variant="outlined" component="article" aria-label={s.title} sx={{ display: { xs: 'flex', sm: 'block' }, alignItems: 'stretch' }}>
              <ShowImage src={s.image_url} sx={{ width: { xs: 104, sm: '100%' }, flexShrink: 0, aspectRatio: { xs: '1 / 1', sm: '16 / 9' } }} />
              <CardContent sx={{ minWidth: 0, py: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 3 } } }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
                  <Typography variant="body2" sx={{ fontWeight: 700 }}>
                    {timeRange(s, zone, zone)}
                  </Typography>
                  {isLiveNow(s, now, zone) && <LiveBadge />}
                </Stack>
                <Typography component="h3" variant="h6">
                  {s.title}
                </Typography>
                {(s.presenter_name ?? s.host) && (
                  <Typography variant="body2" color="text.secondary">
                    with {s.presenter_name ?? s.host}
                  </Typography>
                )}
              </CardContent>
            </Card>
          ))}
        </Box>
      )}
    </Box>
  );
}
