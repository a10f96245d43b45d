import { describe, expect, it } from 'vitest';
import {
  weekRangeLabel,
  DEFAULT_SLOT,
  DEFAULT_TIME_ZONE,
  MAX_OCCURRENCES,
  RecurrenceError,
  WEEKLY_REQUIRED_HOURS,
  addDays,
  addWeeks,
  compareEventsByDateTime,
  conflictWindow,
  crossesMidnight,
  dayLabel,
  durationMinutes,
  durationSeconds,
  eventEndDate,
  eventInterval,
  eventsConflict,
  findConflicts,
  generateOccurrences,
  isLiveNow,
  longDate,
  normaliseTime,
  outstanding,
  scheduledHoursInWeek,
  weekBounds,
  weekDays,
  weekInstants,
  weekQueryRange,
  type OccurrenceOptions,
  type RecurrenceType,
  type ScheduleEventLike,
} from './schedule';

const utc = (y: number, mo: number, d: number, h = 0, mi = 0): number => Date.UTC(y, mo - 1, d, h, mi);
const HOUR = 3_600_000;
const LONDON = 'Europe/London';

function ev(event_date: string, start_time: string, end_time: string, extra: Partial<ScheduleEventLike> = {}): ScheduleEventLike {
  return { event_date, start_time, end_time, ...extra };
}

function expectRecurrenceError(options: OccurrenceOptions, code: RecurrenceError['code']): void {
  try {
    generateOccurrences(options);
  } catch (err) {
    expect(err).toBeInstanceOf(RecurrenceError);
    expect((err as RecurrenceError).code).toBe(code);
    return;
  }
  throw new Error(`expected RecurrenceError ${code}`);
}

describe('constants', () => {
  it('match the spec', () => {
    expect(WEEKLY_REQUIRED_HOURS).toBe(2);
    expect(DEFAULT_SLOT).toEqual({ start: '12:00:00', end: '14:00:00' });
    expect(DEFAULT_TIME_ZONE).toBe('Europe/London');
    expect(MAX_OCCURRENCES).toBe(366);
    expect(normaliseTime(DEFAULT_SLOT.start)).toBe(DEFAULT_SLOT.start);
    expect(durationMinutes(DEFAULT_SLOT.start, DEFAULT_SLOT.end)).toBe(120);
  });
});

describe('crossesMidnight / durationMinutes', () => {
  it('treats an end at or before the start as crossing midnight', () => {
    expect(crossesMidnight('23:00', '01:00')).toBe(true);
    expect(crossesMidnight('22:00:00', '00:00:00')).toBe(true);
    expect(crossesMidnight('12:00', '12:00:00')).toBe(true);
    expect(crossesMidnight('12:00', '14:00')).toBe(false);
    expect(crossesMidnight('00:00', '23:59:59')).toBe(false);
  });

  it('measures wall-clock length, equal times being 24 hours', () => {
    expect(durationMinutes('12:00', '14:00')).toBe(120);
    expect(durationMinutes('23:00', '01:00')).toBe(120);
    expect(durationMinutes('22:00', '00:00')).toBe(120);
    expect(durationMinutes('12:00', '12:00')).toBe(1440);
    expect(durationMinutes('00:00', '00:00')).toBe(1440);
    expect(durationMinutes('12:00:30', '12:01:00')).toBe(0.5);
    expect(durationSeconds('23:59:59', '00:00:00')).toBe(1);
  });

  it('throws on invalid times', () => {
    expect(() => crossesMidnight('25:00', '01:00')).toThrow(RangeError);
    expect(() => durationMinutes('12:00', 'noon')).toThrow(RangeError);
  });

  it('ends a crossing show on the next date', () => {
    expect(eventEndDate(ev('2026-03-10', '12:00', '14:00'))).toBe('2026-03-10');
    expect(eventEndDate(ev('2026-03-10', '23:00', '01:00'))).toBe('2026-03-11');
    expect(eventEndDate(ev('2026-12-31', '23:00', '01:00'))).toBe('2027-01-01');
    expect(eventEndDate(ev('2028-02-28', '23:00', '00:00'))).toBe('2028-02-29');
  });
});

