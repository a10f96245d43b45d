import { describe, expect, it } from 'vitest';
import { dashboardGreeting, dashboardGreetingKey, liveShowTile } from './dashboard-texts';

const NOW = Date.UTC(2026, 10, 27, 9, 0);
const hoursAgo = (h: number) => new Date(NOW - h * 3600_000).toISOString();

describe('the dashboard greeting (issue 30 item 7: "Welcome back, you." greeted a new owner)', () => {
  it('greets a brand-new owner created from you@station.example without calling them "you" or "back"', () => {
    expect(dashboardGreeting({ username: 'you', email: 'you@station.example', created_at: hoursAgo(0.1) }, NOW)).toBe('Welcome.');
  });
  it('uses a name the person chose, and "back" once the account is older than a day', () => {
    expect(dashboardGreeting({ username: 'Maya Okafor', email: 'owner@airdeck.demo', created_at: hoursAgo(1) }, NOW)).toBe('Welcome, Maya Okafor.');
    expect(dashboardGreeting({ username: 'Maya Okafor', email: 'owner@airdeck.demo', created_at: hoursAgo(48) }, NOW)).toBe('Welcome back, Maya Okafor.');
    expect(dashboardGreeting({ username: 'sam', email: 'Sam@station.example', created_at: hoursAgo(48) }, NOW)).toBe('Welcome back.');
    expect(dashboardGreeting(null, NOW)).toBe('Welcome.');
  });
  it('gives the same choice as a catalogue key and the name, for a screen in another language', () => {
    expect(dashboardGreetingKey({ username: 'you', email: 'you@station.example', created_at: hoursAgo(0.1) }, NOW)).toEqual({ key: 'dashboard.welcome', name: null });
    expect(dashboardGreetingKey({ username: 'Maya Okafor', email: 'owner@airdeck.demo', created_at: hoursAgo(1) }, NOW)).toEqual({ key: 'dashboard.welcomeName', name: 'Maya Okafor' });
    expect(dashboardGreetingKey({ username: 'Maya Okafor', email: 'owner@airdeck.demo', created_at: hoursAgo(48) }, NOW)).toEqual({ key: 'dashboard.welcomeBackName', name: 'Maya Okafor' });
    expect(dashboardGreetingKey({ username: 'sam', email: 'Sam@station.example', created_at: hoursAgo(48) }, NOW)).toEqual({ key: 'dashboard.welcomeBack', name: null });
  });
});

const np = (over: Record<string, unknown>) =>
  ({
    station: { is_online: true, state: 'on_air' },
    live: { is_live: false, streamer_name: null, broadcast_start: null, presenter_id: null },
    presenter: 'Auto DJ',
    current_show: null,
    next_show: null,
    ...over,
  }) as unknown as Parameters<typeof liveShowTile>[0];

describe("the dashboard's Current Live Show (issue 30 item 7: it said \"Off air\" while Auto DJ played)", () => {
  it('says Auto DJ while the station plays with no show', () => {
    expect(liveShowTile(np({}))).toMatchObject({ state: 'autodj', headline: 'Auto DJ' });
  });
  it('names the show, or the live presenter, when there is one', () => {
    expect(liveShowTile(np({ current_show: { title: 'Breakfast Club' }, presenter: 'Leah' }))).toEqual({ state: 'show', headline: 'Breakfast Club', detail: 'Leah' });
    expect(liveShowTile(np({ station: { is_online: true, state: 'live' }, live: { is_live: true, streamer_name: 'DJ Fjord' }, presenter: 'DJ Fjord' }))).toMatchObject({ state: 'show', headline: 'DJ Fjord' });
  });
  it('says Off air only when nothing is broadcast, with the next show', () => {
    expect(liveShowTile(np({ station: { is_online: false, state: 'off_air' }, next_show: { title: 'Late Lounge' } }))).toEqual({
      state: 'off',
      headline: 'Off air',
      detail: 'The station is not broadcasting right now. Next: Late Lounge.',
      // The same words for a screen in another language: the catalogue's keys, and the next show's title as a value.
      headlineKey: 'radio.offAir',
      detailKey: 'radio.notBroadcasting',
      next: 'Late Lounge',
    });
  });
});
