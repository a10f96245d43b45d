/**
 * The schedule's rules and SQL: listing, the conflict check, bookings (single,
 * series and hand-picked dates, in one transaction), edits, approvals,
 * resolutions, cancellations and deletions with the spec's permissions, the
 * listener views and the weekly 2-hour rule. Every time rule is a call into
 * `shared/schedule`; nothing here re-implements one.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import {
  BOOKING_MESSAGES,
  bookingSuccessMessage,
  type BookingActor,
  type BookingResult,
  type ConflictView,
  type CreateBookingInput,
  type EditShowInput,
  type MoveShowInput,
  type SeriesActionResult,
  type SeriesEditInput,
  type ListenerEventView,
  type OutstandingEntry,
  type OutstandingResponse,
  type OverviewEventInput,
  type PresenterOption,
  type ScheduleEventView,
  type WeekResponse,
} from '../../../shared/bookings';
import { DENIED, PRESENTER_ROLES, can, canManageShow, type Role } from '../../../shared/permissions';
import {
  MAX_OCCURRENCES,
  RecurrenceError,
  WEEKLY_REQUIRED_HOURS,
  addDays,
  conflictWindow,
  crossesMidnight,
  findConflicts,
  generateOccurrences,
  localDateTime,
  longDate,
  normaliseTime,
  outstanding,
  scheduledHoursInWeek,
  todayInZone,
  weekBounds,
  weekBoundsFrom,
  weekQueryRange,
  wallClockExists,
  type EventTimes,
  type RecurrenceType,
} from '../../../shared/schedule';
import type { AppContext } from '../context';
import { refuseUnapprovedImages } from '../http/public-images';
import { HttpError, fail } from '../http/errors';
import { recordAction } from '../users/audit';
import { recordShowNotification } from './notifications';
import { presentConflict, presentEvent, presentListenerEvent, type EventRow } from './presenter';
import { activeEventsOn, countedEventTimes, deleteEventRow, eventRow, insertBookingEvents, insertEvent, listenerEventsBetween, listEventRows, lockSchedule, scheduledShowsOf, scheduledShowsOn, seriesRows, updateEvent, upcomingShows } from './repo';
import { bookingPresenterOfUser, bookingPresenterWithRole, bookingPresentersWithRoles, presenterCards, presenterRoles, type BookingPresenter } from '../presenters/repo';
import { approvedLeaveFrom, firstDateOnLeave, onApprovedLeave } from '../leave/repo';
import { LOA_TEXTS } from '../../../shared/leave';
import { usernameOf } from '../users/repo';

export { upcomingShows };
import { invalidateScheduleVersion, readScheduleVersion } from './version';
import { stationTimezone } from '../settings/service';
import { refuseDisabledLanguages } from '../content/languages';
import { readTranslations } from '../../../shared/content-languages';

type Db = Knex | Knex.Transaction;

/** The signed-in user acting on the schedule. */
export interface ScheduleActor {
  id: string;
  role: Role;
  email: string;
}


/** The station's local date and time now (in the time zone of General Settings). */
export async function stationNow(ctx: AppContext): Promise<{ date: string; time: string }> {
  return localDateTime(ctx.now(), await stationTimezone(ctx));
}

// ---------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------

/** One event row, or null. */
export async function getEventRow(db: Db, id: string): Promise<EventRow | null> {
  return (await eventRow(db, id)) ?? null;
}

/** Filters of the staff list. */
export interface EventListFilter {
  from?: string | undefined;
  to?: string | undefined;
  type?: string | undefined;
  status?: string | undefined;
  series_id?: string | undefined;
  /** Words in the title, the presenter's name or the host (case-insensitive, each word must match). */
  q?: string | undefined;
  /** One presenter's shows ("My shows"). */
  presenter_id?: string | undefined;
  order: 'asc' | 'desc';
  limit: number;
}

/** The staff list: by date (asc or desc), then start time ascending, as the spec orders both screens. */
export async function listEvents(db: Db, f: EventListFilter): Promise<ScheduleEventView[]> {
  return (await listEventRows(db, f)).map(presentEvent);
}

/**
 * The listener week: Monday to Sunday, or from the reader's first day of the week (`firstDay`, ISO 1–7), scheduled
 * and pending, plus the day before's shows running past midnight into its first day.
 */
export async function weekView(db: Db, anyDate: string, timezone: string, firstDay = 1, locale?: string): Promise<WeekResponse> {
  const { start, end } = firstDay === 1 ? weekBounds(anyDate) : weekBoundsFrom(anyDate, firstDay);
  const rows = await listenerEventsBetween(db, addDays(start, -1), end);
  const inWeek = rows.filter((r) => r.event_date >= start).map((r) => presentListenerEvent(r, locale));
  const carryover = rows.filter((r) => r.event_date < start && crossesMidnight(r.start_time, r.end_time)).map((r) => presentListenerEvent(r, locale));
  return { weekStart: start, weekEnd: end, timezone, events: inWeek, carryover };
}

/** Today's featured shows: type show, scheduled, by start time, at most 6 (spec 000 §7, §9). */
export async function todayShows(db: Db, today: string, locale?: string): Promise<ListenerEventView[]> {
  return (await scheduledShowsOn(db, today, 6)).map((r) => presentListenerEvent(r, locale));
}

/** The next show for listeners ({@link upcomingShows}). */
export async function nextShow(db: Db, now: { date: string; time: string }, locale?: string): Promise<ListenerEventView | null> {
  const [row] = await upcomingShows(db, now, 1);
  return row ? presentListenerEvent(row, locale) : null;
}

/** A presenter's approved shows (type show, scheduled) from today on, for their profile. */
export async function presenterShows(db: Db, presenterId: string, today: string, limit = 20, locale?: string): Promise<ListenerEventView[]> {
  // A presenter on approved leave is not advertised for the shows inside it (issue 38 item 9).
  const leave = (await approvedLeaveFrom(db, [presenterId], today)).map((l) => ({ start: l.start_date, end: l.end_date }));
  return (await scheduledShowsOf(db, presenterId, today, limit, leave)).map((r) => presentListenerEvent(r, locale));
}

// ---------------------------------------------------------------------------
// Conflicts
// ---------------------------------------------------------------------------

/**
 * The stored events that candidate times would overlap (spec rule: each
 * starts before the other ends; cancelled ignored; `excludeIds` are the
 * edited event itself). Fetches only the dates `conflictWindow` names, then
 * applies `findConflicts`. Each overlapped event is listed once, with the
 * first candidate date that hits it.
 */
