/** Runs `cb` when the browser is next idle (at the latest after `timeoutMs`); a short timer where idle callbacks are missing. */
export function whenIdle(cb: () => void, timeoutMs = 500): void {
  if (typeof window !== 'undefined' && 'requestIdleCallback' in window) window.requestIdleCallback(() => cb(), { timeout: timeoutMs });
  else setTimeout(cb, 16);
}

/** Resolves in a task of its own: work after it starts with the main thread free for what waited. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
