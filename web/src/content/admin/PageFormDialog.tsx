import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, FormHelperText, Switch, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { PageInputSchema, slugify, type Page } from '../../../../shared/content';
import { api, ApiError } from '../../app/api';
import { useIsMobile } from '../../app/media';
import { errorMessage, serverFieldErrors, validate, type FieldErrors } from './form';
import { useToast } from '../../ui/toast';

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
  const mobile = useIsMobile();
  const ids = useId();
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [slugTouched, setSlugTouched] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [editorKey, setEditorKey] = useState(0);

  useEffect(() => {
    if (!open) return;
    setValues(page ? fromPage(page) : EMPTY);
    setSlugTouched(Boolean(page));
    setErrors({});
    setEditorKey((k) => k + 1);
  }, [open, page]);

  const save = useMutation({
    mutationFn: (body: unknown) => (page ? api<Page>(`/api/pages/${page.id}`, { method: 'PUT', body }) : api<Page>('/api/pages', { method: 'POST', body })),
    onSuccess: (saved) => {
      toast({ title: 'Page saved successfully', description: `/page/${saved.slug}`, variant: 'success' });
      void client.invalidateQueries({ queryKey: ['admin', 'pages'] });
      onClose();
    },
    onError: (err) => {
      const fields = serverFieldErrors(err);
      if (err instanceof ApiError && err.code === 'conflict') fields.slug = err.message;
      setErrors(fields);
      toast({ title: 'Error saving page', description: errorMessage(err), variant: 'error' });
    },
  });

  const set = <K extends keyof FormValues>(key: K, v: FormValues[K]) => setValues((old) => ({ ...old, [key]: v }));

  const submit = () => {
    const checked = validate(PageInputSchema, { ...values, display_order: values.display_order });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(checked.value);
  };

  const field = (name: keyof FormValues) => ({ error: Boolean(errors[name]), ...(errors[name] ? { helperText: errors[name] } : {}) });
  const contentHelp = `${ids}-content-help`;

  return (
    <Dialog open={open} onClose={save.isPending ? undefined : onClose} fullWidth maxWidth="md" fullScreen={mobile} aria-labelledby={`${ids}-title`}>
      <DialogTitle id={`${ids}-title`}>{page ? 'Edit Page' : 'Add Page'}</DialogTitle>
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
          <TextField
            label="Title"
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
            label="Slug"
            required
            value={values.slug}
            onChange={(e) => {
              setSlugTouched(true);
              set('slug', slugify(e.target.value));
            }}
            error={Boolean(errors.slug)}
            helperText={errors.slug ?? `The page's address: /page/${values.slug || 'your-slug'}. Lower-case letters, numbers and hyphens.`}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TextField label="Meta description" value={values.meta_description} onChange={(e) => set('meta_description', e.target.value)} multiline minRows={2} {...field('meta_description')} slotProps={{ htmlInput: { maxLength: 500 } }} />
          <Box>
            <Typography component="div" id={`${ids}-content-label`} sx={{ display: 'block', mb: 0.5, fontWeight: 600, color: errors.content ? 'error.main' : 'text.primary' }}>
              Content *
            </Typography>
            <Suspense fallback={<Box sx={{ p: 3, display: 'flex', gap: 1, alignItems: 'center' }}><CircularProgress size={18} /> Loading editor...</Box>}>
              <RichTextEditor key={editorKey} value={values.content} onChange={(html) => set('content', html)} label="Content" error={Boolean(errors.content)} describedBy={contentHelp} />
            </Suspense>
            <FormHelperText id={contentHelp} error={Boolean(errors.content)}>
              {errors.content ?? 'Headings, lists, links, images, quotes and code. Scripts and styles are removed when the page is saved.'}
            </FormHelperText>
          </Box>
          <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField label="Display order" value={values.display_order} onChange={(e) => set('display_order', e.target.value)} sx={{ width: 160 }} {...field('display_order')} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
            <FormControlLabel control={<Switch checked={values.is_published} onChange={(e) => set('is_published', e.target.checked)} />} label="Published" />
            <FormControlLabel control={<Switch checked={values.is_featured} onChange={(e) => set('is_featured', e.target.checked)} />} label="Featured" />
          </Box>
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : page ? 'Save Changes' : 'Create Page'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
