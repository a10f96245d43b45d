import { z } from 'zod';
import { LOCALE_CODES, type ShippedLocale } from './i18n/locales';
import { NUL_MESSAGE } from './fields';
import { compactTranslations, isLanguageCode, type Translations } from './content-text';

export * from './content-text';

/**
 * Station content in several languages (issue 35 item 6): a show, a custom page, a slide and the station's
 * description (its tagline) carry a translation per language the station offers for content (General Settings →
 * `contentLanguages`), over the texts written in the station's default language (`language`); a reader sees the
 * translation of the page's language, else the default text. Each show also has a broadcast language, an ISO 639
 * code (`es`, `yue`), shown on the schedule and carried into the iCal feed, the podcast feeds and the public APIs.
 */

const MESSAGES = {
  language: (code: string) => `"${code}" is not a language Airdeck offers for content. Use one of ${LOCALE_CODES.join(', ')}.`,
  broadcastLanguage: 'Broadcast language must be an ISO 639 language code such as es, fr or yue.',
} as const;

/** The refusal texts, for tests and forms. */
export const CONTENT_LANGUAGE_MESSAGES = MESSAGES;

/** A show's broadcast language: an ISO 639 code, lower-cased; empty or null means none given. */
export const BroadcastLanguageSchema = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim().toLowerCase()) : v),
  z.string({ error: MESSAGES.broadcastLanguage }).refine(isLanguageCode, MESSAGES.broadcastLanguage).nullable(),
);

/** One shipped language code (a key of the translations). */
export const ContentLocaleSchema = z.enum(LOCALE_CODES as [ShippedLocale, ...ShippedLocale[]], { error: (i) => MESSAGES.language(String(i.input)) });

/** A translated text: trimmed, at most `max` characters, no NUL; empty means none. */
function translatedText(max: number) {
  return z.string().trim().max(max, `Must be at most ${max} characters`).refine((s) => !s.includes('\u0000'), NUL_MESSAGE).optional();
}

/**
 * The schema of an item's translations with these fields and their longest lengths: `{ es: { title: '…' } }`.
 * Keys must be shipped languages; empty texts and languages left with nothing are dropped.
 */
export function translationsSchema<F extends string>(fields: Record<F, number>) {
  const shape = Object.fromEntries(Object.entries(fields).map(([k, max]) => [k, translatedText(max as number)])) as Record<F, ReturnType<typeof translatedText>>;
  return z
    .record(z.string(), z.object(shape).strict(), { error: 'Translations must be an object of languages' })
    .superRefine((rec, ctx) => {
      for (const code of Object.keys(rec)) {
        if (!(LOCALE_CODES as readonly string[]).includes(code)) ctx.addIssue({ code: 'custom', path: [code], message: MESSAGES.language(code) });
      }
    })
    .transform((rec) => compactTranslations(rec as Translations<F>));
}

/** Field lengths of each kind of content's translations (the same limits as the default texts). */
export const SHOW_TRANSLATION_FIELDS = { title: 200, description: 5000 } as const;
export const PAGE_TRANSLATION_FIELDS = { title: 200, content: 200_000, meta_description: 500 } as const;
export const SLIDE_TRANSLATION_FIELDS = { title: 200, description: 2000 } as const;

export type ShowTranslations = Translations<keyof typeof SHOW_TRANSLATION_FIELDS>;
export type PageTranslations = Translations<keyof typeof PAGE_TRANSLATION_FIELDS>;
export type SlideTranslations = Translations<keyof typeof SLIDE_TRANSLATION_FIELDS>;

export const ShowTranslationsSchema = translationsSchema(SHOW_TRANSLATION_FIELDS);
export const PageTranslationsSchema = translationsSchema(PAGE_TRANSLATION_FIELDS);
export const SlideTranslationsSchema = translationsSchema(SLIDE_TRANSLATION_FIELDS);

/** The station's description (tagline) per language: code → text. */
export const TaglineTranslationsSchema = z
  .record(z.string(), z.string().trim().max(160, 'Must be at most 160 characters').refine((s) => !s.includes('\u0000'), NUL_MESSAGE))
  .superRefine((rec, ctx) => {
    for (const code of Object.keys(rec)) if (!(LOCALE_CODES as readonly string[]).includes(code)) ctx.addIssue({ code: 'custom', path: [code], message: MESSAGES.language(code) });
  })
  .transform((rec) => Object.fromEntries(Object.entries(rec).filter(([, v]) => v !== '')) as Partial<Record<ShippedLocale, string>>);

