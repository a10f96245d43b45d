import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { DashboardData } from '../../../shared/notifications';
import { useI18n } from '../i18n/state';
import { untilParts } from './until';

/**
 * "My next show" on a presenter's dashboard (issue 30): their own next booked show, its day and times on the
 * station's wall clock (the zone named), and the time until it in the reader's language. Drawn only for a user
 * with a presenter record.
 */
export function MyNextShow({ data, nowMs }: { data: NonNullable<DashboardData['my_next_show']>; nowMs: number }) {
  const { t, intl } = useI18n();
  const show = data.show;
  const day = show ? new Intl.DateTimeFormat(intl, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${show.event_date}T00:00:00Z`)) : '';
  const until = show ? untilParts(Date.parse(show.starts_at), nowMs) : null;
  return (
    <Card variant="outlined" component="section" aria-label={t('dashboard.myNextShow.title')} data-testid="my-next-show" sx={{ mb: 3 }}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1, color: 'text.secondary' }}>
          <EventAvailableIcon fontSize="small" />
          <Typography variant="body2" component="h2" sx={{ fontWeight: 600 }}>
            {t('dashboard.myNextShow.title')}
          </Typography>
        </Stack>
        {show && until ? (
          <>
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography sx={{ fontSize: 22, fontWeight: 800, lineHeight: 1.25, overflowWrap: 'anywhere' }}>{show.title}</Typography>
              {show.status === 'pending' && <Chip size="small" color="warning" variant="outlined" label={t('dashboard.myNextShow.pending')} />}
            </Stack>
            <Typography data-testid="my-next-show-when">{t('dashboard.myNextShow.when', { day, start: show.start_time.slice(0, 5), end: show.end_time.slice(0, 5), zone: data.zone })}</Typography>
            <Typography variant="body2" color="text.secondary" data-testid="my-next-show-until">
              {t('dashboard.myNextShow.until', { until: new Intl.RelativeTimeFormat(intl, { numeric: 'auto' }).format(until.value, until.unit) })}
            </Typography>
          </>
        ) : (
          <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Typography color="text.secondary">{t('dashboard.myNextShow.none')}</Typography>
            <Button component={RouterLink} to="/admin/shows/new" size="small" variant="outlined">
              {t('dashboard.myNextShow.book')}
            </Button>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
