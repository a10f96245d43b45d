import ThumbDownIcon from '@mui/icons-material/ThumbDownOutlined';
import ThumbUpIcon from '@mui/icons-material/ThumbUpOutlined';
import { Alert, Box, Button, Card, CardContent, Skeleton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useI18n, useT } from '../i18n/state';
import { useShowSummary } from './api';

/** Times, dates and figures of the summary in the reader's language: "today" or the weekday and date of an older session. */
function useSummaryFormat() {
  const { intl } = useI18n();
  const t = useT();
  return useMemo(() => {
    const clock = new Intl.DateTimeFormat(intl, { hour: '2-digit', minute: '2-digit' });
    const date = new Intl.DateTimeFormat(intl, { weekday: 'long', day: 'numeric', month: 'long' });
    const number = new Intl.NumberFormat(intl, { maximumFractionDigits: 2 });
    return {
      time: (s: number) => clock.format(new Date(s * 1000)),
      day: (s: number) => {
        const d = new Date(s * 1000);
        return d.toDateString() === new Date().toDateString() ? t('studio.summary.today') : date.format(d);
      },
      figure: (n: number | null | undefined) => (n === null || n === undefined ? '—' : number.format(n)),
    };
  }, [intl, t]);
}
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
  const t = useT();
  const { time, day, figure } = useSummaryFormat();
  const tracks = s ? (all ? s.tracks : s.tracks.slice(-SHOWN)) : [];
  return (
    <Card component="section" aria-labelledby="show-summary-heading" data-testid="show-summary">
      <CardContent>
        <Typography id="show-summary-heading" variant="h6" component="h2" sx={{ fontWeight: 800 }}>
          {t('studio.summary.title')}
        </Typography>
        {query.isLoading && <Skeleton variant="rounded" height={96} sx={{ mt: 1 }} />}
        {query.isError && (
          <Alert severity="error" sx={{ mt: 1 }} action={<Button color="inherit" onClick={() => void query.refetch()}>{t('studio.summary.retry')}</Button>}>
            {t('studio.summary.error')}
          </Alert>
        )}
        {s && !s.session && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('studio.summary.none')}
          </Typography>
        )}
        {s?.session && (
          <>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('studio.summary.when', { show: s.session.show_title ?? t('studio.summary.liveSession'), day: day(s.session.started_at), start: time(s.session.started_at), end: s.session.ended_at ? time(s.session.ended_at) : t('studio.summary.now') })}
            </Typography>
            <Stack direction="row" spacing={4} sx={{ mb: 2 }}>
              <Figure label={t('studio.summary.tracksPlayed')} value={figure(s.tracks.length)} />
              <Figure label={t('studio.summary.requestsHandled')} value={figure(s.requests_handled)} />
              <Figure label={t('studio.summary.shoutoutsRead')} value={figure(s.shoutouts_read)} />
            </Stack>
            {s.audience && (
              <Stack direction="row" spacing={4} sx={{ mb: 2 }} data-testid="show-summary-audience">
                <Figure label={t('studio.summary.peak')} value={figure(s.audience.peak)} />
                <Figure label={t('studio.summary.average')} value={figure(s.audience.average)} />
                <Figure label={t('studio.summary.hours')} value={figure(s.audience.listening_hours)} />
              </Stack>
            )}
            {s.tracks.length === 0 ? (
              <Typography color="text.secondary">{t('studio.summary.noTracks')}</Typography>
            ) : (
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-label={t('studio.summary.table')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('studio.summary.time')}</TableCell>
                      <TableCell>{t('studio.summary.track')}</TableCell>
                      <TableCell align="right">
                        <ThumbUpIcon fontSize="inherit" aria-label={t('studio.summary.upVotes')} />
                      </TableCell>
                      <TableCell align="right">
                        <ThumbDownIcon fontSize="inherit" aria-label={t('studio.summary.downVotes')} />
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {tracks.map((track) => (
                      <TableRow key={`${track.played_at}-${track.title}`}>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{time(track.played_at)}</TableCell>
                        <TableCell>
                          <strong>{track.title}</strong>
                          {track.artist ? ` — ${track.artist}` : ''}
                        </TableCell>
                        <TableCell align="right">{figure(track.up_votes)}</TableCell>
                        <TableCell align="right">{figure(track.down_votes)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
                {s.tracks.length > SHOWN && (
                  <Button size="small" sx={{ mt: 1 }} onClick={() => setAll((v) => !v)} aria-expanded={all}>
                    {all ? t('studio.summary.showLast', { count: SHOWN }) : t('studio.summary.showAll', { count: s.tracks.length })}
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
