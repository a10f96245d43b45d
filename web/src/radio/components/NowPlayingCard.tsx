import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { RADIO_FALLBACKS } from '../../../../shared/radio-constants';
import { formatClock, TrackArt } from './TrackArt';
import { VoteButtons } from './VoteButtons';
import { useElapsed, useNowPlaying } from '../hooks';
import { LIVE_BADGE_COLORS } from '../../ui/theme';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const two = (n: number) => String(n).padStart(2, '0');

/**
 * Shows a show's start in the listener's own time, 24-hour ("today at 21:00",
 * "Friday at 09:30"). Formatted by hand: the first Intl call of a visit loads
 * the browser's locale data, a long pause on a phone for the first screen.
 */
export function startsAt(epochSeconds: number, now = new Date()): string {
  const d = new Date(epochSeconds * 1000);
  const sameDay = d.toDateString() === now.toDateString();
  const time = `${two(d.getHours())}:${two(d.getMinutes())}`;
  return sameDay ? `today at ${time}` : `${WEEKDAYS[d.getDay()]} at ${time}`;
}

/** What is on air right now, large: art, track, presenter, listeners and the next show. */
export function NowPlayingCard() {
  const { data: np, isLoading } = useNowPlaying();
  const elapsed = useElapsed(np, true);
  const song = np?.now_playing.song;
  const title = song?.title ?? RADIO_FALLBACKS.title;
  return (
    <Card component="section" aria-labelledby="now-playing-heading" data-testid="now-playing-card">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5} sx={{ alignItems: { sm: 'center' } }}>
          <TrackArt src={song?.art} size={120} />
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
              <Typography id="now-playing-heading" variant="overline" color="text.secondary">
                Now playing
              </Typography>
              {np?.live.is_live && <Chip label="LIVE" size="small" sx={{ fontWeight: 800, ...LIVE_BADGE_COLORS }} />}
              {np?.stale && <Chip label="Reconnecting to the station…" size="small" variant="outlined" />}
            </Stack>
            <Typography variant="h4" component="p" sx={{ fontWeight: 800 }} noWrap title={title} data-testid="card-title">
              {isLoading ? 'Loading…' : title}
            </Typography>
            <Typography variant="h6" component="p" color="text.secondary" noWrap>
              {song?.artist ?? RADIO_FALLBACKS.artist}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {np ? `${np.live.is_live ? 'Live with' : 'Presented by'} ${np.presenter}` : ''}
              {np ? ` · ${formatClock(elapsed)} / ${formatClock(np.now_playing.duration)}` : ''}
              {np && np.listeners.current > 0 ? ` · ${np.listeners.current} listening` : ''}
            </Typography>
            {np?.next_show && (
              <Typography variant="body2" color="text.secondary">
                Next: {np.next_show.title}
                {np.next_show.presenter_name ? ` with ${np.next_show.presenter_name}` : ''}, {startsAt(np.next_show.starts_at)}
              </Typography>
            )}
          </Box>
          {song?.id && <VoteButtons trackId={song.id} title={title} />}
        </Stack>
      </CardContent>
    </Card>
  );
}
