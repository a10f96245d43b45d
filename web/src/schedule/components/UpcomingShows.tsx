import { Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useNow } from '../../app/clock';
import { listenerApi, scheduleKeys, useScheduleLive } from '../api';
import { localDayLabel, localTimeRange, showDate } from '../format';
import { labelled, useShowZone } from '../zone';
import { todayInZone } from '../../../../shared/schedule';
import { ShowImage } from './ShowImage';
import { useDeferredQuery } from '../../app/deferred-query';
import { useI18n } from '../../i18n/state';

/** Empty text of the upcoming show (spec 000 §8). */

/** The next upcoming show (scheduled or pending, later today or after), for the home page. Refreshed every 60 s and live. */
export function UpcomingShows() {
  useScheduleLive();
  const next = useDeferredQuery(useQuery({ queryKey: scheduleKeys.next(), queryFn: listenerApi.next, refetchInterval: 60_000 }));
  // The day and times in the page's one zone, labelled (issue 38 item 6).
  const zone = useShowZone(next.data?.timezone);
  const now = useNow(60_000);
  const show = next.data?.show ?? null;
  const { t: tr, intl } = useI18n();
  return (
    <Card variant="outlined" component="section" aria-labelledby="upcoming-heading">
      <CardContent>
        <Typography id="upcoming-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {tr('shows.upNext')}
        </Typography>
        {next.isPending ? (
          <Skeleton variant="rounded" height={72} />
        ) : !show ? (
          <Typography color="text.secondary">{tr('schedule.noUpcoming')}</Typography>
        ) : (
          <article aria-label={show.title} style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
            <ShowImage src={show.image_url} sx={{ width: 64, height: 64, borderRadius: 1, flexShrink: 0 }} />
            <div>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
                {show.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {localDayLabel(showDate(show, zone.station, zone.zone), todayInZone(now, zone.zone), intl, tr)} · {labelled(localTimeRange(show, zone.station, zone.zone, intl, tr('schedule.nextDay')), zone)}
              </Typography>
              {(show.presenter_name ?? show.host) && (
                <Typography variant="body2" color="text.secondary">
                  {tr('schedule.with', { name: show.presenter_name ?? show.host })}
                </Typography>
              )}
            </div>
          </article>
        )}
      </CardContent>
    </Card>
  );
}
