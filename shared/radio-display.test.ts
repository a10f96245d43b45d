import { describe, expect, it } from 'vitest';
import type { NowPlaying } from './radio';
import { liveSlotLeft } from './radio-display';

/** Issue 30 item 7: the live presenter sees the time left in their slot; nobody else's slot counts. */
const at = Date.UTC(2026, 10, 27, 20, 15, 0);
const show = { id: 'show-1', title: 'Rivers Run Deep', presenter_name: 'Sam Rivers', presenter_id: 'p1', event_date: '2026-11-27', start_time: '20:00:00', end_time: '21:00:00', starts_at: Date.UTC(2026, 10, 27, 20) / 1000, ends_at: Date.UTC(2026, 10, 27, 21) / 1000 };
const np = (over: { state?: NowPlaying['station']['state']; is_live?: boolean; show_id?: string | null; current_show?: typeof show | null }) =>
  ({
    station: { name: null, listen_url: '/api/stream', is_online: true, state: over.state ?? 'live' },
    live: { is_live: over.is_live ?? true, streamer_name: 'Sam Rivers', broadcast_start: null, presenter_id: 'p1', show_id: over.show_id === undefined ? 'show-1' : over.show_id },
    current_show: over.current_show === undefined ? show : over.current_show,
  }) as Pick<NowPlaying, 'station' | 'live' | 'current_show'>;

describe('liveSlotLeft', () => {
  it('is the seconds to the end of the live presenter’s own booked show', () => {
    expect(liveSlotLeft(np({}), at)).toBe(45 * 60);
    expect(liveSlotLeft(np({}), at + 44 * 60_000 + 59_500)).toBe(0);
  });
  it('never goes below zero past the end (an overrun)', () => {
    expect(liveSlotLeft(np({}), Date.UTC(2026, 10, 27, 21, 5))).toBe(0);
  });
  it('is null on Auto DJ, live outside their booking, or in someone else’s slot', () => {
    expect(liveSlotLeft(np({ state: 'on_air', is_live: false }), at)).toBeNull();
    expect(liveSlotLeft(np({ show_id: null }), at)).toBeNull();
    expect(liveSlotLeft(np({ show_id: 'show-2' }), at)).toBeNull();
    expect(liveSlotLeft(np({ current_show: null }), at)).toBeNull();
    expect(liveSlotLeft(null, at)).toBeNull();
  });
});
