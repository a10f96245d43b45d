import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, type Breakpoint } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import type { Collection } from '../api';
import { useIsMobile } from '../../app/media';
import { validate, type FieldErrors } from './form';
import { useErrorText } from '../../i18n/errors';
import { useT } from '../../i18n/state';

/**
 * The add/edit dialog of a staff content screen (pages, slides, sponsored
 * content): the title, a form whose fields the caller gives (Enter submits),
 * and Cancel plus the save button. Closing is refused while saving.
 */
export function FormDialog({
  open,
  titleId,
  title,
  maxWidth = 'sm',
  busy,
  submitLabel,
  onSubmit,
  onClose,
  children,
}: {
  open: boolean;
  titleId: string;
  title: string;
  maxWidth?: Breakpoint;
  busy: boolean;
  submitLabel: string;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const mobile = useIsMobile();
  const t = useT();
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth={maxWidth} fullScreen={mobile} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
          sx={{ display: 'grid', gap: 2 }}
        >
          {children}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('formDialog.cancel')}
        </Button>
        <Button variant="contained" onClick={onSubmit} disabled={busy}>
          {busy ? t('formDialog.saving') : submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The values and field messages of a FormDialog: filled from the item being
 * edited (or the empty form) and cleared of messages each time it opens.
 * `field` gives a TextField its error state and message; `check` runs the
 * shared schema and shows its messages, returning the value only when valid.
 */
export function useDialogForm<V extends object, T>(open: boolean, item: T | null, toValues: (item: T) => V, empty: V) {
  const [values, setValues] = useState<V>(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const say = useErrorText();
  useEffect(() => {
    if (!open) return;
    setValues(item ? toValues(item) : empty);
    setErrors({});
  }, [open, item]); // only when the dialog opens or its item changes
  const set = <K extends keyof V>(key: K, v: V[K]) => setValues((old) => ({ ...old, [key]: v }));
  const field = (name: keyof V & string) => ({ error: Boolean(errors[name]), ...(errors[name] ? { helperText: errors[name] } : {}) });
  const check = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> | null => {
    const checked = validate(schema, input, say);
    if (checked.ok) return checked.value;
    setErrors(checked.errors);
    return null;
  };
  return { values, setValues, set, errors, setErrors, field, check };
}

/** Saves a form's body: a PUT to the item's own address when editing, else a POST to the collection. */
export function saveItem<T, In>(collection: Collection<T, In>, item: { id: string } | null, body: In): Promise<T> {
  return item ? collection.update(item.id, body) : collection.create(body);
}
