import { Autocomplete, Box, Tab, Tabs, TextField, type AutocompleteRenderInputParams } from '@mui/material';
import { useMemo, useState, type ReactNode } from 'react';
import { COMMON_BROADCAST_LANGUAGES, isLanguageCode, languageName, type Translations } from '../../../../shared/content-text';
import type { ShippedLocale } from '../../../../shared/i18n/locales';
import { useStation } from '../../app/station';
import { SLOT, aroundSlot, useI18n } from '../../i18n/state';

/**
 * A language's name in the UI's language, marked with the language it is written in (`Intl`'s: the pseudo-locale's
 * names are English ones, and the language checks leave a part marked as another language alone).
 */
export function LanguageName({ code }: { code: string }) {
  const { intl } = useI18n();
  return <span lang={intl}>{languageName(code, intl)}</span>;
}

/** A translated text with a language's name in its `{language}` slot, the name marked as `LanguageName` marks it. */
export function withLanguageName(text: string, code: string): ReactNode {
  const [before, after] = aroundSlot(text);
  return (
    <>
      {before}
      <LanguageName code={code} />
      {after}
    </>
  );
}

/**
 * Station content in several languages on staff forms (issue 35 item 6): the languages the station offers for
 * content (General Settings), a row of language tabs above the translatable fields (the first tab is the station's
 * default language: the main fields), the translations' state, and the Broadcast language picker of a show.
 */

/** The station's default language and the other languages it offers for content. */
export function useContentLanguages(): { main: ShippedLocale; others: ShippedLocale[] } {
  const station = useStation();
  return useMemo(() => ({ main: station.language, others: station.contentLanguages.filter((l) => l !== station.language) }), [station.language, station.contentLanguages]);
}

/**
 * The translations a form edits: per language, per field. `dirty` says whether any was touched (a form that did not
 * touch them leaves them out of its save, so the server keeps them as they are).
 */
export function useTranslationsState<F extends string>(initial: Translations<F> | undefined) {
  const [value, setValue] = useState<Translations<F>>(initial ?? {});
  const [dirty, setDirty] = useState(false);
  const set = (lang: ShippedLocale, field: F, text: string) => {
    setDirty(true);
    setValue((old) => ({ ...old, [lang]: { ...old[lang], [field]: text } }));
  };
  const get = (lang: ShippedLocale, field: F): string => value[lang]?.[field] ?? '';
  const reset = (next: Translations<F> | undefined) => {
    setValue(next ?? {});
    setDirty(false);
  };
  /** The translations to send: only the languages offered (others would be refused), or undefined when untouched. */
  const body = (offered: readonly ShippedLocale[]): Translations<F> | undefined => (dirty ? (Object.fromEntries(Object.entries(value).filter(([code]) => offered.includes(code as ShippedLocale))) as Translations<F>) : undefined);
  return { value, get, set, reset, dirty, body };
}

/** The language a refusal's field path names (`translations.es.title` → `es`), or null. */
export function translationErrorLanguage(errors: Record<string, string | undefined>, prefix = 'translations'): ShippedLocale | null {
  for (const [path, message] of Object.entries(errors)) {
    if (!message) continue;
    const m = new RegExp(`^${prefix}\\.([A-Za-z-]+)`).exec(path);
    if (m) return m[1] as ShippedLocale;
  }
  return null;
}

/**
 * The language tabs above translatable fields: nothing when the station offers no other language. `id` prefixes the
 * tabs' ids; the fields under them go in a panel labelled by the chosen tab (see `tabPanelProps`).
 */
export function LanguageTabs({ id, main, others, value, onChange, filled, errored }: { id: string; main: ShippedLocale; others: readonly ShippedLocale[]; value: ShippedLocale; onChange: (lang: ShippedLocale) => void; filled?: (lang: ShippedLocale) => boolean; errored?: ShippedLocale | null }) {
  const t = useI18n().t;
  if (others.length === 0) return null;
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider', minWidth: 0, maxWidth: '100%' }}>
      <Tabs value={value} onChange={(_e, v: ShippedLocale) => onChange(v)} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile aria-label={t('contentLanguages.tabsLabel')}>
        {[main, ...others].map((code) => (
          <Tab
            key={code}
            value={code}
            id={`${id}-tab-${code}`}
            aria-controls={`${id}-panel`}
            label={code === main ? withLanguageName(t('contentLanguages.defaultTab', { language: SLOT }), code) : filled?.(code) ? withLanguageName(t('contentLanguages.translatedTab', { language: SLOT }), code) : <LanguageName code={code} />}
            sx={{ textTransform: 'none', minHeight: 44, ...(errored === code ? { color: 'error.main' } : {}) }}
          />
        ))}
      </Tabs>
    </Box>
  );
}

