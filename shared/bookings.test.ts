import { describe, expect, it } from 'vitest';
import {
  CreateBookingSchema,
  EditShowSchema,
  ImageUrlSchema,
  OverviewEventSchema,
  activeFilterCount,
  bookingSuccessMessage,
  dateFilterRange,
} from './bookings';

describe('booking messages (spec 001 §8)', () => {
  it('words each status with the event count', () => {
    expect(bookingSuccessMessage('scheduled', 4)).toBe('4 event(s) have been created and scheduled successfully!');
    expect(bookingSuccessMessage('conflicted', 1)).toBe('1 event(s) have been created with conflicted status and are pending admin review.');
    expect(bookingSuccessMessage('pending', 2)).toBe('2 event(s) have been created and are pending approval.');
  });
});

describe('Show Management date filters (spec 001 §2)', () => {
  it('maps each option to a date range around the station today', () => {
    const today = '2026-03-25'; // a Wednesday
    expect(dateFilterRange('all', today)).toEqual({});
    expect(dateFilterRange('today', today)).toEqual({ from: today, to: today });
    expect(dateFilterRange('this-week', today)).toEqual({ from: '2026-03-23', to: '2026-03-29' });
    expect(dateFilterRange('next-week', today)).toEqual({ from: '2026-03-30', to: '2026-04-05' });
    expect(dateFilterRange('next-month', today)).toEqual({ from: '2026-04-01', to: '2026-04-30' });
    expect(dateFilterRange('next-month', '2026-12-31')).toEqual({ from: '2027-01-01', to: '2027-01-31' });
    expect(dateFilterRange('future-only', today)).toEqual({ from: today });
  });

  it('counts active filters', () => {
    // The default (future-only, all statuses) is no filter (issue 19 item 18); all dates is one.
    expect(activeFilterCount({ status: 'all', date: 'future-only' })).toBe(0);
    expect(activeFilterCount({ status: 'all', date: 'all' })).toBe(1);
    expect(activeFilterCount({ status: 'pending', date: 'future-only' })).toBe(1);
    expect(activeFilterCount({ status: 'pending', date: 'today' })).toBe(2);
  });
});

describe('request schemas', () => {
  const base = { mode: 'daily', title: ' Breakfast ', event_date: '2026-03-26', start_time: '7:00', end_time: '09:00' };

  it('trims text, normalises times and empties optional fields to null', () => {
    const out = CreateBookingSchema.parse({ ...base, description: '  ', host: '', image_url: '' });
    expect(out).toMatchObject({ title: 'Breakfast', start_time: '07:00:00', end_time: '09:00:00', description: null, host: null, image_url: null, proceed: false });
  });

  it('needs an end date after the start for weekly and monthly', () => {
    const issue = (body: object) => CreateBookingSchema.safeParse(body).error?.issues[0]?.message;
    expect(issue({ ...base, mode: 'weekly' })).toBe('Please select an end date for recurring bookings');
    expect(issue({ ...base, mode: 'weekly', end_date: '2026-03-26' })).toBe('The end date must be after the start date');
    expect(CreateBookingSchema.safeParse({ ...base, mode: 'weekly', end_date: '2026-03-27' }).success).toBe(true);
    expect(CreateBookingSchema.safeParse({ ...base, mode: 'daily', end_date: '2020-01-01' }).success).toBe(true);
  });

  it('takes only uploaded images and http(s) addresses', () => {
    expect(ImageUrlSchema.parse('/media/show-images/u/image_1.png')).toBe('/media/show-images/u/image_1.png');
    expect(ImageUrlSchema.parse('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    for (const bad of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '/media/../etc/passwd?', 'https://user:pw@x.example/a.png', '//evil.example/x.png']) {
      expect(ImageUrlSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('uses the spec messages for edit and overview forms', () => {
    expect(EditShowSchema.safeParse({ title: 'x', start_time: '', end_time: '10:00' }).error?.issues[0]?.message).toBe('Start time and end time are required');
    const overview = OverviewEventSchema.safeParse({ event_date: '2026-03-26', title: '', start_time: '12:00', end_time: '14:00' });
    expect(overview.error?.issues[0]?.message).toBe('Please fill in all required fields.');
    expect(OverviewEventSchema.parse({ event_date: '2026-03-26', title: 'x', start_time: '12:00', end_time: '14:00' })).toMatchObject({ type: 'event', status: 'scheduled' });
  });
});
