import { describe, expect, it } from 'vitest';
import {
  addDays,
  dateParts,
  dateToDayNumber,
  dayNumberToDate,
  daysBetween,
  daysInMonth,
  formatHoursMinutes,
  isLeapYear,
  isValidDate,
  isValidTime,
  isValidTimeZone,
  isoWeekday,
  localDateTime,
  makeDate,
  normaliseTime,
  relativeTime,
  secondsToTime,
  timeToSeconds,
  todayInZone,
  zonedInstant,
} from './time';

const utc = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0): number => Date.UTC(y, mo - 1, d, h, mi, s);

describe('normaliseTime', () => {
  it.each([
    ['9:05', '09:05:00'],
    ['09:05', '09:05:00'],
    ['09:05:07', '09:05:07'],
    ['9:05:07', '09:05:07'],
    ['00:00', '00:00:00'],
    ['0:00', '00:00:00'],
    ['23:59:59', '23:59:59'],
    ['12:00', '12:00:00'],
  ])('%s → %s', (input, expected) => {
    expect(normaliseTime(input)).toBe(expected);
    expect(isValidTime(input)).toBe(true);
  });

  it.each(['24:00', '24:00:00', '12:60', '12:00:60', '', '1200', '12:0', '123:00', ' 12:00', '12:00 ', '12:00:00.000', 'ab:cd', '-1:00', '12', '12:00:0', '１２:００'])(
    'rejects %j with null',
    (input) => {
      expect(normaliseTime(input)).toBeNull();
      expect(isValidTime(input)).toBe(false);
    },
  );

  it('is idempotent', () => {
    expect(normaliseTime(normaliseTime('7:30') ?? '')).toBe('07:30:00');
  });
});

describe('timeToSeconds / secondsToTime', () => {
  it('converts both ways', () => {
    expect(timeToSeconds('00:00')).toBe(0);
    expect(timeToSeconds('01:02:03')).toBe(3723);
    expect(timeToSeconds('23:59:59')).toBe(86_399);
    expect(secondsToTime(3723)).toBe('01:02:03');
    expect(secondsToTime(86_400)).toBe('00:00:00');
    expect(secondsToTime(-60)).toBe('23:59:00');
  });
  it('throws RangeError on invalid input', () => {
    expect(() => timeToSeconds('25:00')).toThrow(RangeError);
    expect(() => secondsToTime(1.5)).toThrow(RangeError);
  });
});

describe('calendar dates', () => {
  it('validates real dates, including leap years', () => {
    expect(isValidDate('2026-02-28')).toBe(true);
    expect(isValidDate('2026-02-29')).toBe(false);
    expect(isValidDate('2028-02-29')).toBe(true);
    expect(isValidDate('2000-02-29')).toBe(true);
    expect(isValidDate('1900-02-29')).toBe(false);
    expect(isValidDate('2026-04-31')).toBe(false);
    expect(isValidDate('2026-13-01')).toBe(false);
    expect(isValidDate('2026-00-10')).toBe(false);
    expect(isValidDate('2026-1-01')).toBe(false);
    expect(isValidDate('2026-01-01T00:00')).toBe(false);
    expect(isValidDate('')).toBe(false);
  });

  it('knows leap years and month lengths', () => {
    expect([2024, 2026, 2028, 1900, 2000, 2100].map(isLeapYear)).toEqual([true, false, true, false, true, false]);
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2026, 4)).toBe(30);
    expect(daysInMonth(2026, 12)).toBe(31);
    expect(() => daysInMonth(2026, 13)).toThrow(RangeError);
  });

  it('converts day numbers', () => {
    expect(dateToDayNumber('1970-01-01')).toBe(0);
    expect(dateToDayNumber('2000-03-01')).toBe(11_017);
    expect(dateToDayNumber('1969-12-31')).toBe(-1);
    expect(dayNumberToDate(0)).toBe('1970-01-01');
    expect(dayNumberToDate(dateToDayNumber('0000-01-01'))).toBe('0000-01-01');
    expect(dayNumberToDate(dateToDayNumber('9999-12-31'))).toBe('9999-12-31');
    expect(() => dayNumberToDate(dateToDayNumber('9999-12-31') + 1)).toThrow(RangeError);
    expect(() => dateToDayNumber('2026-02-30')).toThrow(RangeError);
  });

  it('adds days across month, year and leap boundaries', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(daysBetween('2026-03-01', '2026-03-31')).toBe(30);
    expect(daysBetween('2026-03-31', '2026-03-01')).toBe(-30);
  });

  it('gives ISO weekdays (Monday 1 to Sunday 7)', () => {
    expect(isoWeekday('2026-03-29')).toBe(7);
    expect(isoWeekday('2026-03-30')).toBe(1);
    expect(isoWeekday('2026-01-01')).toBe(4);
    expect(isoWeekday('1970-01-01')).toBe(4);
    expect(isoWeekday('1969-12-29')).toBe(1);
  });

  it('splits and builds dates', () => {
    expect(dateParts('2026-03-09')).toEqual({ year: 2026, month: 3, day: 9 });
    expect(makeDate(2026, 3, 9)).toBe('2026-03-09');
    expect(() => makeDate(2026, 2, 29)).toThrow(RangeError);
  });
});

