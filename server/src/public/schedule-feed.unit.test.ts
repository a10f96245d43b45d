import fc from 'fast-check';
import { IANAZone } from 'luxon';
import { describe, expect, it } from 'vitest';
import { API_DEFAULTS, PublicParamError, foldLine, parsePublicQuery, renderIcs, vtimezone, zoneTransitions } from './schedule-feed';

describe('parsePublicQuery', () => {
  const today = '2026-03-25';
  it('defaults to the next seven days, scheduled, 50', () => {
    expect(parsePublicQuery({}, today)).toEqual({ start: '2026-03-25', end: '2026-03-31', status: 'scheduled', presenter: null, presenterId: null, limit: 50, broadcastLanguage: null, lang: null });
  });
  it('ignores unknown parameters and empty values', () => {
    expect(parsePublicQuery({ _: '123', week: '', limit: '' }, today)).toEqual(parsePublicQuery({}, today));
  });
  it('names the parameter at fault', () => {
    const fault = (q: Record<string, string>) => {
      try {
        parsePublicQuery(q, today, API_DEFAULTS);
        return null;
      } catch (e) {
        return e instanceof PublicParamError ? e.parameter : 'other';
      }
    };
    expect(fault({ week: 'x' })).toBe('week');
    expect(fault({ limit: '-1' })).toBe('limit');
    expect(fault({ limit: '1.5' })).toBe('limit');
    expect(fault({ status: 'SCHEDULED' })).toBeNull();
    expect(fault({ start_date: '2026-3-1' })).toBe('start_date');
  });
});

describe('iCalendar text', () => {
  it('folds long lines at 75 octets without splitting a character', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (s) => {
        const folded = foldLine(`DESCRIPTION:${s}`);
        for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
        expect(folded.replace(/\r\n /g, '')).toBe(`DESCRIPTION:${s}`);
      }),
    );
  });

  it('escapes text and ends a midnight-crossing show on the next date', () => {
    const ics = renderIcs(
      [{ id: 'a', title: 'Rock; Roll, and\nmore', description: null, type: 'show', event_date: '2026-12-31', start_time: '23:00:00', end_time: '01:00:00', status: 'scheduled', presenter_name: null, presenter_bio: null, presenter_image: null, host: null, image_url: null, broadcast_language: null, translations: {}, updated_at: new Date(Date.UTC(2026, 0, 1)) }],
      { zone: 'Europe/London', calendarName: 'Test', base: 'https://radio.example', nowMs: Date.UTC(2026, 5, 1) },
    );
    expect(ics).toContain('SUMMARY:Rock\\; Roll\\, and\\nmore');
    expect(ics).toContain('DTEND;TZID=Europe/London:20270101T010000');
    expect(ics).toContain('DTSTAMP:20260101T000000Z');
  });
});

describe('VTIMEZONE', () => {
  const zones = ['Europe/London', 'America/New_York', 'Australia/Sydney', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC'];
  it('has offsets that agree with the zone at every instant of the covered years', () => {
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2028, 0, 1) - 1 }), (zone, ms) => {
        const lines = vtimezone(zone, 2025, 2027);
        // Each observance: DTSTART (local, in the previous offset) and TZOFFSETTO.
        const obs: { at: number; to: number }[] = [];
        for (let i = 0; i < lines.length; i++) {
          if (!lines[i]!.startsWith('DTSTART:')) continue;
          const d = lines[i]!.slice(8);
          const from = parseOffset(lines[i + 1]!.slice('TZOFFSETFROM:'.length));
          const to = parseOffset(lines[i + 2]!.slice('TZOFFSETTO:'.length));
          const wall = Date.UTC(+d.slice(0, 4), +d.slice(4, 6) - 1, +d.slice(6, 8), +d.slice(9, 11), +d.slice(11, 13));
          obs.push({ at: wall - from * 60_000, to });
        }
        const current = obs.filter((o) => o.at <= ms).pop()!;
        expect(current.to).toBe(IANAZone.create(zone).offset(ms));
      }),
      { numRuns: 500 },
    );
  });

  it('finds both London changes of 2026 to the minute', () => {
    expect(zoneTransitions('Europe/London', Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1))).toEqual([
      { at: Date.UTC(2026, 2, 29, 1), from: 0, to: 60 },
      { at: Date.UTC(2026, 9, 25, 1), from: 60, to: 0 },
    ]);
  });
});

function parseOffset(s: string): number {
  const sign = s.startsWith('-') ? -1 : 1;
  return sign * (Number(s.slice(1, 3)) * 60 + Number(s.slice(3, 5)));
}
