import { BOOT_DATA_ID, type BootData } from '../../../shared/boot-data';

/** The data the server wrote into the page for the first render, or null (the studio, an old build). */
export function readBootData(): Partial<BootData> | null {
  try {
    const text = document.getElementById(BOOT_DATA_ID)?.textContent;
    return text ? (JSON.parse(text) as Partial<BootData>) : null;
  } catch {
    return null;
  }
}

/**
 * Whether the server said the page at `path` names something that does not exist (a custom page or presenter): asked
 * once, for the page the visit started on.
 */
export function bootSaysMissing(path: string): boolean {
  if (typeof document === 'undefined') return false;
  return readBootData()?.missing === path;
}
