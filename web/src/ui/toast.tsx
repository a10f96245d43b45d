import { Box } from '@mui/material';
import { atom, getDefaultStore, useAtomValue, useSetAtom } from 'jotai';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { ChunkBoundary, lazyChunk } from './ChunkBoundary';
import { whenIdle } from './idle';
import type { ToastInput } from './toast-types';

export type { ToastInput, ToastVariant } from './toast-types';

interface ShownToast extends ToastInput {
  id: number;
}

let seq = 0;
/** The toast on screen: one at a time, a new one replaces the old (000 §8). */
const toastAtom = atom<ShownToast | null>(null);

/** Shows a toast from code outside React (the platform layer, the session client). */
export function showToast(input: ToastInput): void {
  getDefaultStore().set(toastAtom, { ...input, id: ++seq });
}

/** Until when the toast on screen stays (epoch ms); 0 when none shows. */
let busyUntil = 0;

/**
 * Shows a toast once the one on screen (if any) has gone: for notifications
 * arriving on their own, which must not wipe out the feedback of what the
 * person just did.
 */
export function showToastWhenFree(input: ToastInput): void {
  const wait = busyUntil - Date.now();
  if (wait <= 0) {
    showToast(input);
    return;
  }
  setTimeout(() => showToastWhenFree(input), wait + 250);
}

/** The one toast system of the whole UI: `const { toast } = useToast(); toast({ title, description, variant })`. */
export function useToast(): { toast: (input: ToastInput) => void; dismiss: () => void } {
  const set = useSetAtom(toastAtom);
  const toast = useCallback((input: ToastInput) => set({ ...input, id: ++seq }), [set]);
  const dismiss = useCallback(() => set(null), [set]);
  return { toast, dismiss };
}

// The visible toast (snackbar, alert, transitions) loads with the first toast, or when the browser is idle,
// not with every listener's first page.
// (A failed load is retried; after that the toast is left out: its words still reach screen readers below.)
const ToastView = lazyChunk(() => import('./ToastView'));
if (typeof window !== 'undefined') {
  const preload = () => whenIdle(() => void ToastView.preload(), 3000);
  // (The app itself starts after the first paint, often after the load event.)
  if (document.readyState === 'complete') preload();
  else window.addEventListener('load', preload, { once: true });
}

const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', p: 0, m: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 } as const;

/**
 * Renders the current toast, bottom-centre, above the player. Screen readers
 * hear it through two live regions that are always in the page (polite, and
 * assertive for errors), so the announcement does not depend on the visual
 * toast being mounted in time.
 */
export function Toaster() {
  const current = useAtomValue(toastAtom);
  const [open, setOpen] = useState(false);
  const [everShown, setEverShown] = useState(false);
  const [announced, setAnnounced] = useState<{ polite: string; assertive: string }>({ polite: '', assertive: '' });

  useEffect(() => {
    if (!current) {
      setOpen(false);
      return;
    }
    setOpen(true);
    setEverShown(true);
    busyUntil = Date.now() + (current.duration ?? (current.variant === 'error' ? 7000 : 5000));
    const text = current.description ? `${current.title}. ${current.description}` : current.title;
    const urgent = current.variant === 'error' || current.variant === 'warning';
    // Emptied first, so the same words twice in a row are announced twice.
    setAnnounced({ polite: '', assertive: '' });
    const timer = setTimeout(() => setAnnounced({ polite: urgent ? '' : text, assertive: urgent ? text : '' }), 50);
    return () => clearTimeout(timer);
  }, [current]);

  const close = () => {
    busyUntil = 0;
    setOpen(false);
  };
  return (
    <>
      <Box sx={visuallyHidden} role="status" aria-live="polite" aria-atomic="true">
        {announced.polite}
      </Box>
      <Box sx={visuallyHidden} role="alert" aria-live="assertive" aria-atomic="true">
        {announced.assertive}
      </Box>
      {everShown && (
        <ChunkBoundary what="part" fallback={() => null}>
          <Suspense fallback={null}>
            <ToastView current={current} open={open} onClose={close} />
          </Suspense>
        </ChunkBoundary>
      )}
    </>
  );
}
