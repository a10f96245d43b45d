import { describe, expect, it } from 'vitest';
import { DJ_TEXTS, DjInputSchema } from './presenters';

describe('the DJ form', () => {
  it('saves empty DJ fields as null, defaults the role, and checks links are web URLs', () => {
    const dj = DjInputSchema.parse({ name: ' Nova ', bio: '', social_links: { kick: '' } });
    expect(dj).toMatchObject({ name: 'Nova', role: 'presenter', bio: null, azuracast_id: null });
    expect(Object.values(dj.social_links).every((v) => v === null)).toBe(true);
    expect(DjInputSchema.safeParse({ name: 'X', social_links: { website: 'ftp://x.example' } }).success).toBe(false);
  });
});

describe('the DJ save toast (issue 30 item 7: it said "added or updated")', () => {
  it('says which happened', () => {
    expect(DJ_TEXTS.saved('Sam Rivers', true)).toBe('DJ Sam Rivers has been added successfully');
    expect(DJ_TEXTS.saved('Sam Rivers', false)).toBe('DJ Sam Rivers has been updated successfully');
  });
});
