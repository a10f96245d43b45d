import { useEffect } from 'react';
import { documentTitle } from '../../../shared/page-meta';

/**
 * Sets the document title and description for a page (and Open Graph tags
 * when given). The server writes the same into index.html for crawlers
 * (server/src/http/page-meta.ts, titles in shared/page-meta.ts).
 */
export function usePageMeta(meta: { title: string; description?: string; image?: string; type?: string }): void {
  useEffect(() => {
    const station = document.querySelector('meta[name="application-name"]')?.getAttribute('content') ?? 'Airdeck';
    document.title = documentTitle(meta.title, station);
    setMeta('name', 'description', meta.description);
    setMeta('property', 'og:title', meta.title);
    setMeta('property', 'og:description', meta.description);
    setMeta('property', 'og:type', meta.type ?? 'website');
    setMeta('property', 'og:image', meta.image);
  }, [meta.title, meta.description, meta.image, meta.type]);
}

function setMeta(attr: 'name' | 'property', key: string, value: string | undefined): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!value) {
    if (el && attr === 'property') el.remove();
    return;
  }
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.setAttribute('content', value);
}
