import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { BootData } from '../../../shared/boot-data';
import { resolveThemeKey } from '../../../shared/themes';
import { documentTitle, NOT_FOUND_META, staticPageMeta, type PageMeta } from '../../../shared/page-meta';
import type { NowPlaying } from '../../../shared/radio';
import type { StationInfo } from '../../../shared/station';
import { getSliderData } from '../content/slider';
import { readTranslations, stationTagline, translated, type PageTranslations } from '../../../shared/content-languages';
import { publishedPageRow } from '../content/repo';
import { presenterRow } from '../presenters/repo';
import type { SettingsCache } from '../settings/service';
import { escapeHtml } from './escape';
import { renderBootShell, type BootShell } from './boot-shell';
import { allowedImageUrl, type ImagePolicy } from '../../../shared/image-hosts';
import { imagePolicyOf, scrubImages } from './public-images';
import { LOCALES, LANG_PARAM, DEFAULT_LOCALE, localeDir, type Locale } from '../../../shared/i18n/locales';
import type { CompiledCatalogue } from '../../../shared/i18n/format';
import { catalogueFor, requestLocale, translatorFor, LOCALE_COOKIE, type LocaleRequest } from '../i18n/catalogues';

/**
 * Server-rendered meta for the listener pages: the title, description,
 * canonical link and Open Graph / Twitter card tags of each URL are written
 * into index.html before it is sent, so crawlers and link previews (which do
 * not run JavaScript) see the page's own words — a show schedule, a
 * presenter's name, bio and photo, a custom page's title and meta
 * description. The app then keeps them current in the browser.
 */

export { escapeHtml } from './escape';

