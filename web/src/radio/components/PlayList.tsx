import { Box, Card, CardContent, CircularProgress, List, ListItem, Typography } from '@mui/material';
import { useNow } from '../../app/clock';
import { relativeTime } from '../../../../shared/time';
import type { PlayEntry } from '../../../../shared/radio';
import { songText } from '../../../../shared/radio-display';
import { TrackArt } from './TrackArt';
import { VoteButtons } from './VoteButtons';

/** A card listing plays, newest first, with relative times and optional voting. */
export function PlayList(props: { heading: string; plays: PlayEntry[] | undefined; loading: boolean; empty: string; voting: boolean; dense?: boolean; testId: string }) {
  // "3 minutes ago" by the page's one clock (app/clock.ts).
  const now = useNow(10_000);
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
            Loading tracks...
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
                  <Typography noWrap sx={{ fontWeight: 600 }} title={songText(p.song).title}>
                    {songText(p.song).title}
                  </Typography>
                  <Typography noWrap variant="body2" color="text.secondary" title={songText(p.song).artist}>
                    {songText(p.song).artist}
                    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                      {' · '}
                      {relativeTime(p.played_at * 1000, now)}
                    </Box>
                  </Typography>
                </Box>
                {props.voting && (
                  <Box sx={{ display: 'flex', justifyContent: 'flex-end', width: { xs: '100%', sm: 'auto' }, mt: { xs: -1, sm: 0 } }}>
                    <VoteButtons trackId={p.song.id} title={songText(p.song).title} />
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
