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

/**
 * `t(key, values)` for one language. A key the catalogue lacks is shown as the key itself (the browser tests
 * look for raw keys), never as another language's text.
 */
export function createTranslator(locale: string, catalogue: CompiledCatalogue): Translate {
  const formats = new Map<string, IntlMessageFormat>();
  const tag = intlLocale(locale);
  return (key, values) => {
    const message = catalogue[key];
    if (message === undefined) return key;
    if (typeof message === 'string') return message;
    let format = formats.get(key);
    if (!format) {
      format = new IntlMessageFormat(message, tag);
      formats.set(key, format);
    }
    const out = format.format(values);
    return Array.isArray(out) ? out.join('') : String(out);
  };
}
