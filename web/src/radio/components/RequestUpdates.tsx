import { Suspense, useEffect, useState } from 'react';
import { ChunkBoundary, lazyChunk } from '../../ui/ChunkBoundary';
import { useRequestUpdates } from '../hooks';

// The snackbar's code loads with the first message: most visits never get one.
const RequestUpdateToast = lazyChunk(() => import('./RequestUpdateToast'));

/** Tells a listener on the site when their song request is played or their shoutout read out. */
export function RequestUpdates() {
  const { message, dismiss } = useRequestUpdates();
  // The last words stay while the snackbar slides away.
  const [last, setLast] = useState<string | null>(null);
  useEffect(() => {
    if (message) setLast(message.message);
  }, [message]);
  if (last === null && !message) return null;
  return (
    <ChunkBoundary what="part" fallback={() => null}>
      <Suspense fallback={null}>
        <RequestUpdateToast open={message !== null} message={message?.message ?? last ?? ''} onClose={dismiss} />
      </Suspense>
    </ChunkBoundary>
  );
}
