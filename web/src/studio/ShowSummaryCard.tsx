import ThumbDownIcon from '@mui/icons-material/ThumbDownOutlined';
import ThumbUpIcon from '@mui/icons-material/ThumbUpOutlined';
import { Alert, Box, Button, Card, CardContent, Skeleton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { SUMMARY_TEXTS } from '../../../shared/studio';
import { useShowSummary } from './api';

const time = (s: number) => new Date(s * 1000).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
/** "today", or the weekday and date of an older session. */
const day = (s: number) => {
  const d = new Date(s * 1000);
  return d.toDateString() === new Date().toDateString() ? 'today' : d.toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long' });
};
/** Tracks listed before "Show all". */
const SHOWN = 10;

function Figure({ label, value }: { label: string; value: number | string }) {
  return (
    <Box>
      <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.6 }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 800, fontSize: 22 }}>{value}</Typography>
    </Box>
  );
}

/**
 * The presenter's end-of-show summary: their latest live session, the tracks
 * played in it with the votes listeners cast meanwhile, the song requests
 * they handled and the shoutouts they read. Refreshed when the track changes.
 */
export function ShowSummaryCard() {
  const query = useShowSummary();
  const s = query.data;
  const [all, setAll] = useState(false);
  const tracks = s ? (all ? s.tracks : s.tracks.slice(-SHOWN)) : [];
  return (
    <Card component="section" aria-labelledby="show-summary-heading" data-testid="show-summary">
      <CardContent>
        <Typography id="show-summary-heading" variant="h6" component="h2" sx={{ fontWeight: 800 }}>
          {SUMMARY_TEXTS.title}
        </Typography>
        {query.isLoading && <Skeleton variant="rounded" height={96} sx={{ mt: 1 }} />}
        {query.isError && (
          <Alert severity="error" sx={{ mt: 1 }} action={<Button color="inherit" onClick={() => void query.refetch()}>Retry</Button>}>
            Could not load your show summary.
          </Alert>
        )}
        {s && !s.session && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {SUMMARY_TEXTS.none}
          </Typography>
        )}
        {s?.session && (
          <>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {s.session.show_title ?? 'Live session'} · {day(s.session.started_at)}, {time(s.session.started_at)}–{s.session.ended_at ? time(s.session.ended_at) : 'now'}
            </Typography>
            <Stack direction="row" spacing={4} sx={{ mb: 2 }}>
              <Figure label="Tracks played" value={s.tracks.length} />
              <Figure label="Requests handled" value={s.requests_handled} />
              <Figure label="Shoutouts read" value={s.shoutouts_read} />
            </Stack>
            {s.audience && (
              <Stack direction="row" spacing={4} sx={{ mb: 2 }} data-testid="show-summary-audience">
                <Figure label="Peak listeners" value={s.audience.peak ?? '—'} />
                <Figure label="Average listeners" value={s.audience.average ?? '—'} />
                <Figure label="Listening hours" value={s.audience.listening_hours} />
              </Stack>
            )}
            {s.tracks.length === 0 ? (
              <Typography color="text.secondary">{SUMMARY_TEXTS.noTracks}</Typography>
            ) : (
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-label="Tracks played in your session">
                  <TableHead>
                    <TableRow>
                      <TableCell>Time</TableCell>
                      <TableCell>Track</TableCell>
                      <TableCell align="right">
                        <ThumbUpIcon fontSize="inherit" aria-label="Up votes" />
                      </TableCell>
                      <TableCell align="right">
                        <ThumbDownIcon fontSize="inherit" aria-label="Down votes" />
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {tracks.map((t) => (
                      <TableRow key={`${t.played_at}-${t.title}`}>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{time(t.played_at)}</TableCell>
                        <TableCell>
                          <strong>{t.title}</strong>
                          {t.artist ? ` — ${t.artist}` : ''}
                        </TableCell>
                        <TableCell align="right">{t.up_votes}</TableCell>
                        <TableCell align="right">{t.down_votes}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
                {s.tracks.length > SHOWN && (
                  <Button size="small" sx={{ mt: 1 }} onClick={() => setAll((v) => !v)} aria-expanded={all}>
                    {all ? `Show the last ${SHOWN} only` : `Show all ${s.tracks.length} tracks`}
                  </Button>
                )}
              </Box>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
