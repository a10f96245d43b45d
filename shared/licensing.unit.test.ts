import { describe, expect, it } from 'vitest';
import { pplBand, prsBand } from './licensing';

describe('licence bands (README "Music-licensing reports")', () => {
  it('PPL Linear Webcast Licence: band 1 up to 150,000 performances a year, band 2 up to 270,000, band 3 above', () => {
    expect([0, 150_000, 150_001, 270_000, 270_001, 5_000_000].map(pplBand)).toEqual(['1', '1', '2', '2', '3', '3']);
  });
  it('PRS time of day: weekday peak 06:00–19:00, weekend peak 08:00–12:00, else off-peak', () => {
    // 0 Sunday … 6 Saturday.
    expect([5, 6, 18, 19].map((h) => prsBand(3, h))).toEqual(['Off-peak', 'Peak', 'Peak', 'Off-peak']);
    expect([7, 8, 11, 12].map((h) => prsBand(6, h))).toEqual(['Off-peak', 'Peak', 'Peak', 'Off-peak']);
    expect([7, 8, 11, 12].map((h) => prsBand(0, h))).toEqual(['Off-peak', 'Peak', 'Peak', 'Off-peak']);
    expect(prsBand(1, 0)).toBe('Off-peak');
  });
});
