import fs from 'node:fs';
import path from 'node:path';
import type Koa from 'koa';
import { fillRoot } from './boot-shell';
import { THEME_COOKIE } from '../../../shared/boot-data';
import { injectHead, type HeadRenderer, type PageRequest } from './page-meta';
import { intlTagOf, requestLocale, type LocaleRequest } from '../i18n/catalogues';
import { LOCALE_COOKIE, LANG_PARAM, localeDir, type Locale } from '../../../shared/i18n/locales';

/** The page's `<html lang dir>` in the language it is drawn in. */
export function setHtmlLang(html: string, locale: Locale): string {
  return html
    .replace(/<html\b[^>]*>/i, `<html lang="${locale}" dir="${localeDir(locale)}">`)
    // The manifest in the page's language (issue 35): an installed app carries its lang and dir.
    .replace(/(<link\s+rel="manifest"\s+href=")\/manifest\.webmanifest(")/i, `$1/manifest.webmanifest?${LANG_PARAM}=${encodeURIComponent(locale)}$2`);
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.mp3': 'audio/mpeg',
  '.map': 'application/json; charset=utf-8',
};

/** What the server's render of a page needs of the request: its query, the theme cookie, this server's own address. */
function pageRequest(ctx: Koa.Context, locale: Locale): PageRequest {
  const socket = ctx.req.socket;
  const address = (socket.localAddress ?? '127.0.0.1').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    search: ctx.search,
    theme: ctx.cookies.get(THEME_COOKIE),
    mobile: /Mobi|Android|iPhone/i.test(ctx.get('User-Agent')),
    self: `http://${host}:${socket.localPort}`,
    locale,
    intl: intlTagOf(locale, ctx.get('Accept-Language')),
  };
}

/** What the request says about its language (`?lang=`, the language cookie, Accept-Language). */
function localeRequest(ctx: Koa.Context): LocaleRequest {
  const param = ctx.query[LANG_PARAM];
  return { param: typeof param === 'string' ? param : null, cookie: ctx.cookies.get(LOCALE_COOKIE), acceptLanguage: ctx.get('Accept-Language') };
}

/**
 * Serves the built web app: hashed files under /assets/ are cached for a year,
 * everything else is revalidated, and any other GET that is not an API or
 * media path gets index.html so client-side routes work on reload. Paths
 * that would leave the build folder are refused.
 */
export function serveWeb(distDir: string, isKnownClientRoute: (pathname: string) => boolean, pages?: { renderer: HeadRenderer; publicUrl?: string | undefined }): Koa.Middleware {
  const root = path.resolve(distDir);
  const indexFile = path.join(root, 'index.html');
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path.startsWith('/api/') || ctx.path === '/api' || ctx.path.startsWith('/media/')) return next();
    let decoded: string;
    try {
      decoded = decodeURIComponent(ctx.path);
    } catch {
      return next();
    }
    if (decoded.includes('\0')) return next();
    if (decoded === '/manifest.webmanifest' && pages) {
      // ?lang=, else the remembered choice, Accept-Language, the station's default (as for a page).
      const localeReq = localeRequest(ctx);
      const locale = pages.renderer.locale ? await pages.renderer.locale(localeReq).catch(() => requestLocale(localeReq)) : requestLocale(localeReq);
      ctx.type = TYPES['.webmanifest']!;
      ctx.set('Cache-Control', 'no-cache');
      ctx.vary('Accept-Language');
      ctx.vary('Cookie');
      ctx.body = JSON.stringify(await pages.renderer.manifest(locale));
      return;
    }
    const file = path.resolve(root, '.' + path.posix.normalize(decoded));
    if (file !== root && !file.startsWith(root + path.sep)) return next();
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat?.isFile()) {
      ctx.type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
      ctx.length = stat.size;
      ctx.lastModified = stat.mtime;
      ctx.set('Cache-Control', decoded.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      ctx.body = ctx.method === 'HEAD' ? null : fs.createReadStream(file);
      return;
    }
    await next();
    if (ctx.body !== undefined && ctx.body !== null) return;
    if (path.extname(decoded) && !decoded.startsWith('/page/') && !decoded.startsWith('/djs/')) return;
    const index = await fs.promises.readFile(indexFile).catch(() => null);
    if (!index) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web app has not been built yet. Run `npm run build:web` (npm start does it for you).';
      return;
    }
    const known = isKnownClientRoute(ctx.path);
    ctx.status = known ? 200 : 404;
    ctx.type = TYPES['.html']!;
    ctx.set('Cache-Control', 'no-cache');
    // The page's language depends on these (README "Languages").
    ctx.vary('Accept-Language');
    ctx.vary('Cookie');
    const localeReq = localeRequest(ctx);
    const locale = pages?.renderer.locale ? await pages.renderer.locale(localeReq).catch(() => requestLocale(localeReq)) : requestLocale(localeReq);
    if (pages && !ctx.path.startsWith('/admin')) {
      // The page's own title, description and Open Graph tags, for crawlers and link previews.
      const base = (pages.publicUrl ?? '').replace(/\/+$/, '');
      try {
        const head = await pages.renderer.head(ctx.path, known, base, { locale, explicit: typeof ctx.query[LANG_PARAM] === 'string' });
        // A presenter or custom page that does not exist is a 404 for crawlers too (the app shows its not-found text).
        if (head.missing) ctx.status = 404;
        let html = setHtmlLang(injectHead(index.toString('utf8'), head.tags), locale);
        // The first screen from the HTML itself, before any script (a build without the boot plugin has no shell slot).
        if (pages.renderer.shell) {
          // A page that does not exist is not drawn (it would be a spinner): the first screen alone, and the app goes
          // to its not-found page at once.
          const shell = await pages.renderer.shell(ctx.path, head.missing ? undefined : pageRequest(ctx, locale));
          if (head.missing) shell.data.missing = ctx.path;
          html = fillRoot(html, shell);
        }
        ctx.body = html;
        return;
      } catch (err) {
        ctx.state.log?.warn?.({ err }, 'page meta failed; serving the plain page');
      }
    }
    ctx.body = setHtmlLang(index.toString('utf8'), locale);
  };
}
