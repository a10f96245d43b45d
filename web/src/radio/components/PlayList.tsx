import { Box, Card, CardContent, CircularProgress, List, ListItem, Typography } from '@mui/material';
import { useNow } from '../../app/clock';
import { relativeTime } from '../../../../shared/time';
import type { PlayEntry } from '../../../../shared/radio';
import { TrackArt } from './TrackArt';
import { VoteButtons } from './VoteButtons';
import { useI18n } from '../../i18n/state';

/** "3m ago" in English (shared/time.ts), Intl's short relative time in the reader's other languages. */
function agoIn(locale: string, intl: string, ms: number, nowMs: number): string {
  if (locale === 'en') return relativeTime(ms, nowMs);
  const s = Math.max(0, Math.floor((nowMs - ms) / 1000));
  const [value, unit]: [number, Intl.RelativeTimeFormatUnit] = s < 60 ? [s, 'second'] : s < 3600 ? [Math.floor(s / 60), 'minute'] : s < 86400 ? [Math.floor(s / 3600), 'hour'] : [Math.floor(s / 86400), 'day'];
  return new Intl.RelativeTimeFormat(intl, { style: 'short' }).format(-value, unit);
}

/** A card listing plays, newest first, with relative times and optional voting. */
export function PlayList(props: { heading: string; plays: PlayEntry[] | undefined; loading: boolean; empty: string; voting: boolean; dense?: boolean; testId: string }) {
  // "3 minutes ago" by the page's one clock (app/clock.ts).
  const now = useNow(10_000);
  const { t, locale, intl } = useI18n();
  const text = (song: PlayEntry['song']) => ({ title: song.title || t('player.unknownTrack'), artist: song.artist || t('songRequest.unknownArtist') });
  const headingId = `${props.testId}-heading`;
  return (
    <Card component="section" aria-labelledby={headingId} data-testid={props.testId}>
      <CardContent>
        <Typography id={headingId} variant="h5" component="h2" sx={{ mb: 1.5 }}>
          {props.heading}
        </Typography>
        {props.loading ? (
          <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center', color: 'text.secondary', py: 2 }}>
            <CircularProgress size={18} aria-hidden />
            {t('nowPlaying.loadingTracks')}
          </Box>
        ) : !props.plays || props.plays.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {props.empty}
          </Typography>
        ) : (
          <List disablePadding>
            {props.plays.map((p) => (
              <ListItem key={p.id} disableGutters sx={{ gap: 1.5, py: props.dense ? 0.5 : 1, alignItems: 'center', flexWrap: { xs: props.voting ? 'wrap' : 'nowrap', sm: 'nowrap' } }}>
                <TrackArt src={p.song.art} size={props.dense ? 36 : 48} />
                <Box sx={{ minWidth: 0, flexGrow: 1, flexBasis: { xs: props.voting ? 'calc(100% - 64px)' : 'auto', sm: 'auto' } }}>
                  <Typography noWrap sx={{ fontWeight: 600 }} title={text(p.song).title}>
                    {text(p.song).title}
                  </Typography>
                  <Typography noWrap variant="body2" color="text.secondary" title={text(p.song).artist}>
                    {text(p.song).artist}
                    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                      {' · '}
                      {agoIn(locale, intl, p.played_at * 1000, now)}
                    </Box>
                  </Typography>
                </Box>
                {props.voting && (
                  <Box sx={{ display: 'flex', justifyContent: 'flex-end', width: { xs: '100%', sm: 'auto' }, mt: { xs: -1, sm: 0 } }}>
                    <VoteButtons trackId={p.song.id} title={text(p.song).title} />
                  </Box>
                )}
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
