import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { Alert, Avatar, Box, Card, CardContent, Chip, IconButton, LinearProgress, List, ListItem, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isRole } from '../../../../shared/permissions';
import { WEEKLY_REQUIRED_HOURS, addWeeks, weekBounds } from '../../../../shared/schedule';
import { useStation } from '../../app/station';
import { scheduleKeys, staffApi, useScheduleLive } from '../api';
import { stationToday, weekLabel, weekRangeLabel } from '../format';
import { useI18n } from '../../i18n/state';
import type { MessageKey } from '../../../../shared/i18n/format';

const ROLE_KEYS: Record<string, MessageKey> = {
  owner: 'bookings.role.owner',
  manager: 'bookings.role.manager',
  admin: 'bookings.role.admin',
  moderator: 'bookings.role.moderator',
  presenter: 'bookings.role.presenter',
  guest: 'bookings.role.guest',
  probation: 'bookings.role.probation',
};

/**
 * The Logs page's Outstanding Bookings card: presenters (and probationers)
 * not on leave who are under the weekly 2 hours, for a week navigated 7 days
 * at a time.
 */
export function OutstandingBookings() {
  useScheduleLive();
  const { t, locale, intl } = useI18n();
  /** Hours with up to two decimals, in the reader's digits ('1.5h', '1,5 Std.'). */
  const hours = (n: number): string => t('bookings.outstanding.hours', { hours: Math.round(n * 100) / 100 });
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
              {t('bookings.outstanding.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('bookings.outstanding.intro', { hours: WEEKLY_REQUIRED_HOURS })}
            </Typography>
          </Box>
          <Box role="group" aria-label={t('week.label')} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Tooltip title={t('week.previous')}>
              <IconButton aria-label={t('week.previous')} onClick={() => setWeek(addWeeks(start, -1))}>
                <ChevronLeftIcon className="flip-rtl" />
              </IconButton>
            </Tooltip>
            <Typography aria-live="polite" sx={{ fontWeight: 600, minWidth: 170, textAlign: 'center' }}>
              {locale === 'en' ? weekLabel(start, end) : weekRangeLabel(start, end, intl)}
            </Typography>
            <Tooltip title={t('week.next')}>
              <IconButton aria-label={t('week.next')} onClick={() => setWeek(addWeeks(start, 1))}>
                <ChevronRightIcon className="flip-rtl" />
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
          <Alert severity="error">{t('bookings.outstanding.error')}</Alert>
        ) : list.length === 0 ? (
          <Box sx={{ textAlign: 'center', py: 3 }}>
            <TaskAltIcon color="success" sx={{ fontSize: 40 }} aria-hidden />
            <Typography sx={{ fontWeight: 700 }}>{t('bookings.outstanding.allCaughtUp')}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('bookings.outstanding.allCaughtUpDetail', { hours: WEEKLY_REQUIRED_HOURS })}
            </Typography>
          </Box>
        ) : (
          <>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {t('bookings.outstanding.count', { count: data.data.totalOutstanding })}
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
                        <Chip size="small" label={isRole(p.role) ? t(ROLE_KEYS[p.role]!) : p.role} variant="outlined" />
                      </Stack>
                      <Typography variant="body2" color="text.secondary">
                        {p.scheduled_hours === 0 ? t('bookings.outstanding.noShows') : t('bookings.outstanding.scheduled', { scheduled: hours(p.scheduled_hours), required: hours(p.required_hours) })} · {t('bookings.outstanding.percent', { pct: pct / 100 })}
                      </Typography>
                      <LinearProgress variant="determinate" value={pct} aria-label={t('bookings.outstanding.progress', { name: p.name, pct: pct / 100 })} sx={{ mt: 0.5, height: 6, borderRadius: 3 }} />
                    </Box>
                    <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{t('bookings.outstanding.remaining', { hours: hours(p.remaining_hours) })}</Typography>
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
