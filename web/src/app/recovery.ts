import type { QueryClient } from '@tanstack/react-query';

/** Pauses between attempts to refetch what failed (ms): growing, then every 15 s while anything on screen failed. */
export const RECOVERY_DELAYS_MS = [3000, 6000, 10_000, 15_000] as const;

/**
 * Data that failed during an outage (the server restarting, a blip, a phone between cells) comes back by itself:
 * every query on screen that ended in an error is fetched again after a growing pause, at once when the realtime
 * connection is back (`onReconnect`), when the browser says it is online again, and when the tab is shown again.
 * The error states keep their Retry button for a listener who will not wait. Returns a function that uninstalls.
 */
export function installRecovery(client: QueryClient, onReconnect?: (fn: () => void) => () => void, delays: readonly number[] = RECOVERY_DELAYS_MS): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  const failed = () => client.getQueryCache().findAll({ type: 'active', predicate: (q) => q.state.status === 'error' && q.state.fetchStatus === 'idle' });
  const refetchFailed = async () => {
    const queries = failed();
    if (queries.length === 0) return;
    await Promise.all(queries.map((q) => client.refetchQueries({ queryKey: q.queryKey, exact: true, type: 'active' })));
  };
  const schedule = () => {
    if (timer || failed().length === 0) {
      if (!timer) attempt = 0;
      return;
    }
    const delay = delays[Math.min(attempt, delays.length - 1)]!;
    attempt += 1;
    timer = setTimeout(() => {
      timer = null;
      void refetchFailed().finally(schedule);
    }, delay);
  };
  const now = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    attempt = 0;
    void refetchFailed().finally(schedule);
  };
  const unsubscribe = client.getQueryCache().subscribe((e) => {
    if (e.type === 'updated' && e.action.type === 'error') schedule();
  });
  const offReconnect = onReconnect?.(now);
  const onVisible = () => {
    if (document.visibilityState === 'visible') now();
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('online', now);
    document.addEventListener('visibilitychange', onVisible);
  }
  return () => {
    unsubscribe();
    offReconnect?.();
    if (timer) clearTimeout(timer);
    if (typeof window !== 'undefined') {
      window.removeEventListener('online', now);
      document.removeEventListener('visibilitychange', onVisible);
    }
  };
}
