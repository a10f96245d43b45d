/** Runs `cb` when the browser is next idle (at the latest after `timeoutMs`); a short timer where idle callbacks are missing. */
export function whenIdle(cb: () => void, timeoutMs = 500): void {
  if (typeof window !== 'undefined' && 'requestIdleCallback' in window) window.requestIdleCallback(() => cb(), { timeout: timeoutMs });
  else setTimeout(cb, 16);
}
