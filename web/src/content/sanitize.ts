import createDOMPurify from 'dompurify';
import { createPageSanitizer } from '../../../shared/sanitize';

let sanitizer: ((html: string) => string) | null = null;

/**
 * Sanitises page HTML in the browser with the same configuration the server
 * used on save: the second line of defence, on display. A dedicated
 * DOMPurify instance carries the hooks.
 */
export function sanitizeForDisplay(html: string): string {
  sanitizer ??= createPageSanitizer(createDOMPurify(window));
  return sanitizer(html);
}
