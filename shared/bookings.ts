/**
 * The schedule API, written once for the server and the web panel: request
 * schemas (with the spec's messages), the shapes the API answers with, the
 * booking and show messages of spec 001 §8 and the Show Management filters.
 * The rules themselves (conflicts, recurrence, weeks, hours) are in
 * `./schedule`; this file only describes what crosses the wire.
 */
import { z } from 'zod';
import { BroadcastLanguageSchema, ShowTranslationsSchema, type ShowTranslations } from './content-languages';
import type { NotificationView } from './notifications';
import {
  SCHEDULE_EVENT_STATUSES,
  addDays,
  addWeeks,
  dateParts,
  daysInMonth,
  isValidDate,
  makeDate,
  normaliseTime,
  weekBounds,
  type ScheduleEventStatus,
} from './schedule';

// ---------------------------------------------------------------------------
// Vocabulary
// ---------------------------------------------------------------------------

/** The booking modes of Create Show Booking (spec 001 §2). */
export const BOOKING_MODES = ['daily', 'weekly', 'monthly', 'calendar'] as const;
/** A booking mode: daily is a single date, weekly/monthly are generated series, calendar is hand-picked dates. */
export type BookingMode = (typeof BOOKING_MODES)[number];

/** Human labels of the booking modes. */
export const BOOKING_MODE_LABELS: Record<BookingMode, string> = {
  daily: 'Daily (single show)',
  weekly: 'Weekly series',
  monthly: 'Monthly series',
  calendar: 'Calendar (pick dates)',
};

/** Schedule event types (spec 001 §3). */
export const EVENT_TYPES = ['show', 'event', 'maintenance'] as const;
/** A schedule event type. */
export type EventType = (typeof EVENT_TYPES)[number];

/** Types offered by the Schedule Overview form, with the spec's labels (001 §5). */
export const OVERVIEW_EVENT_TYPES = [
  { value: 'event', label: 'Special Event' },
  { value: 'maintenance', label: 'Maintenance' },
] as const satisfies ReadonlyArray<{ value: EventType; label: string }>;

/** Display labels of every status, for chips and dropdowns. */
export const STATUS_LABELS: Record<ScheduleEventStatus, string> = {
  scheduled: 'Scheduled',
  pending: 'Pending',
  conflicted: 'Conflicted',
  needs_review: 'Needs review',
  cancelled: 'Cancelled',
  completed: 'Completed',
};

/** Most hand-picked dates one calendar-mode booking may carry. */
export const MAX_CALENDAR_DATES = 62;

/** Longest texts the schedule accepts (the database checks the same limits). */
export const SCHEDULE_LIMITS = { title: 200, description: 5000, host: 100, presenterName: 100, presenterBio: 5000, url: 2048 } as const;

/** The spec's booking and show texts (001 §5, §6, §8), written once. */
export const BOOKING_MESSAGES = {
  seriesNothingUpcoming: 'This series has no upcoming shows to change.',
  seriesNotAllowed: "You don't have permission to change every show of this series.",
  moveSameDate: 'The show is already on that date.',
  movePast: 'A show cannot be moved into the past.',
  moveNotMovable: 'Only a show on the schedule or awaiting a decision can be moved.',
  titleRequired: 'Title is required',
  startRequired: 'Start time is required',
  endRequired: 'End time is required',
  dateRequired: 'Date is required',
  endDateRequired: 'Please select an end date for recurring bookings',
  editTimesRequired: 'Start time and end time are required',
  sameStartEnd: 'The end time must be different from the start time: a show cannot start and end at the same time.',
  /** A time skipped by the clocks going forward (issue 30 item 7). */
  noSuchTime: (time: string, date: string, zone: string) => `${time.slice(0, 5)} does not exist on ${date} in ${zone}: the clocks go forward that night. Pick a time after the change.`,
  overviewRequired: 'Please fill in all required fields.',
  noPresenterProfile: 'Contact admin to set up presenter profile',
  createdTitle: 'Booking created',
  noShowsFound: 'No shows found',
} as const;

