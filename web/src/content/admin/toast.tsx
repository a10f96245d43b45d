import { Alert, AlertTitle, Snackbar } from '@mui/material';
import { useEffect, useState } from 'react';

/**
 * A minimal stand-in for the staff panel's toast system (web/src/ui/toast.tsx,
 * built in parallel): same call shape, `useToast().toast({ title, description,
 * variant })`, one toast at a time (spec 000 §8). Each staff page renders
 * <LocalToaster /> until the shared toaster is wired in at merge.
 */
export type ToastVariant = 'default' | 'success' | 'error' | 'warning' | 'info';

/** One toast. */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

type Shown = ToastInput & { key: number };
const listeners = new Set<(t: Shown) => void>();
let seq = 0;

/** Shows a toast (replacing the one on screen). */
export function toast(input: ToastInput): void {
  const shown = { ...input, key: ++seq };
  for (const l of listeners) l(shown);
}

/** The hook staff screens call. */
export function useToast(): { toast: (input: ToastInput) => void } {
  return { toast };
}

/** Renders the current toast; mount once per staff page. */
export function LocalToaster() {
  const [current, setCurrent] = useState<Shown | null>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const l = (t: Shown) => {
      setCurrent(t);
      setOpen(true);
    };
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  }, []);
  if (!current) return null;
  const severity = current.variant === 'default' || !current.variant ? 'info' : current.variant;
  return (
    <Snackbar key={current.key} open={open} autoHideDuration={current.variant === 'error' ? 8000 : 5000} onClose={(_e, reason) => reason !== 'clickaway' && setOpen(false)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}>
      <Alert severity={severity} variant="filled" onClose={() => setOpen(false)} role={severity === 'error' ? 'alert' : 'status'} sx={{ minWidth: 280 }}>
        <AlertTitle sx={{ mb: current.description ? 0.5 : 0 }}>{current.title}</AlertTitle>
        {current.description}
      </Alert>
    </Snackbar>
  );
}
