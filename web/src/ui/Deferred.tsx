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
 * Whether this render draws the sections marked `withServerPage` at once: the server's render of a page, and the
 * browser's first render that adopts it (web/src/app/start.tsx, until the app has the page: hydration.ts).
 */
let drawingServerPage = false;
export function setDrawingServerPage(on: boolean): void {
  drawingServerPage = on;
}
/** Whether this render is the server's, or the browser's that adopts it (see setDrawingServerPage). */
export function isDrawingServerPage(): boolean {
  return drawingServerPage;
}

/**
 * Renders `children` once the sections before it have mounted and the
 * browser is idle; until then a box of `minHeight` holds its place (below
 * the first screen, so nothing visible moves), or `placeholder` when given.
 * A higher `priority` (default 0) goes ahead in the queue. `withServerPage`: on a page the server draws, drawn by it
 * with the page and adopted as it is (no later commit of its own); still queued when the app draws the page itself
 * (a navigation in the app).
 */
export function Deferred({ children, minHeight = 0, placeholder, priority = 0, withServerPage = false }: { children: ReactNode; minHeight?: number | Record<string, number>; placeholder?: ReactNode; priority?: number; withServerPage?: boolean }) {
  const [shown, setShown] = useState(() => withServerPage && drawingServerPage);
  useEffect(() => (shown ? undefined : enqueue(() => startTransition(() => setShown(true)), priority)), [priority, shown]);
  if (shown) return <>{children}</>;
  return placeholder ?? <Box aria-hidden sx={{ minHeight }} />;
}