/**
 * The success text of a booking (spec 001 §8) for the status its events got
 * and how many were created.
 */
export function bookingSuccessMessage(status: 'scheduled' | 'pending' | 'conflicted', count: number): string {
  const n = `${count} event(s)`;
  if (status === 'conflicted') return `${n} have been created with conflicted status and are pending admin review.`;
  if (status === 'pending') return `${n} have been created and are pending approval.`;
  return `${n} have been created and scheduled successfully!`;
}

// ---------------------------------------------------------------------------
// Field schemas
// ---------------------------------------------------------------------------

const NUL = '\u0000';

/** Optional free text: trimmed, bounded, no NUL; empty becomes null. */
function optionalText(max: number, label: string) {
  return z
    .string({ error: `${label} must be text` })
    .max(max, `${label} must be at most ${max} characters`)
    .refine((s) => !s.includes(NUL), `${label} contains a character that is not allowed`)
    .transform((s) => (s.trim() === '' ? null : s.trim()))
    .nullish()
    .transform((v) => v ?? null);
}

/** Required free text with the spec's "is required" message. */
function requiredText(max: number, label: string, required: string) {
  return z
    .string({ error: required })
    .max(max, `${label} must be at most ${max} characters`)
    .refine((s) => !s.includes(NUL), `${label} contains a character that is not allowed`)
    .transform((s) => s.trim())
    .refine((s) => s.length > 0, required);
}

/** A wall-clock time, normalised to HH:MM:SS ("Times are normalised to HH:MM:SS"). */
function timeField(required: string, label: string) {
  return z
    .string({ error: required })
    .refine((s) => s.trim() !== '', required)
    .transform((s, ctx) => {
      const t = normaliseTime(s);
      if (t === null) {
        ctx.issues.push({ code: 'custom', message: `${label} must be a time such as 14:00`, input: s });
        return z.NEVER;
      }
      return t;
    });
}

/** A calendar date 'yyyy-MM-dd'. */
function dateField(required: string, label: string) {
  return z
    .string({ error: required })
    .refine((s) => s.trim() !== '', required)
    .refine((s) => s.trim() === '' || isValidDate(s), `${label} must be a real date written YYYY-MM-DD`);
}

/**
 * An image address: one of our uploads ('/media/...') or an http(s) URL.
 * Anything else (javascript:, data:) is refused. Empty means none.
 */
export const ImageUrlSchema = z
  .string({ error: 'Image URL must be text' })
  .max(SCHEDULE_LIMITS.url, `Image URL must be at most ${SCHEDULE_LIMITS.url} characters`)
  .refine((s) => !s.includes(NUL), 'Image URL contains a character that is not allowed')
  .transform((s) => s.trim())
  .refine((s) => s === '' || /^\/media\/[A-Za-z0-9._/-]+$/.test(s) || isHttpUrl(s), 'Image URL must be an uploaded image or an http(s) address')
  .transform((s) => (s === '' ? null : s))
  .nullish()
  .transform((v) => v ?? null);

function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
  } catch {
    return false;
  }
}

const uuid = z.uuid({ error: 'Choose a presenter from the list' });

// ---------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------

/**
 * Create Show Booking. `event_date` is the (first) date for daily, weekly
 * and monthly; `dates` are the hand-picked dates of calendar mode; `end_date`
 * closes a weekly or monthly series. `presenter_id` null books without a
 * presenter (moderator and above only). `proceed` creates the booking despite
 * conflicts (its events become conflicted).
 */
