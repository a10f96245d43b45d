import type { ShippedLocale } from './i18n/locales';
import { LOCALE_CODES } from './i18n/locales';

/**
 * Station content in several languages (issue 35 item 6), the reading side: which text a reader of a language gets,
 * language codes and their names. Zod-free: listener pages load it (the schemas are in shared/content-languages.ts).
 */

/** The stored translations of one item: language code → its translated fields (absent or empty: the default text). */
export type Translations<F extends string> = Partial<Record<ShippedLocale, Partial<Record<F, string>>>>;

let names: Intl.DisplayNames | null | undefined;
function englishNames(): Intl.DisplayNames | null {
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
    } catch {
      names = null;
    }
  }
  return names;
}

/**
 * True for an ISO 639-1 (two letters) or ISO 639-3 (three letters) code of a language, lower case: `es`, `yue`,
 * `pcm`. The runtime's language names (CLDR, through Intl.DisplayNames) say whether it names a language; `und`,
 * `mul`, `zxx` and the private-use range `qaa`–`qtz` are not one.
 */
export function isLanguageCode(code: string): boolean {
  if (!/^[a-z]{2,3}$/.test(code)) return false;
  if (['und', 'mul', 'zxx', 'mis'].includes(code) || /^q[a-t][a-z]$/.test(code)) return false;
  const d = englishNames();
  if (!d) return true;
  try {
    return d.of(code) !== undefined;
  } catch {
    return false;
  }
}

/**
 * The broadcast languages offered first in the select (the languages community stations broadcast in most);
 * any other ISO 639 code is accepted too. Names come from Intl.DisplayNames in the reader's language.
 */
export const COMMON_BROADCAST_LANGUAGES = [
  'en', 'es', 'fr', 'de', 'pt', 'ar', 'it', 'nl', 'pl', 'ro', 'el', 'tr', 'ru', 'uk', 'sv', 'da', 'no', 'fi', 'cs', 'hu',
  'ga', 'cy', 'gd', 'eu', 'ca', 'gl', 'he', 'fa', 'ku', 'ur', 'hi', 'bn', 'pa', 'gu', 'ta', 'te', 'zh', 'yue', 'ja', 'ko',
  'vi', 'th', 'tl', 'id', 'ms', 'sw', 'am', 'so', 'ha', 'yo', 'ig', 'pcm', 'zu', 'xh', 'af', 'ln', 'wo', 'tw',
] as const;

/** A language's name in the reader's language (`es` read in French: « espagnol »), or the code itself. */
export function languageName(code: string, readerLocale: string): string {
  try {
    return new Intl.DisplayNames([readerLocale, 'en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The translations without empty texts or empty languages. */
export function compactTranslations<F extends string>(rec: Translations<F> | null | undefined): Translations<F> {
  const out: Translations<F> = {};
  for (const [code, fields] of Object.entries(rec ?? {}) as [ShippedLocale, Partial<Record<F, string>> | undefined][]) {
    const kept = Object.fromEntries(Object.entries(fields ?? {}).filter(([, v]) => typeof v === 'string' && v.trim() !== '')) as Partial<Record<F, string>>;
    if (Object.keys(kept).length > 0) out[code] = kept;
  }
  return out;
}

/** Stored translations read back (JSON from the database, or anything else): only what the shape allows. */
export function readTranslations<F extends string>(raw: unknown): Translations<F> {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return {};
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const out: Translations<F> = {};
  for (const [code, fields] of Object.entries(value as Record<string, unknown>)) {
    if (!(LOCALE_CODES as readonly string[]).includes(code) || !fields || typeof fields !== 'object') continue;
    const kept: Record<string, string> = {};
    for (const [k, v] of Object.entries(fields as Record<string, unknown>)) if (typeof v === 'string' && v.trim() !== '') kept[k] = v;
    if (Object.keys(kept).length > 0) out[code as ShippedLocale] = kept as Partial<Record<F, string>>;
  }
  return out;
}

/** The text of `field` for a reader of `locale`: its translation, else the default-language text. */
export function translated<F extends string>(translations: Translations<F> | null | undefined, locale: string, field: F, fallback: string): string;
export function translated<F extends string>(translations: Translations<F> | null | undefined, locale: string, field: F, fallback: string | null): string | null;
export function translated<F extends string>(translations: Translations<F> | null | undefined, locale: string, field: F, fallback: string | null): string | null {
  const t = translations?.[locale as ShippedLocale]?.[field];
  return typeof t === 'string' && t.trim() !== '' ? t : fallback;
}

/** The language a reader of `locale` gets an item's `field` in: `locale` when translated, else the station's default. */
export function textLanguage<F extends string>(translations: Translations<F> | null | undefined, locale: string, field: F, stationDefault: string): string {
  const t = translations?.[locale as ShippedLocale]?.[field];
  return typeof t === 'string' && t.trim() !== '' ? locale : stationDefault;
}

/** The station's tagline for a reader of `locale`. */
export function stationTagline(station: { tagline: string; taglineTranslations?: Partial<Record<string, string>> }, locale: string): string {
  const t = station.taglineTranslations?.[locale];
  return t && t.trim() !== '' ? t : station.tagline;
}
