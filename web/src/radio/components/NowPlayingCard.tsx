import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { isBroadcasting, metadataUnavailable, offAirText, stationStateOf } from '../../../../shared/radio-display';
import { formatClock, TrackArt } from './TrackArt';
import { VoteButtons } from './VoteButtons';
import type { NowPlaying } from '../../../../shared/radio';
import { useElapsed, useNowPlaying } from '../hooks';
import { LIVE_BADGE_COLORS } from '../../ui/theme';
import { startsAt, startsAtIn } from '../starts-at';
import { useNow } from '../../app/clock';
import { useShowZone } from '../../schedule/zone';
import { useStation } from '../../app/station';
import { useI18n } from '../../i18n/state';
import { hidesUpcomingSongs } from '../../../../shared/licensing';

export { startsAt };

/** The item's elapsed time: the only part of the card the page's clock redraws each second. */
function CardClock({ np }: { np: NowPlaying }) {
  const elapsed = useElapsed(np);
  const duration = np.now_playing.duration;
  return <span data-testid="card-elapsed">{duration ? `${formatClock(elapsed)} / ${formatClock(duration)}` : formatClock(elapsed)}</span>;
}

/** What is on air right now, large: art, track, presenter, listeners and the next show; or the off-air state. */
export function NowPlayingCard() {
  const { data: np, isLoading } = useNowPlaying();
  const song = np?.now_playing.song;
  const state = stationStateOf(np);
  const onAir = isBroadcasting(state);
  const { t, intl } = useI18n();
  // The spec's fallbacks in the reader's language; a song's own words as they are.
  const text = state === 'metadata_unavailable' ? { title: t('radio.nowPlayingUnavailable'), artist: t('radio.metadataUnavailable') } : { title: song?.title || t('player.unknownTrack'), artist: song?.artist || t('songRequest.unknownArtist') };
  const unavailable = metadataUnavailable(state);
  const off = offAirText(np);
  const title = onAir ? text.title : t(off.headlineKey);
  // The next show's start in the page's one zone, labelled when it is not the listener's own (issue 38 item 6).
  const zone = useShowZone();
  const now = useNow(60_000);
  const live = state === 'live';
  // Compliance mode UK or US (issue 34): the card says why it names no upcoming song.
  const hideNext = hidesUpcomingSongs(useStation().compliance_mode);
  return (
    <Card component="section" aria-labelledby="now-playing-heading" data-testid="now-playing-card" data-state={np ? state : 'loading'}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5} sx={{ alignItems: { sm: 'center' } }}>
          <TrackArt src={onAir ? song?.art : null} size={120} />
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
              <Typography id="now-playing-heading" variant="overline" color="text.secondary">
                {onAir ? t('nowPlaying.heading') : t('nowPlaying.status')}
              </Typography>
              {live && <Chip label={t('radio.live')} size="small" sx={{ fontWeight: 800, ...LIVE_BADGE_COLORS }} />}
              {onAir && !unavailable && np?.stale && <Chip label={t('nowPlaying.reconnecting')} size="small" variant="outlined" />}
            </Stack>
            <Typography variant="h4" component="p" sx={{ fontWeight: 800 }} noWrap title={title} data-testid="card-title">
              {isLoading ? t('nowPlaying.loading') : title}
            </Typography>
            {onAir ? (
              <>
                <Typography variant="h6" component="p" color="text.secondary" noWrap>
                  {text.artist}
                </Typography>
                {!unavailable && <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {np ? t(state === 'live' ? 'nowPlaying.liveWith' : 'nowPlaying.presentedBy', { presenter: np.presenter }) : ''}
                  {np ? ' · ' : ''}
                  {np && <CardClock np={np} />}
                  {np && np.listeners.current > 0 ? ` · ${t('nowPlaying.listening', { count: np.listeners.current })}` : ''}
                </Typography>}
              </>
            ) : (
              <Typography variant="body1" color="text.secondary" sx={{ mt: 0.5 }} data-testid="card-off-air-reason">
                {t(off.reasonKey)}
              </Typography>
            )}
            {np?.next_show && (
              <Typography variant="body2" color="text.secondary" data-testid="card-next-show">
                {np.next_show.presenter_name
                  ? t('nowPlaying.nextWith', { title: np.next_show.title, presenter: np.next_show.presenter_name, when: startsAtIn(t, intl, np.next_show.starts_at, zone.zone, zone.label, now) })
                  : t('nowPlaying.next', { title: np.next_show.title, when: startsAtIn(t, intl, np.next_show.starts_at, zone.zone, zone.label, now) })}
              </Typography>
            )}
            {hideNext && (
              <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 0.5 }} data-testid="card-upcoming-hidden">
                {t('radio.upcomingHidden')}
              </Typography>
            )}
          </Box>
          {onAir && song?.id && <VoteButtons trackId={song.id} title={text.title} />}
        </Stack>
      </CardContent>
    </Card>
  );
}
