import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * Whether the app has this part of the page (issue 38 item 8): false while it is still the server's HTML (drawn by
 * web/src/app/ssr.tsx, and in the browser's first render that adopts that HTML), true once the app's own render
 * has it, at once for a page the app draws itself. A server-drawn form says "Getting ready…" until then instead
 * of looking ready while its controls wait for the app (hydration.ts).
 */
export function useAppReady(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
