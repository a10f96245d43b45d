import { describe, expect, it } from 'vitest';
import type { TimedShow } from './schedule';
import { judgeShow } from './stats';

const H = 3_600_000;
const M = 60_000;
const T = Date.UTC(2026, 5, 13, 18, 0);
const show = (over: Partial<TimedShow> = {}): TimedShow => ({
  id: 's1',
  title: 'Soul Kitchen',
  event_date: '2026-06-13',
  start_time: '19:00:00',
  end_time: '21:00:00',
  status: 'scheduled',
  presenter_id: 'p1',
  presenter_name: 'Maya',
  host: null,
  startMs: T,
  endMs: T + 2 * H,
  ...over,
});
const session = (start: number, end: number | null, over: Partial<{ presenter_id: string | null; schedule_event_id: string | null }> = {}) => ({
  id: `x${start}`,
  presenter_id: 'p1',
  streamer_name: 'Maya',
  schedule_event_id: 's1',
  started_at: new Date(start),
  ended_at: end === null ? null : new Date(end),
  title: null,
  ...over,
});

describe('judgeShow (scheduled versus on air, 5 minutes of grace)', () => {
  it('is upcoming before the start and for the first 5 minutes, then a no-show', () => {
    expect(judgeShow(show(), [], T - M).statuses).toEqual(['upcoming']);
    expect(judgeShow(show(), [], T + 4 * M).statuses).toEqual(['upcoming']);
    expect(judgeShow(show(), [], T + 6 * M).statuses).toEqual(['no_show']);
  });

  it('tells on time from a late start, and an overrun or early end from a normal finish', () => {
    expect(judgeShow(show(), [session(T + 2 * M, T + 2 * H + 3 * M)], T + 3 * H)).toMatchObject({ statuses: ['on_time'], start_delta_minutes: 2, end_delta_minutes: 3 });
    expect(judgeShow(show(), [session(T + 12 * M, T + 2 * H)], T + 3 * H)).toMatchObject({ statuses: ['late_start'], start_delta_minutes: 12 });
    expect(judgeShow(show(), [session(T, T + 2 * H + 9 * M)], T + 3 * H).statuses).toEqual(['on_time', 'overrun']);
    expect(judgeShow(show(), [session(T, T + H)], T + 3 * H)).toMatchObject({ statuses: ['on_time', 'early_end'], end_delta_minutes: -60 });
  });

  it('is on air while the session is open, and overrunning once past the end', () => {
    expect(judgeShow(show(), [session(T, null)], T + H).statuses).toEqual(['on_time', 'on_air']);
    expect(judgeShow(show(), [session(T, null)], T + 2 * H + 10 * M).statuses).toEqual(['on_time', 'on_air', 'overrun']);
  });

  it("counts the presenter's session carried over from their previous show, and ignores other presenters", () => {
    const carried = session(T - H, null, { schedule_event_id: 'earlier' });
    expect(judgeShow(show(), [carried], T + 10 * M).statuses).toEqual(['on_time', 'on_air']);
    const someoneElse = session(T, null, { presenter_id: 'p2', schedule_event_id: null });
    expect(judgeShow(show(), [someoneElse], T + 10 * M).statuses).toEqual(['no_show']);
  });
});
