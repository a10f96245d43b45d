import { BOOKING_MESSAGES, type BookingMode, type DateFilter } from '../../../../shared/bookings';
import type { MessageKey, Translate } from '../../../../shared/i18n/format';
import { longDate, type ScheduleEventStatus } from '../../../../shared/schedule';
import { useT, type I18n } from '../../i18n/state';
import { clockTime } from '../format';

/**
 * A show's long date in the reader's language: English keeps the house style ('Monday 30 March 2026', the spec's
 * words), every other language takes Intl's ('lunes, 30 de marzo de 2026', 'الاثنين، ٣٠ مارس ٢٠٢٦').
 */
export function showLongDate(date: string, i18n: Pick<I18n, 'locale' | 'intl'>): string {
  if (i18n.locale === 'en') return longDate(date);
  return new Intl.DateTimeFormat(i18n.intl, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

/** A wall-clock time ('HH:MM[:SS]'): 'HH:MM' in English (the spec's), the reader's clock in other languages. */
export function showClock(time: string, i18n: Pick<I18n, 'locale' | 'intl'>): string {
  return i18n.locale === 'en' ? time.slice(0, 5) : clockTime(time, i18n.intl);
}

/** The booking rules' messages (shared/bookings.ts, checked in the browser before a request) and their keys. */
const BOOKING_KEYS: Record<string, MessageKey> = {
  [BOOKING_MESSAGES.titleRequired]: 'bookings.msg.titleRequired',
  [BOOKING_MESSAGES.editTimesRequired]: 'bookings.msg.timesRequired',
  [BOOKING_MESSAGES.sameStartEnd]: 'bookings.msg.sameStartEnd',
  [BOOKING_MESSAGES.noShowsFound]: 'bookings.msg.noShowsFound',
  'Image URL must be an uploaded image or an http(s) address': 'bookings.msg.imageUrl',
};

/** A booking rule's message in the reader's language (a message the catalogue does not know stays as it is). */
export function bookingMessage(t: Translate, message: string): string;
export function bookingMessage(t: Translate, message: string | undefined): string | undefined;
export function bookingMessage(t: Translate, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const key = BOOKING_KEYS[message];
  return key ? t(key) : message;
}

const STATUS_KEYS = {
  scheduled: 'bookings.status.scheduled',
  pending: 'bookings.status.pending',
  conflicted: 'bookings.status.conflicted',
  needs_review: 'bookings.status.needsReview',
  cancelled: 'bookings.status.cancelled',
  completed: 'bookings.status.completed',
} as const satisfies Record<ScheduleEventStatus, MessageKey>;

/** A schedule status's label ('Scheduled', 'Needs review'). */
export function statusLabel(t: Translate, status: ScheduleEventStatus): string {
  return t(STATUS_KEYS[status]);
}

const STATUS_COUNT_KEYS = {
  scheduled: 'bookings.statusCount.scheduled',
  pending: 'bookings.statusCount.pending',
  conflicted: 'bookings.statusCount.conflicted',
  needs_review: 'bookings.statusCount.needsReview',
  cancelled: 'bookings.statusCount.cancelled',
  completed: 'bookings.statusCount.completed',
} as const satisfies Record<ScheduleEventStatus, MessageKey>;

/** How many shows of a series have a status ('3 scheduled'). */
export function statusCount(t: Translate, status: ScheduleEventStatus, count: number): string {
  return t(STATUS_COUNT_KEYS[status], { count });
}

const MODE_KEYS = {
  daily: 'bookings.mode.daily',
  weekly: 'bookings.mode.weekly',
  monthly: 'bookings.mode.monthly',
  calendar: 'bookings.mode.calendar',
} as const satisfies Record<BookingMode, MessageKey>;

/** A booking mode's label ('Weekly series'). */
export function modeLabel(t: Translate, mode: BookingMode): string {
  return t(MODE_KEYS[mode]);
}

const DATE_FILTER_KEYS = {
  all: 'bookings.dateFilter.all',
  today: 'bookings.dateFilter.today',
  'this-week': 'bookings.dateFilter.thisWeek',
  'next-week': 'bookings.dateFilter.nextWeek',
  'next-month': 'bookings.dateFilter.nextMonth',
  'future-only': 'bookings.dateFilter.futureOnly',
} as const satisfies Record<DateFilter, MessageKey>;

/** Show Management's date filter labels. */
export function useDateFilterLabel(): (filter: DateFilter) => string {
  const t = useT();
  return (filter) => t(DATE_FILTER_KEYS[filter]);
}
