import { useCallback, useRef } from 'react';

/**
 * A ref for an `<img>` the server may have drawn (web/src/app/ssr.tsx). An image that failed to load before the app
 * took the page over fired its error event when nothing listened yet, so its `onError` never runs: this calls
 * `onFailed` for it as the app adopts the element (an image already complete with no pixels that will not decode).
 * Later failures still come through `onError`.
 */
export function useFailedBeforeRef(onFailed: () => void): (img: HTMLImageElement | null) => void {
  const latest = useRef(onFailed);
  latest.current = onFailed;
  return useCallback((img: HTMLImageElement | null) => whenFailedBefore(img, () => latest.current()), []);
}

/** Calls `onFailed` if `img` has already failed to load (see useFailedBeforeRef). */
export function whenFailedBefore(img: HTMLImageElement | null, onFailed: (img: HTMLImageElement) => void): void {
  if (!img || !img.complete || img.naturalWidth !== 0 || !img.getAttribute('src')) return;
  img.decode().catch(() => onFailed(img));
}
