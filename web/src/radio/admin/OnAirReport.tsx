import { Alert, Box, Button, Card, CardContent, Chip, CircularProgress, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import type { AttendanceEntry, AttendanceStatus } from '../../../../shared/radio';
import { addDays, dayLabel, todayInZone, weekBounds, weekRangeLabel } from '../../../../shared/schedule';
import { useIsMobile } from '../../app/media';
import { useStation } from '../../app/station';
import { useOnAirReport } from '../api';

const LABELS: Record<AttendanceStatus, { label: string; color: 'default' | 'success' | 'warning' | 'error' | 'info' }> = {
  upcoming: { label: 'Upcoming', color: 'default' },
  on_air: { label: 'On air', color: 'info' },
  on_time: { label: 'On time', color: 'success' },
  late_start: { label: 'Late start', color: 'warning' },
  no_show: { label: 'No-show', color: 'error' },
  overrun: { label: 'Overran', color: 'warning' },
  early_end: { label: 'Ended early', color: 'warning' },
};

function clock(epochSeconds: number, zone: string): string {
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: zone }).format(new Date(epochSeconds * 1000));
}

function delta(minutes: number | null): string {
  if (minutes === null || minutes === 0) return '';
  return ` (${minutes > 0 ? '+' : ''}${minutes} min)`;
}

/** When the show actually went out: its live sessions' times, or a dash. */
function wentOut(e: AttendanceEntry, zone: string): string {
  return e.sessions.length === 0 ? '—' : e.sessions.map((s) => `${clock(s.started_at, zone)}–${s.ended_at ? clock(s.ended_at, zone) : 'now'}`).join(', ');
}

function StatusChips({ entry: e }: { entry: AttendanceEntry }) {
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {e.statuses.map((s) => (
        <Chip
          key={s}
          size="small"
          color={LABELS[s].color}
          label={`${LABELS[s].label}${s === 'late_start' ? delta(e.start_delta_minutes) : s === 'overrun' || s === 'early_end' ? delta(e.end_delta_minutes) : ''}`}
        />
      ))}
    </Stack>
  );
}

/**
 * Staff: scheduled versus actually on air, a week at a time. Each scheduled
 * show with the live sessions that covered it: on time, late start, no-show,
 * overrun or early end (5 minutes' grace). For the staff dashboard or logs.
 */
export function OnAirReport() {
  const station = useStation();
  const zone = station.timezone;
  const mobile = useIsMobile();
  const today = todayInZone(Date.now(), zone);
  // The station's week, Monday to Sunday (spec 001 §9), as every other week screen shows it.
  const thisWeek = weekBounds(today).start;
  const [from, setFrom] = useState(thisWeek);
  const to = addDays(from, 6);
  const query = useOnAirReport(from, to);
  return (
    <Card component="section" aria-labelledby="on-air-report-heading">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
          <Box>
            <Typography id="on-air-report-heading" variant="h6" component="h2">
              Scheduled vs on air
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {weekRangeLabel(from)}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1}>
            <Button size="small" variant="outlined" onClick={() => setFrom(addDays(from, -7))}>
              Previous week
            </Button>
            <Button size="small" variant="outlined" disabled={from >= thisWeek} onClick={() => setFrom(addDays(from, 7))}>
              Next week
            </Button>
          </Stack>
        </Stack>
        {query.isLoading ? (
          <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center', color: 'text.secondary' }}>
            <CircularProgress size={18} aria-hidden /> Loading the on-air report...
          </Box>
        ) : query.isError ? (
          <Alert severity="error" action={<Button onClick={() => void query.refetch()}>Try Again</Button>}>
            {query.error instanceof Error ? query.error.message : 'Failed to load the on-air report'}
          </Alert>
        ) : !query.data || query.data.length === 0 ? (
          <Typography color="text.secondary">No shows scheduled</Typography>
        ) : mobile ? (
          // A phone: one block per show instead of a five-column table that would scroll sideways.
          <Box component="ul" aria-label="Scheduled shows" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {query.data.map((e) => (
              <Box component="li" key={e.show.id} sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}>
                <Typography variant="body2" color="text.secondary">
                  {dayLabel(e.show.event_date, today)} · {clock(e.show.starts_at, zone)}–{clock(e.show.ends_at, zone)}
                </Typography>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {e.show.title}{' '}
                  <Typography component="span" variant="caption" color="text.secondary">
                    {e.show.presenter_name ?? '—'}
                  </Typography>
                </Typography>
                <Typography variant="body2" sx={{ mb: 0.75 }}>
                  Went out: {wentOut(e, zone)}
                </Typography>
                <StatusChips entry={e} />
              </Box>
            ))}
          </Box>
        ) : (
          // Scrolls sideways beside the sidebar on a tablet: reachable and named for the keyboard (axe scrollable-region-focusable).
          <TableContainer tabIndex={0} role="region" aria-label="Shows this week as they went on air">
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Date</TableCell>
                  <TableCell>Show</TableCell>
                  <TableCell>Scheduled</TableCell>
                  <TableCell>Went out</TableCell>
                  <TableCell>Status</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {query.data.map((e) => (
                  <TableRow key={e.show.id}>
                    <TableCell>{dayLabel(e.show.event_date, today)}</TableCell>
                    <TableCell>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {e.show.title}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {e.show.presenter_name ?? '—'}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {clock(e.show.starts_at, zone)}–{clock(e.show.ends_at, zone)}
                    </TableCell>
                    <TableCell>{wentOut(e, zone)}</TableCell>
                    <TableCell>
                      <StatusChips entry={e} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
