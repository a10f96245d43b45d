import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './http';

describe('Retry-After', () => {
  it('reads seconds and HTTP dates, and ignores junk', () => {
    expect(parseRetryAfter('7')).toBe(7000);
    expect(parseRetryAfter('0.5')).toBe(500);
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});
