import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES, preferenceTypesFor } from './notifications';

/**
 * Issue 30 item 7: the Preferences tab offers only the switches that can fire for the reader's role. Expected sets
 * written from the spec's role table (001 §6) and the types sent to one person (their shows, leave, reminders).
 */
describe('preferenceTypesFor', () => {
  it('gives the owner every type', () => {
    expect(preferenceTypesFor('owner')).toEqual([...NOTIFICATION_TYPES]);
  });

  it('gives a presenter requests, their own shows, leave decisions, alerts and announcements, nothing they cannot act on', () => {
    expect(preferenceTypesFor('presenter').sort()).toEqual(
      ['show_added', 'show_updated', 'show_deleted', 'song_request', 'general_request', 'shoutout_request', 'system_alert', 'announcement', 'leave_decided'].sort(),
    );
  });

  it('gives a moderator the review and user management types', () => {
    const mod = preferenceTypesFor('moderator');
    expect(mod).toEqual(expect.arrayContaining(['show_conflicts', 'leave_requested', 'application_received', 'application_decided', 'user_added']));
  });

  it('gives no role only the personal types', () => {
    expect(preferenceTypesFor(null).sort()).toEqual(['announcement', 'leave_decided', 'show_added', 'show_deleted', 'show_updated', 'system_alert'].sort());
  });
});
