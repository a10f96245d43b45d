import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type en from './messages/en.json';

/** A key of the catalogue (every catalogue has English's keys: shared/i18n/catalogues.test.ts). */
export type MessageKey = keyof typeof en;

/**
 * A catalogue ready to format: each message either plain text (a message with no placeholder, its ICU quoting
 * undone) or its ICU syntax tree (compile.ts). The web's catalogues are compiled when the website is built
 * (web/i18n-plugin.ts), so a listener's browser never loads the ICU parser; the server compiles them as it loads
 * them.
 */
export type CompiledCatalogue = Record<string, string | MessageFormatElement[]>;

export type MessageValues = Record<string, string | number | Date | boolean | null | undefined>;

export type Translate = (key: MessageKey, values?: MessageValues) => string;

/**
 * Intl's locale for a catalogue's code when the reader's browser names no variant of it: Airdeck's English is
 * British (a station's default before it was translated), so a bare `en`, and the pseudo-locale, format dates and
 * numbers as en-GB; a browser asking for en-US gets en-US (server/src/i18n/catalogues.ts intlTagOf).
 */
export function intlLocale(locale: string): string {
  return locale === 'en-XA' || locale === 'en' ? 'en-GB' : locale;
}

/*
 * Formatting a message must not cost more than reading it. intl-messageformat resolves its locale afresh for every
 * message it is given (Intl.NumberFormat.supportedLocalesOf and a new Intl.Locale: the slowest step of a page's
 * first render on a phone, measured) and makes new Intl formatters for each. The locale is resolved once per tag
 * here (the library's own static step, memoised), and one translator's messages share their formatters.
 */
const resolvedLocales = new Map<string, ReturnType<typeof IntlMessageFormat.resolveLocale>>();
const resolveLocaleUncached = IntlMessageFormat.resolveLocale;
IntlMessageFormat.resolveLocale = (locales) => {
  const key = String(locales);
  if (!resolvedLocales.has(key)) resolvedLocales.set(key, resolveLocaleUncached(locales));
  return resolvedLocales.get(key);
};

function memoised<A extends unknown[], T>(make: (...args: A) => T): (...args: A) => T {
  const made = new Map<string, T>();
  return (...args) => {
    // Locales may be Intl.Locale objects (which JSON writes as {}): named by their tag.
    const key = args.map((a) => (typeof a === 'object' && a !== null && !Array.isArray(a) && !(a instanceof Intl.Locale) ? JSON.stringify(a) : String(a))).join('|');
    let v = made.get(key);
    if (v === undefined) {
      v = make(...args);
      made.set(key, v);
    }
    return v;
  };
}

/** One set of Intl formatters for a translator's messages (what the library would make per message). */
function sharedFormatters() {
  return {
    getNumberFormat: memoised((locales?: string | string[], opts?: Intl.NumberFormatOptions) => new Intl.NumberFormat(locales, opts)),
    getDateTimeFormat: memoised((locales?: string | string[], opts?: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locales, opts)),
    getPluralRules: memoised((locales?: string | string[], opts?: Intl.PluralRulesOptions) => new Intl.PluralRules(locales, opts)),
  };
}

/**
 * `t(key, values)` for one language. A key the catalogue lacks is shown as the key itself (the browser tests
 * look for raw keys), never as another language's text.
 */
export function createTranslator(locale: string, catalogue: CompiledCatalogue): Translate {
  const formats = new Map<string, IntlMessageFormat>();
  const tag = intlLocale(locale);
  const formatters = sharedFormatters();
  return (key, values) => {
    const message = catalogue[key];
    if (message === undefined) return key;
    if (typeof message === 'string') return message;
    let format = formats.get(key);
    if (!format) {
      format = new IntlMessageFormat(message, tag, undefined, { formatters });
      formats.set(key, format);
    }
    const out = format.format(values);
    return Array.isArray(out) ? out.join('') : String(out);
  };
}
