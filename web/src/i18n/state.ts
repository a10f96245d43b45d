import { atom, useAtomValue } from 'jotai';
import { createTranslator, intlLocale, type CompiledCatalogue, type Translate } from '../../../shared/i18n/format';
import { DEFAULT_LOCALE, LOCALES, PSEUDO_LOCALE, localeDir, type Locale } from '../../../shared/i18n/locales';

/** The language the UI is drawn in: its code, direction, catalogue and `t`. */
export interface I18n {
  locale: Locale;
  /** The tag dates, times and numbers are formatted with (the locale, or the browser's own variant of it: en-GB). */
  intl: string;
  dir: 'ltr' | 'rtl';
  catalogue: CompiledCatalogue;
  t: Translate;
}

export function makeI18n(locale: Locale, catalogue: CompiledCatalogue, intlTag?: string): I18n {
  return { locale, intl: intlTag ?? intlLocale(locale), dir: localeDir(locale), catalogue, t: createTranslator(locale, catalogue) };
}

/**
 * The UI's language (set before the first render: web/src/i18n/start.ts in the browser, web/src/app/ssr.tsx on the
 * server). Until then, English with no catalogue: every text shows as its key.
 */
export const i18nAtom = atom<I18n>(makeI18n(DEFAULT_LOCALE, {}));

/** `t(key, values)` in the UI's language. */
export function useT(): Translate {
  return useAtomValue(i18nAtom).t;
}

export function useI18n(): I18n {
  return useAtomValue(i18nAtom);
}

/**
 * A language's catalogue, compiled when the website was built (web/i18n-plugin.ts); each is its own chunk, fetched
 * only for the language in use. The pseudo-locale is English's, transformed.
 */
export async function loadCatalogue(locale: Locale): Promise<CompiledCatalogue> {
  const code = locale === PSEUDO_LOCALE ? DEFAULT_LOCALE : locale;
  const entry = LOCALES.find((l) => l.code === code) ?? LOCALES[0];
  const catalogue = (await entry.load()).default as unknown as CompiledCatalogue;
  return locale === PSEUDO_LOCALE ? (await import('../../../shared/i18n/pseudo')).pseudoCatalogue(catalogue) : catalogue;
}

/** Where a placeholder's element goes in a translated text: `t('schedule.with', { name: SLOT })` split around it. */
export const SLOT = '\uE000';
export function aroundSlot(text: string): [before: string, after: string] {
  const i = text.indexOf(SLOT);
  return i === -1 ? [text, ''] : [text.slice(0, i), text.slice(i + SLOT.length)];
}
