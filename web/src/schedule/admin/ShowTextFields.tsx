import { Stack } from '@mui/material';
import { SCHEDULE_LIMITS } from '../../../../shared/bookings';
import type { ShippedLocale } from '../../../../shared/i18n/locales';
import { BroadcastLanguageField, LanguageTabs, TranslatableFields, tabPanelProps, translationErrorLanguage } from '../../content/admin/ContentLanguages';

type ShowText = 'title' | 'description';

/**
 * A show's words as the booking and edit forms ask for them (issue 35 item 6): the language tabs, the title and
 * description in the tab's language (the default language's are the show's own fields) and the broadcast language.
 */
export function ShowTextFields(p: {
  tabsId: string;
  languages: { main: ShippedLocale; others: ShippedLocale[] };
  lang: ShippedLocale;
  onLang: (lang: ShippedLocale) => void;
  translations: { get: (lang: ShippedLocale, field: ShowText) => string; set: (lang: ShippedLocale, field: ShowText, text: string) => void };
  errors: Record<string, string | undefined>;
  title: { label: string; value: string; onChange: (v: string) => void };
  description: { label: string; value: string; onChange: (v: string) => void; minRows: number };
  broadcastLanguage: { value: string | null; onChange: (code: string | null) => void };
}) {
  const { languages, lang, translations, errors } = p;
  return (
    <>
      <LanguageTabs id={p.tabsId} main={languages.main} others={languages.others} value={lang} onChange={p.onLang} filled={(code) => Boolean(translations.get(code, 'title') || translations.get(code, 'description'))} errored={translationErrorLanguage(errors)} />
      <Stack spacing={2} {...tabPanelProps(p.tabsId, lang, languages.others.length > 0)}>
        <TranslatableFields
          lang={lang}
          main={languages.main}
          translations={translations}
          errors={errors}
          fields={[
            { field: 'title', label: p.title.label, value: p.title.value, onChange: p.title.onChange, required: true, maxLength: SCHEDULE_LIMITS.title, error: errors.title },
            { field: 'description', label: p.description.label, value: p.description.value, onChange: p.description.onChange, multiline: true, minRows: p.description.minRows, maxLength: SCHEDULE_LIMITS.description, error: errors.description },
          ]}
        />
      </Stack>
      <BroadcastLanguageField value={p.broadcastLanguage.value} onChange={p.broadcastLanguage.onChange} error={errors.broadcast_language} />
    </>
  );
}
