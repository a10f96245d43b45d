import { describe, expect, it } from 'vitest';
import { DisplayOrderSchema, maskSecret, PageInputSchema, pickWeighted, slugify } from './content';

describe('the page slug rule', () => {
  it('lower-cases, replaces other characters with hyphens and collapses repeats', () => {
    expect(slugify('About Us')).toBe('about-us');
    expect(slugify('Winter   Schedule 2025!')).toBe('winter-schedule-2025-');
    expect(slugify('Café--Nights')).toBe('caf-nights');
    expect(slugify('already-ok')).toBe('already-ok');
  });
});

describe('the page form', () => {
  it('turns an empty meta description into null and a non-numeric order into 0; new pages are published', () => {
    const p = PageInputSchema.parse({ title: 'T', slug: 'T', content: '<p>x</p>', meta_description: '', display_order: 'abc' });
    expect(p).toMatchObject({ slug: 't', meta_description: null, display_order: 0, is_published: true, is_featured: false });
    expect(DisplayOrderSchema.parse('12')).toBe(12);
    expect(DisplayOrderSchema.parse(3.7)).toBe(3);
    expect(DisplayOrderSchema.parse(null)).toBe(0);
  });
});

describe('secret masking', () => {
  it('shows the first and last 4 characters, and hides short secrets fully', () => {
    expect(maskSecret('abcdefghijkl')).toBe('abcd••••••••ijkl');
    expect(maskSecret('abcdefghi')).toBe('abcd••••••••fghi');
    expect(maskSecret('abcdefgh')).toBe('••••••••');
    expect(maskSecret('abc')).toBe('••••••••');
  });
});

describe('weighted choice of sponsored content', () => {
  const items = [
    { id: 'a', priority: 1 },
    { id: 'b', priority: 3 },
    { id: 'c', priority: 6 },
  ];
  it('gives each item a share of the range equal to its priority', () => {
    const pick = (r: number) => pickWeighted(items, r)?.id;
    expect(pick(0)).toBe('a');
    expect(pick(0.099)).toBe('a');
    expect(pick(0.1)).toBe('b');
    expect(pick(0.399)).toBe('b');
    expect(pick(0.4)).toBe('c');
    expect(pick(0.9999)).toBe('c');
    const counts: Record<string, number> = { a: 0, b: 0, c: 0 };
    for (let i = 0; i < 1000; i++) counts[pick(i / 1000)!]! += 1;
    expect(counts).toEqual({ a: 100, b: 300, c: 600 });
  });
  it('picks nothing from an empty list', () => {
    expect(pickWeighted([], 0.5)).toBeNull();
  });
});
