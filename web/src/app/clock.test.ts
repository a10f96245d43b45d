import { afterEach, describe, expect, it, vi } from 'vitest';
import { clockTimers, subscribeClock } from './clock';

afterEach(() => vi.useRealTimers());

describe("the page's one clock (issue 38 item 6)", () => {
  it('runs one timer however many parts read it, ticks them all in the same second, and stops when nobody reads it', () => {
    vi.useFakeTimers();
    const ticks: string[] = [];
    const stops = ['player', 'card', 'featured', 'up-next'].map((name) => subscribeClock(() => ticks.push(name)));
    expect(clockTimers()).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(ticks).toEqual(['player', 'card', 'featured', 'up-next']);
    vi.advanceTimersByTime(1000);
    expect(ticks).toHaveLength(8);
    for (const stop of stops) stop();
    expect(clockTimers()).toBe(0);
  });
});
