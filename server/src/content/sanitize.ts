import createDOMPurify, { type WindowLike } from 'dompurify';
import { JSDOM } from 'jsdom';
import { PAGE_PREVIEW_CHARS } from '../../../shared/content';
import { createPageSanitizer } from '../../../shared/sanitize';

const { window } = new JSDOM('<!doctype html><html><body></body></html>');
// jsdom's window provides every DOM class DOMPurify asks for; its typings differ from lib.dom's only in detail.
const purify = createDOMPurify(window as unknown as WindowLike);

/** Sanitises staff-written page HTML with the shared configuration (on save, and again before it is sent). */
export const sanitizePageHtml: (html: string) => string = createPageSanitizer(purify);

/** The visible text of (already sanitised) HTML, whitespace collapsed, cut to the list preview length. */
export function htmlExcerpt(html: string, max = PAGE_PREVIEW_CHARS): string {
  const spaced = html.replace(/<\/(?:h[1-6]|p|li|div|blockquote|pre)>|<br\s*\/?>/gi, '$& ');
  const text = (JSDOM.fragment(`<div>${spaced}</div>`).textContent ?? '').replace(/\s+/g, ' ').trim();
  return [...text].slice(0, max).join('');
}

/** True when sanitised HTML still shows something (text or an image). */
export function hasVisibleContent(html: string): boolean {
  const frag = JSDOM.fragment(`<div>${html}</div>`);
  return (frag.textContent ?? '').trim().length > 0 || frag.querySelector('img') !== null;
}
