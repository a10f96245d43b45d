import { describe, expect, it } from 'vitest';
import { THEME_KEYS } from '../../../shared/themes';
import { backoff, clock, widgetColours } from './core';
import { formatMessage } from './i18n';
import { dayLabel, showSpan, timeIn, wallToInstant } from './zone';

/** WCAG relative luminance and contrast, written here from the definition (not imported from the code under test). */
function luminance(hex: string): number {
  const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
}
const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
};

describe('widget colours', () => {
  it('keep text, links and the LIVE badge readable in every theme, both modes, and with odd accents', () => {
    for (const theme of THEME_KEYS)
      for (const mode of ['light', 'dark'] as const)
        for (const accent of [null, '#ffff00', '#0000ff', '#777777']) {
          const v = widgetColours({ theme, mode, accent });
          const where = `${theme} ${mode} ${accent}`;
          expect(v['color-scheme'], where).toBe(mode);
          expect(contrast(v['--w-text']!, v['--w-bg']!), where).toBeGreaterThanOrEqual(4.5);
          expect(contrast(v['--w-text']!, v['--w-paper']!), where).toBeGreaterThanOrEqual(4.5);
          expect(contrast(v['--w-accent-text']!, v['--w-paper']!), where).toBeGreaterThanOrEqual(4.5);
          expect(contrast(v['--w-on-accent']!, v['--w-accent']!), where).toBeGreaterThanOrEqual(4.5);
        }
  });
});

describe('station times', () => {
  it('turns a London wall-clock show into instants across the clock change and past midnight', () => {
    expect(new Date(wallToInstant('2026-07-01', '20:00', 'Europe/London')).toISOString()).toBe('2026-07-01T19:00:00.000Z');
    expect(new Date(wallToInstant('2026-12-01', '20:00', 'Europe/London')).toISOString()).toBe('2026-12-01T20:00:00.000Z');
    const [from, to] = showSpan('2026-12-01', '23:00:00', '01:00:00', 'Europe/London');
    expect((to - from) / 3_600_000).toBe(2);
    // The last Sunday of March: 01:30 does not exist in London; the show starts at the gap's end.
    expect(new Date(wallToInstant('2026-03-29', '01:30', 'Europe/London')).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // The last Sunday of October: 01:30 happens twice; a show means the first.
    expect(new Date(wallToInstant('2026-10-25', '01:30', 'Europe/London')).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(timeIn(Date.parse('2026-07-01T19:00:00Z'), 'America/New_York')).toBe('15:00');
  });

  it('formats elapsed time and spreads reconnects', () => {
    expect(clock(65)).toBe('1:05');
    expect(clock(3725)).toBe('1:02:05');
    expect(backoff(0, () => 0)).toBe(250);
    expect(backoff(3, () => 1)).toBe(250 + 4000);
    expect(backoff(30, () => 1)).toBe(250 + 30_000);
  });
});

describe('widget texts in the page\'s language (issue 35)', () => {
  it('fills placeholders and picks plural forms as each language counts', () => {
    const results = '{count, plural, one {# result} other {# results}} from our library';
    expect(formatMessage(results, { count: 1 }, 'en-GB')).toBe('1 result from our library');
    expect(formatMessage(results, { count: 3 }, 'en-GB')).toBe('3 results from our library');
    expect(formatMessage('{count, plural, one {# resultado} other {# resultados}} de nuestra biblioteca', { count: 1 }, 'es')).toBe('1 resultado de nuestra biblioteca');
    const ar = '{count, plural, zero {لا نتائج} one {نتيجة واحدة} two {نتيجتان} few {# نتائج} many {# نتيجة} other {# نتيجة}}';
    expect(formatMessage(ar, { count: 2 }, 'ar')).toBe('نتيجتان');
    expect(formatMessage(ar, { count: 1 }, 'ar')).toBe('نتيجة واحدة');
    expect(formatMessage('{n, plural, =0 {none} one {one} other {#}}', { n: 0 }, 'en-GB')).toBe('none');
    expect(formatMessage('On air: {title} · {artist} ({presenter})', { title: 'Teardrop', artist: 'Massive Attack', presenter: 'Auto DJ' }, 'en-GB')).toBe('On air: Teardrop · Massive Attack (Auto DJ)');
    expect(formatMessage('{label} : {count, number}', { label: "J'aime", count: 1200 }, 'fr')).toBe('J\'aime : 1\u202f200');
  });

  it('writes days and times as the language does (English unchanged)', () => {
    expect(dayLabel('2026-11-24', 'en-GB')).toBe('Tuesday 24 November');
    expect(dayLabel('2026-11-24', 'es')).toBe('martes, 24 de noviembre');
    expect(dayLabel('2026-11-24', 'de')).toBe('Dienstag, 24. November');
    expect(timeIn(Date.parse('2026-07-01T19:00:00Z'), 'Europe/London', 'en-GB')).toBe('20:00');
    expect(timeIn(Date.parse('2026-07-01T19:00:00Z'), 'Europe/London', 'de')).toBe('20:00');
  });
});
