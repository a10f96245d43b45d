import fs from 'node:fs';
import path from 'node:path';
import { isStructurallySame, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { compileCatalogue, parseMessage } from './compile';
import { createTranslator } from './format';
import { LOCALES, acceptLanguageTags, matchLocale, pickLocale } from './locales';
import { pseudoCatalogue } from './pseudo';
import { firstDayFromTable, firstDayOfWeek } from './week';

const dir = path.join(import.meta.dirname, 'messages');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Record<string, string>;
const en = read('en.json');

/** What a catalogue lacks of English's keys, what it has beyond them, and which keys' placeholders differ. */
export function catalogueProblems(english: Record<string, string>, other: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(english)) {
    if (!(key in other)) problems.push(`missing key ${key}`);
    else if (typeof other[key] !== 'string' || other[key]!.trim() === '') problems.push(`empty text for ${key}`);
  }
  for (const key of Object.keys(other)) if (!(key in english)) problems.push(`key ${key} is not in English`);
  for (const key of Object.keys(english)) {
    if (typeof other[key] !== 'string') continue;
    let a: MessageFormatElement[], b: MessageFormatElement[];
    try {
      a = parseMessage(english[key]!);
      b = parseMessage(other[key]!);
    } catch (err) {
      problems.push(`${key} is not valid ICU: ${(err as Error).message}`);
      continue;
    }
    const same = isStructurallySame(a, b);
    if (!same.success) problems.push(`placeholders of ${key} differ: ${same.error?.message}`);
  }
  return problems;
}

describe('the message catalogues', () => {
  it('ship one file per language of the table, and nothing else', () => {
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()).toEqual(LOCALES.map((l) => `${l.code}.json`).sort());
  });

  for (const { code } of LOCALES.filter((l) => l.code !== 'en')) {
    it(`${code} has every key English has, with the same placeholders`, () => {
      expect(catalogueProblems(en, read(`${code}.json`))).toEqual([]);
    });
  }

  it('name each key once in every file (two landings that add the same key leave a second copy JSON.parse hides)', () => {
    for (const { code } of LOCALES) {
      const keys = [...fs.readFileSync(path.join(dir, `${code}.json`), 'utf8').matchAll(/^\s*"((?:[^"\\]|\\.)*)"\s*:/gm)].map((m) => m[1]!);
      expect(keys.filter((k, i) => keys.indexOf(k) !== i), `${code}.json`).toEqual([]);
    }
  });

  it('the check fails on a missing key and on a placeholder that differs', () => {
    const de = read('de.json');
    const { ['nav.home']: _dropped, ...lacking } = de;
    expect(catalogueProblems(en, lacking)).toEqual(['missing key nav.home']);
    expect(catalogueProblems(en, { ...de, 'footer.copyright': '© {jahr} {station}.' })).toEqual([expect.stringMatching(/^placeholders of footer.copyright differ/)]);
    expect(catalogueProblems(en, { ...de, 'listeners.count': '{count} Hörer' })).toEqual([expect.stringMatching(/^placeholders of listeners.count differ/)]);
  });

  it('English holds the spec’s texts word for word', () => {
    // Spec 000 §2 (the navigation bar) and the player's texts.
    expect([en['nav.home'], en['nav.shows'], en['nav.djs'], en['nav.mobileApp'], en['nav.request'], en['nav.donate'], en['shell.becomeDj'], en['shell.login']]).toEqual([
      'Home', 'Shows', 'DJs', 'Mobile App', 'Request', 'Donate', 'Become a DJ', 'Login',
    ]);
    expect(en['radio.offAir']).toBe('Off air');
  });

  it('formats ICU plurals and placeholders per language', () => {
    const t = (code: string) => createTranslator(code, compileCatalogue(read(`${code}.json`)));
    expect(t('en')('listeners.count', { count: 1 })).toBe('1 listener');
    expect(t('en')('listeners.count', { count: 1234 })).toBe('1,234 listeners');
    expect(t('de')('listeners.count', { count: 1234 })).toBe('1.234 Hörer');
    expect(t('ar')('listeners.count', { count: 2 })).toBe('مستمعان');
    expect(t('en')('footer.copyright', { year: '2026', station: 'Radio X' })).toBe('© 2026 Radio X.');
    // A key the catalogue lacks shows as the key (the browser tests look for it), never as another language.
    expect(t('de')('no.such.key' as never)).toBe('no.such.key');
  });

  it('compiles a message without placeholders to its plain text, ICU quoting undone', () => {
    const compiled = compileCatalogue({ a: 'Plain', b: "It''s '{'this'}'", c: 'Hi {name}' });
    expect(compiled.a).toBe('Plain');
    expect(compiled.b).toBe("It's {this}");
    expect(Array.isArray(compiled.c)).toBe(true);
    expect(() => compileCatalogue({ bad: 'Hi {name' })).toThrow(/Message "bad"/);
  });
});

