import { Box, Card, CardContent, Link, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import type { ListenerEventView } from '../../../../shared/bookings';
import { useLiveShowId } from '../../radio/hooks';
import { listenerApi, scheduleKeys, useScheduleLive } from '../api';
import { localTimeRange } from '../format';
import { LiveBadge } from './LiveBadge';
import { ShowImage } from './ShowImage';
import { labelled, useShowZone, type ShowZone } from '../zone';
import { useDeferredQuery } from '../../app/deferred-query';
import { useI18n, useT } from '../../i18n/state';
import { BroadcastLanguageChip } from './BroadcastLanguage';

/** Empty text of the home page's featured shows (spec 000 §8). */
export const FEATURED_EMPTY = 'No shows scheduled';

/**
 * The home page's Featured Shows: today's scheduled shows, at most 6, by
 * start time; the heading links to /shows. Updates live.
 */
export function FeaturedShows() {
  useScheduleLive();
  const today = useDeferredQuery(useQuery({ queryKey: scheduleKeys.today(), queryFn: listenerApi.today, refetchInterval: 60_000 }));
  // Times in the page's one zone, labelled (issue 38 item 6); LIVE only for the show a live session is (item 5).
  const zone = useShowZone(today.data?.timezone);
  const liveId = useLiveShowId();
  const tr = useT();
  return (
    <Box component="section" aria-labelledby="featured-shows-heading">
      <Typography id="featured-shows-heading" variant="h4" component="h2" sx={{ mb: 2 }}>
        <Link component={RouterLink} to="/shows" color="inherit" underline="hover">
          {tr('shows.featured')}
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
            <FeaturedShowCard key={s.id} show={s} zone={zone} live={s.id === liveId} />
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
function FeaturedShowCard({ show, zone, live }: { show: ListenerEventView; zone: ShowZone; live: boolean }) {
  const { t: tr, intl } = useI18n();
  return (
    <Card variant="outlined" component="article" aria-label={show.title} sx={{ display: { xs: 'flex', sm: 'block' }, alignItems: 'stretch' }}>
      <ShowImage src={show.image_url} width={320} height={180} sx={{ width: { xs: 104, sm: '100%' }, flexShrink: 0, aspectRatio: { xs: '1 / 1', sm: '16 / 9' } }} />
      <CardContent sx={{ minWidth: 0, py: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 3 } } }}>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 0.5, flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {labelled(localTimeRange(show, zone.station, zone.zone, intl, tr('schedule.nextDay')), zone)}
          </Typography>
          {live && <LiveBadge />}
          <BroadcastLanguageChip code={show.broadcast_language} />
        </Stack>
        <Typography component="h3" variant="h6">
          {show.title}
        </Typography>
        {(show.presenter_name ?? show.host) && (
          <Typography variant="body2" color="text.secondary">
            {tr('schedule.with', { name: show.presenter_name ?? show.host })}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