export async function findBookingConflicts(db: Db, candidates: readonly EventTimes[], excludeIds: readonly string[] = []): Promise<ConflictView[]> {
  if (candidates.length === 0) return [];
  const dates = new Set<string>();
  for (const c of candidates) {
    const w = conflictWindow(c);
    for (let d = w.from; d <= w.to; d = addDays(d, 1)) dates.add(d);
  }
  const rows = await activeEventsOn(db, [...dates], excludeIds);
  const byDate = new Map<string, EventRow[]>();
  for (const r of rows) {
    const list = byDate.get(r.event_date);
    if (list) list.push(r);
    else byDate.set(r.event_date, [r]);
  }
  const seen = new Set<string>();
  const out: ConflictView[] = [];
  for (const c of candidates) {
    const w = conflictWindow(c);
    const nearby: EventRow[] = [];
    for (let d = w.from; d <= w.to; d = addDays(d, 1)) nearby.push(...(byDate.get(d) ?? []));
    for (const hit of findConflicts(c, nearby)) {
      if (seen.has(hit.id)) continue;
      seen.add(hit.id);
      out.push(presentConflict(hit, c.event_date));
    }
  }
  return out;
}

/**
 * Refuses times a show cannot have (issue 30 item 7): the same start and end
 * (which the midnight rule would read as 24 hours), and a start or end the
 * station's clocks skip when they go forward (which would quietly become an
 * hour later). Names the first date at fault.
 */
function assertRealTimes(candidates: readonly EventTimes[], zone: string): void {
  for (const c of candidates) {
    if (normaliseTime(c.start_time) === normaliseTime(c.end_time)) throw fail.badRequest(BOOKING_MESSAGES.sameStartEnd, [{ path: 'end_time', message: BOOKING_MESSAGES.sameStartEnd }]);
    for (const [field, date, time] of [['start_time', c.event_date, c.start_time], ['end_time', crossesMidnight(c.start_time, c.end_time) ? addDays(c.event_date, 1) : c.event_date, c.end_time]] as const) {
      if (!wallClockExists(date, time, zone)) {
        const message = BOOKING_MESSAGES.noSuchTime(time, longDate(date), zone);
        throw fail.badRequest(message, [{ path: field, message }]);
      }
    }
  }
}

function conflictError(conflicts: ConflictView[]): HttpError {
  const n = conflicts.length;
  return new HttpError('conflict', `This booking overlaps ${n} existing event${n === 1 ? '' : 's'}. Proceed anyway to create it with conflicted status, or pick another time.`, { conflicts });
}

// ---------------------------------------------------------------------------
// Presenters a booking may use
// ---------------------------------------------------------------------------

type PresenterRecord = BookingPresenter;

const presenterOption = (p: PresenterRecord): PresenterOption => ({ id: p.id, name: p.name, bio: p.bio, image_url: p.image_url, role: p.role });

async function ownPresenter(db: Db, userId: string): Promise<PresenterRecord | null> {
  return (await bookingPresenterOfUser(db, userId)) ?? null;
}

/** Who is booking and which presenters they may pick (spec 001 §6). */
export async function bookingActor(db: Db, actor: ScheduleActor): Promise<BookingActor> {
  const own = await ownPresenter(db, actor.id);
  const canPickAny = can(actor.role, 'shows.pickAnyPresenter');
  const options = canPickAny
    ? (await bookingPresentersWithRoles(db, PRESENTER_ROLES)).map(presenterOption)
    : own
      ? [presenterOption(own)]
      : [];
  return {
    user: { id: actor.id, role: actor.role, email: actor.email },
    canPickAny,
    ownPresenter: own ? presenterOption(own) : null,
    options,
    lockedMessage: !canPickAny && !own ? BOOKING_MESSAGES.noPresenterProfile : null,
    capabilities: {
      approve: can(actor.role, 'shows.approve'),
      resolve: can(actor.role, 'shows.resolve'),
      overview: can(actor.role, 'schedule.overview'),
      manageAny: can(actor.role, 'shows.manageAny'),
    },
  };
}

/**
 * The presenter a booking gets: moderator and above choose anyone (of the
 * six presenter roles) or no one; everyone else is locked to their own
 * presenter record and without one cannot book.
 */
async function resolveBookingPresenter(db: Db, actor: ScheduleActor, requested: string | null | undefined): Promise<PresenterRecord | null> {
  if (can(actor.role, 'shows.pickAnyPresenter')) {
    if (!requested) return null;
    const p = await bookingPresenterWithRole(db, requested, PRESENTER_ROLES);
    if (!p) throw fail.badRequest('Choose a presenter from the list', [{ path: 'presenter_id', message: 'Choose a presenter from the list' }]);
    return p;
  }
  const own = await ownPresenter(db, actor.id);
  if (!own) throw new HttpError('unprocessable', BOOKING_MESSAGES.noPresenterProfile);
  if (requested && requested !== own.id) throw fail.forbidden('You can only book shows as your own presenter profile.');
  return own;
}

// ---------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------

/** Work to run once the transaction has committed (realtime pushes). */
type AfterCommit = () => Promise<void>;

async function runAfterCommit(ctx: AppContext, tasks: AfterCommit[]): Promise<void> {
  invalidateScheduleVersion(ctx);
  for (const task of tasks) {
    await task().catch((err: unknown) => ctx.log.warn({ err }, 'schedule push failed'));
  }
}

/** Publishes a change on the public `schedule` channel so open pages refetch. */
function scheduleChanged(ctx: AppContext, action: 'created' | 'updated' | 'deleted', rows: ReadonlyArray<{ id: string; event_date: string }>, version: number): AfterCommit {
  const ids = [...new Set(rows.map((r) => r.id))].slice(0, 50);
  const dates = [...new Set(rows.map((r) => r.event_date))].slice(0, 50);
  return () => ctx.bus.publish({ channel: 'schedule', name: `schedule.${action}`, data: { action, ids, dates, version } });
}

/** Who did it, as the panel names people: their username, else their email. */
async function displayName(db: Db, actor: ScheduleActor): Promise<string> {
  return (await usernameOf(db, actor.id))?.trim() || actor.email;
}

/** A date and times as the panel shows them: 'Thursday 26 November 2026, 20:30–21:30'. */
/** The first three shows a booking overlaps, as a conflict notification's values (`c1`, `c1Day`, …; `shown`: how many). */
function conflictList(conflicts: readonly { title: string; event_date: string }[]): Record<string, string> {
  const first = conflicts.slice(0, 3);
  const out: Record<string, string> = { shown: (['one', 'two', 'three'] as const)[Math.max(0, first.length - 1)]! };
  first.forEach((c, i) => {
    out[`c${i + 1}`] = c.title;
    out[`c${i + 1}Day`] = c.event_date;
  });
  return out;
}

