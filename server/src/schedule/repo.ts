import type { Knex } from 'knex';
import { joinablePresenters } from '../presenters/repo';
import type { EventRow } from './presenter';

/**
 * The schedule domain's tables, `schedule_events`, `schedule_version` and
 * `schedule_attendance_alerts`: every read and write of them goes through
 * here (the schedule's services, the radio domain's on-air and next show, the
 * dashboard's upcoming shows, the reminders). Imports nothing of the server
 * but the row shape, so any domain can call it without pulling in the
 * schedule's services. Events are joined with the presenters domain's piece
 * ({@link joinablePresenters}) for the presenter's account
 * (`presenter_user_id`) and image, one query; the radio's live sessions join
 * {@link joinableEventTitles} the same way.
 */

type Db = Knex | Knex.Transaction;

/** The statuses listeners see (and the next show may have). */
export const LISTENER_STATUSES = ['scheduled', 'pending'] as const;

const EVENT_COLUMNS = [
  'e.id', 'e.title', 'e.description', 'e.type', 'e.event_date', 'e.start_time', 'e.end_time', 'e.status',
  'e.presenter_id', 'e.presenter_name', 'e.presenter_bio', 'e.presenter_image_url', 'p.user_id as presenter_user_id',
  'e.host', 'e.image_url', 'e.created_by', 'e.recurrence_type', 'e.recurrence_end_date', 'e.series_id', 'e.booking_type',
  'e.broadcast_language', 'e.translations', 'e.created_at', 'e.updated_at',
] as const;

/** Events joined with their presenter's account, the one select every read starts from. */
export function events(db: Db): Knex.QueryBuilder {
  return db('schedule_events as e').leftJoin(joinablePresenters(db).as('p'), 'p.id', 'e.presenter_id').select(...EVENT_COLUMNS);
}

/** Events' titles as another domain's query joins them (a live session's show): `.leftJoin(joinableEventTitles(db).as('e'), 'e.id', …)`. */
export function joinableEventTitles(db: Db): Knex.QueryBuilder {
  return db('schedule_events').select('id', 'title');
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

/**
 * One presenter's next show (issue 30's "My next show"): the same rule as
 * {@link upcomingShows} (a show, scheduled or pending, later than the station's
 * wall clock now), only their own (`presenter_id`).
 */
export async function nextShowOfPresenter(db: Db, presenterId: string, now: { date: string; time: string }): Promise<EventRow | undefined> {
  return (await events(db)
    .where('e.type', 'show')
    .where('e.presenter_id', presenterId)
    .whereIn('e.status', LISTENER_STATUSES)
    .where((w) => w.where('e.event_date', '>', now.date).orWhere((x) => x.where('e.event_date', now.date).andWhere('e.start_time', '>', now.time)))
    .orderBy('e.event_date')
    .orderBy('e.start_time')
    .orderBy('e.id')
    .first()) as EventRow | undefined;
}

/** One event row, or undefined. */
export async function eventRow(db: Db, id: string): Promise<EventRow | undefined> {
  return (await events(db).where('e.id', id).first()) as EventRow | undefined;
}

/** The staff list's query: by date (asc or desc), then start time ascending, then id. */
export async function listEventRows(
  db: Db,
  f: { from?: string | undefined; to?: string | undefined; type?: string | undefined; status?: string | undefined; series_id?: string | undefined; q?: string | undefined; presenter_id?: string | undefined; order: 'asc' | 'desc'; limit: number },
): Promise<EventRow[]> {
  const q = events(db);
  if (f.from) q.where('e.event_date', '>=', f.from);
  if (f.to) q.where('e.event_date', '<=', f.to);
  if (f.type) q.where('e.type', f.type);
  if (f.status) q.where('e.status', f.status);
  if (f.series_id) q.where('e.series_id', f.series_id);
  if (f.presenter_id) q.where('e.presenter_id', f.presenter_id);
  // Show Management's search: every word somewhere in the title, the presenter's name or the host.
  for (const word of (f.q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8)) {
    q.whereRaw("position(? in lower(coalesce(e.title, '') || ' ' || coalesce(e.presenter_name, '') || ' ' || coalesce(e.host, ''))) > 0", [word]);
  }
  return (await q.orderBy('e.event_date', f.order).orderBy('e.start_time', 'asc').orderBy('e.id').limit(f.limit)) as EventRow[];
}

/** Listener-visible events (scheduled and pending) dated from `from` to `to`, by date and start time. */
export async function listenerEventsBetween(db: Db, from: string, to: string): Promise<EventRow[]> {
  return (await events(db).whereBetween('e.event_date', [from, to]).whereIn('e.status', LISTENER_STATUSES).orderBy('e.event_date').orderBy('e.start_time')) as EventRow[];
}

/** Scheduled shows on a date, by start time. */
export async function scheduledShowsOn(db: Db, date: string, limit: number): Promise<EventRow[]> {
  return (await events(db).where({ 'e.event_date': date, 'e.type': 'show', 'e.status': 'scheduled' }).orderBy('e.start_time').limit(limit)) as EventRow[];
}

/** A presenter's scheduled shows from `from` on, earliest first. */
export async function scheduledShowsOf(db: Db, presenterId: string, from: string, limit: number, skip: readonly { start: string; end: string }[] = []): Promise<EventRow[]> {
  return (await events(db)
    .where({ 'e.presenter_id': presenterId, 'e.type': 'show', 'e.status': 'scheduled' })
    .where('e.event_date', '>=', from)
    // Dates left out (the presenter's approved leave, inclusive).
    .modify((q) => {
      for (const r of skip) void q.whereNotBetween('e.event_date', [r.start, r.end]);
    })
    .orderBy('e.event_date')
    .orderBy('e.start_time')
    .limit(limit)) as EventRow[];
}

/** Events not cancelled on any of these dates (minus `excludeIds`), by date and start time: the conflict check's candidates. */
export async function activeEventsOn(db: Db, dates: readonly string[], excludeIds: readonly string[] = []): Promise<EventRow[]> {
  const q = events(db).whereIn('e.event_date', [...dates]).whereNot('e.status', 'cancelled');
  if (excludeIds.length > 0) q.whereNotIn('e.id', excludeIds);
  return (await q.orderBy('e.event_date').orderBy('e.start_time')) as EventRow[];
}

/** Serialises schedule writes (pg_advisory_xact_lock key), so two bookings cannot both miss each other's conflict. */
const SCHEDULE_LOCK_KEY = 0x5343_4845_44;

/** Takes the schedule's write lock until the transaction ends. */
export async function lockSchedule(trx: Knex.Transaction): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(?)', [SCHEDULE_LOCK_KEY]);
}

