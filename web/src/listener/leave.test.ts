import { describe, expect, it } from 'vitest';
import { returnsInText } from './leave';

describe('the leave chip', () => {
  it('says day for one day and days otherwise', () => {
    expect(returnsInText(1)).toBe('Returns in 1 day');
    expect(returnsInText(2)).toBe('Returns in 2 days');
    expect(returnsInText(0)).toBe('Returns in 0 days');
  });
});
