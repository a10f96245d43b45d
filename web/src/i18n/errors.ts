import { getDefaultStore } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { errorMatcher, type ErrorMatcher } from '../../../shared/i18n/error-match';
import type { CompiledCatalogue, MessageKey } from '../../../shared/i18n/format';
import { DEFAULT_LOCALE } from '../../../shared/i18n/locales';
import { i18nAtom, useI18n, type I18n } from './state';

/**
 * Client-side validation in the reader's language (README "Languages" → "Error messages"). A form checks its values
 * with the shared zod schema the server uses, whose messages are the spec's English texts; each such text is the
 * English of an `error.*` key, so it is matched the way the server matches its own (shared/i18n/error-match.ts)
 * and said again with `t()`. A text the catalogue does not hold is shown as it is (English, or a server's message
 * that is already in the reader's language).
 *
 * The matcher needs English's error texts (`en.json?errors`, web/i18n-plugin.ts: about 8 KB gzip), its own chunk,
 * fetched only in another language, when a form that checks its values is first drawn.
 */
let matcher: ErrorMatcher | null = null;
let loading: Promise<ErrorMatcher> | null = null;

export function loadErrorMatcher(): Promise<ErrorMatcher> {
  loading ??= import('../../../shared/i18n/messages/en.json?errors').then((m) => (matcher = errorMatcher(m.default as unknown as CompiledCatalogue)));
  return loading;
}

const needsMatcher = (i18n: Pick<I18n, 'locale'>) => i18n.locale !== DEFAULT_LOCALE;

/** An English error text in the language of `i18n` (its key's translation, with the text's values), else the text. */
export function localErrorText(i18n: Pick<I18n, 'locale' | 't'>, text: string): string {
  if (!needsMatcher(i18n)) return text;
  const ref = matcher?.match(text);
  return ref ? i18n.t(ref.key as MessageKey, ref.values) : text;
}

/** The same outside React (a helper module's fallback message): in the UI's current language. */
export function errorText(text: string): string {
  return localErrorText(getDefaultStore().get(i18nAtom), text);
}

/**
 * `(englishText) => text in the reader's language` for a form's messages; fetches the matcher when the form is
 * drawn in another language, so it is there by the time the reader sends.
 */
export function useErrorText(): (text: string) => string {
  const i18n = useI18n();
  const needed = needsMatcher(i18n);
  const [ready, setReady] = useState(() => matcher !== null);
  useEffect(() => {
    if (!needed || matcher) return;
    let live = true;
    void loadErrorMatcher().then(() => live && setReady(true), () => undefined);
    return () => {
      live = false;
    };
  }, [needed]);
  // A new function once the matcher is there, so a form's messages are said again with it.
  return useCallback((text: string) => localErrorText(i18n, text), [i18n, ready]);
}
