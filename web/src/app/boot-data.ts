import { BOOT_DATA_ID, type BootData } from '../../../shared/boot-data';

/** The data the server wrote into the page for the first render, or null (the studio, an old build). */
export function readBootData(): Partial<BootData> | null {
  // Read once: the page's data is a few hundred kilobytes (its catalogue), and several start-up steps ask for it.
  if (read === undefined) {
    try {
      const text = document.getElementById(BOOT_DATA_ID)?.textContent;
      read = text ? (JSON.parse(text) as Partial<BootData>) : null;
    } catch {
      read = null;
    }
  }
  return read;
}
let read: Partial<BootData> | null | undefined;

/**
 * Whether the server said the page at `path` names something that does not exist (a custom page or presenter): asked
 * once, for the page the visit started on.
 */
export function bootSaysMissing(path: string): boolean {
  if (typeof document === 'undefined') return false;
  return readBootData()?.missing === path;
}
