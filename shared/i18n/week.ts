/**
 * The first day of a locale's week, from `Intl.Locale`'s week information (`getWeekInfo()`, or the older
 * `weekInfo` property), with a fallback table from CLDR's weekData for a runtime that has neither: Monday for
 * most of Europe, Sunday for the United States, Brazil and a plain `en`, Saturday for most Arabic-speaking
 * countries. 1 = Monday … 7 = Sunday (ISO, as Intl gives it).
 */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** CLDR weekData firstDay by region (the regions whose week does not start on Monday). */
const FIRST_DAY_BY_REGION: Record<string, IsoWeekday> = {
  US: 7, CA: 7, BR: 7, MX: 7, JP: 7, KR: 7, CN: 7, IN: 7, IL: 7, PH: 7, ZA: 7, AU: 1, GB: 1,
  SA: 7, AE: 6, EG: 6, DZ: 6, BH: 6, IQ: 6, JO: 6, KW: 6, LY: 6, OM: 6, QA: 6, SD: 6, SY: 6, AF: 6, IR: 6,
};
/** The region a bare language means for the week (CLDR's likely subtags: en → US, ar → EG, pt → BR). */
const LIKELY_REGION: Record<string, string> = { en: 'US', ar: 'EG', pt: 'BR', es: 'ES', fr: 'FR', de: 'DE' };

interface WeekInfoLocale {
  getWeekInfo?: () => { firstDay: number };
  weekInfo?: { firstDay: number };
}

export function firstDayOfWeek(locale: string): IsoWeekday {
  const tag = locale === 'en-XA' ? 'en' : locale;
  try {
    const loc = new Intl.Locale(tag) as Intl.Locale & WeekInfoLocale;
    const info = typeof loc.getWeekInfo === 'function' ? loc.getWeekInfo() : loc.weekInfo;
    if (info && info.firstDay >= 1 && info.firstDay <= 7) return info.firstDay as IsoWeekday;
  } catch {
    // An unknown tag: the table below.
  }
  return firstDayFromTable(tag);
}

/** The fallback table alone (exported for its test). */
export function firstDayFromTable(locale: string): IsoWeekday {
  const [lang = '', ...rest] = locale.split(/[-_]/);
  const region = rest.find((p) => /^[A-Za-z]{2}$|^\d{3}$/.test(p))?.toUpperCase() ?? LIKELY_REGION[lang.toLowerCase()] ?? '';
  return FIRST_DAY_BY_REGION[region] ?? 1;
}
