import type { ErrorBody, FieldIssue } from '../../../shared/errors';
import { errorMatcher, type ErrorMatcher, type ErrorMessageRef } from '../../../shared/i18n/error-match';
import type { MessageKey } from '../../../shared/i18n/format';
import { DEFAULT_LOCALE, LANG_PARAM, LOCALE_COOKIE, type Locale } from '../../../shared/i18n/locales';
import { catalogueFor, requestLocale, translatorFor } from './catalogues';

/**
 * Error answers in the requester's language (README "Languages" → "Error messages"). The code writes an error's
 * English text (the spec's words); the catalogue's `error.*` key whose English is that text is its stable message
 * key, given in the answer (`error.key`, with `error.values` for its placeholders; each field problem likewise),
 * and the message is that key's text in the requester's language: `?lang=`, the `airdeck_lang` cookie,
 * Accept-Language, else English. A text the catalogue does not hold yet stays as written, without a key.
 */
let matcher: Promise<ErrorMatcher> | null = null;

export function englishErrorMatcher(): Promise<ErrorMatcher> {
  matcher ??= catalogueFor(DEFAULT_LOCALE).then(errorMatcher);
  matcher.catch(() => (matcher = null));
  return matcher;
}

/** The language of an API request: `?lang=`, the language cookie, Accept-Language, else English. */
export function errorLocale(c: { query: Record<string, unknown>; cookies: { get(name: string): string | undefined }; get(header: string): string }): Locale {
  const param = c.query[LANG_PARAM];
  return requestLocale({ param: typeof param === 'string' ? param : null, cookie: c.cookies.get(LOCALE_COOKIE), acceptLanguage: c.get('Accept-Language') });
}

/** One text in the reader's language, with the key and values it was said with (null: not in the catalogue). */
export async function localizeErrorText(text: string, locale: Locale): Promise<{ message: string; ref: ErrorMessageRef | null }> {
  const ref = (await englishErrorMatcher()).match(text);
  if (!ref) return { message: text, ref: null };
  if (locale === DEFAULT_LOCALE) return { message: text, ref };
  const t = await translatorFor(locale);
  return { message: t(ref.key as MessageKey, ref.values), ref };
}

/** The error body in the reader's language, with the stable message keys added. */
export async function localizeErrorBody(body: ErrorBody, locale: Locale): Promise<ErrorBody> {
  const main = await localizeErrorText(body.error.message, locale);
  const error: ErrorBody['error'] = { code: body.error.code, message: main.message };
  if (main.ref) {
    error.key = main.ref.key;
    if (main.ref.values && Object.keys(main.ref.values).length > 0) error.values = main.ref.values;
  }
  if (body.error.details) {
    const details = { ...body.error.details };
    if (Array.isArray(details.fields)) {
      details.fields = await Promise.all(
        details.fields.map(async (f): Promise<FieldIssue> => {
          const one = await localizeErrorText(f.message, locale);
          if (!one.ref) return f;
          return { ...f, message: one.message, key: one.ref.key, ...(one.ref.values && Object.keys(one.ref.values).length > 0 ? { values: one.ref.values } : {}) };
        }),
      );
    }
    error.details = details;
  }
  return { error };
}