export const CreateBookingSchema = z
  .object({
    mode: z.enum(BOOKING_MODES, { error: 'Choose a booking mode: daily, weekly, monthly or calendar' }),
    title: requiredText(SCHEDULE_LIMITS.title, 'Title', BOOKING_MESSAGES.titleRequired),
    description: optionalText(SCHEDULE_LIMITS.description, 'Description'),
    event_date: z.string().nullish(),
    dates: z.array(z.string(), { error: 'Dates must be a list' }).max(MAX_CALENDAR_DATES, `Pick at most ${MAX_CALENDAR_DATES} dates`).nullish(),
    end_date: z.string().nullish(),
    start_time: timeField(BOOKING_MESSAGES.startRequired, 'Start time'),
    end_time: timeField(BOOKING_MESSAGES.endRequired, 'End time'),
    presenter_id: uuid.nullish(),
    host: optionalText(SCHEDULE_LIMITS.host, 'Host'),
    image_url: ImageUrlSchema,
    /** The show's broadcast language (issue 35), an ISO 639 code; none when left out. */
    broadcast_language: BroadcastLanguageSchema.optional(),
    /** Title and description in the station's other content languages (issue 35). */
    translations: ShowTranslationsSchema.optional(),
    proceed: z.boolean({ error: 'Proceed must be true or false' }).default(false),
  })
  .superRefine((b, ctx) => {
    if (b.start_time === b.end_time) ctx.addIssue({ code: 'custom', path: ['end_time'], message: BOOKING_MESSAGES.sameStartEnd });
    if (b.mode === 'calendar') {
      const dates = b.dates ?? [];
      if (dates.length === 0) ctx.addIssue({ code: 'custom', path: ['dates'], message: BOOKING_MESSAGES.dateRequired });
      for (const d of dates) {
        if (!isValidDate(d)) {
          ctx.addIssue({ code: 'custom', path: ['dates'], message: 'Dates must be real dates written YYYY-MM-DD' });
          break;
        }
      }
      return;
    }
    if (!b.event_date) {
      ctx.addIssue({ code: 'custom', path: ['event_date'], message: BOOKING_MESSAGES.dateRequired });
      return;
    }
    if (!isValidDate(b.event_date)) {
      ctx.addIssue({ code: 'custom', path: ['event_date'], message: 'Date must be a real date written YYYY-MM-DD' });
      return;
    }
    if (b.mode === 'weekly' || b.mode === 'monthly') {
      if (!b.end_date) ctx.addIssue({ code: 'custom', path: ['end_date'], message: BOOKING_MESSAGES.endDateRequired });
      else if (!isValidDate(b.end_date)) ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'End date must be a real date written YYYY-MM-DD' });
      else if (b.end_date <= b.event_date) ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'The end date must be after the start date' });
    }
  });
/** A parsed booking request. */
export type CreateBookingInput = z.output<typeof CreateBookingSchema>;

/**
 * Edit show (spec 001 §7: title, description, times, presenter details,
 * image). A PATCH: a field left out keeps its stored value (issue 30: the
 * edit used to wipe every field it was not sent); a field sent empty is
 * checked as the form checks it (an empty title is 'Title is required', an
 * empty optional text clears it).
 */
export const EditShowSchema = z
  .object({
    title: requiredText(SCHEDULE_LIMITS.title, 'Title', BOOKING_MESSAGES.titleRequired).optional(),
    description: optionalText(SCHEDULE_LIMITS.description, 'Description').optional(),
    start_time: timeField(BOOKING_MESSAGES.editTimesRequired, 'Start time').optional(),
    end_time: timeField(BOOKING_MESSAGES.editTimesRequired, 'End time').optional(),
    presenter_name: optionalText(SCHEDULE_LIMITS.presenterName, 'Presenter name').optional(),
    presenter_bio: optionalText(SCHEDULE_LIMITS.presenterBio, 'Presenter bio').optional(),
    presenter_image_url: ImageUrlSchema.optional(),
    image_url: ImageUrlSchema.optional(),
    broadcast_language: BroadcastLanguageSchema.optional(),
    translations: ShowTranslationsSchema.optional(),
    proceed: z.boolean({ error: 'Proceed must be true or false' }).default(false),
  })
  .superRefine((b, ctx) => {
    if (b.start_time !== undefined && b.start_time === b.end_time) ctx.addIssue({ code: 'custom', path: ['end_time'], message: BOOKING_MESSAGES.sameStartEnd });
  });
