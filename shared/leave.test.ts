import { describe, expect, it } from 'vitest';
import { LoaInputSchema, leaveDays } from './leave';

describe('leave of absence', () => {
  it("refuses leave whose end is not after its start, in the spec's words", () => {
    const r = LoaInputSchema.safeParse({ start_date: '2026-05-02', end_date: '2026-05-02', reason: 'family' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe('End date must be after start date.');
    expect(LoaInputSchema.parse({ start_date: '2026-05-02', end_date: '2026-05-03', reason: 'family', additional_notes: '  ' }).additional_notes).toBeNull();
  });

  it('counts leave days with both ends included, across a month end', () => {
    expect(leaveDays('2026-01-30', '2026-02-02')).toBe(4);
  });
});
