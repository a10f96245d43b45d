import { Box, FormControlLabel, Switch, TextField, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { SponsoredInputSchema, type Sponsored, type SponsoredInput } from '../../../../shared/content';
import { sponsoredAdmin } from '../../content/api';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { errorMessage, serverFieldErrors } from '../../content/admin/form';
import { FormDialog, saveItem, useDialogForm } from '../../content/admin/FormDialog';
import { ItemList, ListHeader, useListAdmin, useToggleActive } from '../../content/admin/ListAdmin';
import { RowActions } from '../../content/admin/RowActions';
import { useI18n, useT } from '../../i18n/state';
import { useToast } from '../../ui/toast';

interface FormValues {
  title: string;
  description: string;
  image_url: string;
  learn_more_url: string;
  priority: string;
  start_date: string;
  end_date: string;
  is_active: boolean;
}

const EMPTY: FormValues = { title: '', description: '', image_url: '', learn_more_url: '', priority: '1', start_date: '', end_date: '', is_active: true };

const toBody = (v: FormValues) => ({ ...v, priority: v.priority.trim() === '' ? 1 : Number(v.priority) });
const fromItem = (s: Sponsored): FormValues => ({ title: s.title, description: s.description, image_url: s.image_url, learn_more_url: s.learn_more_url, priority: String(s.priority), start_date: s.start_date ?? '', end_date: s.end_date ?? '', is_active: s.is_active });
const itemBody = (s: Sponsored, over: Partial<Sponsored> = {}) => {
  const m = { ...s, ...over };
  return { title: m.title, description: m.description, image_url: m.image_url, learn_more_url: m.learn_more_url, priority: m.priority, start_date: m.start_date, end_date: m.end_date, is_active: m.is_active };
};

/** Sponsored Content (spec 001 §2, §5): newest first, create, edit, delete, active toggle, priority, dates and counters. */
export function SponsoredTab() {
  const t = useT();
  const { intl } = useI18n();
  const day = (iso: string) => new Intl.DateTimeFormat(intl, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  const list = useQuery({ queryKey: sponsoredAdmin.key, queryFn: ({ signal }) => sponsoredAdmin.list(signal) });
  const admin = useListAdmin({ collection: sponsoredAdmin, deleted: t('sponsored.deleted'), deleteFailed: t('sponsored.deleteFailed') });
  const toggle = useToggleActive({
    collection: sponsoredAdmin,
    body: (s) => itemBody(s, { is_active: !s.is_active }),
    done: (s) => ({ title: t('sponsored.updated'), description: s.is_active ? t('sponsored.nowActive', { title: s.title }) : t('sponsored.nowInactive', { title: s.title }), variant: 'success' }),
    failed: t('sponsored.updateFailed'),
    refresh: admin.refresh,
  });

  return (
    <Box>
      <ListHeader title={t('sponsored.title')} variant="h5" component="h2" addLabel={t('sponsored.add')} onAdd={admin.add} />
      <ItemList query={list} label={t('sponsored.label')} loadingLabel={t('sponsored.loading')} emptyText={t('sponsored.empty')} rowTestId="sponsored-row">
        {(s) => (
          <>
            <Box component="img" src={s.image_url} alt="" sx={{ width: 96, height: 64, objectFit: 'cover', borderRadius: 1, flexShrink: 0, bgcolor: 'action.hover' }} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="h6" component="h3" sx={{ fontSize: '1.05rem' }}>
                {s.title}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
                {s.description}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('sponsored.priorityN', { priority: s.priority })} · {s.start_date || s.end_date ? t('sponsored.dates', { from: s.start_date ? day(s.start_date) : t('sponsored.anyTime'), to: s.end_date ? day(s.end_date) : t('sponsored.noEnd') }) : t('sponsored.noDates')} · {t('slider.counts', { views: s.view_count, clicks: s.click_count })}
              </Typography>
            </Box>
            <RowActions title={s.title} active={s.is_active} onToggle={() => toggle.mutate(s)} toggling={toggle.isPending} onEdit={() => admin.edit(s)} onDelete={() => admin.askDelete(s)} />
          </>
        )}
      </ItemList>
      <SponsoredForm open={admin.formOpen} item={admin.editing} onClose={admin.closeForm} onSaved={admin.refresh} />
      <ConfirmDialog title={t('sponsored.deleteTitle')} {...admin.confirmDelete} />
    </Box>
  );
}

function SponsoredForm({ open, item, onClose, onSaved }: { open: boolean; item: Sponsored | null; onClose: () => void; onSaved: () => void }) {
  const { toast } = useToast();
  const t = useT();
  const { values, set, errors, setErrors, field, check } = useDialogForm(open, item, fromItem, EMPTY);
  const save = useMutation({
    mutationFn: (body: SponsoredInput) => saveItem(sponsoredAdmin, item, body),
    onSuccess: () => {
      toast({ title: item ? t('sponsored.updated') : t('sponsored.created'), variant: 'success' });
      onSaved();
      onClose();
    },
    onError: (err) => {
      setErrors(serverFieldErrors(err));
      toast({ title: item ? t('sponsored.updateFailed') : t('sponsored.createFailed'), description: errorMessage(err), variant: 'error' });
    },
  });
  const submit = () => {
    const body = check(SponsoredInputSchema, toBody(values));
    if (body) save.mutate(body);
  };
  return (
    <FormDialog open={open} titleId="sponsored-form-title" title={item ? t('sponsored.edit') : t('sponsored.add')} busy={save.isPending} submitLabel={item ? t('slider.saveChanges') : t('sponsored.create')} onSubmit={submit} onClose={onClose}>
      <TextField label={t('slider.title')} required value={values.title} onChange={(e) => set('title', e.target.value)} {...field('title')} />
      <TextField label={t('slider.description')} required multiline minRows={2} value={values.description} onChange={(e) => set('description', e.target.value)} {...field('description')} />
      <TextField label={t('slider.imageUrl')} required value={values.image_url} onChange={(e) => set('image_url', e.target.value)} {...field('image_url')} placeholder={t('slider.urlPlaceholder')} />
      <TextField label={t('sponsored.learnMoreUrl')} required value={values.learn_more_url} onChange={(e) => set('learn_more_url', e.target.value)} {...field('learn_more_url')} placeholder={t('slider.urlPlaceholder')} />
      <TextField
        label={t('sponsored.priority')}
        type="number"
        value={values.priority}
        onChange={(e) => set('priority', e.target.value)}
        error={Boolean(errors.priority)}
        helperText={errors.priority ?? t('sponsored.priorityHelp')}
        slotProps={{ htmlInput: { min: 1, max: 10, step: 1 } }}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField label={t('sponsored.start')} type="date" value={values.start_date} onChange={(e) => set('start_date', e.target.value)} {...field('start_date')} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField label={t('sponsored.end')} type="date" value={values.end_date} onChange={(e) => set('end_date', e.target.value)} {...field('end_date')} slotProps={{ inputLabel: { shrink: true } }} />
      </Box>
      <FormControlLabel control={<Switch checked={values.is_active} onChange={(e) => set('is_active', e.target.checked)} />} label={t('slider.active')} />
    </FormDialog>
  );
}