/** The props of the panel under the tabs (or of a plain box when there are no tabs). */
export function tabPanelProps(id: string, value: ShippedLocale, tabs: boolean) {
  return tabs ? { role: 'tabpanel', id: `${id}-panel`, 'aria-labelledby': `${id}-tab-${value}` } : {};
}

/** A show's broadcast language: any ISO 639 code, the usual ones offered by their names in the UI's language. */
export function BroadcastLanguageField({ value, onChange, error }: { value: string | null; onChange: (code: string | null) => void; error?: string | undefined }) {
  const { t, intl } = useI18n();
  const options = useMemo(() => {
    const codes = new Set<string>(COMMON_BROADCAST_LANGUAGES);
    if (value) codes.add(value);
    return [...codes].sort((a, b) => languageName(a, intl).localeCompare(languageName(b, intl), intl));
  }, [intl, value]);
  const label = (code: string) => `${languageName(code, intl)} (${code})`;
  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_e, v) => onChange(v)}
      getOptionLabel={label}
      autoHighlight
      openText={t('contentLanguages.pickerOpen')}
      closeText={t('contentLanguages.pickerClose')}
      clearText={t('contentLanguages.pickerClear')}
      noOptionsText={t('contentLanguages.pickerNone')}
      filterOptions={(list, state) => {
        const q = state.inputValue.trim().toLowerCase();
        if (!q) return list;
        const found = list.filter((code) => code === q || label(code).toLowerCase().includes(q));
        // Any other ISO 639 code typed in full (Cantonese: yue) is offered too.
        return !found.includes(q) && isLanguageCode(q) ? [q, ...found] : found;
      }}
      renderOption={(props, code) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            {label(code)}
          </li>
        );
      }}
      renderInput={(params: AutocompleteRenderInputParams) => <TextField {...params} label={t('contentLanguages.broadcastLanguage')} error={Boolean(error)} helperText={error ?? t('contentLanguages.broadcastLanguageHelp')} />}
    />
  );
}

/** One translatable text field of a form: its main (default-language) value and how it is drawn. */
export interface TranslatableField<F extends string> {
  field: F;
  label: string;
  value: string;
  onChange: (text: string) => void;
  required?: boolean;
  multiline?: boolean;
  minRows?: number;
  maxLength?: number;
  /** The main field's message (or help) under it. */
  error?: string | undefined;
  help?: string | undefined;
}

/**
 * The translatable fields in the chosen language: the main fields in the station's default language, else the same
 * fields for the translation, each showing the default text as its placeholder (left empty, listeners get that).
 */
export function TranslatableFields<F extends string>({ lang, main, fields, translations, errors = {} }: { lang: ShippedLocale; main: ShippedLocale; fields: TranslatableField<F>[]; translations: { get: (lang: ShippedLocale, field: F) => string; set: (lang: ShippedLocale, field: F, text: string) => void }; errors?: Record<string, string | undefined> }) {
  const t = useI18n().t;
  if (lang === main) {
    return (
      <>
        {fields.map((f) => (
          <TextField
            key={f.field}
            label={f.label}
            required={f.required}
            value={f.value}
            onChange={(e) => f.onChange(e.target.value)}
            multiline={f.multiline}
            minRows={f.minRows}
            error={Boolean(f.error)}
            helperText={f.error ?? f.help}
            slotProps={{ htmlInput: { maxLength: f.maxLength } }}
          />
        ))}
      </>
    );
  }
  return (
    <>
      {fields.map((f) => {
        const error = errors[`translations.${lang}.${f.field}`] ?? errors[`translations.${lang}`];
        return (
          <TextField
            key={`${lang}-${f.field}`}
            label={withLanguageName(t('contentLanguages.fieldIn', { field: f.label, language: SLOT }), lang)}
            value={translations.get(lang, f.field)}
            onChange={(e) => translations.set(lang, f.field, e.target.value)}
            multiline={f.multiline}
            minRows={f.minRows}
            placeholder={f.value}
            error={Boolean(error)}
            helperText={error ?? withLanguageName(t('contentLanguages.fallbackHelp', { language: SLOT }), main)}
            slotProps={{ htmlInput: { maxLength: f.maxLength, lang, dir: 'auto' }, inputLabel: { shrink: true } }}
          />
        );
      })}
    </>
  );
}