describe('zonedInstant (Europe/London)', () => {
  const z = 'Europe/London';
  it('reads GMT in winter and BST in summer', () => {
    expect(zonedInstant('2026-01-15', '12:00', z)).toBe(utc(2026, 1, 15, 12));
    expect(zonedInstant('2026-07-01', '12:00:00', z)).toBe(utc(2026, 7, 1, 11));
  });

  it('moves a skipped spring-forward time forward by the gap (2026-03-29)', () => {
    expect(zonedInstant('2026-03-29', '00:59', z)).toBe(utc(2026, 3, 29, 0, 59));
    expect(zonedInstant('2026-03-29', '01:00', z)).toBe(utc(2026, 3, 29, 1, 0)); // = 02:00 BST
    expect(zonedInstant('2026-03-29', '01:30', z)).toBe(utc(2026, 3, 29, 1, 30)); // = 02:30 BST
    expect(zonedInstant('2026-03-29', '02:00', z)).toBe(utc(2026, 3, 29, 1, 0));
    expect(localDateTime(zonedInstant('2026-03-29', '01:30', z), z)).toEqual({ date: '2026-03-29', time: '02:30:00' });
  });

  it('takes the first occurrence of a repeated fall-back time (2026-10-25)', () => {
    expect(zonedInstant('2026-10-25', '00:59', z)).toBe(utc(2026, 10, 24, 23, 59));
    expect(zonedInstant('2026-10-25', '01:00', z)).toBe(utc(2026, 10, 25, 0, 0)); // 01:00 BST
    expect(zonedInstant('2026-10-25', '01:30', z)).toBe(utc(2026, 10, 25, 0, 30)); // 01:30 BST
    expect(zonedInstant('2026-10-25', '02:00', z)).toBe(utc(2026, 10, 25, 2, 0)); // 02:00 GMT
  });

  it('applies the same rule in other zones (America/New_York)', () => {
    const ny = 'America/New_York';
    expect(zonedInstant('2026-03-08', '02:30', ny)).toBe(utc(2026, 3, 8, 7, 30)); // 03:30 EDT
    expect(zonedInstant('2026-11-01', '01:30', ny)).toBe(utc(2026, 11, 1, 5, 30)); // first, EDT
    expect(zonedInstant('2026-11-01', '02:00', ny)).toBe(utc(2026, 11, 1, 7, 0));
  });

  it('uses UTC as given', () => {
    expect(zonedInstant('2026-03-29', '01:30', 'UTC')).toBe(utc(2026, 3, 29, 1, 30));
  });

  it('throws RangeError for bad zones, dates and times', () => {
    expect(() => zonedInstant('2026-03-29', '01:30', 'Not/AZone')).toThrow(RangeError);
    expect(() => zonedInstant('2026-02-30', '01:30', z)).toThrow(RangeError);
    expect(() => zonedInstant('2026-03-29', '1:3', z)).toThrow(RangeError);
  });
});

describe('localDateTime / todayInZone / isValidTimeZone', () => {
  it('gives the station-local date and time', () => {
    // 23:30 UTC on Sunday 29 March is 00:30 BST on Monday 30 March.
    const t = utc(2026, 3, 29, 23, 30);
    expect(localDateTime(t, 'Europe/London')).toEqual({ date: '2026-03-30', time: '00:30:00' });
    expect(todayInZone(t, 'Europe/London')).toBe('2026-03-30');
    expect(todayInZone(t, 'UTC')).toBe('2026-03-29');
    expect(todayInZone(utc(2026, 1, 10, 23, 30))).toBe('2026-01-10');
  });
  it('validates zones', () => {
    expect(isValidTimeZone('Europe/London')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(() => todayInZone(0, 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('relativeTime', () => {
  const now = utc(2026, 6, 1, 12);
  it.each([
    [0, '0s ago'],
    [59_999, '59s ago'],
    [60_000, '1m ago'],
    [3_599_999, '59m ago'],
    [3_600_000, '1h ago'],
    [86_399_999, '23h ago'],
    [86_400_000, '1d ago'],
    [10 * 86_400_000 + 5, '10d ago'],
  ])('%d ms ago → %s', (ago, expected) => {
    expect(relativeTime(now - ago, now)).toBe(expected);
  });
  it('reads a future instant as 0s ago', () => {
    expect(relativeTime(now + 5000, now)).toBe('0s ago');
    expect(relativeTime(Number.NaN, now)).toBe('0s ago');
  });
});

describe('formatHoursMinutes', () => {
  it.each([
    [0, '0h 0m'],
    [59, '0h 59m'],
    [60, '1h 0m'],
    [125, '2h 5m'],
    [1500, '25h 0m'],
    [59.6, '1h 0m'],
    [-5, '0h 0m'],
    [Number.NaN, '0h 0m'],
    [Number.POSITIVE_INFINITY, '0h 0m'],
  ])('%d → %s', (input, expected) => {
    expect(formatHoursMinutes(input)).toBe(expected);
  });
});
