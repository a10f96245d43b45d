/**
 * Property tests: the schedule rules against deliberately naive reference
 * models (minute-by-minute occupancy sets for time overlap, a day-by-day walk
 * with the JavaScript Date object for calendars and recurrences).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SCHEDULE_EVENT_STATUSES,
  RecurrenceError,
  addDays,
  crossesMidnight,
  dateToDayNumber,
  dayNumberToDate,
  daysInMonth,
  durationMinutes,
  eventInterval,
  eventsConflict,
  findConflicts,
  generateOccurrences,
  isLiveNow,
  isoWeekday,
  localDateTime,
  makeDate,
  normaliseTime,
  scheduledHoursInWeek,
  weekBounds,
  zonedInstant,
  type ScheduleEventLike,
} from './schedule';

const RUNS = { numRuns: 500 };

// ---------------------------------------------------------------------------
// Arbitraries
// ---------------------------------------------------------------------------

/** A time of day in minutes, written in one of the accepted forms. */
const timeArb = (granularity: number): fc.Arbitrary<{ minutes: number; text: string }> =>
  fc
    .tuple(fc.integer({ min: 0, max: 1440 / granularity - 1 }), fc.constantFrom('H:MM', 'HH:MM', 'HH:MM:SS'))
    .map(([k, form]) => {
      const minutes = k * granularity;
      const h = Math.floor(minutes / 60);
      const mm = String(minutes % 60).padStart(2, '0');
      const hh = String(h).padStart(2, '0');
      const text = form === 'H:MM' ? `${h}:${mm}` : form === 'HH:MM' ? `${hh}:${mm}` : `${hh}:${mm}:00`;
      return { minutes, text };
    });

interface GenEvent {
  event: ScheduleEventLike;
  dayOffset: number;
  startMin: number;
  endMin: number;
}

/** Events on a few consecutive dates from `baseDate` (so midnight-crossing matters), coarse or fine times. */
const eventArb = (baseDate: string, days: number): fc.Arbitrary<GenEvent> =>
  fc
    .tuple(
      fc.integer({ min: 0, max: days - 1 }),
      fc.constantFrom(15, 60, 1).chain((g) => fc.tuple(timeArb(g), timeArb(g))),
      fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
      fc.constantFrom<string | null | undefined>(...SCHEDULE_EVENT_STATUSES, null, undefined),
    )
    .map(([dayOffset, [start, end], id, status]) => ({
      event: { id, status, event_date: addDays(baseDate, dayOffset), start_time: start.text, end_time: end.text },
      dayOffset,
      startMin: start.minutes,
      endMin: end.minutes,
    }));

// ---------------------------------------------------------------------------
// Reference models
// ---------------------------------------------------------------------------

/** Every absolute wall-clock minute (from the base date) the event occupies, walking minute by minute. */
function occupancy(e: GenEvent): Set<number> {
  const set = new Set<number>();
  let m = e.dayOffset * 1440 + e.startMin;
  // Walk forward until the clock reads the end time; at least one step, so equal times give a full day.
  do {
    set.add(m);
    m += 1;
  } while (((m % 1440) + 1440) % 1440 !== e.endMin);
  return set;
}

function referenceConflict(a: GenEvent, b: GenEvent): boolean {
  if (a.event.status === 'cancelled' || b.event.status === 'cancelled') return false;
  if (a.event.id !== undefined && a.event.id === b.event.id) return false;
  const occ = occupancy(b);
  for (const m of occupancy(a)) if (occ.has(m)) return true;
  return false;
}

const isoOf = (d: Date): string => d.toISOString().slice(0, 10);
const dateOf = (iso: string): Date => new Date(`${iso}T00:00:00Z`);

/** Recurrence by walking every day from start to end with the JS Date object. */
function referenceOccurrences(start: string, mode: 'weekly' | 'monthly', end: string): string[] {
  const out: string[] = [];
  const startDate = dateOf(start);
  const startDay = startDate.getUTCDate();
  for (let d = dateOf(start), i = 0; isoOf(d) <= end; d = new Date(d.getTime() + 86_400_000), i++) {
    if (mode === 'weekly') {
      if (i % 7 === 0) out.push(isoOf(d));
    } else {
      const day = d.getUTCDate();
      const lastOfMonth = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
      if (day === startDay || (day === lastOfMonth && lastOfMonth < startDay)) out.push(isoOf(d));
    }
  }
  return out;
}

