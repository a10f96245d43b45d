import { describe, expect, it } from 'vitest';
import { dayHeading, localTimeRange, weekLabel, weekRangeLabel, zoneLabel } from './format';

describe('schedule display helpers', () => {
  it('shows station times as written, marking a show past midnight', () => {
    expect(localTimeRange({ event_date: '2026-03-27', start_time: '20:00:00', end_time: '22:00:00' }, 'Europe/London', 'Europe/London', 'en-GB', '(next day)')).toBe('20:00 – 22:00');
    expect(localTimeRange({ event_date: '2026-03-27', start_time: '23:00:00', end_time: '01:00:00' }, 'Europe/London', 'Europe/London', 'en-GB', '(next day)')).toBe('23:00 – 01:00 (next day)');
  });

  it("converts to the listener's zone, naming the day when it changes, across DST", () => {
    // London is GMT until 29 March 2026, New York is already on EDT (UTC-4).
    expect(localTimeRange({ event_date: '2026-03-27', start_time: '20:00:00', end_time: '22:00:00' }, 'Europe/London', 'America/New_York', 'en-GB', '(next day)')).toBe('16:00 – 18:00');
    expect(localTimeRange({ event_date: '2026-03-30', start_time: '20:00:00', end_time: '22:00:00' }, 'Europe/London', 'America/New_York', 'en-GB', '(next day)')).toBe('15:00 – 17:00');
    expect(localTimeRange({ event_date: '2026-03-27', start_time: '02:00:00', end_time: '03:00:00' }, 'Europe/London', 'America/New_York', 'en-GB', '(next day)')).toBe('22:00 Thu – 23:00');
    expect(localTimeRange({ event_date: '2026-03-27', start_time: '23:00:00', end_time: '01:00:00' }, 'Europe/London', 'Asia/Tokyo', 'en-GB', '(next day)')).toBe('08:00 Sat – 10:00');
  });

  it('labels weeks and zones', () => {
    expect(weekLabel('2026-03-23', '2026-03-29')).toBe('23 – 29 March 2026');
    expect(weekLabel('2026-03-30', '2026-04-05')).toBe('30 March – 5 April 2026');
    expect(weekLabel('2026-12-28', '2027-01-03')).toBe('28 December 2026 – 3 January 2027');
    expect(zoneLabel('America/New_York')).toBe('New York');
  });

  it('writes the same texts in the reader’s locale: clock, week range and day headings', () => {
    const late = { event_date: '2026-03-27', start_time: '23:00:00', end_time: '01:00:00' };
    // British English as before; US English on a 12-hour clock; German on a 24-hour one.
    expect(localTimeRange(late, 'Europe/London', 'Europe/London', 'en-GB', '(next day)')).toBe('23:00 – 01:00 (next day)');
    expect(localTimeRange(late, 'Europe/London', 'Europe/London', 'en-US', '(next day)')).toBe('11:00 PM – 1:00 AM (next day)');
    expect(localTimeRange(late, 'Europe/London', 'Europe/London', 'de', '(Folgetag)')).toBe('23:00 – 01:00 (Folgetag)');
    expect(localTimeRange({ event_date: '2026-03-27', start_time: '02:00:00', end_time: '03:00:00' }, 'Europe/London', 'America/New_York', 'en-GB', '')).toBe('22:00 Thu – 23:00');
    expect(weekRangeLabel('2026-03-23', '2026-03-29', 'en-GB')).toBe('23 – 29 March 2026');
    expect(weekRangeLabel('2026-03-22', '2026-03-28', 'en-US')).toBe('March 22 – 28, 2026');
    expect(weekRangeLabel('2026-03-23', '2026-03-29', 'de')).toBe('23.–29. März 2026');
    expect(dayHeading('2026-03-23', 'en-GB')).toBe('Monday 23 March');
    expect(dayHeading('2026-03-23', 'de')).toBe('Montag, 23. März');
  });
});
