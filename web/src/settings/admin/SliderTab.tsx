import { Alert, Box, Button, Card, CardContent, Chip, FormControl, FormControlLabel, FormHelperText, InputLabel, MenuItem, Select, Slider, Switch, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { BACKGROUND_TYPES, SLIDER_FALLBACK_COLOR, SliderSettingsSchema, SlideInputSchema, type Slide, type SlideInput, type SliderSettings } from '../../../../shared/content';
import { fetchSliderSettings, saveSliderSettings, slidesAdmin } from '../../content/api';
import { PageLoading } from '../../app/ListenerLayout';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useErrorText } from '../../i18n/errors';
import { errorMessage, serverFieldErrors, validate, type FieldErrors } from '../../content/admin/form';
import { FormDialog, saveItem, useDialogForm } from '../../content/admin/FormDialog';
import { ItemList, ListHeader, useListAdmin, useToggleActive } from '../../content/admin/ListAdmin';
import { RowActions } from '../../content/admin/RowActions';
import type { MessageKey } from '../../../../shared/i18n/format';
import { useT } from '../../i18n/state';
import { useToast } from '../../ui/toast';
import { LanguageTabs, TranslatableFields, tabPanelProps, translationErrorLanguage, useContentLanguages, useTranslationsState } from '../../content/admin/ContentLanguages';

/** Slider Options (spec 001 §2): sub-tabs Global Settings and Slide Management. */
export function SliderTab() {
  const [sub, setSub] = useState(0);
  const t = useT();
  return (
    <Box>
      <Tabs value={sub} onChange={(_e, v: number) => setSub(v)} aria-label={t('slider.options')} sx={{ mb: 2 }}>
        <Tab label={t('slider.globalSettings')} id="slider-tab-0" aria-controls="slider-panel-0" />
        <Tab label={t('slider.slideManagement')} id="slider-tab-1" aria-controls="slider-panel-1" />
      </Tabs>
      <Box role="tabpanel" id="slider-panel-0" aria-labelledby="slider-tab-0" hidden={sub !== 0}>
        {sub === 0 && <GlobalSettings />}
      </Box>
      <Box role="tabpanel" id="slider-panel-1" aria-labelledby="slider-tab-1" hidden={sub !== 1}>
        {sub === 1 && <SlideManagement />}
      </Box>
    </Box>
  );
}

const BACKGROUND_LABELS: Record<(typeof BACKGROUND_TYPES)[number], MessageKey> = { color: 'slider.bgColour', image: 'slider.bgImage', gradient: 'slider.bgGradient' };

