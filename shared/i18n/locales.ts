/**
 * The languages Airdeck speaks (README "Languages"). Adding one is a catalogue file in ./messages/ (every key of
 * en.json, translated) and one line here. English holds the spec's texts word for word and is the default.
 *
 * Zod-free and free of the message runtime: the listener's first load reads this table (the language menu, the
 * direction of the page), and each catalogue is its own lazily loaded chunk (`load`).
 */
import type en from './messages/en.json';

/** A catalogue as its translator wrote it: key → ICU MessageFormat text. */
export type RawCatalogue = Record<keyof typeof en, string>;

export const LOCALES = [
  { code: 'en', name: 'English', dir: 'ltr', load: () => import('./messages/en.json') },
  { code: 'es', name: 'Español', dir: 'ltr', load: () => import('./messages/es.json') },
  { code: 'fr', name: 'Français', dir: 'ltr', load: () => import('./messages/fr.json') },
  { code: 'de', name: 'Deutsch', dir: 'ltr', load: () => import('./messages/de.json') },
  { code: 'pt-BR', name: 'Português (Brasil)', dir: 'ltr', load: () => import('./messages/pt-BR.json') },
  { code: 'ar', name: 'العربية', dir: 'rtl', load: () => import('./messages/ar.json') },
] as const satisfies readonly { code: string; name: string; dir: 'ltr' | 'rtl'; load: () => Promise<{ default: RawCatalogue }> }[];

/** A shipped language's code (the `?lang=` values). */
export type ShippedLocale = (typeof LOCALES)[number]['code'];

/**
 * The pseudo-locale: English with every letter accented and each text 40 % longer, in brackets, for the layout
 * tests (clipped or overflowing text) and for spotting a text that is not in the catalogue. `?lang=en-XA`; never
 * offered in the language menu.
 */
export const PSEUDO_LOCALE = 'en-XA';

/** Every locale a page can be drawn in. */
export type Locale = ShippedLocale | typeof PSEUDO_LOCALE;

export const DEFAULT_LOCALE: ShippedLocale = 'en';

export const LOCALE_CODES: readonly ShippedLocale[] = LOCALES.map((l) => l.code);

/** The query parameter any public URL accepts to pick the page's language (`?lang=de`). */
export const LANG_PARAM = 'lang';
/** Browser storage key and cookie holding the listener's language, so the server draws the next page in it. */
export const LOCALE_STORAGE_KEY = 'airdeck.lang';
export const LOCALE_COOKIE = 'airdeck_lang';

/** The locale a code names (case-insensitive, `pt-br` → `pt-BR`), or null. */
export function asLocale(code: string | null | undefined): Locale | null {
  if (!code) return null;
  const lower = code.trim().toLowerCase();
  if (lower === PSEUDO_LOCALE.toLowerCase()) return PSEUDO_LOCALE;
  return LOCALES.find((l) => l.code.toLowerCase() === lower)?.code ?? null;
}

/** Text direction of a locale. */
export function localeDir(locale: Locale): 'ltr' | 'rtl' {
  return LOCALES.find((l) => l.code === locale)?.dir ?? 'ltr';
}

/**
 * The best shipped language for a list of preferred ones (the browser's `navigator.languages`, or an
 * Accept-Language header's tags by weight): an exact match first, then the same language (`de-AT` → `de`,
 * `pt-PT` → `pt-BR`, `es-419` → `es`), else null.
 */
export function matchLocale(preferred: readonly string[]): ShippedLocale | null {
  for (const tag of preferred) {
    const exact = asLocale(tag);
    if (exact && exact !== PSEUDO_LOCALE) return exact;
    const lang = tag.trim().toLowerCase().split(/[-_]/)[0];
    const same = LOCALES.find((l) => l.code.toLowerCase().split('-')[0] === lang);
    if (same) return same.code;
  }
  return null;
}

/** An Accept-Language header's tags, best first (`de-DE,de;q=0.9,en;q=0.5` → de-DE, de, en); `q=0` tags are left out. */
export function acceptLanguageTags(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((t) => t.tag && t.tag !== '*' && t.q > 0 && Number.isFinite(t.q))
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((t) => t.tag);
}

/**
 * The language of a page: the URL's `?lang=`, else the one remembered on the device (cookie or storage), else the
 * browser's languages (Accept-Language / navigator.languages), else the station's default (General Settings).
 */
export function pickLocale(input: { param?: string | null; saved?: string | null; preferred?: readonly string[]; stationDefault?: string | null }): Locale {
  return asLocale(input.param) ?? asLocale(input.saved) ?? matchLocale(input.preferred ?? []) ?? (asLocale(input.stationDefault) as ShippedLocale | null) ?? DEFAULT_LOCALE;
}
