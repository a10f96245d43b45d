import DownloadIcon from '@mui/icons-material/Download';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import RssFeedIcon from '@mui/icons-material/RssFeed';
import { Box, Button, ButtonBase, Card, CardContent, Chip, LinearProgress, Link, Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Episode } from '../../../shared/listen-again';
import { showSlug } from '../../../shared/listen-again-slug';
import { useI18n } from '../i18n/state';
import { useShowZone } from '../schedule/zone';
import { airedText, minutesOf } from './format';
import { clock, pauseEpisode, playEpisode, trackAt, usePlayback } from './playback';

/** One episode: when it aired, how long, Play (or Resume at…, or Pause), the tracklist whose lines play from their moment. */
export function EpisodeCard({ episode, headingLevel = 2, linkShow = false }: { episode: Episode; headingLevel?: 2 | 3; linkShow?: boolean }) {
  const { t, intl } = useI18n();
  const zone = useShowZone().zone;
  const { episode: current, playing, positions } = usePlayback();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const isCurrent = current?.id === episode.id;
  const isPlaying = isCurrent && playing;
  const at = positions[episode.id] ?? 0;
  const aired = airedText(episode.starts_at, intl, zone);
  const playingTrack = isCurrent ? trackAt(episode.tracks, at) : -1;
  const main = isPlaying ? t('player.pause') : at > 0 ? t('listenAgain.resumeAt', { time: clock(at) }) : t('player.play');
  return (
    <Card variant="outlined" component="article" aria-labelledby={`${listId}-title`} sx={{ borderColor: isCurrent ? 'primary.main' : undefined, borderWidth: isCurrent ? 2 : 1 }} data-testid="episode-card">
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, mb: 0.5 }}>
          <Typography variant="body2" color="text.secondary">
            {aired}
          </Typography>
          <Typography variant="body2" color="text.secondary" aria-hidden>
            ·
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('listenAgain.minutes', { count: minutesOf(episode.duration_seconds) })}
          </Typography>
          {isCurrent && <Chip size="small" color="primary" label={isPlaying ? t('listenAgain.nowPlaying') : t('listenAgain.inPlayer')} />}
        </Stack>
        <Typography id={`${listId}-title`} component={headingLevel === 2 ? 'h2' : 'h3'} variant="h6" dir="auto" sx={{ fontWeight: 700, lineHeight: 1.3, overflowWrap: 'anywhere' }}>
          {linkShow ? (
            <Link component={RouterLink} to={`/listen-again?show=${encodeURIComponent(showSlug(episode.title))}`} color="inherit" underline="hover">
              {episode.title}
            </Link>
          ) : (
            episode.title
          )}
        </Typography>
        {episode.description && (
          <Typography variant="body2" color="text.secondary" dir="auto" sx={{ mt: 0.5, whiteSpace: 'pre-line', display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
            {episode.description}
          </Typography>
        )}
        {at > 0 && episode.duration_seconds > 0 && (
          <LinearProgress variant="determinate" value={Math.min(100, (at / episode.duration_seconds) * 100)} aria-hidden sx={{ mt: 1, height: 4, borderRadius: 2 }} />
        )}
        {episode.gaps.length > 0 && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
            {t('listenAgain.gaps', { minutes: Math.max(1, Math.round(episode.gaps.reduce((n, g) => n + g.seconds, 0) / 60)) })}
          </Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
          <Button
            variant="contained"
            startIcon={isPlaying ? <PauseIcon /> : <PlayArrowIcon />}
            onClick={() => (isPlaying ? pauseEpisode() : playEpisode(episode))}
            aria-label={`${main}: ${episode.title}, ${aired}`}
            sx={{ minHeight: 44 }}
            data-testid="episode-card-play"
          >
            {main}
          </Button>
          {episode.tracks.length > 0 && (
            <Button onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={open ? `${listId}-tracks` : undefined} endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />} sx={{ minHeight: 44 }}>
              {t('listenAgain.tracksToggle', { count: episode.tracks.length })}
            </Button>
          )}
          {episode.download_url && (
            <Button component="a" href={episode.download_url} download startIcon={<DownloadIcon />} sx={{ minHeight: 44 }} aria-label={`${t('listenAgain.download')}: ${episode.title}, ${aired}`}>
              {t('listenAgain.download')}
            </Button>
          )}
        </Stack>
        {open && (
          <Box component="ol" id={`${listId}-tracks`} aria-label={t('listenAgain.tracklistOf', { title: episode.title })} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
            {episode.tracks.map((tr, i) => (
              <li key={`${tr.played_at}-${i}`}>
                <ButtonBase
                  onClick={() => playEpisode(episode, tr.offset_seconds)}
                  aria-current={i === playingTrack ? 'true' : undefined}
                  sx={{ width: '100%', minHeight: 44, justifyContent: 'flex-start', textAlign: 'start', gap: 1.5, px: 1, borderRadius: 1, '&:hover': { bgcolor: 'action.hover' }, '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' }, fontWeight: i === playingTrack ? 700 : undefined }}
                  data-testid="episode-track"
                >
                  <Typography component="span" variant="body2" dir="ltr" sx={{ fontVariantNumeric: 'tabular-nums', color: 'text.secondary', minWidth: 52, fontWeight: 'inherit' }}>
                    {clock(tr.offset_seconds)}
                  </Typography>
                  <Typography component="span" variant="body2" sx={{ minWidth: 0, fontWeight: 'inherit' }}>
                    <bdi>{tr.title}</bdi>
                    {tr.artist && (
                      <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                        {' · '}
                        <bdi>{tr.artist}</bdi>
                      </Box>
                    )}
                  </Typography>
                </ButtonBase>
              </li>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** The podcast feed link (only while the station offers feeds: the API gives no address otherwise). */
export function FeedLink({ url, label }: { url: string | null | undefined; label: string }) {
  const { t } = useI18n();
  if (!url) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Button component="a" href={url} variant="outlined" startIcon={<RssFeedIcon />} sx={{ minHeight: 44 }} data-testid="podcast-feed">
        {label}
      </Button>
      <Typography variant="body2" color="text.secondary">
        {t('listenAgain.feedHint')}
      </Typography>
    </Box>
  );
}
