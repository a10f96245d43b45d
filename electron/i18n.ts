import en from '../shared/i18n/messages/en.json';
import { compileCatalogue } from '../shared/i18n/compile';
import { createTranslator, type CompiledCatalogue, type MessageKey, type MessageValues, type Translate } from '../shared/i18n/format';
import { asLocale, DEFAULT_LOCALE, LOCALES, PSEUDO_LOCALE, type Locale } from '../shared/i18n/locales';
import { pseudoCatalogue } from '../shared/i18n/pseudo';

/**
 * The main process's texts (tray, window titles, its own native notifications) from the one catalogue
 * (shared/i18n), in the studio's language: the web app's, which every studio window reports over the bridge
 * (`setLanguage`) and the settings remember for the next start. English is bundled for the first paint; another
 * language's catalogue is loaded when it is asked for (the same `LOCALES` table the website and the server use).
 */
const english: CompiledCatalogue = compileCatalogue(en);
const compiled = new Map<Locale, Promise<CompiledCatalogue>>([[DEFAULT_LOCALE, Promise.resolve(english)]]);

function catalogueFor(locale: Locale): Promise<CompiledCatalogue> {
  let hit = compiled.get(locale);
  if (!hit) {
    hit = (async () => {
      if (locale === PSEUDO_LOCALE) return pseudoCatalogue(english);
      const entry = LOCALES.find((l) => l.code === locale) ?? LOCALES[0];
      return compileCatalogue((await entry.load()).default as Record<string, string>);
    })();
    hit.catch(() => compiled.delete(locale));
    compiled.set(locale, hit);
  }
  return hit;
}

export class StudioLanguage {
  private current: { locale: Locale; t: Translate } = { locale: DEFAULT_LOCALE, t: createTranslator(DEFAULT_LOCALE, english) };
  private asked = 0;
  private readonly listeners = new Set<(locale: Locale) => void>();

  /** The language the main process speaks now. */
  get locale(): Locale {
    return this.current.locale;
  }

  /** `t(key, values)` in the current language (follows later changes). */
  readonly t: Translate = (key: MessageKey, values?: MessageValues) => this.current.t(key, values);

  /**
   * Switches to a language (a catalogue code; anything else is ignored) once its catalogue is loaded; answers the
   * language in use afterwards. When two switches overlap, the last one asked for wins.
   */
  async set(code: unknown): Promise<Locale> {
    const locale = asLocale(typeof code === 'string' ? code.slice(0, 20) : null);
    if (!locale) return this.current.locale;
    const ticket = ++this.asked;
    const catalogue = await catalogueFor(locale);
    if (ticket !== this.asked || locale === this.current.locale) return this.current.locale;
    this.current = { locale, t: createTranslator(locale, catalogue) };
    for (const l of this.listeners) l(locale);
    return locale;
  }

  /** Called after each switch. */
  onChange(listener: (locale: Locale) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
