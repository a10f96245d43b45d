import { BOOKING_MESSAGES } from '../../../../shared/bookings';
import type { MessageKey, Translate } from '../../../../shared/i18n/format';
import { longDate } from '../../../../shared/schedule';
import type { I18n } from '../../i18n/state';
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
