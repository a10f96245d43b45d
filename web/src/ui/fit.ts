import { useCallback, useLayoutEffect, useState } from 'react';

/**
 * Whether a staff table fits the space it is given, measured rather than
 * guessed from the window: beside the open sidebar a 768–1100 px tablet
 * leaves a table 460–800 px, so the window's width says nothing about it
 * (issue 30 item 6). Attach `ref` to the box that holds the table (or the
 * cards shown instead) and draw cards while `fits` is false.
 *
 * The rule: the table is drawn and its width compared with the box's; when it
 * is wider (its columns cannot shrink further without breaking a name
 * mid-word or pushing Status and Actions out of sight), the width it needed is
 * remembered and cards are drawn until the box is at least that wide. Each
 * render of the table checks again, so a longer name coming in switches too.
 */
export function useTableFits(): { ref: (el: HTMLElement | null) => void; fits: boolean } {
  const [box, setBox] = useState<HTMLElement | null>(null);
  const [width, setWidth] = useState<number | null>(null);
  const [needed, setNeeded] = useState<number | null>(null);
  const ref = useCallback((el: HTMLElement | null) => setBox(el), []);

  useLayoutEffect(() => {
    if (!box) return;
    setWidth(box.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setWidth(box.clientWidth));
    ro.observe(box);
    return () => ro.disconnect();
  }, [box]);

  const fits = needed === null || (width !== null && width >= needed);

  // After every render that drew the table: does it still fit?
  useLayoutEffect(() => {
    if (!box || !fits) return;
    const table = box.querySelector('table');
    if (!table) return;
    const need = Math.ceil(table.scrollWidth);
    if (need > box.clientWidth + 1) setNeeded(need);
    else if (needed !== null && box.clientWidth >= needed) setNeeded(null);
  });

  return { ref, fits };
}
