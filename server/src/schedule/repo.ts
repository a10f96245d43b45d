import type { Knex } from 'knex';
import type { EventRow } from './presenter';

/**
 * The schedule domain's table, `schedule_events`: the reads other domains
 * need go through here (the radio domain's next show, the dashboard's
 * upcoming shows). Imports nothing of the server but the row shape, so any
 * domain can call it without pulling in the schedule's services.
 */

type Db = Knex | Knex.Transaction;

/** The statuses listeners see (and the next show may have). */
export const LISTENER_STATUSES = ['scheduled', 'pending'] as const;

const EVENT_COLUMNS = [
  'e.id', 'e.title', 'e.description', 'e.type', 'e.event_date', 'e.start_time', 'e.end_time', 'e.status',
  'e.presenter_id', 'e.presenter_name', 'e.presenter_bio', 'e.presenter_image_url', 'p.user_id as presenter_user_id',
  'e.host', 'e.image_url', 'e.created_by', 'e.recurrence_type', 'e.recurrence_end_date', 'e.series_id', 'e.booking_type',
  'e.created_at', 'e.updated_at',
] as const;

/** Events joined with their presenter's account, the one select every read starts from. */
export function events(db: Db): Knex.QueryBuilder {
  return db('schedule_events as e').leftJoin('presenters as p', 'p.id', 'e.presenter_id').select(...EVENT_COLUMNS);
}

/**
 * The next shows: the one "next show" rule, read by the schedule API
 * (`/api/schedule/next`), the staff dashboard (upcoming, 3) and the
 * now-playing document (`next_show`). Spec 000 §7: schedule events of type
 * show with status scheduled or pending, on a later date or later today on
 * the station's wall clock (`now` from `stationNow` in service.ts or
 * `localDateTime(ms, zone)`), earliest first.
 */
export async function upcomingShows(db: Db, now: { date: string; time: string }, limit: number): Promise<EventRow[]> {
  return (await events(db)
    .where('e.type', 'show')
    .whereIn('e.status', LISTENER_STATUSES)
    .where((w) => w.where('e.event_date', '>', now.date).orWhere((x) => x.where('e.event_date', now.date).andWhere('e.start_time', '>', now.time)))
    .orderBy('e.event_date')
    .orderBy('e.start_time')
    .orderBy('e.id')
    .limit(limit)) as EventRow[];
}

