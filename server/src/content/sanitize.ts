import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type * as DOMPurifyModule from 'dompurify';
import type { WindowLike } from 'dompurify';
import type * as JsdomModule from 'jsdom';
import { PAGE_PREVIEW_CHARS } from '../../../shared/content';
import { createPageSanitizer } from '../../../shared/sanitize';

// jsdom takes about a second to load: it is loaded on the first sanitising, not at start
// (most starts answer many requests before any page content is read or saved).
const require = createRequire(import.meta.url);
let jsdom: typeof JsdomModule.JSDOM | null = null;
const JSDOM = (): typeof JsdomModule.JSDOM => (jsdom ??= (require('jsdom') as typeof JsdomModule).JSDOM);
let sanitizer: ((html: string) => string) | null = null;
const makeSanitizer = (): ((html: string) => string) => {
  const { window } = new (JSDOM())('<!doctype html><html><body></body></html>');
  // dompurify's CommonJS build exports the factory itself.
  const createDOMPurify = require('dompurify') as typeof DOMPurifyModule.default;
  // jsdom's window provides every DOM class DOMPurify asks for; its typings differ from lib.dom's only in detail.
  const purify = createDOMPurify(window as unknown as WindowLike);
  return createPageSanitizer(purify);
};

/** Sanitises staff-written page HTML with the shared configuration (on save, and again before it is sent). */
export const sanitizePageHtml = (html: string): string => (sanitizer ??= makeSanitizer())(html);

/** The visible text of (already sanitised) HTML, whitespace collapsed, cut to the list preview length. */
export function htmlExcerpt(html: string, max = PAGE_PREVIEW_CHARS): string {
  const spaced = html.replace(/<\/(?:h[1-6]|p|li|div|blockquote|pre)>|<br\s*\/?>/gi, '$& ');
  const text = (JSDOM().fragment(`<div>${spaced}</div>`).textContent ?? '').replace(/\s+/g, ' ').trim();
  return [...text].slice(0, max).join('');
}

/** True when sanitised HTML still shows something (text or an image). */
export function hasVisibleContent(html: string): boolean {
  const frag = JSDOM().fragment(`<div>${html}</div>`);
  return (frag.textContent ?? '').trim().length > 0 || frag.querySelector('img') !== null;
}

/** A stored page's content made safe to send, with its preview. */
export interface CleanContent {
  html: string;
  excerpt: string;
}

const CACHE_MAX = 256;
const cache = new Map<string, CleanContent>();

/**
 * Sanitises stored content for sending (the second pass after the one on
 * save), remembering the result by a hash of the stored HTML: jsdom parsing
 * costs milliseconds per page, too much to repeat on every public read. A
 * row changed in any way hashes differently, so nothing stale is served.
 */
export function cleanStoredContent(stored: string): CleanContent {
  const key = createHash('sha256').update(stored).digest('base64url');
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const html = sanitizePageHtml(stored);
  const clean = { html, excerpt: htmlExcerpt(html) };
  cache.set(key, clean);
  if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value!);
  return clean;
}

/** The `src` of every `<img>` in (raw or sanitised) page HTML, in order. */
export function imageSources(html: string): string[] {
  return [...JSDOM().fragment(`<div>${html}</div>`).querySelectorAll('img[src]')].map((img) => img.getAttribute('src') ?? '').filter((s) => s.trim() !== '');
}

const shownCache = new Map<string, string>();

/**
 * Sanitised page HTML without the images `keep` refuses (issue 29: a page saved before approved image hosts
 * existed shows no image from elsewhere to listeners). Remembered by content and rule, as cleanStoredContent.
 */
export function withoutImages(html: string, ruleKey: string, keep: (src: string) => boolean): string {
  if (!/<img\b/i.test(html)) return html;
  const key = createHash('sha256').update(ruleKey).update('\u0000').update(html).digest('base64url');
  const hit = shownCache.get(key);
  if (hit !== undefined) return hit;
  const frag = JSDOM().fragment(`<div>${html}</div>`);
  let removed = false;
  for (const img of [...frag.querySelectorAll('img')]) {
    if (!keep(img.getAttribute('src') ?? '')) {
      img.remove();
      removed = true;
    }
  }
  const out = removed ? (frag.firstElementChild as { innerHTML: string }).innerHTML : html;
  shownCache.set(key, out);
  if (shownCache.size > CACHE_MAX) shownCache.delete(shownCache.keys().next().value!);
  return out;
}