describe('eventInterval', () => {
  it('gives real instants in winter and summer', () => {
    expect(eventInterval(ev('2026-01-15', '12:00', '14:00'), LONDON)).toEqual({ startMs: utc(2026, 1, 15, 12), endMs: utc(2026, 1, 15, 14) });
    expect(eventInterval(ev('2026-06-10', '12:00', '14:00'), LONDON)).toEqual({ startMs: utc(2026, 6, 10, 11), endMs: utc(2026, 6, 10, 13) });
  });

  it('ends a midnight-crossing show on the next date', () => {
    expect(eventInterval(ev('2026-06-10', '23:00', '01:00'), LONDON)).toEqual({ startMs: utc(2026, 6, 10, 22), endMs: utc(2026, 6, 11, 0) });
    expect(eventInterval(ev('2026-12-31', '23:00', '01:00'), LONDON)).toEqual({ startMs: utc(2026, 12, 31, 23), endMs: utc(2027, 1, 1, 1) });
    const day = eventInterval(ev('2026-06-10', '12:00', '12:00'), LONDON);
    expect(day.endMs - day.startMs).toBe(24 * HOUR);
  });

  it('uses the default zone (Europe/London)', () => {
    expect(eventInterval(ev('2026-06-10', '12:00', '14:00'))).toEqual(eventInterval(ev('2026-06-10', '12:00', '14:00'), LONDON));
  });

  it('is 2 real hours for 00:00-03:00 on the spring-forward day (2026-03-29)', () => {
    const i = eventInterval(ev('2026-03-29', '00:00', '03:00'), LONDON);
    expect(i).toEqual({ startMs: utc(2026, 3, 29, 0), endMs: utc(2026, 3, 29, 2) });
  });

  it('is 4 real hours for 00:00-03:00 on the fall-back day (2026-10-25)', () => {
    const i = eventInterval(ev('2026-10-25', '00:00', '03:00'), LONDON);
    expect(i).toEqual({ startMs: utc(2026, 10, 24, 23), endMs: utc(2026, 10, 25, 3) });
  });

  it('shifts a skipped start forward by the gap', () => {
    // 01:30-03:00 on 2026-03-29: 01:30 does not exist, so it starts at 02:30 BST.
    const i = eventInterval(ev('2026-03-29', '01:30', '03:00'), LONDON);
    expect(i).toEqual({ startMs: utc(2026, 3, 29, 1, 30), endMs: utc(2026, 3, 29, 2) });
  });

  it('is empty when the whole slot lies in the spring-forward gap', () => {
    const i = eventInterval(ev('2026-03-29', '01:15', '02:00'), LONDON);
    expect(i.endMs).toBe(i.startMs);
  });

  it('takes the first occurrence of a repeated time on the fall-back day', () => {
    // 01:00-02:00 on 2026-10-25: from 01:00 BST to 02:00 GMT, two real hours.
    const i = eventInterval(ev('2026-10-25', '01:00', '02:00'), LONDON);
    expect(i).toEqual({ startMs: utc(2026, 10, 25, 0), endMs: utc(2026, 10, 25, 2) });
  });

  it('handles a crossing show ending in the spring-forward gap', () => {
    const i = eventInterval(ev('2026-03-28', '23:00', '01:30'), LONDON);
    expect(i).toEqual({ startMs: utc(2026, 3, 28, 23), endMs: utc(2026, 3, 29, 1, 30) });
  });
});

