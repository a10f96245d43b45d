/*
 * Code chunks that fail to load (a network blip, a server restart, a new build deployed while the tab is open)
 * never take the site down: every lazy import goes through `retryImport`, which tries again with a growing pause;
 * if the chunk still cannot be had, the part of the page that needed it shows a calm error with a Retry
 * (ChunkBoundary) while the player plays on. A chunk the server no longer has (404: a new build replaced the one
 * this tab started with) means the page is out of date: the next navigation is a full one, which loads the new build.
 */

import { builtFileStatus } from '../app/api';

/** The pauses before each further attempt (ms): three more tries within about 3.5 s. */
export const CHUNK_RETRY_DELAYS_MS = [500, 1000, 2000] as const;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Whether an error is a failed chunk load (the browser's words for it differ; Vite's own preload error too). */
export function isChunkLoadError(err: unknown): boolean {
  const message = err instanceof Error ? err.message : String(err);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Failed to fetch|Load failed/i.test(message);
}

/** The address of the chunk that failed, when the browser names it. */
export function chunkUrlOf(err: unknown): string | null {
  const message = err instanceof Error ? err.message : String(err);
  const m = /(https?:\/\/\S+?\.(?:m?js|css))\b/.exec(message);
  return m ? m[1]! : null;
}

let stale = false;
/** A chunk of this build is gone from the server: a new build is deployed, and the next navigation loads it whole. */
export function buildIsStale(): boolean {
  return stale;
}
/** Marks the build out of date (exported for the router's navigation hook and for tests). */
export function markBuildStale(): void {
  stale = true;
}

/** Asks the server whether the chunk still exists: a 404 means a new build replaced this one. */
async function checkChunkGone(err: unknown): Promise<void> {
  const url = chunkUrlOf(err);
  if (!url || typeof window === 'undefined') return;
  // Unreachable (null) is a blip or a restart, not a new build: the part's Retry tries again.
  if ((await builtFileStatus(url)) === 404) markBuildStale();
}

/**
 * Wraps a lazy import so a failed fetch is tried again (after 0.5, 1 and 2 s) before the failure reaches the
 * component that needed it. Each call of the returned function starts afresh (a Retry button gets new attempts).
 */
export function retryImport<T>(load: () => Promise<T>, delays: readonly number[] = CHUNK_RETRY_DELAYS_MS): () => Promise<T> {
  return async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await load();
      } catch (err) {
        if (attempt >= delays.length || !isChunkLoadError(err)) {
          if (isChunkLoadError(err)) await checkChunkGone(err);
          throw err;
        }
        await sleep(delays[attempt]!);
      }
    }
  };
}

const RELOAD_KEY = 'airdeck-build-reload-at';
/**
 * Loads the current address whole (the new build), once: a second call within a minute (the new build is failing
 * too) does nothing, so a broken deployment never becomes a reload loop; the part's Retry is still there.
 */
export function fullNavigation(): void {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
    if (Date.now() - last < 60_000) return;
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  } catch {
    // No session storage: reload anyway (at worst once per navigation).
  }
  window.location.reload();
}
