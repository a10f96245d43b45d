import { describe, expect, it } from 'vitest';
import { elapsedRemaining, formatCountdown } from './format';
import { carriesNotification, routeForNotification, SeenNotifications, toNotifyInput } from './notifications';

describe('studio time texts', () => {
  it('counts down to the next show', () => {
    expect(formatCountdown(0)).toBe('starting now');
    expect(formatCountdown(-5)).toBe('starting now');
    expect(formatCountdown(750_000)).toBe('in 12:30');
    expect(formatCountdown(999)).toBe('in 0:01');
    expect(formatCountdown(2 * 3600_000 + 5 * 60_000)).toBe('in 2 h 05 min');
    expect(formatCountdown(50 * 3600_000)).toBe('in 2 days 2 h');
  });
  it('keeps elapsed and remaining within the track', () => {
    expect(elapsedRemaining(1000, 180, 61_000)).toEqual({ elapsed: 60, remaining: 120 });
    expect(elapsedRemaining(1000, 180, 999_000)).toEqual({ elapsed: 180, remaining: 0 });
    expect(elapsedRemaining(null, 180, 999_000)).toEqual({ elapsed: 0, remaining: 180 });
    expect(elapsedRemaining(5000, 180, 0)).toEqual({ elapsed: 0, remaining: 180 });
  });
});

describe('notification rules', () => {
  it('opens the screen of the notification', () => {
    expect(routeForNotification({ type: 'song_request' })).toBe('/admin/song-requests');
    expect(routeForNotification({ type: 'shoutout_request' })).toBe('/admin/shoutout-requests');
    expect(routeForNotification({ type: 'show_conflicts' })).toBe('/admin/shows');
    expect(routeForNotification({ type: 'show_updated', related_type: 'schedule_event' })).toBe('/admin/shows');
    expect(routeForNotification({ type: 'system_alert', related_type: 'schedule_event' })).toBe('/admin/on-air');
    expect(routeForNotification({ type: 'system_alert', related_type: 'station_incident' })).toBe('/admin/on-air');
    expect(routeForNotification({ type: 'announcement' })).toBe('/admin');
  });
  it('listens to notification pushes only', () => {
    expect(carriesNotification('notifications', 'notification.created')).toBe(true);
    expect(carriesNotification('bookings', 'booking.conflicted')).toBe(false);
    expect(carriesNotification('requests', 'request.created')).toBe(false);
    expect(carriesNotification('notifications', 'bus.resync')).toBe(false);
  });
  it('shows each stored notification once', () => {
    const seen = new SeenNotifications(2);
    expect(seen.first('a')).toBe(true);
    expect(seen.first('a')).toBe(false);
    seen.first('b');
    seen.first('c');
    expect(seen.first('a')).toBe(true);
    expect(toNotifyInput({ id: 'n1', title: 'New Song Request', message: 'Ann requested "X" by Y', type: 'song_request' })).toEqual({ title: 'New Song Request', body: 'Ann requested "X" by Y', route: '/admin/song-requests', tag: 'notification:n1' });
  });
});