/**
 * The dates a booking occupies: generated for daily/weekly/monthly (the
 * `shared/schedule` rules, incl. the month-end rule and the 366 cap), or
 * the sorted hand-picked dates of calendar mode.
 */
export function bookingDates(input: CreateBookingInput): { dates: string[]; recurrence: RecurrenceType; series: boolean } {
  if (input.mode === 'calendar') {
    const dates = [...new Set(input.dates ?? [])].sort();
    return { dates, recurrence: 'once', series: dates.length > 1 };
  }
  const recurrence: RecurrenceType = input.mode;
  try {
    const dates = generateOccurrences({ startDate: input.event_date ?? '', mode: recurrence, endDate: input.end_date ?? null });
    return { dates, recurrence, series: recurrence === 'weekly' || recurrence === 'monthly' };
  } catch (err) {
    if (err instanceof RecurrenceError) {
      const field = err.code === 'invalid_date' ? 'event_date' : 'end_date';
      throw fail.badRequest(err.message, [{ path: field, message: err.message }]);
    }
    throw err;
  }
}

/**
 * Creates a booking: every date in ONE transaction with a shared series_id.
 * The conflict check runs before (answering 409 with the conflicts unless
 * `proceed`) and again under the schedule lock inside the transaction, so a
 * concurrent booking cannot slip in between. Probation bookings are pending;
 * a booking made despite conflicts is conflicted.
 */
export async function createBooking(ctx: AppContext, actor: ScheduleActor, input: CreateBookingInput): Promise<BookingResult> {
  // Translations only in the languages the station offers for content (issue 35).
  await refuseDisabledLanguages(ctx, input.translations);
  const { dates, recurrence, series } = bookingDates(input);
  const today = todayInZone(ctx.now(), await stationTimezone(ctx));
  if (dates[0]! < today) throw fail.badRequest('Bookings cannot start in the past', [{ path: input.mode === 'calendar' ? 'dates' : 'event_date', message: 'Bookings cannot start in the past' }]);
  const presenter = await resolveBookingPresenter(ctx.knex, actor, input.presenter_id);
  // Images only from this site or an approved host (issue 29).
  await refuseUnapprovedImages(ctx, [{ path: 'image_url', label: 'Image URL', value: input.image_url }]);
  // Nobody is booked inside their approved leave (issue 30).
  const onLeave = presenter ? await firstDateOnLeave(ctx.knex, presenter.id, dates) : undefined;
  if (presenter && onLeave) throw new HttpError('unprocessable', LOA_TEXTS.onLeaveBooking(presenter.name, longDate(onLeave)), { fields: [{ path: input.mode === 'calendar' ? 'dates' : 'event_date', message: LOA_TEXTS.onLeaveBooking(presenter.name, longDate(onLeave)) }] });
  const candidates: EventTimes[] = dates.map((d) => ({ event_date: d, start_time: input.start_time, end_time: input.end_time }));
  assertRealTimes(candidates, await stationTimezone(ctx));

  const early = await findBookingConflicts(ctx.knex, candidates);
  if (early.length > 0 && !input.proceed) throw conflictError(early);

  const baseStatus = actor.role === 'probation' ? 'pending' : 'scheduled';
  const after: AfterCommit[] = [];
  const created = await ctx.knex.transaction(async (trx) => {
    await lockSchedule(trx);
    const conflicts = await findBookingConflicts(trx, candidates);
    if (conflicts.length > 0 && !input.proceed) throw conflictError(conflicts);
    const status: BookingResult['status'] = conflicts.length > 0 ? 'conflicted' : baseStatus;
    const seriesId = series ? randomUUID() : null;
    const base = {
      title: input.title,
      description: input.description,
      type: 'show',
      start_time: input.start_time,
      end_time: input.end_time,
      status,
      presenter_id: presenter?.id ?? null,
      presenter_name: presenter?.name ?? null,
      presenter_bio: presenter?.bio ?? null,
      presenter_image_url: presenter?.image_url ?? null,
      host: input.host ?? presenter?.name ?? null,
      image_url: input.image_url,
      created_by: actor.id,
      recurrence_type: recurrence,
      recurrence_end_date: recurrence === 'weekly' || recurrence === 'monthly' ? (input.end_date ?? null) : null,
      series_id: seriesId,
      booking_type: series ? 'series' : 'single',
      broadcast_language: input.broadcast_language ?? null,
      translations: JSON.stringify(input.translations ?? {}),
    };
    // The base event first, then its occurrences (the spec's generate_recurring_events), all in this transaction.
    const firstId = await insertBookingEvents(trx, base, dates);
    const rows = await seriesRows(trx, seriesId, firstId);

    await recordAction(trx, { actor, resourceType: 'schedule_event', action: 'create',
      resourceId: firstId,
      resourceName: input.title,
      details: { mode: input.mode, count: rows.length, status, series_id: seriesId, first_date: dates[0], last_date: dates[dates.length - 1], start_time: input.start_time, end_time: input.end_time, presenter: presenter?.name ?? null, conflicts: conflicts.length },
    });
    const firstWhen = { firstDay: dates[0]!, start: input.start_time.slice(0, 5), end: input.end_time.slice(0, 5) };
    after.push(
      await recordShowNotification(ctx, trx, {
        type: 'show_added',
        text: { key: 'notify.showBooked', values: { status, actor: await displayName(trx, actor), show: input.title, count: rows.length, ...firstWhen } },
        relatedId: firstId,
        presenterUserId: presenter?.user_id ?? null,
        createdBy: actor.id,
        shows: rows,
      }),
    );
    if (status === 'conflicted') {
      after.push(
        await recordShowNotification(ctx, trx, {
          type: 'show_conflicts',
          text: { key: 'notify.bookingConflict', values: { show: input.title, count: conflicts.length, ...firstWhen, ...conflictList(conflicts) } },
          relatedId: firstId,
          presenterUserId: null,
          createdBy: actor.id,
        shows: rows,
        }),
      );
    }
    const version = await readScheduleVersion(trx);
    after.unshift(scheduleChanged(ctx, 'created', rows, version));
    return { rows, status, seriesId };
  });
  await runAfterCommit(ctx, after);
  return {
    title: BOOKING_MESSAGES.createdTitle,
    message: bookingSuccessMessage(created.status, created.rows.length),
    status: created.status,
    count: created.rows.length,
    series_id: created.seriesId,
    events: created.rows.map(presentEvent),
  };
}

