import type { ConflictView, EventType, ListenerEventView, ScheduleEventView } from '../../../shared/bookings';
import { normaliseTime, type ScheduleEventStatus } from '../../../shared/schedule';
import { readTranslations, translated, type ShowTranslations } from '../../../shared/content-languages';

/** A schedule_events row as the service selects it (joined with its presenter's account id). */
export interface EventRow {
  id: string;
  title: string;
  description: string | null;
  type: string;
  event_date: string;
  start_time: string;
  end_time: string;
  status: string;
  presenter_id: string | null;
  presenter_name: string | null;
  presenter_bio: string | null;
  presenter_image_url: string | null;
  presenter_user_id: string | null;
  host: string | null;
  image_url: string | null;
  created_by: string | null;
  recurrence_type: string;
  recurrence_end_date: string | null;
  series_id: string | null;
  booking_type: string;
  /** ISO 639 code (issue 35), or null. */
  broadcast_language?: string | null;
  /** The stored translations (jsonb; issue 35). */
  translations?: unknown;
  created_at: Date | string;
  updated_at: Date | string;
}

const iso = (v: Date | string): string => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());
/** PostgreSQL `time` comes back as HH:MM:SS already; normalise anyway so a driver change cannot leak another form. */
const hms = (t: string): string => normaliseTime(t) ?? t;

/** The staff view of an event: every column the panel needs, never the raw row. */
export function presentEvent(row: EventRow): ScheduleEventView {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type as EventType,
    event_date: row.event_date,
    start_time: hms(row.start_time),
    end_time: hms(row.end_time),
    status: row.status as ScheduleEventStatus,
    presenter_id: row.presenter_id,
    presenter_name: row.presenter_name,
    presenter_bio: row.presenter_bio,
    presenter_image_url: row.presenter_image_url,
    presenter_user_id: row.presenter_user_id,
    host: row.host,
    image_url: row.image_url,
    created_by: row.created_by,
    recurrence_type: row.recurrence_type as ScheduleEventView['recurrence_type'],
    recurrence_end_date: row.recurrence_end_date,
    series_id: row.series_id,
    booking_type: row.booking_type as ScheduleEventView['booking_type'],
    broadcast_language: row.broadcast_language ?? null,
    translations: readTranslations(row.translations) as ShowTranslations,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/**
 * The listener view of an event: what the public pages show, nothing about who booked it; title and description in
 * the reader's language (`locale`) when the show has that translation (issue 35), else as written.
 */
export function presentListenerEvent(row: EventRow, locale?: string): ListenerEventView {
  const tr = locale ? (readTranslations(row.translations) as ShowTranslations) : undefined;
  return {
    id: row.id,
    title: locale ? translated(tr, locale, 'title', row.title) : row.title,
    description: locale ? translated(tr, locale, 'description', row.description) : row.description,
    type: row.type as EventType,
    event_date: row.event_date,
    start_time: hms(row.start_time),
    end_time: hms(row.end_time),
    status: row.status as ScheduleEventStatus,
    presenter_id: row.presenter_id,
    presenter_name: row.presenter_name,
    host: row.host,
    image_url: row.image_url,
    broadcast_language: row.broadcast_language ?? null,
  };
}

/** An overlapped event as the conflict dialog lists it, with the booking date that hits it. */
export function presentConflict(row: EventRow, bookingDate: string): ConflictView {
  return {
    id: row.id,
    title: row.title,
    event_date: row.event_date,
    start_time: hms(row.start_time),
    end_time: hms(row.end_time),
    status: row.status as ScheduleEventStatus,
    presenter_name: row.presenter_name,
    booking_date: bookingDate,
  };
}