describe('the pseudo-locale', () => {
  const pseudo = pseudoCatalogue(compileCatalogue(en));
  const t = createTranslator('en-XA', pseudo);
  it('accents every letter and makes each text at least 40 % longer, in brackets', () => {
    for (const key of Object.keys(en)) {
      if (Array.isArray(pseudo[key])) continue;
      const text = pseudo[key] as string;
      expect(text.startsWith('[') && text.endsWith(']'), key).toBe(true);
      expect(text, key).not.toMatch(/[A-Za-z]/);
      expect(text.replace(/\s/g, '').length, key).toBeGreaterThanOrEqual(Math.ceil(en[key]!.replace(/\s/g, '').length * 1.4));
    }
  });
  it('keeps placeholders working', () => {
    const out = t('player.nowPlaying', { title: 'Song', artist: 'Band' });
    expect(out).toMatch(/^\[Ñöŵ þļáýíñĝ: Song ƀý Band\. .+\]$/);
    expect(t('listeners.count', { count: 3 })).toMatch(/^\[3 ļíšţéñéŕš .+\]$/);
    expect(parseMessage('x').length).toBe(1);
    expect(TYPE.literal).toBe(0);
  });
});

describe('choosing the language', () => {
  it('reads Accept-Language by weight', () => {
    expect(acceptLanguageTags('en;q=0.5, de-DE, de;q=0.9, fr;q=0')).toEqual(['de-DE', 'de', 'en']);
    expect(acceptLanguageTags('')).toEqual([]);
  });
  it('matches a browser language to a shipped one', () => {
    expect(matchLocale(['de-AT'])).toBe('de');
    expect(matchLocale(['pt-PT'])).toBe('pt-BR');
    expect(matchLocale(['pt-br'])).toBe('pt-BR');
    expect(matchLocale(['ja', 'es-419'])).toBe('es');
    expect(matchLocale(['ja'])).toBeNull();
  });
  it('takes ?lang=, then the remembered choice, then the browser, then the station default', () => {
    expect(pickLocale({ param: 'ar', saved: 'de', preferred: ['fr'], stationDefault: 'es' })).toBe('ar');
    expect(pickLocale({ param: 'xx', saved: 'de', preferred: ['fr'], stationDefault: 'es' })).toBe('de');
    expect(pickLocale({ preferred: ['fr-CA'], stationDefault: 'es' })).toBe('fr');
    expect(pickLocale({ preferred: ['ja'], stationDefault: 'es' })).toBe('es');
    expect(pickLocale({})).toBe('en');
    expect(pickLocale({ param: 'en-XA' })).toBe('en-XA');
  });
});

describe('the first day of the week', () => {
  it('is Monday for de, Sunday for en-US, Saturday for ar', () => {
    expect(firstDayOfWeek('de')).toBe(1);
    expect(firstDayOfWeek('en-US')).toBe(7);
    expect(firstDayOfWeek('ar')).toBe(6);
    expect(firstDayOfWeek('en-GB')).toBe(1);
  });
  it('has a fallback table for a runtime without week information', () => {
    expect(firstDayFromTable('de')).toBe(1);
    expect(firstDayFromTable('en-US')).toBe(7);
    expect(firstDayFromTable('en')).toBe(7);
    expect(firstDayFromTable('ar')).toBe(6);
    expect(firstDayFromTable('pt-BR')).toBe(7);
    expect(firstDayFromTable('fr')).toBe(1);
  });
});
