import { Box, FormControlLabel, Switch, TextField, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { SponsoredInputSchema, type Sponsored, type SponsoredInput } from '../../../../shared/content';
import { sponsoredAdmin } from '../../content/api';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { errorMessage, serverFieldErrors } from '../../content/admin/form';
import { FormDialog, saveItem, useDialogForm } from '../../content/admin/FormDialog';
import { ItemList, ListHeader, useListAdmin, useToggleActive } from '../../content/admin/ListAdmin';
import { RowActions } from '../../content/admin/RowActions';
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
  const list = useQuery({ queryKey: sponsoredAdmin.key, queryFn: ({ signal }) => sponsoredAdmin.list(signal) });
  const admin = useListAdmin({ collection: sponsoredAdmin, deleted: 'Sponsored content deleted successfully', deleteFailed: 'Error deleting sponsored content' });
  const toggle = useToggleActive({
    collection: sponsoredAdmin,
    body: (s) => itemBody(s, { is_active: !s.is_active }),
    done: (s) => ({ title: 'Sponsored content updated successfully', description: `${s.title} is now ${s.is_active ? 'active' : 'inactive'}.`, variant: 'success' }),
    failed: 'Error updating sponsored content',
    refresh: admin.refresh,
  });

  return (
    <Box>
      <ListHeader title="Sponsored Content" variant="h5" component="h2" addLabel="Add Sponsored Content" onAdd={admin.add} />
      <ItemList query={list} label="Sponsored content" loadingLabel="Loading sponsored content..." emptyText={'No sponsored content found. Click "Add Sponsored Content" to create the first item.'} rowTestId="sponsored-row">
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
                Priority {s.priority} · {s.start_date || s.end_date ? `${s.start_date ?? 'any time'} to ${s.end_date ?? 'no end'}` : 'No date limits'} · {s.view_count} views · {s.click_count} clicks
              </Typography>
            </Box>
            <RowActions title={s.title} active={s.is_active} onToggle={() => toggle.mutate(s)} toggling={toggle.isPending} onEdit={() => admin.edit(s)} onDelete={() => admin.askDelete(s)} />
          </>
        )}
      </ItemList>
      <SponsoredForm open={admin.formOpen} item={admin.editing} onClose={admin.closeForm} onSaved={admin.refresh} />
      <ConfirmDialog title="Delete sponsored content" {...admin.confirmDelete} />
    </Box>
  );
}

function SponsoredForm({ open, item, onClose, onSaved }: { open: boolean; item: Sponsored | null; onClose: () => void; onSaved: () => void }) {
  const { toast } = useToast();
  const { values, set, errors, setErrors, field, check } = useDialogForm(open, item, fromItem, EMPTY);
  const verb = item ? 'updating' : 'creating';
  const save = useMutation({
    mutationFn: (body: SponsoredInput) => saveItem(sponsoredAdmin, item, body),
    onSuccess: () => {
      toast({ title: item ? 'Sponsored content updated successfully' : 'Sponsored content created successfully', variant: 'success' });
      onSaved();
      onClose();
    },
    onError: (err) => {
      setErrors(serverFieldErrors(err));
      toast({ title: `Error ${verb} sponsored content`, description: errorMessage(err), variant: 'error' });
    },
  });
  const submit = () => {
    const body = check(SponsoredInputSchema, toBody(values));
    if (body) save.mutate(body);
  };
  return (
    <FormDialog open={open} titleId="sponsored-form-title" title={item ? 'Edit Sponsored Content' : 'Add Sponsored Content'} busy={save.isPending} submitLabel={item ? 'Save Changes' : 'Create'} onSubmit={submit} onClose={onClose}>
      <TextField label="Title" required value={values.title} onChange={(e) => set('title', e.target.value)} {...field('title')} />
      <TextField label="Description" required multiline minRows={2} value={values.description} onChange={(e) => set('description', e.target.value)} {...field('description')} />
      <TextField label="Image URL" required value={values.image_url} onChange={(e) => set('image_url', e.target.value)} {...field('image_url')} placeholder="https://…" />
      <TextField label="Learn more URL" required value={values.learn_more_url} onChange={(e) => set('learn_more_url', e.target.value)} {...field('learn_more_url')} placeholder="https://…" />
      <TextField
        label="Priority (1-10)"
        type="number"
        value={values.priority}
        onChange={(e) => set('priority', e.target.value)}
        error={Boolean(errors.priority)}
        helperText={errors.priority ?? 'Higher priority shows more often: a 10 appears ten times as often as a 1.'}
        slotProps={{ htmlInput: { min: 1, max: 10, step: 1 } }}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField label="Start date (optional)" type="date" value={values.start_date} onChange={(e) => set('start_date', e.target.value)} {...field('start_date')} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField label="End date (optional)" type="date" value={values.end_date} onChange={(e) => set('end_date', e.target.value)} {...field('end_date')} slotProps={{ inputLabel: { shrink: true } }} />
      </Box>
      <FormControlLabel control={<Switch checked={values.is_active} onChange={(e) => set('is_active', e.target.checked)} />} label="Active" />
    </FormDialog>
  );
}