async function loadOr404(db: Db, id: string, what = 'Show'): Promise<EventRow> {
  const row = await getEventRow(db, id);
  if (!row) throw fail.notFound(`${what} not found`);
  return row;
}

function assertCanManage(actor: ScheduleActor, row: EventRow, message: string): void {
  if (!canManageShow(actor, { created_by: row.created_by, presenter_user_id: row.presenter_user_id })) throw fail.forbidden(message);
}

/** The fields of an edit that a listener sees: changing one on an approved show sends a probation presenter's show back for approval. */
const PUBLIC_EDIT_FIELDS = ['title', 'description', 'start_time', 'end_time', 'presenter_name', 'presenter_bio', 'presenter_image_url', 'image_url'] as const;

/**
 * The status an edit leaves a show in: needs_review when the new times
 * overlap another event (proceeding anyway); pending when a probation
 * presenter changed what listeners see on a show that was approved
 * (spec 001 §6 "Probation bookings need approval": an approved show edited
 * by them is a new booking as far as approval goes, issue 30 item 4);
 * otherwise unchanged.
 */
export function statusAfterEdit(actorRole: Role, current: string, changed: readonly string[], conflicts: number): string {
  if (conflicts > 0) return 'needs_review';
  if (actorRole === 'probation' && current === 'scheduled' && changed.some((k) => (PUBLIC_EDIT_FIELDS as readonly string[]).includes(k))) return 'pending';
  return current;
}

/**
 * Edit show: title, description, times, presenter details and image, by
 * moderator and above or the show's creator or presenter. A field the
 * request leaves out keeps its stored value. New times are checked for
 * conflicts, the show itself excluded; proceeding despite them marks the
 * show needs_review. A probation presenter's edit of an approved show makes
 * it pending again ({@link statusAfterEdit}).
 */
export async function updateShow(ctx: AppContext, actor: ScheduleActor, id: string, input: EditShowInput): Promise<ScheduleEventView> {
  const current = await loadOr404(ctx.knex, id);
  assertCanManage(actor, current, DENIED.editShow);
  await refuseDisabledLanguages(ctx, input.translations);
  // Images only from this site or an approved host (issue 29); one saved before that rule may stay as it is.
  await refuseUnapprovedImages(ctx, [
    { path: 'image_url', label: 'Image URL', value: input.image_url, before: current.image_url },
    { path: 'presenter_image_url', label: 'Presenter image URL', value: input.presenter_image_url, before: current.presenter_image_url },
  ]);
  const timesOf = (row: EventRow): EventTimes => ({ event_date: row.event_date, start_time: input.start_time ?? row.start_time, end_time: input.end_time ?? row.end_time });
  if (input.start_time !== undefined || input.end_time !== undefined) assertRealTimes([timesOf(current)], await stationTimezone(ctx));
  const checks = current.status !== 'cancelled';
  if (checks) {
    const early = await findBookingConflicts(ctx.knex, [timesOf(current)], [id]);
    if (early.length > 0 && !input.proceed) throw conflictError(early);
  }
  const after: AfterCommit[] = [];
  const row = await ctx.knex.transaction(async (trx) => {
    await lockSchedule(trx);
    const fresh = await loadOr404(trx, id);
    assertCanManage(actor, fresh, DENIED.editShow);
    const conflicts = checks ? await findBookingConflicts(trx, [timesOf(fresh)], [id]) : [];
    if (conflicts.length > 0 && !input.proceed) throw conflictError(conflicts);
    const fields: Partial<Record<(typeof PUBLIC_EDIT_FIELDS)[number], string | null>> = {};
    for (const k of PUBLIC_EDIT_FIELDS) {
      const v = input[k];
      if (v !== undefined) fields[k] = v;
    }
    const changed: string[] = PUBLIC_EDIT_FIELDS.filter((k) => fields[k] !== undefined && normalisedField(k, fields[k] ?? null) !== normalisedField(k, fresh[k]));
    // The broadcast language and the translations (issue 35) are what listeners see too.
    const languageFields: Record<string, unknown> = {};
    if (input.broadcast_language !== undefined) {
      languageFields.broadcast_language = input.broadcast_language;
      if (input.broadcast_language !== (fresh.broadcast_language ?? null)) changed.push('broadcast_language');
    }
    if (input.translations !== undefined) {
      languageFields.translations = JSON.stringify(input.translations);
      if (JSON.stringify(input.translations) !== JSON.stringify(readTranslations(fresh.translations))) changed.push('translations');
    }
    const status = statusAfterEdit(actor.role, fresh.status, changed, conflicts.length);
    await updateEvent(trx, id, { ...fields, ...languageFields, status });
    const updated = (await getEventRow(trx, id))!;
    const backToApproval = status === 'pending' && fresh.status !== 'pending';
    await recordAction(trx, { actor, resourceType: 'schedule_event', action: 'update', resourceId: id, resourceName: updated.title, details: { changes: diff(fresh, updated), conflicts: conflicts.length, ...(backToApproval ? { awaiting_approval: true } : {}) } });
    after.push(
      await recordShowNotification(ctx, trx, {
        type: conflicts.length > 0 ? 'show_conflicts' : 'show_updated',
        text: { key: 'notify.showEdited', values: { outcome: conflicts.length > 0 ? 'conflict' : backToApproval ? 'approval' : 'none', actor: await displayName(trx, actor), show: updated.title, showDay: updated.event_date, count: conflicts.length } },
        relatedId: id,
        presenterUserId: updated.presenter_user_id,
        createdBy: actor.id,
        shows: [updated],
      }),
    );
    after.unshift(scheduleChanged(ctx, 'updated', [updated], await readScheduleVersion(trx)));
    return updated;
  });
  await runAfterCommit(ctx, after);
  return presentEvent(row);
}

/** The statuses a show can be moved from: what is on the schedule or waiting for a decision. */
const MOVABLE_STATUSES = ['scheduled', 'pending', 'conflicted', 'needs_review'] as const;

/**
 * Moves a show to another date, keeping its times (issue 30), by whoever may edit it (moderator and above, or the
 * show's creator or presenter). The same rules as booking: not into the past, not inside the presenter's approved
 * leave, a time the new date's clocks skip refused, overlaps answered 409 unless `proceed` (the show then needs
 * review); a probation presenter's approved show goes back for approval. Audit logged, the presenter told, and the
 * public `schedule` channel names both dates so listeners' pages of either week follow.
 */
