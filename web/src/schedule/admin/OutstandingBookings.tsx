import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { Alert, Avatar, Box, Card, CardContent, Chip, IconButton, LinearProgress, List, ListItem, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ROLE_LABELS, isRole } from '../../../../shared/permissions';
import { WEEKLY_REQUIRED_HOURS, addWeeks, weekBounds } from '../../../../shared/schedule';
import { useStation } from '../../app/station';
import { scheduleKeys, staffApi, useScheduleLive } from '../api';
import { stationToday, weekLabel } from '../format';

/** The card's texts (spec 001 §2 Logs). */
export const OUTSTANDING_TEXT = {
  title: 'Outstanding Bookings',
  allCaughtUp: 'All caught up!',
  allCaughtUpDetail: `All presenters have met the ${WEEKLY_REQUIRED_HOURS}-hour weekly requirement.`,
  noShows: 'No shows scheduled',
  error: 'Failed to load outstanding bookings',
} as const;

const hours = (n: number): string => `${Number.isInteger(n) ? n : n.toFixed(2).replace(/0$/, '')}h`;

/**
 * The Logs page's Outstanding Bookings card: presenters (and probationers)
 * not on leave who are under the weekly 2 hours, for a week navigated 7 days
 * at a time.
 */
export function OutstandingBookings() {
  useScheduleLive();
  const station = useStation();
  const [week, setWeek] = useState(() => weekBounds(stationToday(station.timezone)).start);
  const { start, end } = weekBounds(week);
  const data = useQuery({ queryKey: scheduleKeys.outstanding(start), queryFn: () => staffApi.outstanding(start) });
  const list = data.data?.outstandingBookings ?? [];

  return (
    <Card variant="outlined" component="section" aria-labelledby="outstanding-title">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
          <Box>
            <Typography id="outstanding-title" variant="h6" component="h2">
              {OUTSTANDING_TEXT.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Presenters under the {WEEKLY_REQUIRED_HOURS}-hour weekly requirement
            </Typography>
          </Box>
          <Box role="group" aria-label="Week" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Tooltip title="Previous week">
              <IconButton aria-label="Previous week" onClick={() => setWeek(addWeeks(start, -1))}>
                <ChevronLeftIcon />
              </IconButton>
            </Tooltip>
            <Typography aria-live="polite" sx={{ fontWeight: 600, minWidth: 170, textAlign: 'center' }}>
              {weekLabel(start, end)}
            </Typography>
            <Tooltip title="Next week">
              <IconButton aria-label="Next week" onClick={() => setWeek(addWeeks(start, 1))}>
                <ChevronRightIcon />
              </IconButton>
            </Tooltip>
          </Box>
        </Stack>
        {data.isPending ? (
          <Stack spacing={1}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={56} />
            ))}
          </Stack>
        ) : data.isError ? (
          <Alert severity="error">{OUTSTANDING_TEXT.error}</Alert>
        ) : list.length === 0 ? (
          <Box sx={{ textAlign: 'center', py: 3 }}>
            <TaskAltIcon color="success" sx={{ fontSize: 40 }} aria-hidden />
            <Typography sx={{ fontWeight: 700 }}>{OUTSTANDING_TEXT.allCaughtUp}</Typography>
            <Typography variant="body2" color="text.secondary">
              {OUTSTANDING_TEXT.allCaughtUpDetail}
            </Typography>
          </Box>
        ) : (
          <>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {data.data.totalOutstanding} presenter{data.data.totalOutstanding === 1 ? '' : 's'} outstanding
            </Typography>
            <List disablePadding>
              {list.map((p) => {
                const pct = Math.min(100, Math.round((p.scheduled_hours / p.required_hours) * 100));
                return (
                  <ListItem key={p.id} disableGutters divider sx={{ gap: 2, alignItems: 'center' }}>
                    <Avatar src={p.image_url ?? undefined} alt="">
                      {p.name.slice(0, 1).toUpperCase()}
                    </Avatar>
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                        <Typography sx={{ fontWeight: 700 }}>{p.name}</Typography>
                        <Chip size="small" label={isRole(p.role) ? ROLE_LABELS[p.role] : p.role} variant="outlined" />
                      </Stack>
                      <Typography variant="body2" color="text.secondary">
                        {p.scheduled_hours === 0 ? OUTSTANDING_TEXT.noShows : `${hours(p.scheduled_hours)} of ${hours(p.required_hours)} scheduled`} · {pct}%
                      </Typography>
                      <LinearProgress variant="determinate" value={pct} aria-label={`${p.name}: ${pct}% of the weekly requirement`} sx={{ mt: 0.5, height: 6, borderRadius: 3 }} />
                    </Box>
                    <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{hours(p.remaining_hours)} remaining</Typography>
                  </ListItem>
                );
              })}
            </List>
          </>
        )}
      </CardContent>
    </Card>
  );
}
