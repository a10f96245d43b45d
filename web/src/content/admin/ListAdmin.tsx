import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, Card, CardContent, Typography, type TypographyProps } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { Collection } from '../api';
import { PageLoading } from '../../app/ListenerLayout';
import { useToast, type ToastInput } from '../../ui/toast';
import { errorMessage } from './form';
import { useT } from '../../i18n/state';

/** What useListAdmin gives a list screen. */
export interface ListAdmin<T> {
  editing: T | null;
  formOpen: boolean;
  refresh: () => void;
  add: () => void;
  edit: (item: T) => void;
  closeForm: () => void;
  askDelete: (item: T) => void;
  confirmDelete: { open: boolean; message: string; busy: boolean; onConfirm: () => void; onClose: () => void };
}

/**
 * The state of a staff content list (pages, slides, sponsored content): which
 * item the form dialog edits (none when adding), whether it is open, which
 * item waits for the delete confirmation, and the delete itself, which
 * refreshes the list. `confirmDelete` is the ConfirmDialog's props but its title.
 */
export function useListAdmin<T extends { id: string; title: string }, In>({ collection, deleted, deleteFailed }: { collection: Collection<T, In>; deleted: string; deleteFailed: string }): ListAdmin<T> {
  const { toast } = useToast();
  const t = useT();
  const client = useQueryClient();
  const [editing, setEditing] = useState<T | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<T | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: collection.key });
  const remove = useMutation({
    mutationFn: (item: T) => collection.remove(item.id),
    onSuccess: () => {
      toast({ title: deleted, variant: 'success' });
      setDeleting(null);
      refresh();
    },
    onError: (err) => toast({ title: deleteFailed, description: errorMessage(err), variant: 'error' }),
  });
  return {
    editing,
    formOpen,
    refresh,
    add: () => {
      setEditing(null);
      setFormOpen(true);
    },
    edit: (item: T) => {
      setEditing(item);
      setFormOpen(true);
    },
    closeForm: () => setFormOpen(false),
    askDelete: (item: T) => setDeleting(item),
    confirmDelete: {
      open: Boolean(deleting),
      message: t('contentAdmin.deleteConfirm', { title: deleting?.title ?? '' }),
      busy: remove.isPending,
      onConfirm: () => {
        if (deleting) remove.mutate(deleting);
      },
      onClose: () => setDeleting(null),
    },
  };
}

/** The Active switch of a row: saves the item with is_active flipped, says so, and refreshes the list. */
export function useToggleActive<T extends { id: string; is_active: boolean }, In>({ collection, body, done, failed, refresh }: { collection: Collection<T, In>; body: (item: T) => In; done: (saved: T) => ToastInput; failed: string; refresh: () => void }) {
  const { toast } = useToast();
  return useMutation({
    mutationFn: (item: T) => collection.update(item.id, body(item)),
    onSuccess: (saved) => {
      toast(done(saved));
      refresh();
    },
    onError: (err) => toast({ title: failed, description: errorMessage(err), variant: 'error' }),
  });
}

/** A staff list's heading with its Add button beside it. */
export function ListHeader({ title, variant, component, addLabel, onAdd }: { title: string; variant: TypographyProps['variant']; component: 'h1' | 'h2'; addLabel: string; onAdd: () => void }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', mb: 2, gap: 2, flexWrap: 'wrap' }}>
      <Typography variant={variant} component={component} sx={{ flexGrow: 1 }}>
        {title}
      </Typography>
      <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
        {addLabel}
      </Button>
    </Box>
  );
}

/**
 * The rows of a staff content list, one card each, with what shows instead or
 * above: the load failure with Try again, the loading line, the empty text.
 */
export function ItemList<T extends { id: string }>({
  query,
  label,
  loadingLabel,
  emptyText,
  rowTestId,
  children,
}: {
  query: { data?: T[] | undefined; isError: boolean; error: unknown; refetch: () => unknown };
  label: string;
  loadingLabel: string;
  emptyText: ReactNode;
  rowTestId: string;
  children: (item: T) => ReactNode;
}) {
  const t = useT();
  return (
    <>
      {query.isError && (
        <Alert severity="error" action={<Button onClick={() => void query.refetch()}>{t('common.tryAgain')}</Button>}>
          {errorMessage(query.error)}
        </Alert>
      )}
      {!query.data && !query.isError && <PageLoading label={loadingLabel} />}
      {query.data?.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          {emptyText}
        </Typography>
      )}
      {query.data && query.data.length > 0 && (
        <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {query.data.map((item) => (
            <Card component="li" key={item.id} data-testid={rowTestId}>
              <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' }, '&:last-child': { pb: 2 } }}>{children(item)}</CardContent>
            </Card>
          ))}
        </Box>
      )}
    </>
  );
}