export async function moveShow(ctx: AppContext, actor: ScheduleActor, id: string, input: MoveShowInput): Promise<ScheduleEventView> {
  const zone = await stationTimezone(ctx);
  const current = await loadOr404(ctx.knex, id);
  assertCanManage(actor, current, DENIED.editShow);
  const to = input.event_date;
  const fieldError = (message: string) => fail.badRequest(message, [{ path: 'event_date', message }]);
  if (!(MOVABLE_STATUSES as readonly string[]).includes(current.status)) throw new HttpError('unprocessable', BOOKING_MESSAGES.moveNotMovable);
  if (to === current.event_date) throw fieldError(BOOKING_MESSAGES.moveSameDate);
  if (to < todayInZone(ctx.now(), zone)) throw fieldError(BOOKING_MESSAGES.movePast);
  const onLeave = current.presenter_id ? await firstDateOnLeave(ctx.knex, current.presenter_id, [to]) : undefined;
  if (onLeave) throw new HttpError('unprocessable', LOA_TEXTS.onLeaveBooking(current.presenter_name ?? '', longDate(onLeave)), { fields: [{ path: 'event_date', message: LOA_TEXTS.onLeaveBooking(current.presenter_name ?? '', longDate(onLeave)) }] });
  const moved = (row: EventRow): EventTimes => ({ event_date: to, start_time: row.start_time, end_time: row.end_time });
  assertRealTimes([moved(current)], zone);
  const early = await findBookingConflicts(ctx.knex, [moved(current)], [id]);
  if (early.length > 0 && !input.proceed) throw conflictError(early);

  const after: AfterCommit[] = [];
  const row = await ctx.knex.transaction(async (trx) => {
    await lockSchedule(trx);
    const fresh = await loadOr404(trx, id);
    assertCanManage(actor, fresh, DENIED.editShow);
    if (!(MOVABLE_STATUSES as readonly string[]).includes(fresh.status)) throw new HttpError('unprocessable', BOOKING_MESSAGES.moveNotMovable);
    const conflicts = await findBookingConflicts(trx, [moved(fresh)], [id]);
    if (conflicts.length > 0 && !input.proceed) throw conflictError(conflicts);
    const status = statusAfterEdit(actor.role, fresh.status, ['start_time'], conflicts.length);
    await updateEvent(trx, id, { event_date: to, status });
    const updated = (await getEventRow(trx, id))!;
    await recordAction(trx, { actor, resourceType: 'schedule_event', action: 'update', resourceId: id, resourceName: updated.title, details: { moved: { from: fresh.event_date, to }, changes: diff(fresh, updated), conflicts: conflicts.length } });
    after.push(
      await recordShowNotification(ctx, trx, {
        type: conflicts.length > 0 ? 'show_conflicts' : 'show_updated',
        text: {
          key: 'notify.showMoved',
          values: {
            outcome: conflicts.length > 0 ? 'conflict' : status === 'pending' && fresh.status !== 'pending' ? 'approval' : 'none',
            actor: await displayName(trx, actor),
            show: updated.title,
            fromDay: fresh.event_date,
            toDay: to,
            start: updated.start_time.slice(0, 5),
            end: updated.end_time.slice(0, 5),
            count: conflicts.length,
          },
        },
        relatedId: id,
        presenterUserId: updated.presenter_user_id,
        createdBy: actor.id,
        shows: [updated],
      }),
    );
    after.unshift(scheduleChanged(ctx, 'updated', [{ id, event_date: fresh.event_date }, { id, event_date: to }], await readScheduleVersion(trx)));
    return updated;
  });
  await runAfterCommit(ctx, after);
  return presentEvent(row);
}

/** What a whole-series action does to each upcoming occurrence. */
export type SeriesAction = { kind: 'approve' } | { kind: 'cancel' } | { kind: 'delete' } | { kind: 'edit'; input: SeriesEditInput };

const SERIES_FROM: Record<'approve' | 'cancel', readonly string[]> = { approve: ['pending'], cancel: ['scheduled', 'pending', 'conflicted', 'needs_review'] };

/**
 * Edit, approve, cancel or delete a whole series (issue 30): every occurrence of `seriesId` from the station's
 * today on (past shows stay as they were). The caller checks approve's and cancel's capability; edit and delete
 * need the single-show rule ({@link canManageShow}) on every occurrence. An edit's new times are checked against
 * everything else on those dates (409 unless `proceed`, after which the clashing occurrences need review); a
 * probation presenter's edit sends their approved shows back for approval. One transaction, one audit row, one
 * notification, one push naming every date.
 */
export async function seriesAction(ctx: AppContext, actor: ScheduleActor, seriesId: string, action: SeriesAction): Promise<SeriesActionResult> {
  const today = todayInZone(ctx.now(), await stationTimezone(ctx));
  const upcoming = async (db: Db) => (await listEventRows(db, { series_id: seriesId, from: today, order: 'asc', limit: MAX_OCCURRENCES + 1 })) as EventRow[];
  const first = await upcoming(ctx.knex);
  if (first.length === 0) throw fail.notFound(BOOKING_MESSAGES.seriesNothingUpcoming);
  const edit = action.kind === 'edit' ? action.input : null;
  const timesOf = (r: EventRow): EventTimes => ({ event_date: r.event_date, start_time: edit?.start_time ?? r.start_time, end_time: edit?.end_time ?? r.end_time });
  const ids = first.map((r) => r.id);
  if (edit?.start_time !== undefined) {
    assertRealTimes(first.map(timesOf), await stationTimezone(ctx));
    const early = await findBookingConflicts(ctx.knex, first.filter((r) => r.status !== 'cancelled').map(timesOf), ids);
    if (early.length > 0 && !edit.proceed) throw conflictError(early);
  }
  const after: AfterCommit[] = [];
  const count = await ctx.knex.transaction(async (trx) => {
    await lockSchedule(trx);
    const rows = await upcoming(trx);
    if (rows.length === 0) throw fail.notFound(BOOKING_MESSAGES.seriesNothingUpcoming);
    if ((action.kind === 'edit' || action.kind === 'delete') && rows.some((r) => !canManageShow(actor, { created_by: r.created_by, presenter_user_id: r.presenter_user_id }))) throw fail.forbidden(BOOKING_MESSAGES.seriesNotAllowed);
    let touched: EventRow[] = rows;
    if (action.kind === 'approve' || action.kind === 'cancel') {
      const from = SERIES_FROM[action.kind];
      touched = rows.filter((r) => from.includes(r.status));
      for (const r of touched) await updateEvent(trx, r.id, { status: action.kind === 'approve' ? 'scheduled' : 'cancelled' }, from);
    } else if (action.kind === 'delete') {
      for (const r of rows) await deleteEventRow(trx, r.id);
    } else if (edit) {
      const fields: Record<string, string | null> = {};
      for (const k of ['title', 'description', 'start_time', 'end_time'] as const) if (edit[k] !== undefined) fields[k] = edit[k];
      for (const r of rows) {
        const clashes = edit.start_time !== undefined && r.status !== 'cancelled' ? await findBookingConflicts(trx, [timesOf(r)], ids) : [];
        if (clashes.length > 0 && !edit.proceed) throw conflictError(clashes);
        const changed = Object.keys(fields).filter((k) => normalisedField(k, fields[k] ?? null) !== normalisedField(k, r[k as keyof EventRow] as string | null));
        await updateEvent(trx, r.id, { ...fields, status: r.status === 'cancelled' ? 'cancelled' : statusAfterEdit(actor.role, r.status, changed, clashes.length) });
      }
    }
    const name = edit?.title ?? rows[0]!.title;
    await recordAction(trx, {
      actor,
      resourceType: 'schedule_series',
      action: action.kind === 'delete' ? 'delete' : 'update',
      resourceId: seriesId,
      resourceName: name,
      details: { series_action: action.kind, count: touched.length, from: rows[0]!.event_date, to: rows[rows.length - 1]!.event_date, ...(edit ? { changes: { title: edit.title, description: edit.description, start_time: edit.start_time, end_time: edit.end_time } } : {}) },
    });
    after.push(
      await recordShowNotification(ctx, trx, {
        type: action.kind === 'delete' ? 'show_deleted' : 'show_updated',
        text: { key: 'notify.seriesChanged', values: { action: action.kind, actor: await displayName(trx, actor), count: touched.length, show: name, fromDay: rows[0]!.event_date } },
        relatedId: rows[0]!.id,
        presenterUserId: rows[0]!.presenter_user_id,
        createdBy: actor.id,
        shows: touched,
      }),
    );
    after.unshift(scheduleChanged(ctx, action.kind === 'delete' ? 'deleted' : 'updated', touched, await readScheduleVersion(trx)));
    return touched.length;
  });
  await runAfterCommit(ctx, after);
  return { series_id: seriesId, count };
}

