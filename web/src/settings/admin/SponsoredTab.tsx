import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, Card, CardContent, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Switch, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { SponsoredInputSchema, type Sponsored } from '../../../../shared/content';
import { api } from '../../app/api';
import { PageLoading } from '../../app/ListenerLayout';
import { useIsMobile } from '../../app/media';
import { ConfirmDialog } from '../../content/admin/ConfirmDialog';
import { RowActions } from '../../content/admin/RowActions';
import { errorMessage, serverFieldErrors, validate, type FieldErrors } from '../../content/admin/form';
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
  const { toast } = useToast();
  const client = useQueryClient();
  const list = useQuery({ queryKey: ['admin', 'sponsored'], queryFn: ({ signal }) => api<Sponsored[]>('/api/sponsored', { signal }) });
  const [editing, setEditing] = useState<Sponsored | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Sponsored | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: ['admin', 'sponsored'] });

  const toggle = useMutation({
    mutationFn: (s: Sponsored) => api<Sponsored>(`/api/sponsored/${s.id}`, { method: 'PUT', body: itemBody(s, { is_active: !s.is_active }) }),
    onSuccess: (s) => {
      toast({ title: 'Sponsored content updated successfully', description: `${s.title} is now ${s.is_active ? 'active' : 'inactive'}.`, variant: 'success' });
      refresh();
    },
    onError: (err) => toast({ title: 'Error updating sponsored content', description: errorMessage(err), variant: 'error' }),
  });
  const remove = useMutation({
    mutationFn: (s: Sponsored) => api<null>(`/api/sponsored/${s.id}`, { method: 'DELETE' }),
    onSuccess: () => {
      toast({ title: 'Sponsored content deleted successfully', variant: 'success' });
      setDeleting(null);
      refresh();
    },
    onError: (err) => toast({ title: 'Error deleting sponsored content', description: errorMessage(err), variant: 'error' }),
  });

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 2, gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          Sponsored Content
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => {
            setEditing(null);
            setFormOpen(true);
          }}
        >
          Add Sponsored Content
        </Button>
      </Box>
      {list.isError && (
        <Alert severity="error" action={<Button onClick={() => void list.refetch()}>Try again</Button>}>
          {errorMessage(list.error)}
        </Alert>
      )}
      {!list.data && !list.isError && <PageLoading label="Loading sponsored content..." />}
      {list.data?.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          No sponsored content found. Click &quot;Add Sponsored Content&quot; to create the first item.
        </Typography>
      )}
      {list.data && list.data.length > 0 && (
        <Box component="ul" aria-label="Sponsored content" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {list.data.map((s) => (
            <Card component="li" key={s.id} data-testid="sponsored-row">
              <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' }, '&:last-child': { pb: 2 } }}>
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
                <RowActions
                  title={s.title}
                  active={s.is_active}
                  onToggle={() => toggle.mutate(s)}
                  toggling={toggle.isPending}
                  onEdit={() => {
                    setEditing(s);
                    setFormOpen(true);
                  }}
                  onDelete={() => setDeleting(s)}
                />
              </CardContent>
            </Card>
          ))}
        </Box>
      )}
      <SponsoredForm open={formOpen} item={editing} onClose={() => setFormOpen(false)} onSaved={refresh} />
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete sponsored content"
        message={`Are you sure you want to delete "${deleting?.title ?? ''}"? This action cannot be undone.`}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}

function SponsoredForm({ open, item, onClose, onSaved }: { open: boolean; item: Sponsored | null; onClose: () => void; onSaved: () => void }) {
  const { toast } = useToast();
  const mobile = useIsMobile();
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (!open) return;
    setValues(item ? fromItem(item) : EMPTY);
    setErrors({});
  }, [open, item]);
  const verb = item ? 'updating' : 'creating';
  const save = useMutation({
    mutationFn: (body: unknown) => (item ? api<Sponsored>(`/api/sponsored/${item.id}`, { method: 'PUT', body }) : api<Sponsored>('/api/sponsored', { method: 'POST', body })),
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
    const checked = validate(SponsoredInputSchema, toBody(values));
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    save.mutate(checked.value);
  };
  const set = <K extends keyof FormValues>(k: K, v: FormValues[K]) => setValues((o) => ({ ...o, [k]: v }));
  const f = (k: keyof FormValues) => ({ error: Boolean(errors[k]), ...(errors[k] ? { helperText: errors[k] } : {}) });
  return (
    <Dialog open={open} onClose={save.isPending ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={mobile} aria-labelledby="sponsored-form-title">
      <DialogTitle id="sponsored-form-title">{item ? 'Edit Sponsored Content' : 'Add Sponsored Content'}</DialogTitle>
      <DialogContent dividers>
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          sx={{ display: 'grid', gap: 2 }}
        >
          <TextField label="Title" required value={values.title} onChange={(e) => set('title', e.target.value)} {...f('title')} />
          <TextField label="Description" required multiline minRows={2} value={values.description} onChange={(e) => set('description', e.target.value)} {...f('description')} />
          <TextField label="Image URL" required value={values.image_url} onChange={(e) => set('image_url', e.target.value)} {...f('image_url')} placeholder="https://…" />
          <TextField label="Learn more URL" required value={values.learn_more_url} onChange={(e) => set('learn_more_url', e.target.value)} {...f('learn_more_url')} placeholder="https://…" />
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
            <TextField label="Start date (optional)" type="date" value={values.start_date} onChange={(e) => set('start_date', e.target.value)} {...f('start_date')} slotProps={{ inputLabel: { shrink: true } }} />
            <TextField label="End date (optional)" type="date" value={values.end_date} onChange={(e) => set('end_date', e.target.value)} {...f('end_date')} slotProps={{ inputLabel: { shrink: true } }} />
          </Box>
          <FormControlLabel control={<Switch checked={values.is_active} onChange={(e) => set('is_active', e.target.checked)} />} label="Active" />
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : item ? 'Save Changes' : 'Create'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