describe('eventsConflict', () => {
  it('detects same-date overlaps (each starts before the other ends)', () => {
    expect(eventsConflict(ev('2026-03-10', '12:00', '14:00'), ev('2026-03-10', '13:00', '15:00'))).toBe(true);
    expect(eventsConflict(ev('2026-03-10', '12:00', '16:00'), ev('2026-03-10', '13:00', '14:00'))).toBe(true);
    expect(eventsConflict(ev('2026-03-10', '12:00', '14:00'), ev('2026-03-10', '12:00', '14:00'))).toBe(true);
    expect(eventsConflict(ev('2026-03-10', '12:00', '14:00'), ev('2026-03-10', '11:00', '12:00:01'))).toBe(true);
  });

  it('does not treat touching shows as overlapping', () => {
    expect(eventsConflict(ev('2026-03-10', '12:00', '14:00'), ev('2026-03-10', '14:00', '16:00'))).toBe(false);
    expect(eventsConflict(ev('2026-03-10', '14:00', '16:00'), ev('2026-03-10', '12:00', '14:00'))).toBe(false);
  });

  it('accepts times in any accepted form', () => {
    expect(eventsConflict(ev('2026-03-10', '9:00', '10:00'), ev('2026-03-10', '09:30:00', '11:00:00'))).toBe(true);
  });

  it('does not conflict across dates when nothing crosses midnight', () => {
    expect(eventsConflict(ev('2026-03-10', '12:00', '14:00'), ev('2026-03-11', '12:00', '14:00'))).toBe(false);
  });

  it('ignores cancelled events on either side', () => {
    const a = ev('2026-03-10', '12:00', '14:00');
    const b = ev('2026-03-10', '13:00', '15:00', { status: 'cancelled' });
    expect(eventsConflict(a, b)).toBe(false);
    expect(eventsConflict(b, a)).toBe(false);
    for (const status of ['scheduled', 'pending', 'conflicted', 'needs_review', 'completed', null]) {
      expect(eventsConflict(a, { ...b, status })).toBe(true);
    }
  });

  it('excludes the event itself (same id), comparing ids as strings', () => {
    const stored = ev('2026-03-10', '12:00', '14:00', { id: 7 });
    expect(eventsConflict(ev('2026-03-10', '13:00', '15:00', { id: 7 }), stored)).toBe(false);
    expect(eventsConflict(ev('2026-03-10', '13:00', '15:00', { id: '7' }), stored)).toBe(false);
    expect(eventsConflict(ev('2026-03-10', '13:00', '15:00', { id: 8 }), stored)).toBe(true);
    expect(eventsConflict(ev('2026-03-10', '13:00', '15:00'), stored)).toBe(true);
    expect(eventsConflict(ev('2026-03-10', '13:00', '15:00', { id: null }), ev('2026-03-10', '12:00', '14:00', { id: null }))).toBe(true);
  });

  it('makes a show crossing midnight conflict with the next morning', () => {
    const late = ev('2026-03-10', '23:00', '01:00');
    expect(eventsConflict(late, ev('2026-03-11', '00:30', '02:00'))).toBe(true);
    expect(eventsConflict(ev('2026-03-11', '00:00', '00:15'), late)).toBe(true);
    expect(eventsConflict(late, ev('2026-03-11', '01:00', '02:00'))).toBe(false);
    expect(eventsConflict(late, ev('2026-03-10', '22:00', '23:00'))).toBe(false);
    expect(eventsConflict(late, ev('2026-03-10', '22:30', '23:30'))).toBe(true);
    // Two shows both crossing midnight on consecutive nights do not meet.
    expect(eventsConflict(late, ev('2026-03-11', '23:00', '01:00'))).toBe(false);
    // Across a month and a year end.
    expect(eventsConflict(ev('2026-02-28', '23:00', '01:00'), ev('2026-03-01', '00:00', '01:00'))).toBe(true);
    expect(eventsConflict(ev('2026-12-31', '23:00', '01:00'), ev('2027-01-01', '00:00', '01:00'))).toBe(true);
  });

  it('treats equal start and end as a 24-hour show', () => {
    const allDay = ev('2026-03-10', '12:00', '12:00');
    expect(eventsConflict(allDay, ev('2026-03-11', '11:00', '11:30'))).toBe(true);
    expect(eventsConflict(allDay, ev('2026-03-11', '12:00', '13:00'))).toBe(false);
    expect(eventsConflict(allDay, ev('2026-03-10', '11:00', '12:00'))).toBe(false);
  });

  it('uses wall-clock time on DST days', () => {
    // 2026-03-29: 01:00-02:00 never shows on the clock, yet bookings there still collide on paper.
    expect(eventsConflict(ev('2026-03-29', '01:00', '02:00'), ev('2026-03-29', '01:30', '03:00'))).toBe(true);
    expect(eventsConflict(ev('2026-03-29', '00:00', '01:00'), ev('2026-03-29', '01:00', '03:00'))).toBe(false);
    expect(eventsConflict(ev('2026-03-29', '00:00', '02:00'), ev('2026-03-29', '02:00', '03:00'))).toBe(false);
    // 2026-10-25: 01:00-02:00 happens twice, but back-to-back wall-clock shows stay back-to-back.
    expect(eventsConflict(ev('2026-10-25', '01:00', '02:00'), ev('2026-10-25', '02:00', '03:00'))).toBe(false);
    expect(eventsConflict(ev('2026-10-25', '00:00', '02:00'), ev('2026-10-25', '01:30', '03:00'))).toBe(true);
    expect(eventsConflict(ev('2026-10-24', '23:00', '01:00'), ev('2026-10-25', '01:00', '02:00'))).toBe(false);
  });

  it('is symmetric', () => {
    const a = ev('2026-03-10', '23:00', '01:00', { id: 1 });
    const b = ev('2026-03-11', '00:30', '02:00', { id: 2 });
    expect(eventsConflict(a, b)).toBe(eventsConflict(b, a));
  });
});

