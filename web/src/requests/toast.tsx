import { Alert, AlertTitle, Snackbar } from '@mui/material';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * A stand-in for the site's toast system (`web/src/ui/toast.tsx`), with the
 * same API: `const { toast } = useToast(); toast({ title, description, variant })`.
 * One toast at a time (spec 000 §8). The toast lives in module state so it
 * survives a navigation (the Discord callback toasts, then redirects); each
 * page that uses it renders `<Toaster />`. When the shared system lands, swap
 * the import and drop the `<Toaster />` elements.
 */
export type ToastVariant = 'default' | 'success' | 'error' | 'warning' | 'info';

/** What a toast says. */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

type Shown = ToastInput & { id: number };

let current: Shown | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function show(input: ToastInput): void {
  current = { ...input, id: nextId++ };
  emit();
}

function dismiss(id: number): void {
  if (current?.id !== id) return;
  current = null;
  emit();
}

/** Raises toasts. */
export function useToast(): { toast: (input: ToastInput) => void } {
  const toast = useCallback((input: ToastInput) => show(input), []);
  return { toast };
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

const SEVERITY: Record<ToastVariant, 'success' | 'error' | 'warning' | 'info'> = { default: 'info', success: 'success', error: 'error', warning: 'warning', info: 'info' };

/** Shows the current toast at the bottom of the screen, above the player; announced to screen readers. */
export function Toaster() {
  const shown = useSyncExternalStore(subscribe, () => current);
  if (!shown) return null;
  const variant = shown.variant ?? 'default';
  return (
    <Snackbar
      key={shown.id}
      open
      autoHideDuration={variant === 'error' ? 8000 : 5000}
      onClose={(_, reason) => reason !== 'clickaway' && dismiss(shown.id)}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      sx={{ bottom: { xs: 96, sm: 104 } }}
    >
      <Alert
        severity={SEVERITY[variant]}
        variant={variant === 'default' ? 'outlined' : 'filled'}
        onClose={() => dismiss(shown.id)}
        role={variant === 'error' ? 'alert' : 'status'}
        data-toast-variant={variant}
        sx={{ minWidth: { xs: 'auto', sm: 320 }, maxWidth: 440, bgcolor: variant === 'default' ? 'background.paper' : undefined }}
      >
        <AlertTitle sx={{ fontWeight: 700, mb: shown.description ? 0.25 : 0 }}>{shown.title}</AlertTitle>
        {shown.description}
      </Alert>
    </Snackbar>
  );
}