/** A stored or sent value compared as the schedule stores it (times as HH:MM:SS). */
function normalisedField(key: string, value: string | null): string | null {
  if (value === null) return null;
  return key === 'start_time' || key === 'end_time' ? normaliseTime(value) ?? value : value;
}

function diff(before: EventRow, after: EventRow): Record<string, { from: unknown; to: unknown }> {
  const keys = ['title', 'description', 'type', 'event_date', 'start_time', 'end_time', 'status', 'presenter_name', 'presenter_bio', 'presenter_image_url', 'host', 'image_url', 'broadcast_language'] as const;
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const k of keys) if (before[k] !== after[k]) out[k] = { from: before[k], to: after[k] };
  // Translations: which languages changed (issue 35), not the texts.
  const [a, b] = [readTranslations(before.translations), readTranslations(after.translations)] as Record<string, unknown>[];
  const langs = [...new Set([...Object.keys(a!), ...Object.keys(b!)])].filter((l) => JSON.stringify(a![l]) !== JSON.stringify(b![l]));
  if (langs.length > 0) out.translations = { from: Object.keys(a!), to: Object.keys(b!) };
  return out;
}

/**
 * Creates a slot from the Schedule Overview (moderator and above): one
 * event, recurrence once, single, the requested status (scheduled by
 * default). Overlaps answer 409 unless `proceed`; the moderator's choice
 * stands, so the status is kept.
 */
export async function createOverviewEvent(ctx: AppContext, actor: ScheduleActor, input: OverviewEventInput): Promise<ScheduleEventView> {
  const times: EventTimes = { event_date: input.event_date, start_time: input.start_time, end_time: input.end_time };
  assertRealTimes([times], await stationTimezone(ctx));
  const checks = input.status !== 'cancelled';
  if (checks && !input.proceed) {
    const early = await findBookingConflicts(ctx.knex, [times]);
    if (early.length > 0) throw conflictError(early);
  }
  const after: AfterCommit[] = [];
  const row = await ctx.knex.transaction(async (trx) => {
    await lockSchedule(trx);
    if (checks && !input.proceed) {
      const conflicts = await findBookingConflicts(trx, [times]);
      if (conflicts.length > 0) throw conflictError(conflicts);
    }
    const insId = await insertEvent(trx, {
        title: input.title,
        description: input.description,
        type: input.type,
        event_date: input.event_date,
        start_time: input.start_time,
        end_time: input.end_time,
        status: input.status,
        host: input.host,
        created_by: actor.id,
        recurrence_type: 'once',
        booking_type: 'single',
      });
    const created = (await getEventRow(trx, insId))!;
    await recordAction(trx, { actor, resourceType: 'schedule_event', action: 'create', resourceId: created.id, resourceName: input.title, details: { source: 'overview', type: input.type, event_date: input.event_date, start_time: input.start_time, end_time: input.end_time, status: input.status } });
    after.push(
      await recordShowNotification(ctx, trx, {
        type: 'show_added',
        text: { key: 'notify.eventAdded', values: { actor: await displayName(trx, actor), show: input.title, showDay: input.event_date, start: input.start_time.slice(0, 5), end: input.end_time.slice(0, 5) } },
        relatedId: created.id,
        presenterUserId: null,
        createdBy: actor.id,
        shows: [created],
      }),
    );
    after.unshift(scheduleChanged(ctx, 'created', [created], await readScheduleVersion(trx)));
    return created;
  });
  await runAfterCommit(ctx, after);
  return presentEvent(row);
}

/** Edits an event from the Schedule Overview (moderator and above): date, times, title, description, type, host, status. */
export async function updateOverviewEvent(ctx: AppContext, actor: ScheduleActor, id: string, input: OverviewEventInput): Promise<ScheduleEventView> {
  await loadOr404(ctx.knex, id, 'Event');
  const times: EventTimes = { event_date: input.event_date, start_time: input.start_time, end_time: input.end_time };
  assertRealTimes([times], await stationTimezone(ctx));
  const checks = input.status !== 'cancelled';
  if (checks && !input.proceed) {
    const early = await findBookingConflicts(ctx.knex, [times], [id]);
    if (early.length > 0) throw conflictError(early);
  }
  const after: AfterCommit[] = [];
  const row = await ctx.knex.transaction(async (trx) => {
    await lockSchedule(trx);
    const before = await loadOr404(trx, id, 'Event');
    if (checks && !input.proceed) {
      const conflicts = await findBookingConflicts(trx, [times], [id]);
      if (conflicts.length > 0) throw conflictError(conflicts);
    }
    await updateEvent(trx, id, {
      event_date: input.event_date,
      start_time: input.start_time,
      end_time: input.end_time,
      title: input.title,
      description: input.description,
      type: input.type,
      host: input.host,
      status: input.status,
      // A moved single event no longer matches its series' end date rule.
      recurrence_end_date: before.recurrence_end_date && before.recurrence_end_date < input.event_date ? null : before.recurrence_end_date,
    });
    const updated = (await getEventRow(trx, id))!;
    await recordAction(trx, { actor, resourceType: 'schedule_event', action: 'update', resourceId: id, resourceName: input.title, details: { source: 'overview', changes: diff(before, updated) } });
    after.push(
      await recordShowNotification(ctx, trx, {
        type: 'show_updated',
        text: { key: 'notify.eventUpdated', values: { actor: await displayName(trx, actor), show: input.title, showDay: input.event_date } },
        relatedId: id,
        presenterUserId: updated.presenter_user_id,
        createdBy: actor.id,
        shows: [updated],
      }),
    );
    after.unshift(scheduleChanged(ctx, 'updated', [before, updated], await readScheduleVersion(trx)));
    return updated;
  });
  await runAfterCommit(ctx, after);
  return presentEvent(row);
}

