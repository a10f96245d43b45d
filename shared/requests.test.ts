import { describe, expect, it } from 'vitest';
import { statusFilterSchema, statusSchema } from './requests';

describe('staff queue schemas', () => {
  it('accepts only each queue its own statuses', () => {
    expect(statusSchema('song').safeParse({ status: 'played' }).success).toBe(true);
    expect(statusSchema('shoutout').safeParse({ status: 'played' }).success).toBe(false);
    expect(statusSchema('general').safeParse({ status: 'archived' }).success).toBe(true);
    expect(statusSchema('loa').safeParse({ status: 'cancelled' }).success).toBe(true);
    expect(statusFilterSchema('loa').parse({ status: 'all' }).status).toBeUndefined();
  });
});
