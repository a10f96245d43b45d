import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileCatalogue } from '../../shared/i18n/compile';
import { errorMatcher } from '../../shared/i18n/error-match';
import { errorTexts } from '../../scripts/error-texts';

/**
 * Every error text the API can answer has its stable key in the catalogue (README "Languages" → "Error
 * messages"): a `fail.*` / `HttpError` message or a shared zod schema's message whose English no `error.*` key
 * holds fails here. `npx tsx scripts/error-texts.ts --missing` lists them.
 */
const root = path.resolve(import.meta.dirname, '../..');
const en = JSON.parse(readFileSync(path.join(root, 'shared/i18n/messages/en.json'), 'utf8')) as Record<string, string>;
const matcher = errorMatcher(compileCatalogue(en));

/**
 * Texts whose values the source scan cannot enumerate (a status word, a label, a count joined in), each with the
 * texts it really answers and the key that must hold them.
 */
const EXPLAINED: Record<string, { scan: RegExp; cases: { key: string; text: string }[] }> = {
  'server/src/applications/review.ts': { scan: /^This application has already been 7;/, cases: [
    { key: 'error.applicationFinalApproved', text: 'This application has already been approved; decisions are final.' },
    { key: 'error.applicationFinalRejected', text: 'This application has already been rejected; decisions are final.' },
  ] },
  'server/src/content/routes.ts': { scan: /^7 not found$/, cases: [
    { key: 'error.pageNotFound', text: 'Page not found' },
    { key: 'error.slideNotFound', text: 'Slide not found' },
    { key: 'error.sponsoredNotFound', text: 'Sponsored content not found' },
  ] },
  'server/src/presenters/staff.ts': { scan: /^7 still has 7\./, cases: [
    { key: 'error.djStillBookedShows', text: 'Ana still has 2 upcoming shows. Reassign or cancel the shows and settle the leave first, then delete the DJ.' },
    { key: 'error.djStillBookedLeave', text: 'Ana still has 1 leave request. Reassign or cancel the shows and settle the leave first, then delete the DJ.' },
    { key: 'error.djStillBookedBoth', text: 'Ana still has 1 upcoming show and 3 leave requests. Reassign or cancel the shows and settle the leave first, then delete the DJ.' },
  ] },
  'server/src/schedule/routes.ts': { scan: /^7 not found$/, cases: [
    { key: 'error.showNotFound', text: 'Show not found' },
    { key: 'error.eventNotFound', text: 'Event not found' },
    { key: 'error.seriesNotFound', text: 'Series not found' },
  ] },
  'server/src/schedule/service.ts': {
    scan: /is on approved leave on|^7 not found$/,
    cases: [
      { key: 'error.presenterOnLeave', text: 'Ana is on approved leave on Friday 4 December 2026. Pick another date, or ask a manager to change the leave.' },
      { key: 'error.showNotFound', text: 'Show not found' },
      { key: 'error.eventNotFound', text: 'Event not found' },
    ],
  },
};

describe('error texts', () => {
  it('every error text in server/src and shared/ has its key in the catalogue', { timeout: 120_000 }, () => {
    const missing = errorTexts()
      .filter((t) => !(t.samples.length > 0 && t.samples.some((s) => matcher.match(s))))
      .filter((t) => !t.samples.some((s) => EXPLAINED[t.file]?.scan.test(s)))
      .map((t) => `${t.file}:${t.line} ${t.samples[0] ?? t.source}`);
    expect(missing).toEqual([]);
  });

  it('the texts the scan cannot enumerate match their keys', () => {
    for (const [file, { cases }] of Object.entries(EXPLAINED)) for (const c of cases) expect(matcher.match(c.text)?.key, `${file}: ${c.text}`).toBe(c.key);
  });

  it('gives a text with placeholders back its values, a plural as its number', () => {
    expect(matcher.match('Title is required')).toEqual({ key: 'error.titleRequired' });
    expect(matcher.match('Too many sign-in attempts. Please try again in 1 minute.')).toEqual({ key: 'error.signInTooMany', values: { minutes: 1 } });
    expect(matcher.match('Too many sign-in attempts. Please try again in 12 minutes.')).toEqual({ key: 'error.signInTooMany', values: { minutes: 12 } });
    expect(matcher.match('No API route for GET /api/nope')).toEqual({ key: 'error.noApiRoute', values: { method: 'GET', path: '/api/nope' } });
    // The most specific text wins over a general one ("Email must be…" over "{field} must be…").
    expect(matcher.match('Email must be at most 254 characters')).toEqual({ key: 'error.emailMaxLength', values: { max: '254' } });
    expect(matcher.match('Something nobody wrote')).toBeNull();
  });

  it('every error text is said the same way in English as it is matched', () => {
    for (const [key, text] of Object.entries(en)) if (key.startsWith('error.') && !text.includes('{')) expect(matcher.match(text)?.key, key).toBe(key);
  });
});