/** A status transition of spec 001 §4, with the states it may start from. */
interface Transition {
  from: readonly string[];
  to: 'scheduled' | 'cancelled' | 'pending';
  refused: string;
  notification: { type: 'show_updated'; title: string };
  verb: string;
}

const TRANSITIONS = {
  approve: { from: ['pending'], to: 'scheduled', refused: 'Only pending shows can be approved.', notification: { type: 'show_updated', title: 'Show approved' }, verb: 'approved' },
  resolveApprove: { from: ['conflicted', 'needs_review'], to: 'scheduled', refused: 'Only conflicted shows or shows that need review can be resolved.', notification: { type: 'show_updated', title: 'Conflict resolved' }, verb: 'approved (conflict resolved)' },
  resolveReject: { from: ['conflicted', 'needs_review'], to: 'cancelled', refused: 'Only conflicted shows or shows that need review can be resolved.', notification: { type: 'show_updated', title: 'Booking rejected' }, verb: 'rejected (conflict resolved)' },
  cancel: { from: ['scheduled', 'pending'], to: 'cancelled', refused: 'Only scheduled or pending events can be cancelled.', notification: { type: 'show_updated', title: 'Event cancelled' }, verb: 'cancelled' },
  // Undo of Cancel (issue 30 item 7): back to the status it had, scheduled or pending.
  restoreScheduled: { from: ['cancelled'], to: 'scheduled', refused: 'Only cancelled events can be restored.', notification: { type: 'show_updated', title: 'Cancellation undone' }, verb: 'restored' },
  restorePending: { from: ['cancelled'], to: 'pending', refused: 'Only cancelled events can be restored.', notification: { type: 'show_updated', title: 'Cancellation undone' }, verb: 'restored' },
} as const satisfies Record<string, Transition>;

/** The status changes of spec 001 §4. */
export type TransitionName = keyof typeof TRANSITIONS;

/**
 * Moves an event along one of the spec's transitions (Approve, Resolve
 * approve/reject, Cancel). The caller checks the capability; the move is a
 * conditional update, so two moderators acting at once cannot both win.
 */
export async function transitionEvent(ctx: AppContext, actor: ScheduleActor, id: string, name: TransitionName): Promise<ScheduleEventView> {
  const t: Transition = TRANSITIONS[name];
  const after: AfterCommit[] = [];
  const row = await ctx.knex.transaction(async (trx) => {
    if (t.from.includes('cancelled')) await lockSchedule(trx);
    const before = await loadOr404(trx, id, 'Event');
    if (t.from.includes('cancelled') && before.status === 'cancelled') {
      // Back on the schedule only if nothing took the slot meanwhile.
      const clash = await findBookingConflicts(trx, [{ event_date: before.event_date, start_time: before.start_time, end_time: before.end_time }], [id]);
      if (clash.length > 0) throw new HttpError('conflict', `This slot has been booked since it was cancelled ("${clash[0]!.title}"), so the cancellation cannot be undone.`, { conflicts: clash });
    }
    const n = await updateEvent(trx, id, { status: t.to }, t.from);
    if (n === 0) throw fail.conflict(t.refused);
    const updated = (await getEventRow(trx, id))!;
    await recordAction(trx, { actor, resourceType: 'schedule_event', action: 'update', resourceId: id, resourceName: updated.title, details: { transition: name, from: before.status, to: t.to } });
    after.push(
      await recordShowNotification(ctx, trx, {
        type: t.notification.type,
        text: { key: 'notify.showTransition', values: { transition: name.startsWith('restore') ? 'restore' : name, show: updated.title, showDay: updated.event_date, actor: await displayName(trx, actor) } },
        relatedId: id,
        presenterUserId: updated.presenter_user_id,
        createdBy: actor.id,
        shows: [updated],
      }),
    );
    after.unshift(scheduleChanged(ctx, 'updated', [updated], await readScheduleVersion(trx)));
    return updated;
  });
  await runAfterCommit(ctx, after);
  return presentEvent(row);
}

/** Deletes an event: moderator and above, or the show's creator or presenter. */
export async function deleteEvent(ctx: AppContext, actor: ScheduleActor, id: string): Promise<void> {
  const after: AfterCommit[] = [];
  await ctx.knex.transaction(async (trx) => {
    const row = await loadOr404(trx, id);
    assertCanManage(actor, row, DENIED.deleteShow);
    await deleteEventRow(trx, id);
    await recordAction(trx, { actor, resourceType: 'schedule_event', action: 'delete', resourceId: id, resourceName: row.title, details: { event_date: row.event_date, start_time: row.start_time, end_time: row.end_time, status: row.status, series_id: row.series_id } });
    after.push(
      await recordShowNotification(ctx, trx, {
        type: 'show_deleted',
        text: { key: 'notify.showDeleted', values: { actor: await displayName(trx, actor), show: row.title, showDay: row.event_date } },
        relatedId: id,
        presenterUserId: row.presenter_user_id,
        createdBy: actor.id,
        shows: [row],
      }),
    );
    after.unshift(scheduleChanged(ctx, 'deleted', [row], await readScheduleVersion(trx)));
  });
  await runAfterCommit(ctx, after);
}

