import type { Knex } from 'knex';
import { DASHBOARD_LIMITS, pendingChecklist, type DashboardData, type FirstRunChecklist } from '../../../shared/notifications';
import { DEFAULT_STATION } from '../../../shared/station';
import type { Config } from '../config';
import { getStationInfo } from '../settings/service';
import { anyOtherAccount } from '../users/repo';
import { localDateTime, zonedInstant } from '../../../shared/schedule';
import { anyPresenter, presenterOfUser } from '../presenters/repo';
import { topVotedTrackSince } from '../radio/repo';
import { newestPendingRequests } from '../requests/repo';
import { anyBookedEvent, nextShowOfPresenter, upcomingShows } from '../schedule/repo';
import { weekHours } from '../schedule/service';

/**
 * The staff dashboard's data, read from each owner: the weekly rule and the
 * next shows from the schedule domain (`weekHours`, `upcomingShows`), the
 * user's presenter record from the presenters repo, the pending requests from
 * the requests repo and the month's top rated song from the radio repo.
 */

const iso = (d: Date | string): string => new Date(d).toISOString();

/** Every part of the dashboard for one user at one instant. */
export async function dashboardData(db: Knex, userId: string, nowMs: number, zone: string): Promise<DashboardData> {
  const now = localDateTime(nowMs, zone);
  const n = DASHBOARD_LIMITS.lists;
  const [hours, myNext, topSong, { song, shoutout, general }, upcoming] = await Promise.all([
    hoursRemaining(db, userId, now.date, zone),
    myNextShow(db, userId, now, zone),
    topRatedSong(db, nowMs, zone),
    newestPendingRequests(db, n),
    upcomingShows(db, now, n),
  ]);
  return {
    hours,
    my_next_show: myNext,
    top_song: topSong,
    pending: {
      song: song.map((r) => ({ ...r, created_at: iso(r.created_at) })),
      shoutout: shoutout.map((r) => ({ ...r, created_at: iso(r.created_at) })),
      general: general.map((r) => ({ ...r, created_at: iso(r.created_at) })),
    } as DashboardData['pending'],
    upcoming: upcoming.map((r) => ({ id: r.id, title: r.title, event_date: String(r.event_date).slice(0, 10), start_time: r.start_time, end_time: r.end_time, presenter_name: r.presenter_name, status: r.status })),
  };
}

/**
 * The 2-hour weekly rule for the signed-in user's own presenter record (001
 * §9), from the schedule's one implementation ({@link weekHours}): a presenter
 * on approved leave that week, or of a role the rule does not cover, has
 * nothing remaining.
 */
async function hoursRemaining(db: Knex, userId: string, today: string, zone: string): Promise<DashboardData['hours']> {
  const presenter = await presenterOfUser(db, userId);
  if (!presenter) return null;
  const { week, presenters } = await weekHours(db, today, zone, [presenter.id]);
  const mine = presenters[0];
  if (!mine) return null;
  return { remaining: mine.remaining, scheduled: mine.scheduled, required: mine.required, week_start: week.start, week_end: week.end };
}

/** The signed-in user's own next show, on the station's wall clock, with the instant it starts. */
async function myNextShow(db: Knex, userId: string, now: { date: string; time: string }, zone: string): Promise<DashboardData['my_next_show']> {
  const presenter = await presenterOfUser(db, userId);
  if (!presenter) return null;
  const row = await nextShowOfPresenter(db, presenter.id, now);
  if (!row) return { show: null, zone };
  const date = String(row.event_date).slice(0, 10);
  return { show: { id: row.id, title: row.title, event_date: date, start_time: row.start_time, end_time: row.end_time, status: row.status, starts_at: iso(new Date(zonedInstant(date, row.start_time, zone))) }, zone };
}

/** Net up minus down votes since the first of this month (station time); only songs with votes; ties by more votes, then title. */
async function topRatedSong(db: Knex, nowMs: number, zone: string): Promise<DashboardData['top_song']> {
  const today = localDateTime(nowMs, zone).date;
  const monthStart = new Date(zonedInstant(`${today.slice(0, 8)}01`, '00:00:00', zone));
  const row = await topVotedTrackSince(db, monthStart);
  if (!row) return null;
  return { id: row.id, title: row.title, artist: row.artist, album: row.album, up: Number(row.up), down: Number(row.down), net: Number(row.up) - Number(row.down) };
}

/**
 * The owner's first-run checklist (issue 30): add DJs, invite staff, book the first show, set the stream; null
 * once all four are done. The stream counts as set when the server names a station source or a STREAM_URL, or
 * General Settings' Stream URL is no longer the demo stream's.
 */
export async function firstRunChecklist(db: Knex, config: Config, ownerId: string): Promise<FirstRunChecklist | null> {
  const [djs, staff, show, station] = await Promise.all([anyPresenter(db), anyOtherAccount(db, ownerId), anyBookedEvent(db), getStationInfo(db, config)]);
  const stream = config.STATION_SOURCE !== 'demo' || Boolean(config.STREAM_URL) || station.streamUrl !== DEFAULT_STATION.streamUrl;
  return pendingChecklist({ djs, staff, show, stream });
}
