import path from 'node:path';

/** The app's own scheme and host: pages load from app://airdeck/… */
export const APP_SCHEME = 'app';
export const APP_HOST = 'airdeck';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/**
 * True for a URL of the app's own pages. Compared by scheme and host: Node's
 * URL gives custom schemes the opaque origin "null", so `.origin` cannot be
 * compared with APP_ORIGIN.
 */
export function isAppUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST && !u.username && !u.password;
  } catch {
    return false;
  }
}

/**
 * Maps an app:// URL to a file of the studio build. Unknown paths without an
 * extension fall back to index.html (deep links); anything that would leave
 * the build folder, or a foreign host, is refused with null.
 */
export function resolveAppPath(requestUrl: string, buildDir: string, exists: (file: string) => boolean): string | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return null;
  const root = path.resolve(buildDir);
  const file = path.resolve(root, '.' + path.posix.normalize('/' + pathname));
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  if (file !== root && exists(file)) return file;
  if (path.extname(pathname)) return null;
  return path.join(root, 'index.html');
}

/** Content types of the files a Vite build contains. */
export function contentTypeFor(file: string): string {
  const types: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript; charset=utf-8',
    '.css': 'text/css; charset=utf-8',
    '.json': 'application/json',
    '.webmanifest': 'application/manifest+json',
    '.svg': 'image/svg+xml',
    '.png': 'image/png',
    '.ico': 'image/x-icon',
    '.woff2': 'font/woff2',
  };
  return types[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** An answer of the app:// handler. */
export type AppResponse = { status: 200; file: string; headers: Record<string, string> } | { status: 404; headers: Record<string, string> };

/**
 * The app:// protocol's answer to one request: the build's file (deep links
 * get index.html), with the studio's Content Security Policy on every page;
 * anything outside the build is not found.
 */
export function appResponse(requestUrl: string, buildDir: string, exists: (file: string) => boolean, csp: string): AppResponse {
  const file = resolveAppPath(requestUrl, buildDir, exists);
  const base = { 'X-Content-Type-Options': 'nosniff', 'Cross-Origin-Opener-Policy': 'same-origin' };
  if (!file || !exists(file)) return { status: 404, headers: { ...base, 'Content-Type': 'text/plain; charset=utf-8' } };
  const type = contentTypeFor(file);
  const headers: Record<string, string> = { ...base, 'Content-Type': type };
  if (type.startsWith('text/html')) {
    headers['Content-Security-Policy'] = csp;
    headers['Cache-Control'] = 'no-cache';
  }
  return { status: 200, file, headers };
}
