import type { Config, DOMPurify, UponSanitizeAttributeHookEvent } from 'dompurify';

/**
 * The one sanitiser configuration for staff-written page content (spec 001 §5,
 * "Page content"). The server runs it on save (DOMPurify over jsdom) and the
 * browser runs it again on display (DOMPurify over `window`), so a row that
 * reached the database some other way still cannot run script.
 */

/** The tags the spec allows in custom page content, and nothing else. */
export const PAGE_ALLOWED_TAGS = [
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'p', 'br', 'strong', 'b', 'em', 'i', 'u', 'code', 'pre', 'blockquote',
  'ul', 'ol', 'li', 'a', 'img', 'div', 'span',
] as const;

/** The attributes the spec allows; `style`, `id` and `name` are never among them. */
export const PAGE_ALLOWED_ATTR = ['href', 'src', 'alt', 'title', 'target', 'rel', 'class'] as const;

/** DOMPurify's URI check narrowed to http(s), mailto and relative references. */
const ALLOWED_URI = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/** The DOMPurify options, exported so tests can assert what is configured. */
export const PAGE_SANITIZE_CONFIG = {
  ALLOWED_TAGS: [...PAGE_ALLOWED_TAGS],
  ALLOWED_ATTR: [...PAGE_ALLOWED_ATTR],
  FORBID_ATTR: ['style', 'id', 'name'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOW_SELF_CLOSE_IN_ATTR: false,
  ALLOWED_URI_REGEXP: ALLOWED_URI,
  SANITIZE_DOM: true,
  SANITIZE_NAMED_PROPS: true,
  WHOLE_DOCUMENT: false,
  RETURN_TRUSTED_TYPE: false,
} satisfies Config;

/** What browsers ignore inside a URL (and attackers use to hide a scheme). */
const URL_NOISE = /[\u0000-\u0020\u007F-\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000\uFEFF]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

const NAMED_REFERENCES: Record<string, string> = { colon: ':', tab: '\t', newline: '\n', nbsp: '\u00a0', sol: '/', amp: '&' };

/**
 * Decodes HTML character references (`&#106;`, `&#x09;`, `&colon;`…) as a
 * browser would if the value reached markup, so a scheme spelled with them
 * is judged by what it becomes.
 */
function decodeCharacterReferences(value: string): string {
  return value.replace(/&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]{2,8}));?/gi, (whole, dec?: string, hex?: string, name?: string) => {
    const code = dec !== undefined ? Number(dec) : hex !== undefined ? parseInt(hex, 16) : NaN;
    if (!Number.isNaN(code)) return code <= 0x10ffff ? String.fromCodePoint(code) : '';
    return NAMED_REFERENCES[name!.toLowerCase()] ?? whole;
  });
}

/**
 * Whether a link target may stay: http(s), mailto, or a relative reference.
 * `javascript:`, `data:`, `vbscript:` and every other scheme are refused.
 */
export function isSafeHref(value: string): boolean {
  const compact = decodeCharacterReferences(value).replace(URL_NOISE, '');
  const scheme = SCHEME.exec(compact)?.[1]?.toLowerCase();
  if (scheme === undefined) return true;
  return scheme === 'http' || scheme === 'https' || scheme === 'mailto';
}

/** An image source as a browser reads it: the characters browsers ignore removed, backslashes read as slashes. */
export function compactImageSrc(value: string): string {
  return value.replace(URL_NOISE, '').replace(/\\/g, '/');
}

/** Whether an image source names another host (an http(s) URL or `//host`), rather than a path on this site or a script. */
export function namesImageHost(value: string): boolean {
  const compact = compactImageSrc(value);
  return /^https?:/i.test(compact) || compact.startsWith('//');
}

/**
 * Whether an image source may stay: https, or a path on this site. Plain http
 * and other hosts' protocol-relative addresses are refused; `data:` too.
 */
export function isSafeImageSrc(value: string): boolean {
  const compact = value.replace(URL_NOISE, '').replace(/\\/g, '/');
  const scheme = SCHEME.exec(compact)?.[1]?.toLowerCase();
  if (scheme !== undefined) return scheme === 'https';
  return compact.length > 0 && !compact.startsWith('//');
}

const REL_KEEP = new Set(['nofollow', 'ugc', 'noopener', 'noreferrer', 'external']);
/** Classes are allowed, but never the app's own styling hooks (MUI and emotion class names). */
const CLASS_TOKEN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
const APP_CLASS = /^(?:mui|css-|skip-link)/i;

function onAttribute(node: Element, data: UponSanitizeAttributeHookEvent): void {
  const name = data.attrName;
  if (name === 'href' && !isSafeHref(data.attrValue)) data.keepAttr = false;
  if (name === 'src' && (node.nodeName.toLowerCase() !== 'img' || !isSafeImageSrc(data.attrValue))) data.keepAttr = false;
  if (name === 'target' && (node.nodeName.toLowerCase() !== 'a' || data.attrValue.trim().toLowerCase() !== '_blank')) data.keepAttr = false;
  if (name === 'class') {
    const tokens = data.attrValue.split(/\s+/).filter((t) => CLASS_TOKEN.test(t) && !APP_CLASS.test(t));
    if (tokens.length === 0) data.keepAttr = false;
    else data.attrValue = tokens.join(' ');
  }
}

function afterAttributes(node: Element): void {
  if (node.nodeName.toLowerCase() !== 'a') {
    node.removeAttribute('rel');
    node.removeAttribute('target');
    return;
  }
  const rel = new Set((node.getAttribute('rel') ?? '').toLowerCase().split(/\s+/).filter((t) => REL_KEEP.has(t)));
  if (node.hasAttribute('target')) {
    node.setAttribute('target', '_blank');
    rel.add('noopener');
    rel.add('noreferrer');
  }
  if (rel.size > 0) node.setAttribute('rel', [...rel].join(' '));
  else node.removeAttribute('rel');
}

const prepared = new WeakSet<DOMPurify>();

/**
 * Binds the page configuration to a DOMPurify instance (one made for this
 * purpose: the hooks are added to it) and returns the sanitising function.
 */
export function createPageSanitizer(purify: DOMPurify): (html: string) => string {
  if (!prepared.has(purify)) {
    purify.addHook('uponSanitizeAttribute', onAttribute);
    purify.addHook('afterSanitizeAttributes', afterAttributes);
    prepared.add(purify);
  }
  return (html: string) => purify.sanitize(html, PAGE_SANITIZE_CONFIG).trim();
}
