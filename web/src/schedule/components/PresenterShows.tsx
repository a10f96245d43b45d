import { List, ListItem, ListItemAvatar, ListItemText, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { todayInZone } from '../../../../shared/schedule';
import { useNow } from '../../app/clock';
import { labelled, useShowZone } from '../zone';
import { listenerApi, scheduleKeys, useScheduleLive } from '../api';
import { localDayLabel, localTimeRange, showDate } from '../format';
import { ShowImage } from './ShowImage';
import { PresenterFollow } from '../../pwa/PresenterFollow';
import { useI18n } from '../../i18n/state';

/** A presenter's approved shows (type show, scheduled) from today on, for the DJ profile page. */
export function PresenterShows({ presenterId, headingLevel = 'h2' }: { presenterId: string; headingLevel?: 'h2' | 'h3' }) {
  useScheduleLive();
  const shows = useQuery({ queryKey: scheduleKeys.presenter(presenterId), queryFn: () => listenerApi.presenterShows(presenterId) });
  // The days and times in the page's one zone, labelled (issue 38 item 6).
  const zone = useShowZone(shows.data?.timezone);
  const today = todayInZone(useNow(60_000), zone.zone);
  const { t: tr, intl } = useI18n();
  return (
    <section aria-labelledby={`presenter-shows-${presenterId}`}>
      <Typography id={`presenter-shows-${presenterId}`} variant="h6" component={headingLevel} sx={{ mb: 1 }}>
        {tr('shows.upcoming')}
      </Typography>
      {shows.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : (shows.data?.shows ?? []).length === 0 ? (
        <Typography color="text.secondary">{tr('schedule.noPresenterShows')}</Typography>
      ) : (
        <List dense disablePadding>
          {shows.data!.shows.map((s) => (
            <ListItem key={s.id} disableGutters>
              <ListItemAvatar>
                <ShowImage src={s.image_url} sx={{ width: 48, height: 48, borderRadius: 1 }} />
              </ListItemAvatar>
              <ListItemText primary={s.title} secondary={`${localDayLabel(showDate(s, zone.station, zone.zone), today, intl, tr)} · ${labelled(localTimeRange(s, zone.station, zone.zone, intl, tr('schedule.nextDay')), zone)}`} />
            </ListItem>
          ))}
        </List>
      )}
      {shows.data && <PresenterFollow shows={shows.data.shows} presenterId={presenterId} />}
    </section>
  );
}