describe('findConflicts / conflictWindow', () => {
  type Row = ScheduleEventLike & { title: string };
  const rows: Row[] = [
    { id: 1, title: 'Late night', event_date: '2026-03-09', start_time: '23:00:00', end_time: '01:30:00', status: 'scheduled' },
    { id: 2, title: 'Breakfast', event_date: '2026-03-10', start_time: '07:00:00', end_time: '09:00:00', status: 'scheduled' },
    { id: 3, title: 'Cancelled', event_date: '2026-03-10', start_time: '00:00:00', end_time: '10:00:00', status: 'cancelled' },
    { id: 4, title: 'Lunch', event_date: '2026-03-10', start_time: '12:00:00', end_time: '14:00:00', status: 'pending' },
    { id: 5, title: 'Next day', event_date: '2026-03-11', start_time: '00:00:00', end_time: '02:00:00', status: 'conflicted' },
  ];

  it('returns the conflicting rows in order, with their data', () => {
    const found = findConflicts(ev('2026-03-10', '01:00', '08:00'), rows);
    expect(found.map((r) => r.title)).toEqual(['Late night', 'Breakfast']);
  });

  it('excludes the edited event itself', () => {
    expect(findConflicts({ ...ev('2026-03-10', '12:30', '13:00'), id: 4 }, rows)).toEqual([]);
    expect(findConflicts({ ...ev('2026-03-10', '12:30', '13:00'), id: 99 }, rows).map((r) => r.id)).toEqual([4]);
  });

  it('finds next-morning conflicts of a crossing candidate', () => {
    expect(findConflicts(ev('2026-03-10', '22:00', '00:30'), rows).map((r) => r.id)).toEqual([5]);
    expect(findConflicts(ev('2026-03-10', '22:00', '00:00'), rows)).toEqual([]);
  });

  it('returns nothing for an empty list', () => {
    expect(findConflicts(ev('2026-03-10', '12:00', '14:00'), [])).toEqual([]);
  });

  it('names the dates to fetch', () => {
    expect(conflictWindow(ev('2026-03-01', '12:00', '14:00'))).toEqual({ from: '2026-02-28', to: '2026-03-01' });
    expect(conflictWindow(ev('2026-03-01', '23:00', '01:00'))).toEqual({ from: '2026-02-28', to: '2026-03-02' });
    expect(conflictWindow(ev('2028-03-01', '12:00', '14:00'))).toEqual({ from: '2028-02-29', to: '2028-03-01' });
  });
});

