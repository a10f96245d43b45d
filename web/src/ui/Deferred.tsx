import { Box } from '@mui/material';
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { whenIdle } from './idle';

/*
 * Sections below the first screen mount one at a time when the browser is
 * idle, each in its own short commit, instead of all together in the first
 * render: on a phone that is the difference between one long freeze and a
 * page that answers a tap at once. The queue is shared, so sections appear
 * in page order.
 */
const queue: { show: () => void; priority: number }[] = [];
let scheduled = false;

function pump(): void {
  scheduled = false;
  const next = queue.shift();
  if (!next) return;
  next.show();
  if (queue.length > 0) {
    scheduled = true;
    // One section per idle period; the next waits for its commit to be painted.
    whenIdle(pump);
  }
}

function enqueue(show: () => void, priority: number): () => void {
  const item = { show, priority };
  // After everything of the same or a higher priority, in the order they asked.
  const at = queue.findIndex((q) => q.priority < priority);
  if (at < 0) queue.push(item);
  else queue.splice(at, 0, item);
  if (!scheduled) {
    scheduled = true;
    whenIdle(pump);
  }
  return () => {
    const i = queue.indexOf(item);
    if (i >= 0) queue.splice(i, 1);
  };
}

/**
 * Renders `children` once the sections before it have mounted and the
 * browser is idle; until then a box of `minHeight` holds its place (below
 * the first screen, so nothing visible moves), or `placeholder` when given.
 * A higher `priority` (default 0) goes ahead in the queue.
 */
export function Deferred({ children, minHeight = 0, placeholder, priority = 0 }: { children: ReactNode; minHeight?: number | Record<string, number>; placeholder?: ReactNode; priority?: number }) {
  const [shown, setShown] = useState(false);
  useEffect(() => enqueue(() => startTransition(() => setShown(true)), priority), [priority]);
  if (shown) return <>{children}</>;
  return placeholder ?? <Box aria-hidden sx={{ minHeight }} />;
}
