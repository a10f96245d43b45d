import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { BOOKING_MODE_LABELS, type ScheduleEventView } from '../../../../shared/bookings';
import { longDate } from '../../../../shared/schedule';
import { ShowImage } from '../components/ShowImage';
import { EVENT_TYPE_LABELS, hhmm } from '../format';
import { StatusChip } from './StatusChip';

const RECURRENCE: Record<ScheduleEventView['recurrence_type'], string> = {
  once: 'One-off',
  daily: BOOKING_MODE_LABELS.daily,
  weekly: BOOKING_MODE_LABELS.weekly,
  monthly: BOOKING_MODE_LABELS.monthly,
};

/** View: every detail of a show, read-only. */
export function ViewShowDialog({ show, open, onClose }: { show: ScheduleEventView; open: boolean; onClose: () => void }) {
  const rows: [string, string | null][] = [
    ['Date', longDate(show.event_date)],
    ['Time', `${hhmm(show.start_time)} – ${hhmm(show.end_time)}${show.end_time <= show.start_time ? ' (ends the next day)' : ''}`],
    ['Presenter', show.presenter_name],
    ['Host', show.host],
    ['Type', EVENT_TYPE_LABELS[show.type] ?? show.type],
    ['Booking', `${RECURRENCE[show.recurrence_type]}${show.booking_type === 'series' ? ' (series)' : ''}${show.recurrence_end_date ? `, until ${longDate(show.recurrence_end_date)}` : ''}`],
    ['Description', show.description],
  ];
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="view-show-title" maxWidth="sm" fullWidth>
      <DialogTitle id="view-show-title" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {show.title} <StatusChip status={show.status} />
      </DialogTitle>
      <DialogContent>
        <ShowImage src={show.image_url} width={320} height={180} alt={`${show.title} image`} sx={{ width: '100%', maxHeight: 220, borderRadius: 1, mb: 2 }} />
        <Stack component="dl" spacing={1} sx={{ m: 0 }}>
          {rows
            .filter(([, v]) => v)
            .map(([k, v]) => (
              <Box key={k} sx={{ display: 'grid', gridTemplateColumns: '110px 1fr', gap: 1 }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {k}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'pre-wrap' }}>
                  {v}
                </Typography>
              </Box>
            ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
