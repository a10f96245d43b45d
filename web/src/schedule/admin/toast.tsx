/**
 * A minimal toast for the schedule's staff screens until the shared toast
 * (web/src/ui/toast.tsx) lands: same call shape, `useToast().toast({ title,
 * description, variant })`, one toast at a time (spec 000 §8). `ToastScope`
 * provides one only when no provider is above it, so the screens work
 * standalone and inside the admin layout alike.
 */
import { Alert, AlertTitle, Snackbar } from '@mui/material';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** Toast variants of the spec. */
export type ToastVariant = 'default' | 'success' | 'error' | 'warning' | 'info';
/** One toast. */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}
interface ToastApi {
  toast: (t: ToastInput) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** The toast function of the nearest provider. */
export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast must be used within a ToastScope');
  return ctx;
}

/** Provides toasts to its children unless a provider already exists above. */
export function ToastScope({ children }: { children: ReactNode }) {
  const parent = useContext(ToastContext);
  if (parent) return <>{children}</>;
  return <LocalToastProvider>{children}</LocalToastProvider>;
}

function LocalToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(ToastInput & { key: number }) | null>(null);
  const toast = useCallback((t: ToastInput) => setCurrent({ ...t, key: Date.now() + Math.random() }), []);
  const api = useMemo(() => ({ toast }), [toast]);
  const severity = current?.variant === 'error' ? 'error' : current?.variant === 'warning' ? 'warning' : current?.variant === 'info' || current?.variant === 'default' ? 'info' : 'success';
  return (
    <ToastContext.Provider value={api}>
      {children}
      <Snackbar
        key={current?.key}
        open={current !== null}
        autoHideDuration={current?.variant === 'error' ? 8000 : 5000}
        onClose={(_e, reason) => {
          if (reason !== 'clickaway') setCurrent(null);
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      >
        <Alert severity={severity} variant="filled" onClose={() => setCurrent(null)} role={current?.variant === 'error' ? 'alert' : 'status'} sx={{ minWidth: 280, maxWidth: 480 }}>
          <AlertTitle>{current?.title}</AlertTitle>
          {current?.description}
        </Alert>
      </Snackbar>
    </ToastContext.Provider>
  );
}