/** A parsed edit-show request. */
export type EditShowInput = z.output<typeof EditShowSchema>;

/** Move a show to another date (issue 30): its times stay; `proceed` books it despite overlaps (it then needs review). */
export const MoveShowSchema = z.object({
  event_date: dateField('Please choose the new date.', 'The new date'),
  proceed: z.boolean({ error: 'Proceed must be true or false' }).default(false),
});
export type MoveShowInput = z.output<typeof MoveShowSchema>;

/** Edit a whole series (issue 30): the fields every upcoming occurrence takes; times checked for overlaps like a booking. */
export const SeriesEditSchema = z
  .object({
    title: requiredText(SCHEDULE_LIMITS.title, 'Title', BOOKING_MESSAGES.titleRequired).optional(),
    description: optionalText(SCHEDULE_LIMITS.description, 'Description').optional(),
    start_time: timeField(BOOKING_MESSAGES.editTimesRequired, 'Start time').optional(),
    end_time: timeField(BOOKING_MESSAGES.editTimesRequired, 'End time').optional(),
    proceed: z.boolean({ error: 'Proceed must be true or false' }).default(false),
  })
  .superRefine((b, ctx) => {
    if ((b.start_time === undefined) !== (b.end_time === undefined)) ctx.addIssue({ code: 'custom', path: ['end_time'], message: BOOKING_MESSAGES.editTimesRequired });
    if (b.start_time !== undefined && b.start_time === b.end_time) ctx.addIssue({ code: 'custom', path: ['end_time'], message: BOOKING_MESSAGES.sameStartEnd });
  });
export type SeriesEditInput = z.output<typeof SeriesEditSchema>;

/** What a whole-series action did: how many upcoming occurrences it touched. */
export interface SeriesActionResult {
  series_id: string;
  count: number;
}

/** Statuses the overview form may set directly. */
export const OVERVIEW_STATUSES = ['scheduled', 'pending', 'cancelled', 'completed'] as const;

/**
 * The Schedule Overview's event form (001 §5): title, start and end are
 * required ('Please fill in all required fields.'); new slots default to
 * 12:00-14:00, type event, status scheduled.
 */
export const OverviewEventSchema = z.object({
  event_date: dateField(BOOKING_MESSAGES.overviewRequired, 'Date'),
  title: requiredText(SCHEDULE_LIMITS.title, 'Title', BOOKING_MESSAGES.overviewRequired),
  description: optionalText(SCHEDULE_LIMITS.description, 'Description'),
  start_time: timeField(BOOKING_MESSAGES.overviewRequired, 'Start time'),
  end_time: timeField(BOOKING_MESSAGES.overviewRequired, 'End time'),
  type: z.enum(EVENT_TYPES, { error: 'Type must be show, event or maintenance' }).default('event'),
  host: optionalText(SCHEDULE_LIMITS.host, 'Host'),
  status: z.enum(OVERVIEW_STATUSES, { error: 'Status must be scheduled, pending, cancelled or completed' }).default('scheduled'),
  proceed: z.boolean({ error: 'Proceed must be true or false' }).default(false),
}).superRefine((b, ctx) => {
  if (b.start_time === b.end_time) ctx.addIssue({ code: 'custom', path: ['end_time'], message: BOOKING_MESSAGES.sameStartEnd });
});
/** A parsed overview event. */
export type OverviewEventInput = z.output<typeof OverviewEventSchema>;

