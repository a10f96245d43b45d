import createDOMPurify from 'dompurify';
import { createPageSanitizer } from '../../../shared/sanitize';

let sanitizer: ((html: string) => string) | null = null;
let domWindow: Parameters<typeof createDOMPurify>[0] | null = null;

/** The DOM the sanitizer works in where there is no browser window (the server's render of a page, with jsdom). */
export function setSanitizerWindow(win: Parameters<typeof createDOMPurify>[0]): void {
  domWindow = win;
}

/**
 * Sanitises page HTML in the browser with the same configuration the server
 * used on save: the second line of defence, on display. A dedicated
 * DOMPurify instance carries the hooks.
 */
export function sanitizeForDisplay(html: string): string {
  sanitizer ??= createPageSanitizer(createDOMPurify(domWindow ?? window));
  return sanitizer(html);
}
