import { List, ListItem, ListItemAvatar, ListItemText, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { dayLabel } from '../../../../shared/schedule';
import { useStation } from '../../app/station';
import { listenerApi, scheduleKeys, useScheduleLive } from '../api';
import { stationToday, timeRange } from '../format';
import { ShowImage } from './ShowImage';

/** Empty text of a presenter's show list (spec 000 §8). */
export const PRESENTER_SHOWS_EMPTY = 'No shows scheduled';

/** A presenter's approved shows (type show, scheduled) from today on, for the DJ profile page. */
export function PresenterShows({ presenterId, headingLevel = 'h2' }: { presenterId: string; headingLevel?: 'h2' | 'h3' }) {
  useScheduleLive();
  const station = useStation();
  const shows = useQuery({ queryKey: scheduleKeys.presenter(presenterId), queryFn: () => listenerApi.presenterShows(presenterId) });
  const zone = shows.data?.timezone ?? station.timezone;
  const today = stationToday(zone);
  return (
    <section aria-labelledby={`presenter-shows-${presenterId}`}>
      <Typography id={`presenter-shows-${presenterId}`} variant="h6" component={headingLevel} sx={{ mb: 1 }}>
        Upcoming Shows
      </Typography>
      {shows.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : (shows.data?.shows ?? []).length === 0 ? (
        <Typography color="text.secondary">{PRESENTER_SHOWS_EMPTY}</Typography>
      ) : (
        <List dense disablePadding>
          {shows.data!.shows.map((s) => (
            <ListItem key={s.id} disableGutters>
              <ListItemAvatar>
                <ShowImage src={s.image_url} sx={{ width: 48, height: 48, borderRadius: 1 }} />
              </ListItemAvatar>
              <ListItemText primary={s.title} secondary={`${dayLabel(s.event_date, today)} · ${timeRange(s, zone, zone)}`} />
            </ListItem>
          ))}
        </List>
      )}
    </section>
  );
}