/** Conflict resolution: Approve makes the show scheduled, Reject cancels it. */
export const ResolveSchema = z.object({
  decision: z.enum(['approve', 'reject'], { error: 'Decision must be approve or reject' }),
});
/** Undoing a Cancel: the status the event had before (issue 30 item 7). */
export const RestoreSchema = z.object({
  status: z.enum(['scheduled', 'pending'], { error: 'Status must be scheduled or pending' }).default('scheduled'),
});

/** A parsed resolution. */
export type ResolveInput = z.output<typeof ResolveSchema>;

/** Show Management date filter options (001 §2); future-only is the default. */
export const DATE_FILTERS = ['all', 'today', 'this-week', 'next-week', 'next-month', 'future-only'] as const;
/** A Show Management date filter. */
export type DateFilter = (typeof DATE_FILTERS)[number];
/** The default date filter. */
export const DEFAULT_DATE_FILTER: DateFilter = 'future-only';
/** Labels of the date filter options. */
export const DATE_FILTER_LABELS: Record<DateFilter, string> = {
  all: 'All dates',
  today: 'Today',
  'this-week': 'This week',
  'next-week': 'Next week',
  'next-month': 'Next month',
  'future-only': 'Future only',
};

/**
 * The event_date range a date filter selects, relative to the station's
 * `today`: this-week and next-week are Monday-Sunday weeks, next-month is the
 * next calendar month, future-only is today onwards, all has no bounds.
 */
export function dateFilterRange(filter: DateFilter, today: string): { from?: string; to?: string } {
  switch (filter) {
    case 'today':
      return { from: today, to: today };
    case 'this-week':
      return { from: weekBounds(today).start, to: weekBounds(today).end };
    case 'next-week': {
      const w = weekBounds(addWeeks(today, 1));
      return { from: w.start, to: w.end };
    }
    case 'next-month': {
      const { year, month } = dateParts(today);
      const y = month === 12 ? year + 1 : year;
      const m = month === 12 ? 1 : month + 1;
      return { from: makeDate(y, m, 1), to: makeDate(y, m, daysInMonth(y, m)) };
    }
    case 'future-only':
      return { from: today };
    default:
      return {};
  }
}

/**
 * How many Show Management filters the user has set: a status other than all, a date filter other than
 * the default future-only (the screen opens with no active filter; Clear filters returns to the defaults).
 */
export function activeFilterCount(filters: { status: string; date: DateFilter }): number {
  return (filters.status !== 'all' ? 1 : 0) + (filters.date !== DEFAULT_DATE_FILTER ? 1 : 0);
}

/** The staff list query: a date range, types and statuses (all optional). */
export const EventListQuerySchema = z.object({
  from: z.string().refine(isValidDate, 'The from date must be written YYYY-MM-DD').optional(),
  to: z.string().refine(isValidDate, 'The to date must be written YYYY-MM-DD').optional(),
  type: z.enum(EVENT_TYPES, { error: 'Type must be show, event or maintenance' }).optional(),
  status: z.enum(SCHEDULE_EVENT_STATUSES, { error: 'Status must be a schedule status' }).optional(),
  series_id: z.uuid({ error: 'The series id is not valid' }).optional(),
  /** Show Management's search: words of the title, the presenter's name or the host. */
  q: z.string().trim().max(100, 'The search must be at most 100 characters').optional(),
  /** One presenter's shows (Show Management's "My shows"). */
  presenter_id: z.uuid({ error: 'The presenter id is not valid' }).optional(),
  order: z.enum(['asc', 'desc'], { error: 'Order must be asc or desc' }).default('asc'),
  limit: z.coerce.number({ error: 'Limit must be a number' }).int('Limit must be a whole number').min(1, 'Limit must be at least 1').max(5000, 'Limit must be at most 5000').default(2000),
});