/** An absolute URL for an image path. */
function absolute(url: string | null | undefined, base: string): string | null {
  if (!url) return null;
  if (/^https?:\/\//i.test(url)) return url;
  if (url.startsWith('/')) return base + url;
  return null;
}

function clip(text: string, max: number): string {
  const plain = text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  return plain.length <= max ? plain : `${plain.slice(0, max - 1).trimEnd()}…`;
}

/** The meta of one path, reading the database for presenters and custom pages. */
/** A page's meta; `missing` when the presenter or page it names does not exist (answered 404). */
export async function metaForPath(knex: Knex, pathname: string, station: StationInfo, known: boolean, images: ImagePolicy = { self: [], approved: station.approvedImageHosts }, locale?: string): Promise<PageMeta & { missing?: boolean }> {
  const fixed = staticPageMeta(pathname, station);
  if (fixed) return fixed;
  const dj = /^\/djs\/([^/]+)\/?$/.exec(pathname);
  if (dj) {
    const id = z.uuid().safeParse(decodeURIComponent(dj[1]!));
    const row = id.success
      ? await presenterRow(knex, id.data)
      : undefined;
    if (!row) return { title: 'DJ not found', description: `Meet the presenters of ${station.name}.`, missing: true };
    return { title: row.name, description: row.bio ? clip(row.bio, 160) : `${row.name} on ${station.name}.`, type: 'profile', image: allowedImageUrl(row.avatar_url || row.image_url, images) };
  }
  const page = /^\/page\/([^/]+)\/?$/.exec(pathname);
  if (page) {
    let slug = '';
    try {
      slug = decodeURIComponent(page[1]!);
    } catch {
      return { ...NOT_FOUND_META, missing: true };
    }
    const row = slug.length <= 200 && !slug.includes('\u0000')
      ? await publishedPageRow(knex, slug)
      : undefined;
    if (!row) return { ...NOT_FOUND_META, missing: true };
    // In the page's language when the page has that translation (issue 35).
    const tr = readTranslations(row.translations) as PageTranslations;
    const l = locale ?? '';
    return { title: translated(tr, l, 'title', row.title), description: translated(tr, l, 'meta_description', row.meta_description) || clip(translated(tr, l, 'content', row.content), 160), type: 'article' };
  }
  return known ? { title: '', description: (locale ? stationTagline(station, locale) : station.tagline) || station.name } : NOT_FOUND_META;
}

/** The page in one language: its address with `?lang=`. */
export function localizedUrl(url: string, locale: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${LANG_PARAM}=${encodeURIComponent(locale)}`;
}

/**
 * The head tags for a page. `lang`: the language it is drawn in and whether the address named it (`?lang=`): then
 * the canonical link is that language's address; without it, the plain address (which serves the reader's
 * language). Either way, an `hreflang` alternate per shipped language and `x-default` for the plain address.
 */
export function headTags(meta: PageMeta, station: StationInfo, url: string, base: string, lang?: { locale: Locale; explicit: boolean }): string {
  const title = documentTitle(meta.title, station.name);
  const image = absolute(meta.image, base) ?? absolute(station.logoUrl, base);
  const canonical = lang?.explicit ? localizedUrl(url, lang.locale) : url;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<meta name="application-name" content="${escapeHtml(station.name)}" />`,
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    ...LOCALES.map((l) => `<link rel="alternate" hreflang="${l.code}" href="${escapeHtml(localizedUrl(url, l.code))}" />`),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(url)}" />`,
    `<meta property="og:locale" content="${(lang?.locale ?? DEFAULT_LOCALE).replace('-', '_')}" />`,
    `<meta property="og:site_name" content="${escapeHtml(station.name)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title || station.name)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:type" content="${meta.type ?? 'website'}" />`,
    `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    ...(image ? [`<meta property="og:image" content="${escapeHtml(image)}" />`] : []),
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
  ];
  return tags.join('\n    ');
}

/** index.html with the page's own head: the build's title and description are replaced. */
export function injectHead(html: string, tags: string): string {
  const stripped = html.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<meta name="description"[^>]*>\s*/i, '');
  if (/<\/head>/i.test(stripped)) return stripped.replace(/<\/head>/i, `  ${tags}\n  </head>`);
  // A page without a closing head tag (head elements may stand anywhere before the body): right after the doctype.
  return stripped.replace(/^(<!doctype html>)?/i, (doctype) => `${doctype}${tags}`);
}

/**
 * The web app manifest, in the station's name (General Settings), per language (issue 35): `lang` and `dir` of the
 * page that links it, and the station's tagline in that language where it has one (its content, like the name).
 */
export function webManifest(station: StationInfo, locale: Locale = DEFAULT_LOCALE): Record<string, unknown> {
  const tagline = stationTagline(station, locale);
  return {
    name: station.name,
    short_name: station.name.length <= 12 ? station.name : station.name.split(/\s+/)[0]!.slice(0, 12),
    description: tagline || undefined,
    lang: locale,
    dir: localeDir(locale),
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#0b0814',
    theme_color: '#0b0814',
    icons: [
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      // Full-bleed, the mark inside the safe zone: the platform cuts these to its own shape (issue 36).
      { src: '/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** What serveWeb asks of the station for each HTML answer. */
export interface HeadRenderer {
  head(pathname: string, known: boolean, base: string, lang?: { locale: Locale; explicit: boolean }): Promise<{ tags: string; missing: boolean }>;
  /** The language of a page request (with the station's default language from General Settings as the last resort). */
  locale?(req: LocaleRequest): Promise<Locale>;
  manifest(locale?: Locale): Promise<Record<string, unknown>>;
  /** The first screen painted before any script, and the data the app starts with. */
  shell?(pathname: string, page?: PageRequest): Promise<BootShell>;
}

/** What the server's render of a page needs to know of the request. */
export interface PageRequest {
  /** The query string, with its `?` (or empty). */
  search: string;
  /** The listener's theme (the theme cookie), if any. */
  theme: string | undefined;
  /** Whether the browser says it is a phone (User-Agent): the page is drawn in its phone layout. */
  mobile: boolean;
  /** Where this server answers itself: the render's API calls go there (http://address:port). */
  self: string;
  /** The language the page is drawn in, and the tag its dates and numbers are formatted with. */
  locale?: Locale;
  intl?: string;
}

/**
 * The listener pages the server draws whole with the app's own components (web/src/app/ssr.tsx); Become a DJ too
 * (issue 38 item 8), the home page and listen again (issue 36 item 4: the browser adopts the page rather than draws it).
 */
const RENDERED_PAGES = /^\/(|listen-again|shows|djs|djs\/[^/]+|mobile-app|request|song-request|shoutout-request|general-request|presenter-application|become-a-dj|donate|terms-of-service|privacy-policy|page\/[^/]+)\/?$/;

/** Whether the server draws the page at `pathname` with the app's components (when the build has them). */
export function isRenderedPage(pathname: string): boolean {
  return RENDERED_PAGES.test(pathname);
}

/** The module `vite build` writes for the server (web/dist-ssr/ssr.mjs): the listener pages' render. */
interface PageRenderModule {
  renderPage(input: { url: string; boot: BootData; themeKey: string; fetch: typeof fetch; mobile?: boolean; budgetMs?: number; i18n?: { locale: Locale; intl: string; catalogue: CompiledCatalogue } }): Promise<{ html: string; styles: string; queries: unknown } | null>;
}

/** Loads the page render of the web build next to `distDir`, once; null while the build has none. */
function pageRenderLoader(distDir: string): () => Promise<PageRenderModule | null> {
  const file = path.join(`${path.resolve(distDir)}-ssr`, 'ssr.mjs');
  let loaded: Promise<PageRenderModule | null> | null = null;
  return () => {
    loaded ??= fs.promises.access(file).then(
      () => import(pathToFileURL(file).href) as Promise<PageRenderModule>,
      () => {
        // Not built (yet): asked again on the next page.
        loaded = null;
        return null;
      },
    );
    return loaded;
  };
}

/** The renderer backed by the database and General Settings. */
export function pageHeadRenderer(
  knex: Knex,
  settings: SettingsCache,
  live?: { nowPlaying(): Promise<NowPlaying | null> },
  opts: { distDir?: string; log?: { warn(obj: object, msg: string): void }; publicUrl?: string } = {},
): HeadRenderer {
  const pageRender = opts.distDir ? pageRenderLoader(opts.distDir) : async () => null;
  const log = opts.log;
  return {
    async head(pathname, known, base, lang) {
      const station = await settings.station();
      const meta = await metaForPath(knex, pathname, station, known, imagePolicyOf(station, { PUBLIC_URL: opts.publicUrl }), lang?.locale);
      return { tags: headTags(meta, station, base + pathname, base, lang), missing: meta.missing === true };
    },
    async locale(req) {
      const station = await settings.station();
      return requestLocale(req, (station as { language?: string }).language);
    },
    async manifest(locale) {
      return webManifest(await settings.station(), locale);
    },
    async shell(pathname, page) {
      const station = await settings.station();
      const [rawSlider, nowPlaying] = await Promise.all([pathname === '/' ? getSliderData(knex, page?.locale ?? (station as { language?: string }).language) : null, live?.nowPlaying().catch(() => null) ?? null]);
      // Slides are content: only images from this site or an approved host reach the page (http/public-images.ts).
      const slider = rawSlider && scrubImages(rawSlider, imagePolicyOf(station, { PUBLIC_URL: opts.publicUrl }));
      const locale = page?.locale ?? DEFAULT_LOCALE;
      const [t, catalogue] = await Promise.all([translatorFor(locale), catalogueFor(locale)]);
      const i18n = { locale, intl: page?.intl ?? locale, catalogue };
      // The first screen's tagline in the page's language (issue 35); the app gets the settings as saved.
      const shell = renderBootShell(pathname, { ...station, tagline: stationTagline(station, locale) }, slider, nowPlaying, Date.now(), t);
      shell.data.station = station;
      shell.data.i18n = i18n;
      if (!page || !isRenderedPage(pathname)) return shell;
      // The whole page, drawn by the app's own components from the same data the browser then starts with.
      const render = await pageRender();
      if (!render) return shell;
      try {
        const drawn = await render.renderPage({
          url: pathname + page.search,
          boot: shell.data,
          themeKey: resolveThemeKey(page.theme),
          mobile: page.mobile,
          i18n,
          // The page's language goes with the render's API calls (as the listener's cookie does in the browser), so
          // station content comes in the language the page is drawn in (issue 35).
          fetch: (input, init) => fetch(`${page.self}${typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url}`, { ...init, headers: { ...(init?.headers as Record<string, string> | undefined), Cookie: `${LOCALE_COOKIE}=${encodeURIComponent(locale)}` } }),
        });
        if (!drawn) return shell;
        return { html: drawn.html, head: drawn.styles, data: { ...shell.data, queries: drawn.queries } };
      } catch (err) {
        log?.warn({ err, pathname }, 'page render failed; serving the first screen only');
        return shell;
      }
    },
  };
}
