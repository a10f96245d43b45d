import FavoriteIcon from '@mui/icons-material/Favorite';
import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { TrackRanking } from '../../../../shared/radio';
import { useT } from '../../i18n/state';
import { useRankings } from '../hooks';
import { TrackArt } from './TrackArt';
import { useDeferredQuery } from '../../app/deferred-query';

function Ranking(props: { heading: string; icon: ReactNode; items: TrackRanking[] | undefined; loading: boolean; empty: string; stat: (t: TrackRanking) => string; testId: string }) {
  const tr = useT();
  return (
    <Card sx={{ flex: 1, minWidth: 0 }} component="section" aria-label={props.heading} data-testid={props.testId}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
          {props.icon}
          <Typography variant="h6" component="h3">
            {props.heading}
          </Typography>
        </Stack>
        {props.loading ? (
          <Typography color="text.secondary" role="status">
            {tr('nowPlaying.loading2')}
          </Typography>
        ) : !props.items || props.items.length === 0 ? (
          <Typography color="text.secondary">{props.empty}</Typography>
        ) : (
          <Stack component="ol" spacing={1.25} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {props.items.map((t, i) => (
              <Box component="li" key={t.song.id ?? i} sx={{ display: 'flex', gap: 1.25, alignItems: 'center' }}>
                <TrackArt src={t.song.art} size={40} />
                <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                  <Typography noWrap sx={{ fontWeight: 600 }}>
                    {t.song.title || tr('player.unknownTrack')}
                  </Typography>
                  <Typography noWrap variant="body2" color="text.secondary">
                    {t.song.artist || tr('songRequest.unknownArtist')}
                  </Typography>
                </Box>
                <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
                  {props.stat(t)}
                </Typography>
              </Box>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

/** The most played and most liked tracks strip of the home page. */
export function MostPlayedLiked() {
  const rankings = useRankings();
  const played = useDeferredQuery(rankings.played);
  const liked = useDeferredQuery(rankings.liked);
  const t = useT();
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <Ranking heading={t('nowPlaying.mostPlayed')} icon={<QueueMusicIcon color="primary" aria-hidden />} items={played.data} loading={played.isLoading} empty={t('nowPlaying.noPlays')} stat={(r) => t('nowPlaying.plays', { count: r.plays })} testId="most-played" />
      <Ranking heading={t('nowPlaying.mostLiked')} icon={<FavoriteIcon color="primary" aria-hidden />} items={liked.data} loading={liked.isLoading} empty={t('nowPlaying.noLikes')} stat={(r) => t('nowPlaying.likes', { count: r.up_votes })} testId="most-liked" />
    </Stack>
  );
}
