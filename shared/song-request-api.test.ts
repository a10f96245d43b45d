import { describe, expect, it } from 'vitest';
import { REQUEST_RULE_MESSAGES, waitText } from './song-request-api';

describe('the wait a refused listener is told (issue 38 item 9)', () => {
  it('says seconds under a minute and whole minutes (rounded up) above, never "578 seconds"', () => {
    expect(waitText(1)).toBe('1 second');
    expect(waitText(45)).toBe('45 seconds');
    expect(waitText(59.2)).toBe('1 minute');
    expect(waitText(60)).toBe('1 minute');
    expect(waitText(61)).toBe('2 minutes');
    expect(REQUEST_RULE_MESSAGES.tooMany(578)).toBe('Too many requests. Please wait 10 minutes and try again.');
  });
});
