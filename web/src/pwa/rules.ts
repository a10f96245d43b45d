/**
 * What the service worker (web/src/pwa/sw.ts) may keep, as plain functions the page, the worker and the unit test
 * share. Nothing here touches the DOM or the worker's globals.
 */

/** The caches the worker keeps besides Workbox's precache (pages are kept per build: `airdeck-pages-<version>`). */
export const PWA_CACHES = { pages: 'airdeck-pages', data: 'airdeck-data', assets: 'airdeck-assets' } as const;

/** Messages between the page and the worker. */
export const PWA_MESSAGES = { skipWaiting: 'airdeck.sw.skip-waiting', version: 'airdeck.sw.version', play: 'airdeck.play' } as const;

/**
 * Never stored, never answered by the worker: the live stream (the demo stream and anything under it), the playlist
 * files, media (episode audio, uploads), the realtime socket, the server's health and metrics.
 */
export function isNeverCachedPath(pathname: string): boolean {
  return (
    pathname === '/api/stream' ||
    pathname.startsWith('/api/stream/') ||
    pathname.startsWith('/api/listen-again/') ||
    pathname.startsWith('/api/episodes/') ||
    pathname.startsWith('/media/') ||
    pathname.startsWith('/api/realtime') ||
    pathname === '/listen.m3u' ||
    pathname === '/listen.pls' ||
    /\.(mp3|aac|m4a|ogg|opus|oga|flac|wav|m3u8?|pls)$/i.test(pathname)
  );
}

/** A request that must go to the network as it is: an audio or video element's, a ranged one, or a never-cached path. */
export function isNeverCached(pathname: string, request: { destination?: string; headers: { has(name: string): boolean } }): boolean {
  return isNeverCachedPath(pathname) || request.destination === 'audio' || request.destination === 'video' || request.headers.has('Range');
}

/** Public data the listener pages show, kept for offline (GET, never with a staff token). */
const CACHEABLE_API = [
  /^\/api\/station$/,
  /^\/api\/now-playing$/,
  /^\/api\/radio\/(history|most-played|most-liked|dj-stats\/[^/]+)$/,
  /^\/api\/schedule\/(week|today|next)$/,
  /^\/api\/presenters(\/[^/]+(\/shows)?)?$/,
  /^\/api\/content\/(slider|sponsored|pages\/[^/]+)$/,
];
export function isCacheableApi(pathname: string): boolean {
  return !isNeverCachedPath(pathname) && CACHEABLE_API.some((re) => re.test(pathname));
}

/** Listener pages kept for offline: not the panel, a signed-in page, a listener's own data, an API or a file. */
export function isListenerPage(pathname: string): boolean {
  if (pathname.startsWith('/api/') || pathname.startsWith('/admin') || pathname.startsWith('/embed') || pathname.startsWith('/media/')) return false;
  if (/^\/(auth|profile|your-data|discord-callback|studio|mini)(\/|$)/.test(pathname)) return false;
  if (isNeverCachedPath(pathname)) return false;
  // A file (robots.txt, sitemap.xml, a widget's script) is not a page; /page/… and /djs/… may carry a dot.
  return !/\.[a-z0-9]+$/i.test(pathname) || pathname.startsWith('/page/') || pathname.startsWith('/djs/');
}