function GlobalSettings() {
  const { toast } = useToast();
  const t = useT();
  const say = useErrorText();
  const client = useQueryClient();
  const q = useQuery({ queryKey: ['admin', 'slider', 'settings'], queryFn: ({ signal }) => fetchSliderSettings(signal) });
  const [values, setValues] = useState<SliderSettings | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (q.data) setValues(q.data);
  }, [q.data]);
  const save = useMutation({
    mutationFn: saveSliderSettings,
    onSuccess: (saved) => {
      setValues(saved);
      client.setQueryData(['admin', 'slider', 'settings'], saved);
      toast({ title: t('widgets.saved'), variant: 'success' });
    },
    onError: (err) => {
      setErrors(serverFieldErrors(err));
      toast({ title: t('widgets.saveFailed'), description: errorMessage(err), variant: 'error' });
    },
  });

  if (q.isError)
    return (
      <Alert severity="error" action={<Button onClick={() => void q.refetch()}>{t('common.tryAgain')}</Button>}>
        {errorMessage(q.error)}
      </Alert>
    );
  if (!values) return <PageLoading label={t('slider.loading')} />;

  const set = <K extends keyof SliderSettings>(k: K, v: SliderSettings[K]) => setValues((o) => (o ? { ...o, [k]: v } : o));
  const submit = () => {
    const checked = validate(SliderSettingsSchema, values, say);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(checked.value);
  };
  const colour = /^#[0-9a-fA-F]{6}$/.test(values.background_color) ? values.background_color : SLIDER_FALLBACK_COLOR;

  return (
    <Card>
      <CardContent
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        sx={{ display: 'grid', gap: 3, maxWidth: 640 }}
      >
        <FormControl>
          <InputLabel id="bg-type-label">{t('slider.bgType')}</InputLabel>
          <Select labelId="bg-type-label" label={t('slider.bgType')} value={values.background_type} onChange={(e) => set('background_type', e.target.value as SliderSettings['background_type'])}>
            {BACKGROUND_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t(BACKGROUND_LABELS[type])}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <TextField
          label={t('slider.bgImageUrl')}
          value={values.background_image_url ?? ''}
          onChange={(e) => set('background_image_url', e.target.value)}
          error={Boolean(errors.background_image_url)}
          helperText={errors.background_image_url ?? t('slider.bgImageHelp')}
          placeholder={t('slider.urlPlaceholder')}
        />
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <TextField
            label={t('slider.bgColourField')}
            value={values.background_color}
            onChange={(e) => set('background_color', e.target.value)}
            error={Boolean(errors.background_color)}
            helperText={errors.background_color ?? t('slider.bgColourHelp', { colour: SLIDER_FALLBACK_COLOR })}
            sx={{ flex: 1 }}
          />
          <Box component="input" type="color" aria-label={t('slider.pickColour')} value={colour} onChange={(e) => set('background_color', e.target.value)} sx={{ width: 56, height: 56, p: 0.5, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'transparent', cursor: 'pointer' }} />
        </Box>
        <Box>
          <Typography id="overlay-label" gutterBottom>
            {t('slider.overlay', { value: values.background_overlay_opacity / 100 })}
          </Typography>
          <Slider aria-labelledby="overlay-label" value={values.background_overlay_opacity} min={0} max={100} step={5} marks valueLabelDisplay="auto" onChange={(_e, v) => set('background_overlay_opacity', v)} />
          <FormHelperText error={Boolean(errors.background_overlay_opacity)}>{errors.background_overlay_opacity ?? t('slider.overlayHelp')}</FormHelperText>
        </Box>
        <TextField
          label={t('slider.interval')}
          type="number"
          value={Number.isFinite(values.auto_advance_interval) ? values.auto_advance_interval : ''}
          onChange={(e) => set('auto_advance_interval', e.target.value === '' ? Number.NaN : Number(e.target.value))}
          error={Boolean(errors.auto_advance_interval)}
          helperText={errors.auto_advance_interval ?? t('slider.intervalHelp')}
          slotProps={{ htmlInput: { min: 1000, step: 1000 } }}
        />
        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
          <FormControlLabel control={<Switch checked={values.show_dots} onChange={(e) => set('show_dots', e.target.checked)} />} label={t('slider.showDots')} />
          <FormControlLabel control={<Switch checked={values.show_arrows} onChange={(e) => set('show_arrows', e.target.checked)} />} label={t('slider.showArrows')} />
        </Box>
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {save.isPending ? t('widgets.saving') : t('slider.saveSettings')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

interface SlideForm {
  title: string;
  description: string;
  image_url: string;
  link_url: string;
  is_active: boolean;
  display_order: string;
}
const EMPTY_SLIDE: SlideForm = { title: '', description: '', image_url: '', link_url: '', is_active: true, display_order: '0' };
const slideBody = (s: Slide, over: Partial<Slide> = {}) => {
  const m = { ...s, ...over };
  return { title: m.title, description: m.description, image_url: m.image_url, link_url: m.link_url, is_active: m.is_active, display_order: m.display_order };
};

const fromSlide = (s: Slide): SlideForm => ({ title: s.title, description: s.description, image_url: s.image_url ?? '', link_url: s.link_url ?? '', is_active: s.is_active, display_order: String(s.display_order) });

function SlideManagement() {
  const t = useT();
  const q = useQuery({ queryKey: slidesAdmin.key, queryFn: ({ signal }) => slidesAdmin.list(signal) });
  const admin = useListAdmin({ collection: slidesAdmin, deleted: t('slider.deleted'), deleteFailed: t('slider.deleteFailed') });
  const toggle = useToggleActive({
    collection: slidesAdmin,
    body: (s) => slideBody(s, { is_active: !s.is_active }),
    done: () => ({ title: t('slider.saved'), variant: 'success' }),
    failed: t('slider.saveFailed'),
    refresh: admin.refresh,
  });

  return (
    <Box>
      <ListHeader title={t('slider.slides')} variant="h6" component="h2" addLabel={t('slider.addSlide')} onAdd={admin.add} />
      <ItemList query={q} label={t('slider.slides')} loadingLabel={t('slider.loadingSlides')} emptyText={t('slider.empty')} rowTestId="slide-row">
        {(s) => (
          <>
            {s.image_url ? <Box component="img" src={s.image_url} alt="" sx={{ width: 96, height: 64, objectFit: 'contain', borderRadius: 1, flexShrink: 0, bgcolor: 'action.hover' }} /> : <Box sx={{ width: 96, height: 64, borderRadius: 1, bgcolor: 'action.hover', flexShrink: 0 }} />}
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="h6" component="h3" sx={{ fontSize: '1.05rem' }}>
                  {s.title}
                </Typography>
                <Chip size="small" label={t('slider.order', { order: s.display_order })} variant="outlined" />
              </Box>
              <Typography variant="body2" color="text.secondary">
                {s.description}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {s.link_url ? t('slider.linksTo', { url: s.link_url }) : ''}
                {t('slider.counts', { views: s.view_count, clicks: s.click_count })}
              </Typography>
            </Box>
            <RowActions title={s.title} active={s.is_active} onToggle={() => toggle.mutate(s)} toggling={toggle.isPending} onEdit={() => admin.edit(s)} onDelete={() => admin.askDelete(s)} />
          </>
        )}
      </ItemList>
      <SlideFormDialog open={admin.formOpen} slide={admin.editing} onClose={admin.closeForm} onSaved={admin.refresh} />
      <ConfirmDialog title={t('slider.deleteTitle')} {...admin.confirmDelete} />
    </Box>
  );
}

function SlideFormDialog({ open, slide, onClose, onSaved }: { open: boolean; slide: Slide | null; onClose: () => void; onSaved: () => void }) {
  const { toast } = useToast();
  const t = useT();
  const { values, set, errors, setErrors, field, check } = useDialogForm(open, slide, fromSlide, EMPTY_SLIDE);
  const languages = useContentLanguages();
  const translations = useTranslationsState<'title' | 'description'>(slide?.translations);
  const [lang, setLang] = useState(languages.main);
  const tabsId = useId();
  useEffect(() => {
    if (!open) return;
    translations.reset(slide?.translations);
    setLang(languages.main);
  }, [open, slide]); // only when the dialog opens or its slide changes
  const save = useMutation({
    mutationFn: (body: SlideInput) => saveItem(slidesAdmin, slide, body),
    onSuccess: () => {
      toast({ title: t('slider.saved'), variant: 'success' });
      onSaved();
      onClose();
    },
    onError: (err) => {
      const fields = serverFieldErrors(err);
      setErrors(fields);
      const wrongLanguage = translationErrorLanguage(fields);
      if (wrongLanguage) setLang(wrongLanguage);
      toast({ title: t('slider.saveFailed'), description: errorMessage(err), variant: 'error' });
    },
  });
  const submit = () => {
    const body = check(SlideInputSchema, { ...values, ...(translations.dirty ? { translations: translations.body(languages.others) } : {}) });
    if (body) save.mutate(body);
    else setLang(languages.main);
  };
  const err = (name: 'title' | 'description') => field(name).helperText;
  return (
    <FormDialog open={open} titleId="slide-form-title" title={slide ? t('slider.editSlide') : t('slider.addSlide')} busy={save.isPending} submitLabel={slide ? t('slider.saveChanges') : t('slider.createSlide')} onSubmit={submit} onClose={onClose}>
      <LanguageTabs id={tabsId} main={languages.main} others={languages.others} value={lang} onChange={setLang} filled={(code) => Boolean(translations.get(code, 'title') || translations.get(code, 'description'))} errored={translationErrorLanguage(errors)} />
      <Box sx={{ display: 'grid', gap: 2 }} {...tabPanelProps(tabsId, lang, languages.others.length > 0)}>
        <TranslatableFields
          lang={lang}
          main={languages.main}
          translations={translations}
          errors={errors}
          fields={[
            { field: 'title', label: t('slider.title'), value: values.title, onChange: (v) => set('title', v), required: true, error: err('title') },
            { field: 'description', label: t('slider.description'), value: values.description, onChange: (v) => set('description', v), required: true, multiline: true, minRows: 2, error: err('description') },
          ]}
        />
      </Box>
      <TextField label={t('slider.imageUrl')} value={values.image_url} onChange={(e) => set('image_url', e.target.value)} {...field('image_url')} placeholder={t('slider.imagePlaceholder')} />
      <TextField label={t('slider.linkUrl')} value={values.link_url} onChange={(e) => set('link_url', e.target.value)} {...field('link_url')} placeholder={t('slider.linkPlaceholder')} />
      <Box sx={{ display: 'flex', gap: 3, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField label={t('slider.displayOrder')} value={values.display_order} onChange={(e) => set('display_order', e.target.value)} {...field('display_order')} sx={{ width: 160 }} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
        <FormControlLabel control={<Switch checked={values.is_active} onChange={(e) => set('is_active', e.target.checked)} />} label={t('slider.active')} />
      </Box>
    </FormDialog>
  );
}