// ---------------------------------------------------------------------------
// Conflicts
// ---------------------------------------------------------------------------

// Thousands of generated cases: seconds of CPU, more on a busy machine.
describe('eventsConflict against minute-by-minute occupancy', { timeout: 60_000 }, () => {
  // A span including the London spring-forward Sunday and a month end.
  const base = '2026-03-27';

  it('agrees with the reference for any pair', () => {
    fc.assert(
      fc.property(eventArb(base, 4), eventArb(base, 4), (a, b) => {
        expect(eventsConflict(a.event, b.event)).toBe(referenceConflict(a, b));
      }),
      { numRuns: 3000 },
    );
  });

  it('is symmetric', () => {
    fc.assert(
      fc.property(eventArb(base, 4), eventArb(base, 4), (a, b) => {
        expect(eventsConflict(a.event, b.event)).toBe(eventsConflict(b.event, a.event));
      }),
      RUNS,
    );
  });

  it('findConflicts returns exactly the conflicting rows, in order', () => {
    fc.assert(
      fc.property(eventArb(base, 4), fc.array(eventArb(base, 4), { maxLength: 12 }), (cand, existing) => {
        const expected = existing.filter((e) => referenceConflict(cand, e)).map((e) => e.event);
        expect(findConflicts(cand.event, existing.map((e) => e.event))).toEqual(expected);
      }),
      RUNS,
    );
  });

  it('does not depend on the time of year (same wall-clock shapes conflict identically)', () => {
    fc.assert(
      fc.property(eventArb(base, 4), eventArb(base, 4), fc.integer({ min: -4000, max: 4000 }), (a, b, shift) => {
        const move = (e: ScheduleEventLike): ScheduleEventLike => ({ ...e, event_date: addDays(e.event_date, shift) });
        expect(eventsConflict(move(a.event), move(b.event))).toBe(eventsConflict(a.event, b.event));
      }),
      RUNS,
    );
  });
});

// ---------------------------------------------------------------------------
// Times
// ---------------------------------------------------------------------------

describe('time rules', { timeout: 60_000 }, () => {
  it('durationMinutes equals the occupancy size and lies in (0, 1440]', () => {
    fc.assert(
      fc.property(eventArb('2026-06-01', 1), (e) => {
        const d = durationMinutes(e.event.start_time, e.event.end_time);
        expect(d).toBe(occupancy(e).size);
        expect(d > 0 && d <= 1440).toBe(true);
        expect(crossesMidnight(e.event.start_time, e.event.end_time)).toBe(e.endMin <= e.startMin);
      }),
      RUNS,
    );
  });

  it('normaliseTime is idempotent and keeps the time', () => {
    fc.assert(
      fc.property(timeArb(1), ({ minutes, text }) => {
        const n = normaliseTime(text);
        expect(n).toMatch(/^\d{2}:\d{2}:00$/);
        expect(normaliseTime(n ?? '')).toBe(n);
        expect(Number(n?.slice(0, 2)) * 60 + Number(n?.slice(3, 5))).toBe(minutes);
      }),
      RUNS,
    );
  });

  it('in UTC, eventInterval has exactly the wall-clock length', () => {
    fc.assert(
      fc.property(eventArb('2026-01-01', 365), (e) => {
        const { startMs, endMs } = eventInterval(e.event, 'UTC');
        expect(endMs - startMs).toBe(durationMinutes(e.event.start_time, e.event.end_time) * 60_000);
        expect(startMs).toBe(Date.parse(`${e.event.event_date}T00:00:00Z`) + e.startMin * 60_000);
      }),
      RUNS,
    );
  });
});

// ---------------------------------------------------------------------------
// Zone conversion
// ---------------------------------------------------------------------------

