import type { EmotionCache } from '@emotion/cache';

let rtlCache: EmotionCache | null = null;

/** A new right-to-left emotion cache (./rtl-cache.ts), its code fetched the first time. */
export async function newRtlCache(): Promise<EmotionCache> {
  return (await import('./rtl-cache')).createRtlCache();
}

/** The browser's right-to-left cache: one for the visit, made before the first right-to-left render. */
export async function loadRtlCache(): Promise<EmotionCache> {
  rtlCache ??= await newRtlCache();
  return rtlCache;
}

/** The right-to-left cache once loaded (loadRtlCache runs before any right-to-left render). */
export function rtlCacheIfLoaded(): EmotionCache | null {
  return rtlCache;
}