/** Sets an event's image after an upload (same rule as editing the show). */
export async function setEventImage(ctx: AppContext, actor: ScheduleActor, id: string, url: string): Promise<ScheduleEventView> {
  const after: AfterCommit[] = [];
  const row = await ctx.knex.transaction(async (trx) => {
    const before = await loadOr404(trx, id);
    assertCanManage(actor, before, DENIED.editShow);
    const status = statusAfterEdit(actor.role, before.status, before.image_url === url ? [] : ['image_url'], 0);
    await updateEvent(trx, id, { image_url: url, status });
    const updated = (await getEventRow(trx, id))!;
    await recordAction(trx, { actor, resourceType: 'schedule_event', action: 'update', resourceId: id, resourceName: updated.title, details: { changes: diff(before, updated) } });
    after.push(scheduleChanged(ctx, 'updated', [updated], await readScheduleVersion(trx)));
    return updated;
  });
  await runAfterCommit(ctx, after);
  return presentEvent(row);
}

// ---------------------------------------------------------------------------
// Outstanding bookings (the 2-hour weekly rule)
// ---------------------------------------------------------------------------

interface OutstandingPresenter {
  id: string;
  name: string;
  role: string;
  image_url: string | null;
  avatar_url: string | null;
  user_id: string | null;
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

/** One presenter's week under the 2-hour rule (001 §9). */
export interface PresenterWeekHours {
  presenterId: string;
  /** Hours booked in the week, two decimals. */
  scheduled: number;
  required: number;
  /** Hours still to book; 0 when the rule does not cover them this week. */
  remaining: number;
  /** The rule covers them: role presenter or probation, and no approved leave overlapping the week. */
  covered: boolean;
}

/**
 * Hours booked in the week of `anyDate`, per presenter: the one
 * implementation of the 2-hour weekly rule, used by the dashboard (the
 * signed-in presenter) and Outstanding Bookings (every presenter). Hours count
 * events the presenter presents or their account created (each event once),
 * cancelled excluded, with the part of a show running past midnight that falls
 * inside the week (Monday 00:00 to Sunday 24:00 in the station's zone, so a
 * Sunday-night show counts up to midnight and the previous Sunday's show its
 * Monday morning). Only role presenter and probation are covered, and only
 * approved leave overlapping the week excuses them (pending or rejected leave
 * does not). `presenterIds` limits the answer; without it every covered
 * presenter is returned.
 */
export async function weekHours(db: Db, anyDate: string, timezone: string, presenterIds?: readonly string[]): Promise<{ week: { start: string; end: string }; presenters: PresenterWeekHours[] }> {
  const week = weekBounds(anyDate);
  const range = weekQueryRange(anyDate);
  const people = await presenterRoles(db, presenterIds ? { ids: presenterIds } : { roles: ['presenter', 'probation'] });
  if (people.length === 0) return { week, presenters: [] };
  const ids = people.map((p) => p.id);
  const onLeave = await onApprovedLeave(db, ids, week.start, week.end);
  const userIds = people.map((p) => p.user_id).filter((u): u is string => u !== null);
  const rows = await countedEventTimes(db, range.from, range.to, ids, userIds);
  const presenters = people.map((p): PresenterWeekHours => {
    const mine = rows.filter((r) => r.presenter_id === p.id || (p.user_id !== null && r.created_by === p.user_id));
    const scheduled = round2(scheduledHoursInWeek(mine, week.start, timezone));
    const covered = ['presenter', 'probation'].includes(p.role) && !onLeave.has(p.id);
    return { presenterId: p.id, scheduled, required: WEEKLY_REQUIRED_HOURS, remaining: covered ? round2(outstanding({ scheduledHours: scheduled })) : 0, covered };
  });
  return { week, presenters };
}

/**
 * Presenters (role presenter or probation) not on approved leave during the
 * week whose scheduled hours are below the requirement ({@link weekHours}).
 */
export async function outstandingBookings(db: Db, anyDate: string, timezone: string): Promise<OutstandingResponse> {
  const { week, presenters: hours } = await weekHours(db, anyDate, timezone);
  const short = hours.filter((h) => h.covered && h.remaining > 0);
  if (short.length === 0) return { weekStart: week.start, weekEnd: week.end, totalOutstanding: 0, outstandingBookings: [] };
  const people: OutstandingPresenter[] = await presenterCards(db, short.map((h) => h.presenterId));
  const byId = new Map(people.map((p) => [p.id, p]));
  const entries: OutstandingEntry[] = [];
  for (const h of short) {
    const p = byId.get(h.presenterId);
    if (!p) continue;
    entries.push({ id: p.id, name: p.name, image_url: p.image_url ?? p.avatar_url, role: p.role, scheduled_hours: h.scheduled, required_hours: h.required, remaining_hours: h.remaining });
  }
  entries.sort((a, b) => b.remaining_hours - a.remaining_hours || a.name.localeCompare(b.name));
  return { weekStart: week.start, weekEnd: week.end, totalOutstanding: entries.length, outstandingBookings: entries };
}

/**
 * What approved leave does to one of the presenter's shows inside it (issue
 * 30), chosen by the approver: `cancel` takes it off the schedule (listeners
 * no longer see it); `cover` keeps the slot but removes the presenter on
 * leave, so listeners do not see them advertised, and tells the resolvers
 * cover is needed. Audited, pushed and notified like any schedule change.
 */
export async function settleShowForLeave(ctx: AppContext, actor: ScheduleActor, id: string, action: 'cancel' | 'cover', presenterName: string): Promise<void> {
  const after: AfterCommit[] = [];
  await ctx.knex.transaction(async (trx) => {
    const before = await loadOr404(trx, id);
    if (before.status === 'cancelled') return;
    const fields = action === 'cancel' ? { status: 'cancelled' } : { presenter_id: null, presenter_name: null, presenter_bio: null, presenter_image_url: null, host: before.host === presenterName ? null : before.host };
    await updateEvent(trx, id, fields);
    const updated = (await getEventRow(trx, id))!;
    await recordAction(trx, { actor, resourceType: 'schedule_event', action: 'update', resourceId: id, resourceName: updated.title, details: { leave: action, presenter: presenterName, from: before.status, to: updated.status } });
    after.push(
      await recordShowNotification(ctx, trx, {
        type: action === 'cancel' ? 'show_updated' : 'show_conflicts',
        text: { key: 'notify.showLeave', values: { action, show: before.title, showDay: before.event_date, start: hmsOf(before.start_time).slice(0, 5), end: hmsOf(before.end_time).slice(0, 5), presenter: presenterName } },
        relatedId: id,
        presenterUserId: before.presenter_user_id,
        createdBy: actor.id,
        shows: [updated],
      }),
    );
    after.unshift(scheduleChanged(ctx, 'updated', [before, updated], await readScheduleVersion(trx)));
  });
  await runAfterCommit(ctx, after);
}

const hmsOf = (t: string) => t.slice(0, 5);