describe('zonedInstant / localDateTime round trips (Europe/London, any minute 2024-2028)', { timeout: 60_000 }, () => {
  const from = Date.UTC(2024, 0, 1);
  const to = Date.UTC(2029, 0, 1);
  const minuteArb = fc.integer({ min: 0, max: (to - from) / 60_000 }).map((m) => from + m * 60_000);

  it('reading the wall clock at an instant and converting back gives that instant, or the first one with that reading', () => {
    fc.assert(
      fc.property(minuteArb, (t) => {
        const { date, time } = localDateTime(t, 'Europe/London');
        const back = zonedInstant(date, time, 'Europe/London');
        // Fall-back hours read the same twice: the first occurrence is one hour earlier.
        expect(back === t || back === t - 3_600_000).toBe(true);
        expect(localDateTime(back, 'Europe/London')).toEqual({ date, time });
      }),
      { numRuns: 2000 },
    );
  });

  it('hits the repeated hour of each fall-back day', () => {
    // 01:30 on the last Sunday of October is read as 01:30 BST (00:30 UTC), not 01:30 GMT.
    for (const year of [2024, 2025, 2026, 2027, 2028]) {
      const oct31 = dateToDayNumber(`${year}-10-31`);
      const lastSunday = dayNumberToDate(oct31 - (isoWeekday(`${year}-10-31`) % 7));
      expect(zonedInstant(lastSunday, '01:30', 'Europe/London')).toBe(Date.parse(`${lastSunday}T00:30:00Z`));
    }
  });
});

// ---------------------------------------------------------------------------
// Recurrences
// ---------------------------------------------------------------------------

describe('generateOccurrences against a day-by-day walk', { timeout: 60_000 }, () => {
  const startArb = fc.integer({ min: dateToDayNumber('2023-01-01'), max: dateToDayNumber('2030-12-31') }).map(dayNumberToDate);
  // Bias towards month ends, where the interesting cases are.
  const monthEndStartArb = fc
    .tuple(fc.integer({ min: 2023, max: 2030 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 3 }))
    .map(([y, m, back]) => makeDate(y, m, daysInMonth(y, m) - back));

  it('matches the reference for weekly and monthly series', () => {
    fc.assert(
      fc.property(
        fc.oneof(startArb, monthEndStartArb),
        fc.constantFrom('weekly' as const, 'monthly' as const),
        fc.integer({ min: 0, max: 900 }),
        (start, mode, span) => {
          const end = addDays(start, span);
          expect(generateOccurrences({ startDate: start, mode, endDate: end })).toEqual(referenceOccurrences(start, mode, end));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('throws too_many_occurrences exactly when the reference exceeds the cap', () => {
    fc.assert(
      fc.property(
        startArb,
        fc.constantFrom('weekly' as const, 'monthly' as const),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 1, max: 12 }),
        (start, mode, span, cap) => {
          const end = addDays(start, span);
          const expected = referenceOccurrences(start, mode, end);
          if (expected.length > cap) {
            expect(() => generateOccurrences({ startDate: start, mode, endDate: end, maxOccurrences: cap })).toThrow(RecurrenceError);
          } else {
            expect(generateOccurrences({ startDate: start, mode, endDate: end, maxOccurrences: cap })).toEqual(expected);
          }
        },
      ),
      RUNS,
    );
  });

  it('monthly series have one date per month, never drifting from the start day', () => {
    fc.assert(
      fc.property(monthEndStartArb, fc.integer({ min: 0, max: 1500 }), (start, span) => {
        const dates = generateOccurrences({ startDate: start, mode: 'monthly', endDate: addDays(start, span) });
        const startDay = Number(start.slice(8));
        dates.forEach((d, i) => {
          const monthIndex = Number(start.slice(0, 4)) * 12 + Number(start.slice(5, 7)) - 1 + i;
          expect(Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7)) - 1).toBe(monthIndex);
          const day = Number(d.slice(8));
          const lastDay = new Date(Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)), 0)).getUTCDate();
          expect(day).toBe(Math.min(startDay, lastDay));
        });
      }),
      RUNS,
    );
  });

  it('once and daily are always a single date', () => {
    fc.assert(
      fc.property(startArb, fc.constantFrom('once' as const, 'daily' as const), fc.option(startArb, { nil: undefined }), (start, mode, end) => {
        expect(generateOccurrences({ startDate: start, mode, endDate: end })).toEqual([start]);
      }),
      RUNS,
    );
  });
});

