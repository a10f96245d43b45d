import CloseIcon from '@mui/icons-material/Close';
import { Alert, AlertTitle, Button, IconButton, Snackbar } from '@mui/material';
import { useMemo } from 'react';
import type { ToastInput } from './toast-types';
import { useT } from '../i18n/state';

const SEVERITY = { default: 'info', success: 'success', error: 'error', warning: 'warning', info: 'info' } as const;

/** True while a dialog is open: its fields and buttons sit where the toast usually goes. */
function dialogOpen(): boolean {
  return typeof document !== 'undefined' && !!document.querySelector('.MuiDialog-root .MuiDialog-paper');
}

/**
 * True when the control the listener just used (a form's Send button) sits where the toast would go, the bottom
 * of the screen (issue 38 item 9: toasts covered the Send button): the toast then goes to the top instead.
 */
function focusAtBottom(): boolean {
  if (typeof document === 'undefined') return false;
  const el = document.activeElement;
  if (!el || el === document.body) return false;
  const r = el.getBoundingClientRect();
  return r.height > 0 && r.bottom > window.innerHeight - 240;
}

/**
 * The visible toast, bottom-centre above the player (the live regions that announce it stay in toast.tsx);
 * while a dialog is open, in the top-right corner (top on a phone), off the dialog's fields and buttons.
 */
export default function ToastView({ current, open, onClose }: { current: (ToastInput & { id: number }) | null; open: boolean; onClose: () => void }) {
  const t = useT();
  const close = (_e?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    onClose();
  };
  const variant = current?.variant ?? 'default';
  const duration = current?.duration ?? (variant === 'error' ? 7000 : 5000);
  // Placed when each toast appears (a toast raised from a dialog is usually about it): keyed by the toast's id.
  const id = current?.id;
  const overDialog = useMemo(() => (id === undefined ? false : dialogOpen()), [id]);
  const atTop = useMemo(() => (id === undefined || overDialog ? false : focusAtBottom()), [id, overDialog]);

  return (
    <>
      <Snackbar
        key={current?.id}
        open={open && !!current}
        autoHideDuration={duration}
        onClose={close}
        anchorOrigin={overDialog ? { vertical: 'top', horizontal: 'right' } : atTop ? { vertical: 'top', horizontal: 'center' } : { vertical: 'bottom', horizontal: 'center' }}
        // Over a dialog: under the panel's 64 px header, so the bell and Sign Out stay in sight (issue 30 item 7).
        // From 768 px the panel's header shows beside a dialog: the toast goes under it (top 72), narrow enough to
        // stay right of a centred dialog; on a phone a dialog fills the screen and the toast sits over its title.
        // Over the control just used at the bottom: under the sticky bar (two rows on a tablet) instead.
        sx={overDialog ? { top: 8, '@media (min-width: 768px)': { top: 72 } } : atTop ? { top: { xs: 72, sm: 128, md: 80 } } : { bottom: { xs: 96, sm: 104 } }}
      >
        <Alert
          data-toast={variant}
          role="presentation"
          variant={variant === 'default' ? 'outlined' : 'filled'}
          severity={SEVERITY[variant]}
          icon={variant === 'default' ? false : undefined}
          sx={{ minWidth: { xs: 'calc(100vw - 32px)', sm: overDialog ? 300 : 360 }, maxWidth: overDialog ? 300 : 520, alignItems: 'flex-start', bgcolor: variant === 'default' ? 'background.paper' : undefined, color: variant === 'default' ? 'text.primary' : undefined }}
          action={
            <>
              {current?.action && (
                <Button
                  color="inherit"
                  size="small"
                  variant="outlined"
                  sx={{ mr: 0.5, fontWeight: 700 }}
                  onClick={() => {
                    current.action!.onClick();
                    close();
                  }}
                >
                  {current.action.label}
                </Button>
              )}
              <IconButton aria-label={t('ui.closeNotification')} color="inherit" size="small" onClick={() => close()}>
                <CloseIcon fontSize="small" />
              </IconButton>
            </>
          }
        >
          {current && (
            <>
              <AlertTitle sx={{ mb: current.description ? 0.25 : 0, fontWeight: 700 }}>{current.title}</AlertTitle>
              {current.description}
            </>
          )}
        </Alert>
      </Snackbar>
    </>
  );
}
