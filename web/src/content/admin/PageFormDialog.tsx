import { Box, CircularProgress, FormControlLabel, FormHelperText, Switch, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { PageInputSchema, slugify, type Page, type PageInput } from '../../../../shared/content';
import { ApiError } from '../../app/api';
import { errorMessage, serverFieldErrors } from './form';
import { pagesAdmin } from '../api';
import { FormDialog, saveItem, useDialogForm } from './FormDialog';
import { useToast } from '../../ui/toast';
import { SLOT, useI18n } from '../../i18n/state';
import { languageName } from '../../../../shared/content-text';
import { LanguageTabs, withLanguageName, TranslatableFields, tabPanelProps, translationErrorLanguage, useContentLanguages, useTranslationsState } from './ContentLanguages';

const RichTextEditor = lazy(() => import('./RichTextEditor'));

interface FormValues {
  title: string;
  slug: string;
  content: string;
  meta_description: string;
  display_order: string;
  is_published: boolean;
  is_featured: boolean;
}

const EMPTY: FormValues = { title: '', slug: '', content: '', meta_description: '', display_order: '0', is_published: true, is_featured: false };

function fromPage(p: Page): FormValues {
  return { title: p.title, slug: p.slug, content: p.content, meta_description: p.meta_description ?? '', display_order: String(p.display_order), is_published: p.is_published, is_featured: p.is_featured };
}

/**
 * Add or edit a page (spec 001 §5 page form): title, slug and content
 * required; the slug follows the spec's rule as you type; empty meta
 * description becomes none; a non-numeric order becomes 0; new pages are
 * published by default. Values stay in the form when saving fails.
 */
export function PageFormDialog({ open, page, onClose }: { open: boolean; page: Page | null; onClose: () => void }) {
  const { toast } = useToast();
  const client = useQueryClient();
  const ids = useId();
  const { values, setValues, set, errors, setErrors, field, check } = useDialogForm(open, page, fromPage, EMPTY);
  const [slugTouched, setSlugTouched] = useState(false);
  const [editorKey, setEditorKey] = useState(0);
  const { t, intl } = useI18n();
  const languages = useContentLanguages();
  const translations = useTranslationsState<'title' | 'content' | 'meta_description'>(page?.translations);
  const [lang, setLang] = useState(languages.main);
  const tabs = languages.others.length > 0;

  useEffect(() => {
    if (!open) return;
    setSlugTouched(Boolean(page));
    setEditorKey((k) => k + 1);
    translations.reset(page?.translations);
    setLang(languages.main);
  }, [open, page]); // only when the dialog opens or its page changes

  const save = useMutation({
    mutationFn: (body: PageInput) => saveItem(pagesAdmin, page, body),
    onSuccess: (saved) => {
      toast({ title: t('pagesAdmin.saved'), description: `/page/${saved.slug}`, variant: 'success' });
      void client.invalidateQueries({ queryKey: ['admin', 'pages'] });
      onClose();
    },
    onError: (err) => {
      const fields = serverFieldErrors(err);
      if (err instanceof ApiError && err.code === 'conflict') fields.slug = err.message;
      setErrors(fields);
      const wrongLanguage = translationErrorLanguage(fields);
      if (wrongLanguage) setLang(wrongLanguage);
      toast({ title: t('pagesAdmin.saveFailed'), description: errorMessage(err), variant: 'error' });
    },
  });

  const submit = () => {
    const body = check(PageInputSchema, { ...values, display_order: values.display_order, ...(translations.dirty ? { translations: translations.body(languages.others) } : {}) });
    if (!body) {
      setLang(languages.main);
      return;
    }
    setErrors({});
    save.mutate(body);
  };

  const contentHelp = `${ids}-content-help`;

  return (
    <FormDialog open={open} titleId={`${ids}-title`} title={page ? t('pagesAdmin.edit') : t('pagesAdmin.add')} maxWidth="md" busy={save.isPending} submitLabel={page ? t('slider.saveChanges') : t('pagesAdmin.create')} onSubmit={submit} onClose={onClose}>
      <LanguageTabs id={`${ids}-lang`} main={languages.main} others={languages.others} value={lang} onChange={setLang} filled={(code) => Boolean(translations.get(code, 'title') || translations.get(code, 'content'))} errored={translationErrorLanguage(errors)} />
      {lang === languages.main ? (
        <Box sx={{ display: 'grid', gap: 2 }} {...tabPanelProps(`${ids}-lang`, lang, tabs)}>
        <TextField
          label={t('slider.title')}
          required
          value={values.title}
          onChange={(e) => {
            const title = e.target.value;
            setValues((old) => ({ ...old, title, ...(slugTouched ? {} : { slug: slugify(title) }) }));
          }}
          {...field('title')}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <TextField
          label={t('pagesAdmin.slug')}
          required
          value={values.slug}
          onChange={(e) => {
            setSlugTouched(true);
            set('slug', slugify(e.target.value));
          }}
          error={Boolean(errors.slug)}
          helperText={errors.slug ?? t('pagesAdmin.slugHelp', { path: `/page/${values.slug || 'your-slug'}` })}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <TextField label={t('pagesAdmin.metaDescription')} value={values.meta_description} onChange={(e) => set('meta_description', e.target.value)} multiline minRows={2} {...field('meta_description')} slotProps={{ htmlInput: { maxLength: 500 } }} />
        <Box>
          <Typography component="div" id={`${ids}-content-label`} sx={{ display: 'block', mb: 0.5, fontWeight: 600, color: errors.content ? 'error.main' : 'text.primary' }}>
            {t('pagesAdmin.contentRequired')}
          </Typography>
          <Suspense fallback={<Box sx={{ p: 3, display: 'flex', gap: 1, alignItems: 'center' }}><CircularProgress size={18} /> {t('pagesAdmin.loadingEditor')}</Box>}>
            <RichTextEditor key={editorKey} value={values.content} onChange={(html) => set('content', html)} label={t('pagesAdmin.content')} error={Boolean(errors.content)} describedBy={contentHelp} />
          </Suspense>
          <FormHelperText id={contentHelp} error={Boolean(errors.content)}>
            {errors.content ?? t('pagesAdmin.contentHelp')}
          </FormHelperText>
        </Box>
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }} {...tabPanelProps(`${ids}-lang`, lang, tabs)}>
          <TranslatableFields
            lang={lang}
            main={languages.main}
            translations={translations}
            errors={errors}
            fields={[
              { field: 'title', label: t('slider.title'), value: values.title, onChange: () => undefined, maxLength: 200 },
              { field: 'meta_description', label: t('pagesAdmin.metaDescription'), value: values.meta_description, onChange: () => undefined, multiline: true, minRows: 2, maxLength: 500 },
            ]}
          />
          <Box>
            <Typography component="div" sx={{ display: 'block', mb: 0.5, fontWeight: 600, color: errors[`translations.${lang}.content`] ? 'error.main' : 'text.primary' }}>
              {withLanguageName(t('contentLanguages.fieldIn', { field: t('pagesAdmin.content'), language: SLOT }), lang)}
            </Typography>
            <Suspense fallback={<Box sx={{ p: 3, display: 'flex', gap: 1, alignItems: 'center' }}><CircularProgress size={18} /> {t('pagesAdmin.loadingEditor')}</Box>}>
              <RichTextEditor key={`${editorKey}-${lang}`} value={translations.get(lang, 'content')} onChange={(html) => translations.set(lang, 'content', html)} label={t('contentLanguages.fieldIn', { field: t('pagesAdmin.content'), language: languageName(lang, intl) })} error={Boolean(errors[`translations.${lang}.content`])} describedBy={`${contentHelp}-${lang}`} />
            </Suspense>
            <FormHelperText id={`${contentHelp}-${lang}`} error={Boolean(errors[`translations.${lang}.content`])}>
              {errors[`translations.${lang}.content`] ?? withLanguageName(t('contentLanguages.fallbackHelp', { language: SLOT }), languages.main)}
            </FormHelperText>
          </Box>
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField label={t('slider.displayOrder')} value={values.display_order} onChange={(e) => set('display_order', e.target.value)} sx={{ width: 160 }} {...field('display_order')} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
        <FormControlLabel control={<Switch checked={values.is_published} onChange={(e) => set('is_published', e.target.checked)} />} label={t('pagesAdmin.published')} />
        <FormControlLabel control={<Switch checked={values.is_featured} onChange={(e) => set('is_featured', e.target.checked)} />} label={t('pagesAdmin.featured')} />
      </Box>
    </FormDialog>
  );
}
