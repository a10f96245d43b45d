import { Alert, Box, Button, Card, CardContent, Chip, Container, Link, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import EventIcon from '@mui/icons-material/Event';
import { useQuery } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { ListenerEventView } from '../../../shared/bookings';
import { addDays, addWeeks, isLiveNow, isValidDate, todayInZone, weekBoundsFrom } from '../../../shared/schedule';
import { firstDayOfWeek } from '../../../shared/i18n/week';
import { SLOT, aroundSlot, useI18n } from '../i18n/state';
import { PageLoading } from '../app/ListenerLayout';
import { usePageMeta } from '../app/meta';
import { getApiBase } from '../platform';
import { useStation } from '../app/station';
import { listenerApi, scheduleKeys, useScheduleLive } from './api';
import { activeWeekAtom, timeZoneModeAtom } from './atoms';
import { LiveBadge } from './components/LiveBadge';
import { ShowImage } from './components/ShowImage';
import { useNow } from './components/useNow';
import { WeekNavigator } from './components/WeekNavigator';
import { dayHeading, localTimeRange, showDate, weekdayName, zoneLabel } from './format';
import { useShowZone } from './zone';
import { FollowButton } from '../pwa/FollowButton';
import { useLiveShowId } from '../radio/hooks';
import { ShowListenAgainLink } from '../listen-again/ListenAgainSection';
import { BroadcastLanguageChip, BroadcastLanguageFilter } from './components/BroadcastLanguage';
import { isLanguageCode, languageName } from '../../../shared/content-text';

/** The page address's parameter of the broadcast-language filter (the public schedule API's name for it). */
export const BROADCAST_LANGUAGE_PARAM = 'broadcast_language';

/** The iCalendar feed as a webcal:// address, which calendar apps open as a subscription. */
function calendarFeedUrl(broadcastLanguage: string | null): string {
  const query = broadcastLanguage ? `?${BROADCAST_LANGUAGE_PARAM}=${encodeURIComponent(broadcastLanguage)}` : '';
  if (typeof window === 'undefined') return `/api/schedule.ics${query}`;
  const u = new URL('/api/schedule.ics', getApiBase() || window.location.origin);
  return `webcal://${u.host}${u.pathname}${query}`;
}

/** Texts of the listener schedule (spec 000 §8). */
export const SHOWS_TEXT = {
  emptyDay: 'No shows scheduled for this day. Check back soon!',
  emptyWeek: 'No shows scheduled for this week. Check back soon!',
  loading: 'Loading shows...',
  error: "We couldn't load the schedule. Please try again.",
} as const;

/**
 * /shows: the week's shows, from the reader's first day of the week (Monday in German or British English, Sunday in
 * US English, Saturday in Arabic: shared/i18n/week.ts) with previous / next / Current Week navigation (the chosen
 * week remembered as `active_week`), the LIVE marker (midnight-crossing shows included), and times in the
 * station's zone or, one click away, the listener's own, on the reader's clock. Changes arrive live.
 */
export function ShowsPage() {
  const { t, intl } = useI18n();
  const firstDay = firstDayOfWeek(intl);
  useScheduleLive();
  const station = useStation();
  const now = useNow();
  const [stored, setStored] = useAtom(activeWeekAtom);
  const [zoneMode, setZoneMode] = useAtom(timeZoneModeAtom);
  const stationZone = station.timezone;
  // One zone for the whole page (issue 38 item 6): "My time" moves the times and the day headings, and "today".
  const { zone: displayZone, listener: localZone } = useShowZone(stationZone);
  const local = displayZone !== stationZone;
  const today = todayInZone(now, displayZone);
  const current = weekBoundsFrom(today, firstDay).start;
  const weekStart = stored && isValidDate(stored) ? weekBoundsFrom(stored, firstDay).start : current;
  const { start, end } = weekBoundsFrom(weekStart, firstDay);
  const range = { first: weekdayName(start, intl), last: weekdayName(end, intl) };
  usePageMeta({ title: t('schedule.title'), description: t('schedule.metaDescription', range) });

  const week = useQuery({ queryKey: scheduleKeys.week(start, firstDay), queryFn: () => listenerApi.week(start, firstDay), refetchInterval: 5 * 60_000 });
  // In the listener's own zone a day runs into the station's day before or after: the neighbouring weeks too.
  const before = useQuery({ queryKey: scheduleKeys.week(addWeeks(start, -1), firstDay), queryFn: () => listenerApi.week(addWeeks(start, -1), firstDay), refetchInterval: 5 * 60_000, enabled: local });
  const after = useQuery({ queryKey: scheduleKeys.week(addWeeks(start, 1), firstDay), queryFn: () => listenerApi.week(addWeeks(start, 1), firstDay), refetchInterval: 5 * 60_000, enabled: local });
  const liveId = useLiveShowId();
  const neighbours = local ? [...(before.data?.events ?? []), ...(after.data?.events ?? [])] : [];
  const go = (first: string) => setStored(first === current ? null : first);
  // The filter by broadcast language (issue 35 item 6), kept in the address so a filtered schedule can be shared.
  const [params, setParams] = useSearchParams();
  const asked = params.get(BROADCAST_LANGUAGE_PARAM)?.trim().toLowerCase() ?? '';
  const broadcastLanguage = asked && isLanguageCode(asked) ? asked : null;
  const setBroadcastLanguage = (code: string | null) =>
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        if (code) next.set(BROADCAST_LANGUAGE_PARAM, code);
        else next.delete(BROADCAST_LANGUAGE_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  const weekEvents = [...(week.data?.events ?? []), ...(week.data?.carryover ?? [])];
  const languagesUsed = [...new Set(weekEvents.map((e) => e.broadcast_language).filter((l): l is string => Boolean(l)))];

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 800, mb: 1 }}>
        {t('schedule.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('schedule.intro', range)}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, mb: 3 }}>
        <WeekNavigator start={start} end={end} isCurrent={start === current} onPrevious={() => go(addWeeks(start, -1))} onNext={() => go(addWeeks(start, 1))} onCurrent={() => go(current)} />
        {localZone !== stationZone && (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={zoneMode}
            onChange={(_e, v: 'station' | 'local' | null) => v && setZoneMode(v)}
            aria-label={t('schedule.showTimesIn')}
          >
            <ToggleButton value="station">{t('schedule.stationTime', { zone: zoneLabel(stationZone) })}</ToggleButton>
            <ToggleButton value="local">{t('schedule.myTime', { zone: zoneLabel(localZone) })}</ToggleButton>
          </ToggleButtonGroup>
        )}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1.5, sm: 2 }} sx={{ mb: 2, justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}>
        <BroadcastLanguageFilter languages={languagesUsed} value={broadcastLanguage} onChange={setBroadcastLanguage} />
        <Button size="small" startIcon={<EventIcon />} href={calendarFeedUrl(broadcastLanguage)} variant="text" sx={{ flexShrink: 0 }}>
          {t('schedule.subscribe')}
        </Button>
      </Stack>
      <WeekBody
        loading={week.isPending || (local && (before.isPending || after.isPending))}
        error={week.isError || (local && (before.isError || after.isError))}
        retry={() => void Promise.all([week.refetch(), local ? before.refetch() : null, local ? after.refetch() : null])}
        days={Array.from({ length: 7 }, (_, i) => addDays(start, i))}
        events={[...(week.data?.events ?? []), ...neighbours]}
        liveId={liveId}
        carryover={week.data?.carryover ?? []}
        today={today}
        now={now}
        stationZone={week.data?.timezone ?? stationZone}
        displayZone={displayZone}
        broadcastLanguage={broadcastLanguage}
      />
    </Container>
  );
}

