import { describe, expect, it } from 'vitest';
import { DjInputSchema, LoaInputSchema, leaveDays, statusFilterSchema, statusSchema } from './staff';

describe('staff workflow schemas', () => {
  it('accepts only each queue its own statuses', () => {
    expect(statusSchema('song').safeParse({ status: 'played' }).success).toBe(true);
    expect(statusSchema('shoutout').safeParse({ status: 'played' }).success).toBe(false);
    expect(statusSchema('general').safeParse({ status: 'archived' }).success).toBe(true);
    expect(statusSchema('loa').safeParse({ status: 'cancelled' }).success).toBe(true);
    expect(statusFilterSchema('loa').parse({ status: 'all' }).status).toBeUndefined();
  });

  it("refuses leave whose end is not after its start, in the spec's words", () => {
    const r = LoaInputSchema.safeParse({ start_date: '2026-05-02', end_date: '2026-05-02', reason: 'family' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe('End date must be after start date.');
    expect(LoaInputSchema.parse({ start_date: '2026-05-02', end_date: '2026-05-03', reason: 'family', additional_notes: '  ' }).additional_notes).toBeNull();
  });

  it('counts leave days with both ends included, across a month end', () => {
    expect(leaveDays('2026-01-30', '2026-02-02')).toBe(4);
  });

  it('saves empty DJ fields as null, defaults the role, and checks links are web URLs', () => {
    const dj = DjInputSchema.parse({ name: ' Nova ', bio: '', social_links: { kick: '' } });
    expect(dj).toMatchObject({ name: 'Nova', role: 'presenter', bio: null, azuracast_id: null });
    expect(Object.values(dj.social_links).every((v) => v === null)).toBe(true);
    expect(DjInputSchema.safeParse({ name: 'X', social_links: { website: 'ftp://x.example' } }).success).toBe(false);
  });
});
