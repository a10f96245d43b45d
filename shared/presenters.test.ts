import { describe, expect, it } from 'vitest';
import { DjInputSchema } from './presenters';

describe('the DJ form', () => {
  it('saves empty DJ fields as null, defaults the role, and checks links are web URLs', () => {
    const dj = DjInputSchema.parse({ name: ' Nova ', bio: '', social_links: { kick: '' } });
    expect(dj).toMatchObject({ name: 'Nova', role: 'presenter', bio: null, azuracast_id: null });
    expect(Object.values(dj.social_links).every((v) => v === null)).toBe(true);
    expect(DjInputSchema.safeParse({ name: 'X', social_links: { website: 'ftp://x.example' } }).success).toBe(false);
  });
});