describe('generateOccurrences', () => {
  it('gives a single date for once and daily (daily is a single booking)', () => {
    expect(generateOccurrences({ startDate: '2026-03-10', mode: 'once' })).toEqual(['2026-03-10']);
    expect(generateOccurrences({ startDate: '2026-03-10', mode: 'daily', endDate: '2026-04-10' })).toEqual(['2026-03-10']);
    expect(generateOccurrences({ startDate: '2026-03-10', mode: 'daily', endDate: null })).toEqual(['2026-03-10']);
  });

  it('repeats weekly up to and including the end date', () => {
    expect(generateOccurrences({ startDate: '2026-03-02', mode: 'weekly', endDate: '2026-03-30' })).toEqual([
      '2026-03-02',
      '2026-03-09',
      '2026-03-16',
      '2026-03-23',
      '2026-03-30',
    ]);
    expect(generateOccurrences({ startDate: '2026-03-02', mode: 'weekly', endDate: '2026-03-29' })).toHaveLength(4);
    expect(generateOccurrences({ startDate: '2026-03-02', mode: 'weekly', endDate: '2026-03-08' })).toEqual(['2026-03-02']);
    expect(generateOccurrences({ startDate: '2026-03-02', mode: 'weekly', endDate: '2026-03-02' })).toEqual(['2026-03-02']);
  });

  it('keeps weekly dates on the same weekday across DST changes, year ends and leap days', () => {
    expect(generateOccurrences({ startDate: '2026-03-22', mode: 'weekly', endDate: '2026-04-05' })).toEqual(['2026-03-22', '2026-03-29', '2026-04-05']);
    expect(generateOccurrences({ startDate: '2026-10-18', mode: 'weekly', endDate: '2026-11-01' })).toEqual(['2026-10-18', '2026-10-25', '2026-11-01']);
    expect(generateOccurrences({ startDate: '2026-12-24', mode: 'weekly', endDate: '2027-01-07' })).toEqual(['2026-12-24', '2026-12-31', '2027-01-07']);
    expect(generateOccurrences({ startDate: '2028-02-22', mode: 'weekly', endDate: '2028-03-07' })).toEqual(['2028-02-22', '2028-02-29', '2028-03-07']);
  });

  it('repeats monthly on the same day of month', () => {
    expect(generateOccurrences({ startDate: '2026-01-15', mode: 'monthly', endDate: '2026-04-15' })).toEqual([
      '2026-01-15',
      '2026-02-15',
      '2026-03-15',
      '2026-04-15',
    ]);
    expect(generateOccurrences({ startDate: '2026-01-15', mode: 'monthly', endDate: '2026-04-14' })).toHaveLength(3);
    expect(generateOccurrences({ startDate: '2026-11-15', mode: 'monthly', endDate: '2027-02-15' })).toEqual([
      '2026-11-15',
      '2026-12-15',
      '2027-01-15',
      '2027-02-15',
    ]);
  });

  it('uses the last day of shorter months for a start on the 31st, without drifting', () => {
    expect(generateOccurrences({ startDate: '2026-01-31', mode: 'monthly', endDate: '2026-08-31' })).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
      '2026-08-31',
    ]);
  });

  it('gives 29 February in leap years', () => {
    expect(generateOccurrences({ startDate: '2028-01-31', mode: 'monthly', endDate: '2028-03-31' })).toEqual(['2028-01-31', '2028-02-29', '2028-03-31']);
    expect(generateOccurrences({ startDate: '2027-12-29', mode: 'monthly', endDate: '2028-03-29' })).toEqual([
      '2027-12-29',
      '2028-01-29',
      '2028-02-29',
      '2028-03-29',
    ]);
    expect(generateOccurrences({ startDate: '2028-02-29', mode: 'monthly', endDate: '2028-04-30' })).toEqual(['2028-02-29', '2028-03-29', '2028-04-29']);
  });

  it('handles starts on the 29th and 30th in non-leap years', () => {
    expect(generateOccurrences({ startDate: '2027-01-29', mode: 'monthly', endDate: '2027-03-31' })).toEqual(['2027-01-29', '2027-02-28', '2027-03-29']);
    expect(generateOccurrences({ startDate: '2026-01-30', mode: 'monthly', endDate: '2026-03-30' })).toEqual(['2026-01-30', '2026-02-28', '2026-03-30']);
  });

  it('stops before a clamped date that falls after the end date', () => {
    expect(generateOccurrences({ startDate: '2026-01-31', mode: 'monthly', endDate: '2026-02-27' })).toEqual(['2026-01-31']);
    expect(generateOccurrences({ startDate: '2026-01-31', mode: 'monthly', endDate: '2026-02-28' })).toEqual(['2026-01-31', '2026-02-28']);
  });

  it('rejects bad input with coded RecurrenceErrors', () => {
    expectRecurrenceError({ startDate: '2026-03-02', mode: 'weekly' }, 'end_date_required');
    expectRecurrenceError({ startDate: '2026-03-02', mode: 'monthly', endDate: null }, 'end_date_required');
    expectRecurrenceError({ startDate: '2026-03-02', mode: 'monthly', endDate: '' }, 'end_date_required');
    expectRecurrenceError({ startDate: '2026-03-02', mode: 'weekly', endDate: '2026-03-01' }, 'end_before_start');
    expectRecurrenceError({ startDate: '2026-02-30', mode: 'once' }, 'invalid_date');
    expectRecurrenceError({ startDate: '2026-03-02', mode: 'weekly', endDate: '2026-13-01' }, 'invalid_date');
    const yearly: string = 'yearly';
    expectRecurrenceError({ startDate: '2026-03-02', mode: yearly as RecurrenceType, endDate: '2027-03-02' }, 'invalid_mode');
  });

  it('caps a series at MAX_OCCURRENCES', () => {
    const start = '2026-01-05';
    expect(generateOccurrences({ startDate: start, mode: 'weekly', endDate: addDays(start, 7 * (MAX_OCCURRENCES - 1)) })).toHaveLength(MAX_OCCURRENCES);
    expectRecurrenceError({ startDate: start, mode: 'weekly', endDate: addDays(start, 7 * MAX_OCCURRENCES) }, 'too_many_occurrences');
    // 366 months from January 2026 is June 2056.
    expect(generateOccurrences({ startDate: '2026-01-15', mode: 'monthly', endDate: '2056-06-15' })).toHaveLength(MAX_OCCURRENCES);
    expectRecurrenceError({ startDate: '2026-01-15', mode: 'monthly', endDate: '2056-07-15' }, 'too_many_occurrences');
    expectRecurrenceError({ startDate: start, mode: 'weekly', endDate: '2026-02-05', maxOccurrences: 3 }, 'too_many_occurrences');
  });
});

