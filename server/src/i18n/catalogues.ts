import { compileCatalogue } from '../../../shared/i18n/compile';
import { createTranslator, intlLocale, type CompiledCatalogue, type Translate } from '../../../shared/i18n/format';
import { LOCALES, LOCALE_COOKIE, LANG_PARAM, PSEUDO_LOCALE, DEFAULT_LOCALE, acceptLanguageTags, asLocale, pickLocale, type Locale } from '../../../shared/i18n/locales';
import { pseudoCatalogue } from '../../../shared/i18n/pseudo';

/**
 * The server's side of the message catalogues (shared/i18n): each language's catalogue compiled once
 * (plain text or ICU syntax tree, as the website's build compiles it for the browser), a translator per language
 * for what the server writes itself (the first screen, page heads), and the language of a page request.
 */
const compiled = new Map<Locale, Promise<CompiledCatalogue>>();

export function catalogueFor(locale: Locale): Promise<CompiledCatalogue> {
  let hit = compiled.get(locale);
  if (!hit) {
    hit = (async () => {
      if (locale === PSEUDO_LOCALE) return pseudoCatalogue(await catalogueFor(DEFAULT_LOCALE));
      const entry = LOCALES.find((l) => l.code === locale) ?? LOCALES[0];
      const raw = (await entry.load()).default as Record<string, string>;
      return compileCatalogue(raw);
    })();
    hit.catch(() => compiled.delete(locale));
    compiled.set(locale, hit);
  }
  return hit;
}

const translators = new Map<Locale, Translate>();

export async function translatorFor(locale: Locale): Promise<Translate> {
  let t = translators.get(locale);
  if (!t) {
    t = createTranslator(locale, await catalogueFor(locale));
    translators.set(locale, t);
  }
  return t;
}

/** What a request says about its language. */
export interface LocaleRequest {
  /** The query string's `lang`. */
  param: string | null | undefined;
  /** The language cookie (the listener's remembered choice). */
  cookie: string | null | undefined;
  /** The Accept-Language header. */
  acceptLanguage: string | null | undefined;
}

/** The language of a page: `?lang=`, the remembered choice, Accept-Language, the station's default. */
export function requestLocale(req: LocaleRequest, stationDefault?: string | null): Locale {
  return pickLocale({ param: req.param, saved: req.cookie, preferred: acceptLanguageTags(req.acceptLanguage), stationDefault });
}

/**
 * The tag dates and numbers are formatted with: the browser's own variant of the language when it asked for one
 * (Accept-Language `en-GB` → en-GB), else the language's code (web/src/i18n/start.ts intlTagFor does the same).
 */
export function intlTagOf(locale: Locale, acceptLanguage: string | null | undefined): string {
  if (locale === PSEUDO_LOCALE) return intlLocale(locale);
  const lang = locale.split('-')[0]!.toLowerCase();
  const own = acceptLanguageTags(acceptLanguage).find((tag) => tag.split('-')[0]!.toLowerCase() === lang && tag.includes('-'));
  if (!own) return intlLocale(locale);
  try {
    return Intl.getCanonicalLocales(own)[0] ?? intlLocale(locale);
  } catch {
    return intlLocale(locale);
  }
}

export { LANG_PARAM, LOCALE_COOKIE, asLocale };
