import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Card, CardContent, Container, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageLoading } from '../app/ListenerLayout';
import { usePageMeta } from '../app/meta';
import { useStation } from '../app/station';
import { useI18n } from '../i18n/state';
import { LoadError } from '../ui/LoadError';
import { useEpisodes } from './api';
import { EpisodeCard, FeedLink } from './EpisodeList';

/**
 * /listen-again (issue 32 item 3): the station's episodes inside its public window, newest first, each playable in
 * the persistent player with its tracklist; `?show=<slug or id>` is one show's listen-again page (the address the
 * show's podcast feed links to). The podcast feed is offered only while the station has feeds on.
 */
export function ListenAgainPage() {
  const { t } = useI18n();
  const station = useStation();
  const [params] = useSearchParams();
  const show = params.get('show')?.trim() || undefined;
  const list = useEpisodes({ show, limit: 100 });
  const episodes = list.data?.episodes ?? [];
  const showTitle = show ? episodes[0]?.title : undefined;
  const days = list.data?.public_window_days ?? 30;
  const title = showTitle ?? t('listenAgain.title');
  usePageMeta({ title: showTitle ? `${showTitle} · ${t('listenAgain.title')}` : t('listenAgain.title'), description: t('listenAgain.metaDescription', { station: station.name }) });

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      {show && (
        <Link component={RouterLink} to="/listen-again" underline="hover" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2, minHeight: 44 }}>
          <ArrowBackIcon fontSize="small" aria-hidden className="flip-rtl" /> {t('listenAgain.allEpisodes')}
        </Link>
      )}
      <Typography variant="h3" component="h1" dir="auto" sx={{ fontWeight: 800, mb: 1, fontSize: { xs: '2rem', md: '3rem' }, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {show ? t('listenAgain.showIntro', { days }) : t('listenAgain.intro', { days })}
      </Typography>
      {list.data?.feed_url && (
        <Box sx={{ mb: 3 }}>
          <FeedLink url={list.data.feed_url} label={show ? t('listenAgain.showFeed') : t('listenAgain.stationFeed')} />
        </Box>
      )}
      {list.isPending ? (
        <PageLoading label={t('listenAgain.loading')} />
      ) : list.isError ? (
        <LoadError text={t('listenAgain.error')} onRetry={() => void list.refetch()} />
      ) : episodes.length === 0 ? (
        <Card variant="outlined">
          <CardContent>
            <Typography>{show ? t('listenAgain.emptyShow') : t('listenAgain.empty')}</Typography>
            {show && (
              <Link component={RouterLink} to="/listen-again" sx={{ display: 'inline-block', mt: 1 }}>
                {t('listenAgain.allEpisodes')}
              </Link>
            )}
          </CardContent>
        </Card>
      ) : (
        <Stack spacing={2} data-testid="episode-list">
          {episodes.map((e) => (
            <EpisodeCard key={e.id} episode={e} linkShow={!show} />
          ))}
        </Stack>
      )}
    </Container>
  );
}
