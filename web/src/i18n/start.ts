import { getDefaultStore, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { LANG_PARAM, LOCALE_COOKIE, LOCALE_STORAGE_KEY, asLocale, localeDir, pickLocale, type Locale } from '../../../shared/i18n/locales';
import { readBootData } from '../app/boot-data';
import { storedValue } from '../platform/storage';
import { i18nAtom, loadCatalogue, makeI18n } from './state';
import { intlLocale } from '../../../shared/i18n/format';
import { loadRtlCache } from './rtl';

/** The tag dates and numbers are formatted with: the browser's own variant of the language (en-GB, de-AT), else the code. */
export function intlTagFor(locale: Locale, preferred: readonly string[]): string {
  if (locale === 'en-XA') return intlLocale(locale);
  const lang = locale.split('-')[0]!.toLowerCase();
  const own = preferred.find((tag) => tag.split('-')[0]!.toLowerCase() === lang && tag.includes('-'));
  if (!own) return intlLocale(locale);
  try {
    return Intl.getCanonicalLocales(own)[0] ?? intlLocale(locale);
  } catch {
    return intlLocale(locale);
  }
}

/** The listener's choice, remembered on this device: browser storage, and a cookie so the server draws pages in it. */
function remember(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private browsing: the choice lasts for this visit (the cookie may still keep it).
  }
  document.cookie = `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; path=/; max-age=31536000; SameSite=Lax`;
}

function applyToDocument(locale: Locale): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = localeDir(locale);
}

/**
 * Before the first render: the page's language. The one the server drew the page in (BootData.i18n, its catalogue
 * inlined, so nothing is fetched and nothing flashes in another language); else `?lang=`, the remembered choice,
 * the browser's languages, the station's default, with its catalogue fetched. `?lang=` is remembered.
 */
export async function startI18n(): Promise<void> {
  const boot = readBootData();
  const param = asLocale(new URL(window.location.href).searchParams.get(LANG_PARAM));
  const preferred = typeof navigator !== 'undefined' ? navigator.languages ?? [navigator.language] : [];
  let i18n;
  if (boot?.i18n && (!param || param === boot.i18n.locale)) {
    i18n = makeI18n(boot.i18n.locale, boot.i18n.catalogue, boot.i18n.intl);
  } else {
    const locale = pickLocale({ param, saved: storedValue(LOCALE_STORAGE_KEY), preferred });
    i18n = makeI18n(locale, await loadCatalogue(locale), intlTagFor(locale, preferred));
  }
  if (param) remember(param);
  if (i18n.dir === 'rtl') await loadRtlCache();
  getDefaultStore().set(i18nAtom, i18n);
  applyToDocument(i18n.locale);
}

const chosenListeners = new Set<(locale: Locale) => void>();
/** Called after each switch of the UI's language (the signed-in staff member's profile follows it); answers the unsubscribe. */
export function onLocaleChosen(listener: (locale: Locale) => void): () => void {
  chosenListeners.add(listener);
  return () => chosenListeners.delete(listener);
}

/** Switches the UI's language in place (the language menu): fetches its catalogue, remembers the choice. */
export function useChangeLocale(): (locale: Locale) => Promise<void> {
  const set = useSetAtom(i18nAtom);
  return useCallback(
    async (locale: Locale) => {
      const catalogue = await loadCatalogue(locale);
      if (localeDir(locale) === 'rtl') await loadRtlCache();
      remember(locale);
      set(makeI18n(locale, catalogue, intlTagFor(locale, navigator.languages ?? [navigator.language])));
      applyToDocument(locale);
      // A shared link's ?lang= would pick the old language again on reload: it follows the choice.
      const url = new URL(window.location.href);
      if (url.searchParams.has(LANG_PARAM)) {
        url.searchParams.set(LANG_PARAM, locale);
        window.history.replaceState(window.history.state, '', url);
      }
      for (const listener of chosenListeners) listener(locale);
    },
    [set],
  );
}
