import { describe, expect, it } from 'vitest';
import { untilParts } from './until';

describe('the time until my next show', () => {
  const now = Date.parse('2026-03-25T12:00:00Z');
  it('counts minutes under an hour, hours under two days, then days', () => {
    expect(untilParts(now + 25 * 60_000, now)).toEqual({ value: 25, unit: 'minute' });
    expect(untilParts(now + 5 * 3_600_000, now)).toEqual({ value: 5, unit: 'hour' });
    expect(untilParts(now + 34 * 3_600_000, now)).toEqual({ value: 34, unit: 'hour' });
    expect(untilParts(now + 58 * 3_600_000, now)).toEqual({ value: 2, unit: 'day' });
  });
});
