import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { isBroadcasting, metadataUnavailable, offAirText, songTextIn, stationStateOf } from '../../../../shared/radio-display';
import { formatClock, TrackArt } from './TrackArt';
import { VoteButtons } from './VoteButtons';
import type { NowPlaying } from '../../../../shared/radio';
import { useElapsed, useNowPlaying } from '../hooks';
import { LIVE_BADGE_COLORS } from '../../ui/theme';
import { startsAt } from '../starts-at';
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
  const text = songTextIn(state, song);
  const unavailable = metadataUnavailable(state);
  const off = offAirText(np);
  const title = onAir ? text.title : off.headline;
  // The next show's start in the page's one zone, labelled when it is not the listener's own (issue 38 item 6).
  const zone = useShowZone();
  const now = useNow(60_000);
  const live = state === 'live';
  const { t } = useI18n();
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
                {onAir ? 'Now playing' : 'Station status'}
              </Typography>
              {live && <Chip label="LIVE" size="small" sx={{ fontWeight: 800, ...LIVE_BADGE_COLORS }} />}
              {onAir && !unavailable && np?.stale && <Chip label="Reconnecting to the station…" size="small" variant="outlined" />}
            </Stack>
            <Typography variant="h4" component="p" sx={{ fontWeight: 800 }} noWrap title={title} data-testid="card-title">
              {isLoading ? 'Loading…' : title}
            </Typography>
            {onAir ? (
              <>
                <Typography variant="h6" component="p" color="text.secondary" noWrap>
                  {text.artist}
                </Typography>
                {!unavailable && <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {np ? `${state === 'live' ? 'Live with' : 'Presented by'} ${np.presenter}` : ''}
                  {np ? ' · ' : ''}
                  {np && <CardClock np={np} />}
                  {np && np.listeners.current > 0 ? ` · ${np.listeners.current} listening` : ''}
                </Typography>}
              </>
            ) : (
              <Typography variant="body1" color="text.secondary" sx={{ mt: 0.5 }} data-testid="card-off-air-reason">
                {off.reason}
              </Typography>
            )}
            {np?.next_show && (
              <Typography variant="body2" color="text.secondary" data-testid="card-next-show">
                Next: {np.next_show.title}
                {np.next_show.presenter_name ? ` with ${np.next_show.presenter_name}` : ''}, {startsAt(np.next_show.starts_at, zone.zone, zone.label, now)}
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