// ---------------------------------------------------------------------------
// Calendar helpers against the JS Date object
// ---------------------------------------------------------------------------

describe('calendar helpers against Date', { timeout: 60_000 }, () => {
  const dayArb = fc.integer({ min: dateToDayNumber('1900-01-01'), max: dateToDayNumber('2200-12-31') });

  it('day numbers, weekdays and addDays agree with Date', () => {
    fc.assert(
      fc.property(dayArb, fc.integer({ min: -1000, max: 1000 }), (n, k) => {
        const iso = dayNumberToDate(n);
        const d = new Date(n * 86_400_000);
        expect(iso).toBe(isoOf(d));
        expect(dateToDayNumber(iso)).toBe(n);
        expect(isoWeekday(iso)).toBe(((d.getUTCDay() + 6) % 7) + 1);
        expect(addDays(iso, k)).toBe(isoOf(new Date((n + k) * 86_400_000)));
      }),
      { numRuns: 2000 },
    );
  });

  it('weekBounds is the Monday-to-Sunday week containing the date', () => {
    fc.assert(
      fc.property(dayArb, (n) => {
        const iso = dayNumberToDate(n);
        const { start, end } = weekBounds(iso);
        expect(isoWeekday(start)).toBe(1);
        expect(dateToDayNumber(end) - dateToDayNumber(start)).toBe(6);
        expect(start <= iso && iso <= end).toBe(true);
      }),
      RUNS,
    );
  });
});

// ---------------------------------------------------------------------------
// LIVE and weekly hours
// ---------------------------------------------------------------------------

describe('isLiveNow and scheduledHoursInWeek against wall-clock occupancy', { timeout: 60_000 }, () => {
  const base = '2026-06-01'; // a Monday
  const baseMs = Date.parse(`${base}T00:00:00Z`);

  it('in UTC, a show is live exactly during the minutes it occupies', () => {
    fc.assert(
      fc.property(eventArb(base, 4), fc.integer({ min: -1440, max: 6 * 1440 * 60 }), (e, secondsFromBase) => {
        const now = baseMs + secondsFromBase * 1000;
        const minute = Math.floor((now - baseMs) / 60_000);
        const expected = e.event.status !== 'cancelled' && occupancy(e).has(minute);
        expect(isLiveNow(e.event, now, 'UTC')).toBe(expected);
      }),
      RUNS,
    );
  });

  it('in UTC, weekly hours are the occupied minutes inside Monday..Sunday, over 60', () => {
    fc.assert(
      fc.property(fc.array(eventArb(base, 16), { maxLength: 8 }), fc.integer({ min: 0, max: 2 }), (events, week) => {
        const lo = week * 7 * 1440;
        const hi = lo + 7 * 1440;
        let minutes = 0;
        for (const e of events) {
          if (e.event.status === 'cancelled') continue;
          for (const m of occupancy(e)) if (m >= lo && m < hi) minutes++;
        }
        const monday = addDays(base, week * 7);
        expect(scheduledHoursInWeek(events.map((e) => e.event), monday, 'UTC')).toBeCloseTo(minutes / 60, 9);
      }),
      RUNS,
    );
  });

  it('in Europe/London, weeks without a clock change count wall-clock hours too', () => {
    const mondays = Array.from({ length: 52 }, (_, i) => addDays('2026-01-05', 7 * i)).filter(
      (m) => m !== '2026-03-23' && m !== '2026-10-19',
    );
    fc.assert(
      fc.property(fc.constantFrom(...mondays), fc.array(fc.tuple(fc.integer({ min: -1, max: 7 }), eventArb('2026-01-01', 1)), { maxLength: 6 }), (monday, raw) => {
        const events = raw.map(([offset, e]) => ({ ...e, dayOffset: offset, event: { ...e.event, event_date: addDays(monday, offset) } }));
        let minutes = 0;
        for (const e of events) {
          if (e.event.status === 'cancelled') continue;
          for (const m of occupancy(e)) if (m >= 0 && m < 7 * 1440) minutes++;
        }
        expect(scheduledHoursInWeek(events.map((e) => e.event), monday, 'Europe/London')).toBeCloseTo(minutes / 60, 9);
      }),
      RUNS,
    );
  });
});
