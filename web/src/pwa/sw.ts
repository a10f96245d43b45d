/// <reference lib="webworker" />
/**
 * The website's service worker (issue 36 item 1), built by web/pwa-plugin.ts into /sw.js with the precache list of
 * the build it belongs to. Workbox (workbox-precaching, -routing, -strategies, -expiration) does the caching:
 *
 * - the listener app's code (hashed files, each named by its contents) is precached at install; other hashed files are
 *   kept the first time they are fetched;
 * - listener pages (the server-drawn HTML) and the public data they show (schedule, presenters, recently played, now
 *   playing, the station's pages) are fetched from the network first and kept, so they open offline, saying so;
 * - audio is never handled here: the live stream (/api/stream, any station or backup stream: other origins are never
 *   routed), episode audio and anything under /media/ go straight to the network, and nothing with a Range header or
 *   an audio or video destination is ever stored;
 * - an update installs in the background and waits; the page that starts next finds it waiting and hands over
 *   (web/src/pwa/register.ts), so a running page never mixes the old build's files with the new one's.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import type { RouteMatchCallbackOptions } from 'workbox-core';
import { PWA_CACHES, PWA_MESSAGES, isCacheableApi, isListenerPage, isNeverCached } from './rules';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };
/** This build's version (a hash of its precache list), set by the build. */
declare const __AIRDECK_SW_VERSION__: string;
const VERSION = __AIRDECK_SW_VERSION__;
/** Pages are kept per build: a page of the old build names the old build's files, so they go with it. */
const PAGES = `${PWA_CACHES.pages}-${VERSION}`;

// The build's own files. Never '/' for '/index.html' (the server draws every page), nor '/x' for '/x.html'.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false, ignoreURLParametersMatching: [] });
cleanupOutdatedCaches();

const sameOrigin = (url: URL) => url.origin === self.location.origin;
const safe = ({ request, url }: RouteMatchCallbackOptions) => sameOrigin(url) && request.method === 'GET' && !isNeverCached(url.pathname, request);
/** Only complete, ordinary answers are kept (no partial content, no redirects, no errors). */
const okOnly = { cacheWillUpdate: async ({ response }: { response: Response }) => (response.status === 200 && response.type === 'basic' && !response.headers.has('Content-Range') ? response : null) };

// Hashed files the precache does not hold (the panel's, a widget's): kept once fetched, as their names never change.
registerRoute(
  (o) => safe(o) && o.url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: PWA_CACHES.assets, plugins: [okOnly, new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })] }),
);

// Public data the listener pages show: the network's answer when there is one (within 4 s), else the last one kept.
registerRoute(
  (o) => safe(o) && !o.request.headers.has('Authorization') && isCacheableApi(o.url.pathname),
  new NetworkFirst({ cacheName: PWA_CACHES.data, networkTimeoutSeconds: 4, plugins: [okOnly, new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 14 * 24 * 3600, purgeOnQuotaError: true })] }),
);

// Listener pages: the network first; offline, the page as last seen, else the home page as a shell the app draws in.
const pages = new NetworkFirst({ cacheName: PAGES, networkTimeoutSeconds: 5, plugins: [okOnly, new ExpirationPlugin({ maxEntries: 40, purgeOnQuotaError: true })] });
registerRoute(
  (o) => safe(o) && o.request.mode === 'navigate' && isListenerPage(o.url.pathname),
  async (options) => {
    try {
      return await pages.handle(options);
    } catch {
      const cache = await caches.open(PAGES);
      return (await cache.match('/')) ?? (await matchPrecache('/index.html')) ?? Response.error();
    }
  },
);

self.addEventListener('install', (event) => {
  // The home page as this build draws it: the shell any page not yet seen opens in while offline.
  event.waitUntil(
    (async () => {
      // The worker is not the app: it has no api.ts, and this is a page, not an API call.
      // eslint-disable-next-line no-restricted-globals
      const res = await fetch('/', { credentials: 'same-origin', cache: 'no-cache' }).catch(() => null);
      if (res && res.ok) await (await caches.open(PAGES)).put('/', res);
    })(),
  );
});

self.addEventListener('activate', (event) => {
  // The previous builds' pages name files this build no longer has.
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith(`${PWA_CACHES.pages}-`) && name !== PAGES) await caches.delete(name);
    })(),
  );
});

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === PWA_MESSAGES.skipWaiting) void self.skipWaiting();
  else if (data?.type === PWA_MESSAGES.version) event.ports[0]?.postMessage({ version: VERSION });
});

// "Notify me when it's live" (issue 36 item 2): the server's notification, shown as it says.
interface LivePayload {
  type?: string;
  show_id?: string;
  title?: string;
  body?: string;
  url?: string;
}
/** Where a notification may lead: this site only, playing. */
function playUrl(url: string | undefined): string {
  try {
    const u = new URL(url ?? '/?play=1', self.location.origin);
    if (sameOrigin(u)) return u.href;
  } catch {
    // fall through
  }
  return new URL('/?play=1', self.location.origin).href;
}

self.addEventListener('push', (event) => {
  let data: LivePayload = {};
  try {
    data = (event.data?.json() as LivePayload | undefined) ?? {};
  } catch {
    data = { body: event.data?.text() };
  }
  const title = data.title || self.registration.scope;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body ?? '',
      icon: '/icon-192.png',
      badge: '/icon-maskable-192.png',
      // One notification per show: a second one for the same show replaces the first.
      tag: data.show_id ? `live-${data.show_id}` : 'live',
      data: { url: playUrl(data.url), show_id: data.show_id ?? null },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? playUrl(undefined);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => sameOrigin(new URL(w.url)));
      if (open) {
        // A page of the site is open: it plays, and comes to the front.
        open.postMessage({ type: PWA_MESSAGES.play });
        await open.focus().catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