describe('weeks and day labels', () => {
  it('finds Monday to Sunday for a date', () => {
    expect(weekBounds('2026-03-25')).toEqual({ start: '2026-03-23', end: '2026-03-29' });
    expect(weekBounds('2026-03-23')).toEqual({ start: '2026-03-23', end: '2026-03-29' });
    expect(weekBounds('2026-03-29')).toEqual({ start: '2026-03-23', end: '2026-03-29' });
    expect(weekBounds('2026-01-01')).toEqual({ start: '2025-12-29', end: '2026-01-04' });
    expect(weekBounds('2028-03-01')).toEqual({ start: '2028-02-28', end: '2028-03-05' });
  });

  it('finds the week of an instant in the station zone', () => {
    // Sunday 23:30 UTC is already Monday 00:30 BST.
    const t = utc(2026, 3, 29, 23, 30);
    expect(weekBounds(t, LONDON)).toEqual({ start: '2026-03-30', end: '2026-04-05' });
    expect(weekBounds(t, 'UTC')).toEqual({ start: '2026-03-23', end: '2026-03-29' });
    expect(weekBounds(utc(2026, 1, 4, 23, 59))).toEqual({ start: '2025-12-29', end: '2026-01-04' });
  });

  it('gives the real instants of a week, 167 h and 169 h on DST weeks', () => {
    const spring = weekInstants('2026-03-25', LONDON);
    expect(spring).toEqual({ startMs: utc(2026, 3, 23), endMs: utc(2026, 3, 29, 23) });
    expect((spring.endMs - spring.startMs) / HOUR).toBe(167);
    const autumn = weekInstants('2026-10-21', LONDON);
    expect(autumn).toEqual({ startMs: utc(2026, 10, 18, 23), endMs: utc(2026, 10, 26) });
    expect((autumn.endMs - autumn.startMs) / HOUR).toBe(169);
    const plain = weekInstants('2026-06-10', LONDON);
    expect((plain.endMs - plain.startMs) / HOUR).toBe(168);
  });

  it('steps weeks and lists their days', () => {
    expect(addWeeks('2026-03-23', 1)).toBe('2026-03-30');
    expect(addWeeks('2026-03-23', -1)).toBe('2026-03-16');
    expect(addWeeks('2026-12-28', 1)).toBe('2027-01-04');
    expect(weekDays('2026-03-23')).toEqual(['2026-03-23', '2026-03-24', '2026-03-25', '2026-03-26', '2026-03-27', '2026-03-28', '2026-03-29']);
    expect(weekDays('2026-12-31')).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
    expect(weekDays('2028-02-27')).toContain('2028-02-27');
  });

  it('names the dates to fetch for a week (including the Sunday before)', () => {
    expect(weekQueryRange('2026-03-25')).toEqual({ from: '2026-03-22', to: '2026-03-29' });
  });

  it('labels days Today, Tomorrow, Yesterday, else a long weekday date', () => {
    expect(dayLabel('2026-03-29', '2026-03-29')).toBe('Today');
    expect(dayLabel('2026-03-30', '2026-03-29')).toBe('Tomorrow');
    expect(dayLabel('2026-03-28', '2026-03-29')).toBe('Yesterday');
    expect(dayLabel('2026-03-31', '2026-03-29')).toBe('Tuesday 31 March 2026');
    expect(dayLabel('2026-03-27', '2026-03-29')).toBe('Friday 27 March 2026');
    expect(dayLabel('2026-03-01', '2026-02-28')).toBe('Tomorrow');
    expect(dayLabel('2027-01-01', '2026-12-31')).toBe('Tomorrow');
    expect(dayLabel('2028-03-01', '2028-02-28')).toBe('Wednesday 1 March 2028');
    expect(longDate('2026-01-04')).toBe('Sunday 4 January 2026');
  });

  it('sorts events by date then start time', () => {
    const list = [ev('2026-03-11', '09:00', '10:00'), ev('2026-03-10', '14:00', '15:00'), ev('2026-03-10', '9:00', '10:00'), ev('2026-03-10', '10:00:00', '11:00')];
    expect([...list].sort(compareEventsByDateTime).map((e) => `${e.event_date} ${e.start_time}`)).toEqual([
      '2026-03-10 9:00',
      '2026-03-10 10:00:00',
      '2026-03-10 14:00',
      '2026-03-11 09:00',
    ]);
  });
});