/** `?week=yyyy-MM-dd` of the outstanding bookings and the week views; any date of the week. */
export const WeekQuerySchema = z.object({
  week: z.string().refine(isValidDate, 'The week must be a date written YYYY-MM-DD').optional(),
  start: z.string().refine(isValidDate, 'The start must be a date written YYYY-MM-DD').optional(),
  /** The first day of the listener's week (ISO: 1 = Monday … 7 = Sunday; the reader's locale); Monday when absent. */
  first_day: z.enum(['1', '2', '3', '4', '5', '6', '7'], { error: 'The first day must be 1 (Monday) to 7 (Sunday)' }).optional(),
});

// ---------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------

/** A schedule event as the staff panel sees it (the one presenter of schedule rows). */
export interface ScheduleEventView {
  id: string;
  title: string;
  description: string | null;
  type: EventType;
  event_date: string;
  start_time: string;
  end_time: string;
  status: ScheduleEventStatus;
  presenter_id: string | null;
  presenter_name: string | null;
  presenter_bio: string | null;
  presenter_image_url: string | null;
  /** The account linked to the presenter, for the "creator or presenter" rule. */
  presenter_user_id: string | null;
  host: string | null;
  image_url: string | null;
  created_by: string | null;
  recurrence_type: 'once' | 'daily' | 'weekly' | 'monthly';
  recurrence_end_date: string | null;
  series_id: string | null;
  booking_type: 'single' | 'series';
  /** ISO 639 code of the language the show is broadcast in (issue 35), or null. */
  broadcast_language: string | null;
  /** Title and description per content language (issue 35); the fields above hold the station's default language. */
  translations: ShowTranslations;
  created_at: string;
  updated_at: string;
}

/** A schedule event as listeners see it: no staff-only fields. */
export interface ListenerEventView {
  id: string;
  title: string;
  description: string | null;
  type: EventType;
  event_date: string;
  start_time: string;
  end_time: string;
  status: ScheduleEventStatus;
  presenter_id: string | null;
  presenter_name: string | null;
  host: string | null;
  image_url: string | null;
  /** ISO 639 code of the language the show is broadcast in (issue 35), or null. Title and description are in the reader's language when translated. */
  broadcast_language: string | null;
}

/** An existing event a booking would overlap, listed in the conflict dialog. */
export interface ConflictView {
  id: string;
  title: string;
  event_date: string;
  start_time: string;
  end_time: string;
  status: ScheduleEventStatus;
  presenter_name: string | null;
  /** The date of the new booking's occurrence that hits this event. */
  booking_date: string;
}

/** The 409 answer's details when a booking or edit overlaps other events. */
export interface ConflictDetails {
  conflicts: ConflictView[];
}

/** The answer to a created booking. */
export interface BookingResult {
  title: typeof BOOKING_MESSAGES.createdTitle;
  message: string;
  status: 'scheduled' | 'pending' | 'conflicted';
  count: number;
  series_id: string | null;
  events: ScheduleEventView[];
}

/** A presenter the booking form may offer. */
export interface PresenterOption {
  id: string;
  name: string;
  bio: string | null;
  image_url: string | null;
  role: string;
}

/** Who is booking, and which presenters they may choose (001 §6). */
export interface BookingActor {
  user: { id: string; role: string; email: string };
  /** Moderator and above: any presenter or none. */
  canPickAny: boolean;
  /** The user's own presenter record, if any. */
  ownPresenter: PresenterOption | null;
  /** What the presenter select offers: everyone for moderators, else the own record. */
  options: PresenterOption[];
  /** 'Contact admin to set up presenter profile' when the user must book as themselves but has no record. */
  lockedMessage: string | null;
  capabilities: { approve: boolean; resolve: boolean; overview: boolean; manageAny: boolean };
}

/** One presenter who has not met the weekly requirement (spec 001 §3). */
export interface OutstandingEntry {
  id: string;
  name: string;
  image_url: string | null;
  role: string;
  scheduled_hours: number;
  required_hours: number;
  remaining_hours: number;
}

/** The Outstanding Bookings card's data for one week. */
export interface OutstandingResponse {
  weekStart: string;
  weekEnd: string;
  totalOutstanding: number;
  outstandingBookings: OutstandingEntry[];
}