/** The stored columns of an event a write sets. */
export type EventFields = Record<string, unknown>;

/** Inserts a booking's events (the first alone, for its id, then the rest in batches of 100); answers the first id. */
export async function insertBookingEvents(trx: Db, base: EventFields, dates: readonly string[]): Promise<string> {
  const [first] = await trx('schedule_events').insert({ ...base, event_date: dates[0] }).returning<{ id: string }[]>('id');
  const rest = dates.slice(1).map((d) => ({ ...base, event_date: d }));
  for (let i = 0; i < rest.length; i += 100) await trx('schedule_events').insert(rest.slice(i, i + 100));
  return first!.id;
}

/** The events of a series (or the one event when there is no series), by date. */
export async function seriesRows(db: Db, seriesId: string | null, firstId: string): Promise<EventRow[]> {
  return (await events(db)
    .where((w) => (seriesId ? w.where('e.series_id', seriesId) : w.where('e.id', firstId)))
    .orderBy('e.event_date')) as EventRow[];
}

/** Inserts one event; answers its id. */
export async function insertEvent(db: Db, fields: EventFields): Promise<string> {
  const [row] = await db('schedule_events').insert(fields).returning<{ id: string }[]>('id');
  return row!.id;
}

/** Updates an event, stamping updated_at; `fromStatuses` makes it conditional. Answers the rows changed. */
export async function updateEvent(db: Db, id: string, fields: EventFields, fromStatuses?: readonly string[]): Promise<number> {
  const q = db('schedule_events').where({ id });
  if (fromStatuses) q.whereIn('status', [...fromStatuses]);
  return q.update({ ...fields, updated_at: db.fn.now() });
}

export async function deleteEventRow(db: Db, id: string): Promise<void> {
  await db('schedule_events').where({ id }).delete();
}

/** Events not cancelled dated in [from, to] presented by `presenterIds` or created by `userIds`: what the weekly rule counts. */
export async function countedEventTimes(db: Db, from: string, to: string, presenterIds: readonly string[], userIds: readonly string[]): Promise<Array<{ id: string; event_date: string; start_time: string; end_time: string; presenter_id: string | null; created_by: string | null }>> {
  return (await db('schedule_events')
    .whereBetween('event_date', [from, to])
    .whereNot('status', 'cancelled')
    .where((w) => {
      w.whereIn('presenter_id', [...presenterIds]);
      if (userIds.length > 0) w.orWhereIn('created_by', [...userIds]);
    })
    .select('id', 'event_date', 'start_time', 'end_time', 'presenter_id', 'created_by')) as Array<{ id: string; event_date: string; start_time: string; end_time: string; presenter_id: string | null; created_by: string | null }>;
}

/** The columns of a show the radio domain reads (its on-air and attendance checks). */
export interface ShowRow {
  id: string;
  title: string;
  event_date: string;
  start_time: string;
  end_time: string;
  status: string;
  presenter_id: string | null;
  presenter_name: string | null;
  host: string | null;
}

/** Shows (type show) of these statuses dated from `from` to `to`. */
export async function showRowsBetween(db: Db, from: string, to: string, statuses: readonly string[]): Promise<ShowRow[]> {
  return db('schedule_events')
    .select<ShowRow[]>('id', 'title', 'event_date', 'start_time', 'end_time', 'status', 'presenter_id', 'presenter_name', 'host')
    .where({ type: 'show' })
    .whereIn('status', [...statuses])
    .whereBetween('event_date', [from, to]);
}