function WeekBody(props: {
  loading: boolean;
  error: boolean;
  retry: () => void;
  days: string[];
  events: ListenerEventView[];
  carryover: ListenerEventView[];
  liveId: string | null;
  today: string;
  now: number;
  stationZone: string;
  displayZone: string;
  broadcastLanguage: string | null;
}) {
  const { days, liveId, today, now, stationZone, displayZone, broadcastLanguage } = props;
  const { t, intl } = useI18n();
  if (props.loading) return <PageLoading label={t('schedule.loading')} />;
  if (props.error) {
    return (
      <Alert severity="error" action={<Button color="inherit" onClick={props.retry}>{t('common.tryAgain')}</Button>}>
        {t('schedule.error')}
      </Alert>
    );
  }
  // Each show under the day it starts on in the page's zone (the listener's own days with "My time").
  const seen = new Set<string>();
  const inLanguage = (e: ListenerEventView) => !broadcastLanguage || e.broadcast_language === broadcastLanguage;
  const all = [...props.carryover, ...props.events].filter((e) => inLanguage(e) && !seen.has(e.id) && (seen.add(e.id), true));
  const dated = all.map((e) => ({ e, date: showDate(e, stationZone, displayZone) }));
  const first = days[0]!;
  // Shows of the day before the week's first day running past midnight appear there while they are on air.
  const liveCarry = dated.filter((x) => x.date < first && isLiveNow(x.e, now, stationZone));
  const events = dated.filter((x) => days.includes(x.date));
  if (events.length === 0 && liveCarry.length === 0) {
    return (
      <Card variant="outlined">
        <CardContent>
          <Typography>{broadcastLanguage ? <>{aroundSlot(t('schedule.emptyWeekInLanguage', { language: SLOT }))[0]}<span lang={intl}>{languageName(broadcastLanguage, intl)}</span>{aroundSlot(t('schedule.emptyWeekInLanguage', { language: SLOT }))[1]}</> : t('schedule.emptyWeek')}</Typography>
        </CardContent>
      </Card>
    );
  }
  return (
    <Stack spacing={3}>
      {days.map((day, i) => {
        const list = [...(i === 0 ? liveCarry : []), ...events.filter((x) => x.date === day)];
        return (
          <Box component="section" key={day} aria-labelledby={`day-${day}`}>
            <Typography id={`day-${day}`} variant="h5" component="h2" sx={{ mb: 1.5, display: 'flex', gap: 1, alignItems: 'baseline' }}>
              {dayHeading(day, intl)}
              {day === today && <Chip size="small" color="primary" label={t('schedule.today')} />}
            </Typography>
            {list.length === 0 ? (
              <Typography color="text.secondary">{t('schedule.emptyDay')}</Typography>
            ) : (
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }, gap: 2 }}>
                {list.map(({ e, date }) => (
                  <ShowCard key={e.id} event={e} live={e.id === liveId} day={date} fromPreviousDay={date !== day} stationZone={stationZone} displayZone={displayZone} />
                ))}
              </Box>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}

/** One show on the listener schedule. */
export function ShowCard({ event, live, day = event.event_date, fromPreviousDay = false, stationZone, displayZone }: { event: ListenerEventView; live: boolean; day?: string; fromPreviousDay?: boolean; stationZone: string; displayZone: string }) {
  const who = event.presenter_name ?? event.host;
  const { t, intl } = useI18n();
  const [withBefore, withAfter] = aroundSlot(t('schedule.with', { name: SLOT }));
  return (
    <Card variant="outlined" component="article" aria-label={event.title} sx={{ display: 'flex', overflow: 'hidden', borderColor: live ? 'primary.main' : undefined, borderWidth: live ? 2 : 1 }}>
      <ShowImage src={event.image_url} sx={{ width: 96, minHeight: 96, flexShrink: 0 }} />
      <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 }, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5, flexWrap: 'wrap' }}>
          <Typography component="span" variant="body2" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
            {localTimeRange(event, stationZone, displayZone, intl, t('schedule.nextDay'), day)}
          </Typography>
          {live && <LiveBadge />}
          {event.status === 'pending' && <Chip size="small" variant="outlined" label={t('schedule.awaitingApproval')} />}
          {event.type === 'event' && <Chip size="small" variant="outlined" label={t('schedule.specialEvent')} />}
          <BroadcastLanguageChip code={event.broadcast_language} />
        </Stack>
        <Typography component="h3" variant="subtitle1" dir="auto" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
          {event.title}
        </Typography>
        {who && (
          <Typography variant="body2" color="text.secondary">
            {withBefore}
            {event.presenter_id && event.presenter_name ? (
              <Link component={RouterLink} to={`/djs/${event.presenter_id}`} underline="always" color="inherit">
                <bdi>{event.presenter_name}</bdi>
              </Link>
            ) : (
              <bdi>{who}</bdi>
            )}
            {withAfter}
          </Typography>
        )}
        {fromPreviousDay && (
          <Typography variant="caption" color="text.secondary">
            {t('schedule.startedOn', { day: weekdayName(day, intl) })}
          </Typography>
        )}
        {event.type === 'show' && <FollowButton show={{ id: event.id, title: event.title, presenterId: event.presenter_id }} />}
        <ShowListenAgainLink title={event.title} />
      </CardContent>
    </Card>
  );
}