describe('isLiveNow', () => {
  it('is live between start (inclusive) and end (exclusive) on its date', () => {
    const show = ev('2026-06-10', '12:00', '14:00', { status: 'scheduled' });
    expect(isLiveNow(show, utc(2026, 6, 10, 10, 59), LONDON)).toBe(false);
    expect(isLiveNow(show, utc(2026, 6, 10, 11, 0), LONDON)).toBe(true);
    expect(isLiveNow(show, utc(2026, 6, 10, 12, 59), LONDON)).toBe(true);
    expect(isLiveNow(show, utc(2026, 6, 10, 13, 0), LONDON)).toBe(false);
    expect(isLiveNow(show, utc(2026, 6, 11, 11, 30), LONDON)).toBe(false);
  });

  it('keeps a 23:00-01:00 show LIVE at 00:30 on the next date', () => {
    const late = ev('2026-06-10', '23:00', '01:00');
    expect(isLiveNow(late, utc(2026, 6, 10, 22, 30), LONDON)).toBe(true); // 23:30 BST on the 10th
    expect(isLiveNow(late, utc(2026, 6, 10, 23, 30), LONDON)).toBe(true); // 00:30 BST on the 11th
    expect(isLiveNow(late, utc(2026, 6, 11, 0, 0), LONDON)).toBe(false); // 01:00 BST
    expect(isLiveNow(late, utc(2026, 6, 10, 21, 59), LONDON)).toBe(false); // 22:59 BST
    // The same times dated the 11th are not live at 00:30 on the 11th.
    expect(isLiveNow(ev('2026-06-11', '23:00', '01:00'), utc(2026, 6, 10, 23, 30), LONDON)).toBe(false);
  });

  it('is never live when cancelled', () => {
    expect(isLiveNow(ev('2026-06-10', '12:00', '14:00', { status: 'cancelled' }), utc(2026, 6, 10, 12), LONDON)).toBe(false);
  });

  it('follows the real clock on DST days', () => {
    // 00:00-03:00 on 2026-03-29 ends at 03:00 BST = 02:00 UTC.
    const spring = ev('2026-03-29', '00:00', '03:00');
    expect(isLiveNow(spring, utc(2026, 3, 29, 1, 59), LONDON)).toBe(true);
    expect(isLiveNow(spring, utc(2026, 3, 29, 2, 0), LONDON)).toBe(false);
    // 01:00-02:00 on 2026-10-25 runs through both 01:xx hours.
    const autumn = ev('2026-10-25', '01:00', '02:00');
    expect(isLiveNow(autumn, utc(2026, 10, 24, 23, 59), LONDON)).toBe(false);
    expect(isLiveNow(autumn, utc(2026, 10, 25, 0, 30), LONDON)).toBe(true);
    expect(isLiveNow(autumn, utc(2026, 10, 25, 1, 30), LONDON)).toBe(true);
    expect(isLiveNow(autumn, utc(2026, 10, 25, 2, 0), LONDON)).toBe(false);
  });

  it('uses the zone it is given', () => {
    const show = ev('2026-06-10', '12:00', '14:00');
    expect(isLiveNow(show, utc(2026, 6, 10, 13, 30), 'UTC')).toBe(true);
    expect(isLiveNow(show, utc(2026, 6, 10, 13, 30), LONDON)).toBe(false);
  });
});