/**
 * Claims one attendance alert of a show (`starts_soon`, `not_live`, `no_show`): true the first time,
 * false when any server instance already claimed it (schedule_attendance_alerts remembers it across restarts).
 */
export async function claimAttendanceAlert(db: Db, showId: string, kind: 'starts_soon' | 'not_live' | 'no_show' | 'email_reminder'): Promise<boolean> {
  const rows = await db('schedule_attendance_alerts').insert({ schedule_event_id: showId, kind }).onConflict(['schedule_event_id', 'kind']).ignore().returning('schedule_event_id');
  return rows.length > 0;
}

/** Reads the schedule's version row (bumped by a trigger on every write to schedule_events), inside a transaction when given. */
export async function readScheduleVersion(db: Db): Promise<number> {
  const row = await db('schedule_version').where({ id: 1 }).first<{ version: number | string } | undefined>('version');
  return Number(row?.version ?? 0);
}

/** A row of the public schedule API and feeds. */
export interface PublicRow {
  id: string;
  title: string;
  description: string | null;
  type: string;
  event_date: string;
  start_time: string;
  end_time: string;
  status: string;
  presenter_name: string | null;
  presenter_bio: string | null;
  presenter_image: string | null;
  host: string | null;
  image_url: string | null;
  /** ISO 639 code (issue 35), or null. */
  broadcast_language: string | null;
  /** Stored translations (jsonb). */
  translations: unknown;
  updated_at: Date | string;
}

/**
 * The events of a public schedule query, by date then start time: dated in [start, end], of one status
 * (or 'all'), optionally whose presenter name or host contains `presenter` (literally, case-insensitive).
 */
export async function publicEventRows(db: Db, q: { start: string; end: string; status: string; presenter: string | null; presenterId?: string | null; limit: number; broadcastLanguage?: string | null }): Promise<PublicRow[]> {
  const query = db('schedule_events as e')
    .leftJoin(joinablePresenters(db).as('p'), 'p.id', 'e.presenter_id')
    .whereBetween('e.event_date', [q.start, q.end])
    .select(
      'e.id', 'e.title', 'e.description', 'e.type', 'e.event_date', 'e.start_time', 'e.end_time', 'e.status',
      'e.presenter_name', 'e.presenter_bio', db.raw('coalesce(e.presenter_image_url, p.image_url) as presenter_image'),
      'e.host', 'e.image_url', 'e.broadcast_language', 'e.translations', 'e.updated_at',
    );
  if (q.status !== 'all') query.where('e.status', q.status);
  if (q.broadcastLanguage) query.where('e.broadcast_language', q.broadcastLanguage);
  if (q.presenterId) query.where('e.presenter_id', q.presenterId);
  if (q.presenter) {
    // position() rather than LIKE: the listener's text is matched literally, % and _ included.
    query.whereRaw("(position(lower(?) in lower(coalesce(e.presenter_name, ''))) > 0 or position(lower(?) in lower(coalesce(e.host, ''))) > 0)", [q.presenter, q.presenter]);
  }
  return (await query.orderBy('e.event_date').orderBy('e.start_time').orderBy('e.id').limit(q.limit)) as PublicRow[];
}

/** The broadcast language (ISO 639, issue 35) of each of these events that has one. */
export async function broadcastLanguagesOf(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const uuids = [...new Set(ids)].filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
  if (uuids.length === 0) return new Map();
  const rows = await db('schedule_events').whereIn('id', uuids).whereNotNull('broadcast_language').select<{ id: string; broadcast_language: string }[]>('id', 'broadcast_language');
  return new Map(rows.map((r) => [r.id, r.broadcast_language]));
}

/** An event's title, or null (a live session's show). */
export async function eventTitle(db: Db, id: string): Promise<string | null> {
  const row = await db('schedule_events').where({ id }).first<{ title: string } | undefined>('title');
  return row?.title ?? null;
}

/** A presenter's events not cancelled dated in [from, to], by date and start (the shows inside a leave; issue 30). */
export async function presenterEventsBetween(db: Db, presenterId: string, from: string, to: string): Promise<EventRow[]> {
  return (await events(db).where('e.presenter_id', presenterId).whereBetween('e.event_date', [from, to]).whereNot('e.status', 'cancelled').orderBy('e.event_date').orderBy('e.start_time')) as EventRow[];
}

/** How many events not cancelled a presenter has from `today` on (deleting a DJ must not orphan them silently). */
export async function countUpcomingEventsOf(db: Db, presenterId: string, today: string): Promise<number> {
  const row = await db('schedule_events').where({ presenter_id: presenterId }).where('event_date', '>=', today).whereNot('status', 'cancelled').count<{ n: number | string }[]>({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

/** Whether any show or event was ever booked, cancelled ones aside (the owner's first-run checklist, issue 30). */
export async function anyBookedEvent(db: Db): Promise<boolean> {
  return Boolean(await db('schedule_events').whereNot('status', 'cancelled').first('id'));
}
