import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import type { ScheduleEventView } from '../../../../shared/bookings';
import type { MessageKey } from '../../../../shared/i18n/format';
import { useI18n } from '../../i18n/state';
import { ShowImage } from '../components/ShowImage';
import { StatusChip } from './StatusChip';
import { modeLabel, showClock, showLongDate } from './texts';

const TYPE_KEYS: Record<string, MessageKey> = { show: 'showMgmt.type.show', event: 'showMgmt.type.event', maintenance: 'showMgmt.type.maintenance' };

/** View: every detail of a show, read-only. */
export function ViewShowDialog({ show, open, onClose }: { show: ScheduleEventView; open: boolean; onClose: () => void }) {
  const i18n = useI18n();
  const { t } = i18n;
  const recurrence = show.recurrence_type === 'once' ? t('showMgmt.view.once') : modeLabel(t, show.recurrence_type);
  const booking = show.recurrence_end_date
    ? t(show.booking_type === 'series' ? 'showMgmt.view.seriesUntil' : 'showMgmt.view.until', { recurrence, date: showLongDate(show.recurrence_end_date, i18n) })
    : show.booking_type === 'series'
      ? t('showMgmt.view.series', { recurrence })
      : recurrence;
  const time = { start: showClock(show.start_time, i18n), end: showClock(show.end_time, i18n) };
  const typeKey = TYPE_KEYS[show.type];
  const rows: [string, string | null][] = [
    [t('showMgmt.view.date'), showLongDate(show.event_date, i18n)],
    [t('showMgmt.view.time'), show.end_time <= show.start_time ? t('showMgmt.view.timeNextDay', time) : t('showMgmt.view.timeRange', time)],
    [t('showMgmt.view.presenter'), show.presenter_name],
    [t('showMgmt.view.host'), show.host],
    [t('showMgmt.view.type'), typeKey ? t(typeKey) : show.type],
    [t('showMgmt.view.booking'), booking],
    [t('showMgmt.view.description'), show.description],
  ];
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="view-show-title" maxWidth="sm" fullWidth>
      <DialogTitle id="view-show-title" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {show.title} <StatusChip status={show.status} />
      </DialogTitle>
      <DialogContent>
        <ShowImage src={show.image_url} width={320} height={180} alt={t('showMgmt.view.image', { title: show.title })} sx={{ width: '100%', maxHeight: 220, borderRadius: 1, mb: 2 }} />
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
        <Button onClick={onClose}>{t('showMgmt.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