describe('scheduledHoursInWeek / outstanding', () => {
  const monday = '2026-06-08';

  it('sums non-cancelled hours in the week', () => {
    const events = [
      ev('2026-06-08', '12:00', '14:00'),
      ev('2026-06-10', '20:00', '20:30', { status: 'pending' }),
      ev('2026-06-12', '09:00', '11:00', { status: 'cancelled' }),
      ev('2026-06-15', '12:00', '14:00'), // next week
    ];
    expect(scheduledHoursInWeek(events, monday, LONDON)).toBe(2.5);
    expect(scheduledHoursInWeek([], monday, LONDON)).toBe(0);
    // Any date of the week selects the same week.
    expect(scheduledHoursInWeek(events, '2026-06-14', LONDON)).toBe(2.5);
  });

  it('counts a 23:00-01:00 show in full', () => {
    expect(scheduledHoursInWeek([ev('2026-06-10', '23:00', '01:00')], monday, LONDON)).toBe(2);
  });

  it('splits a show crossing Sunday into Monday between the two weeks', () => {
    const sunday = ev('2026-06-14', '23:00', '01:00');
    expect(scheduledHoursInWeek([sunday], '2026-06-08', LONDON)).toBe(1);
    expect(scheduledHoursInWeek([sunday], '2026-06-15', LONDON)).toBe(1);
    const previousSunday = ev('2026-06-07', '22:30', '02:00');
    expect(scheduledHoursInWeek([previousSunday], monday, LONDON)).toBe(2);
  });

  it('counts real hours in DST weeks', () => {
    expect(scheduledHoursInWeek([ev('2026-03-29', '00:00', '03:00')], '2026-03-23', LONDON)).toBe(2);
    expect(scheduledHoursInWeek([ev('2026-10-25', '00:00', '03:00')], '2026-10-19', LONDON)).toBe(4);
    expect(scheduledHoursInWeek([ev('2026-10-25', '01:00', '02:00')], '2026-10-19', LONDON)).toBe(2);
    expect(scheduledHoursInWeek([ev('2026-03-29', '01:15', '02:00')], '2026-03-23', LONDON)).toBe(0);
    // Sunday night into the Monday after the spring change: only the Sunday part.
    expect(scheduledHoursInWeek([ev('2026-03-29', '23:00', '01:00')], '2026-03-23', LONDON)).toBe(1);
    expect(scheduledHoursInWeek([ev('2026-03-29', '23:00', '01:00')], '2026-03-30', LONDON)).toBe(1);
  });

  it('computes outstanding hours', () => {
    expect(outstanding({ scheduledHours: 0 })).toBe(2);
    expect(outstanding({ scheduledHours: 1.5 })).toBe(0.5);
    expect(outstanding({ scheduledHours: 2 })).toBe(0);
    expect(outstanding({ scheduledHours: 5 })).toBe(0);
    expect(outstanding({ scheduledHours: 1, requiredHours: 4 })).toBe(3);
    expect(outstanding({ scheduledHours: scheduledHoursInWeek([ev('2026-06-10', '12:00', '13:00')], monday, LONDON) })).toBe(1);
  });
});

describe("On Air's week label (issue 30 item 7: it ran Saturday to Saturday)", () => {
  it('runs Monday to Sunday for any day of the week', () => {
    expect(weekRangeLabel('2026-11-27')).toBe('Monday 23 – Sunday 29 November 2026');
    expect(weekRangeLabel('2026-11-23')).toBe('Monday 23 – Sunday 29 November 2026');
    expect(weekRangeLabel('2026-11-29')).toBe('Monday 23 – Sunday 29 November 2026');
    expect(weekRangeLabel('2026-12-02')).toBe('Monday 30 November – Sunday 6 December 2026');
    expect(weekRangeLabel('2026-12-31')).toBe('Monday 28 December 2026 – Sunday 3 January 2027');
  });
});
