import type Koa from 'koa';
import { CONTENT_LANGUAGE_MESSAGES } from '../../../shared/content-languages';
import type { Locale } from '../../../shared/i18n/locales';
import type { StationInfo } from '../../../shared/station';
import { fail } from '../http/errors';
import { LANG_PARAM, LOCALE_COOKIE, requestLocale } from '../i18n/catalogues';

/**
 * Station content in several languages on the server (issue 35 item 6): which languages a save may hold
 * translations in, and which language a listener's request reads content in.
 */

/** The languages staff may write translations in: those offered for content, the station's default aside. */
export function translationLanguages(station: Pick<StationInfo, 'language' | 'contentLanguages'>): string[] {
  return station.contentLanguages.filter((l) => l !== station.language);
}

/** The refusal of a translation in a language the station does not offer for content. */
export function notOfferedMessage(code: string, offered: readonly string[]): string {
  return offered.length === 0
    ? `The station offers no other language for content: add "${code}" to the languages offered for content in General Settings first.`
    : `"${code}" is not one of the station's languages for content (${offered.join(', ')}). Add it in General Settings first.`;
}

/** Refuses (400, nothing saved) translations in a language the station does not offer for content. */
export async function refuseDisabledLanguages(ctx: { settings: { station(): Promise<StationInfo> } }, translations: object | undefined, path = 'translations'): Promise<void> {
  if (!translations) return;
  const codes = Object.keys(translations);
  if (codes.length === 0) return;
  const offered = translationLanguages(await ctx.settings.station());
  const bad = codes.find((c) => !offered.includes(c));
  if (bad) {
    const message = notOfferedMessage(bad, offered);
    throw fail.badRequest(message, [{ path: `${path}.${bad}`, message }]);
  }
}

export { CONTENT_LANGUAGE_MESSAGES };

/**
 * The language a listener's request reads station content in: `?lang=`, the remembered choice (cookie),
 * Accept-Language, the station's default. Marks the answer as varying with those headers.
 */
export async function contentLocale(c: Koa.Context, ctx: { settings: { station(): Promise<StationInfo> } }): Promise<Locale> {
  const station = await ctx.settings.station();
  c.vary('Accept-Language');
  c.vary('Cookie');
  const param = c.query[LANG_PARAM];
  return requestLocale({ param: typeof param === 'string' ? param : undefined, cookie: c.cookies.get(LOCALE_COOKIE), acceptLanguage: c.get('Accept-Language') }, station.language);
}