/** The listener week view: Monday to Sunday, plus Sunday-before shows that run past midnight into Monday. */
export interface WeekResponse {
  weekStart: string;
  weekEnd: string;
  timezone: string;
  events: ListenerEventView[];
  carryover: ListenerEventView[];
}

/** The public schedule's shapes are zod schemas in shared/public-api.ts (PublicShow, ScheduleApiResponse). */

/** The realtime frame on the public `schedule` channel after any change. */
export interface ScheduleChangedEvent {
  action: 'created' | 'updated' | 'deleted';
  ids: string[];
  dates: string[];
  version: number;
}

/** Adds a whole number of days; re-exported for the web's date pickers. */
export const shiftDate = addDays;

// ---------------------------------------------------------------------------
// Realtime events of the schedule domain (public `schedule`, staff `bookings`)
// ---------------------------------------------------------------------------

/** The `leave.updated` event on the `schedule` channel: a presenter's leave changed, so their week's figures may have. */
export interface LeaveUpdatedEvent {
  presenter_id: string;
}

/** Events of the public `schedule` channel: open pages refetch. */
export interface ScheduleChannelEvents {
  'schedule.created': ScheduleChangedEvent;
  'schedule.updated': ScheduleChangedEvent;
  'schedule.deleted': ScheduleChangedEvent;
  'leave.updated': LeaveUpdatedEvent;
}

/** A show as a `bookings` event carries it (what the Discord "New show booked" message says). */
export const BookedShowSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.string(),
  status: z.string(),
  event_date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  presenter_name: z.string().nullable(),
});
export type BookedShow = z.infer<typeof BookedShowSchema>;

/**
 * A `bookings` event: the staff notification it raised (without the reader's
 * own state) and the shows it is about, oldest first (all dates of a series on
 * `booking.created`; the changed or deleted show otherwise).
 */
export const BookingEventSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    message: z.string(),
    type: z.string(),
    priority: z.string(),
    related_id: z.string().nullable(),
    related_type: z.string().nullable(),
    created_at: z.string(),
    text_key: z.string().optional(),
    text_values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    shows: z.array(BookedShowSchema),
  })
  .loose();
/**
 * `title` and `message` are the English; `text_key` and `text_values` the same text as catalogue keys
 * (`${text_key}.title`, `${text_key}.message`) for a client to format in its reader's language (issue 35; values
 * named `…Day` are calendar dates to write as long dates).
 */
export type BookingEvent = Omit<NotificationView, 'user_is_read' | 'read_at' | 'dismissed_at'> & { text_key?: string; text_values?: Record<string, string | number>; shows: BookedShow[] };

/** Events of the staff `bookings` channel (moderator and above, and the show's presenter). */
export interface BookingsChannelEvents {
  'booking.created': BookingEvent;
  'booking.updated': BookingEvent;
  'booking.deleted': BookingEvent;
  'booking.conflicted': BookingEvent;
}

const ScheduleChangedEventSchema = z.object({ action: z.enum(['created', 'updated', 'deleted']), ids: z.array(z.string()), dates: z.array(z.string()), version: z.number() });
const BookingEventTyped = BookingEventSchema as unknown as z.ZodType<BookingEvent>;

/** The schemas of the schedule domain's events. */
export const SCHEDULE_EVENT_SCHEMAS = {
  schedule: {
    'schedule.created': ScheduleChangedEventSchema,
    'schedule.updated': ScheduleChangedEventSchema,
    'schedule.deleted': ScheduleChangedEventSchema,
    'leave.updated': z.object({ presenter_id: z.string() }),
  },
  bookings: {
    'booking.created': BookingEventTyped,
    'booking.updated': BookingEventTyped,
    'booking.deleted': BookingEventTyped,
    'booking.conflicted': BookingEventTyped,
  },
} as const;
