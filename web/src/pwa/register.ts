import { PWA_MESSAGES } from './rules';

/**
 * The page's side of the service worker (issue 36 item 1): registration, the hand-over to a new build at the next
 * start, the "play" message of a notification, and the browser's install prompt (Android, desktop Chromium).
 */

/**
 * A new build is taken up only while the page is starting: before the listener has touched it, and within a minute
 * (a slow phone may take a while to start the app), so that nothing the listener did is lost by the reload.
 */
const START_WINDOW_MS = 60_000;
let touched = false;
if (typeof window !== 'undefined') {
  for (const type of ['pointerdown', 'keydown'] as const) window.addEventListener(type, () => (touched = true), { capture: true, once: true, passive: true });
}
const HANDED_OVER_KEY = 'airdeck.sw.handedOver';

/** Something plays: the player's audio (or the server-drawn Play's), an episode. */
function somethingPlays(): boolean {
  return Array.from(document.querySelectorAll('audio, video')).some((m) => !(m as HTMLMediaElement).paused);
}

function recentlyHandedOver(): boolean {
  try {
    return Date.now() - Number(sessionStorage.getItem(HANDED_OVER_KEY) ?? 0) < 60_000;
  } catch {
    return false;
  }
}

/**
 * A worker of a newer build installed and waiting, found while this page is just starting: it takes over and the
 * page loads once more, whole from the new build. Later in a visit it waits for the next start (when every page of
 * the site was closed the browser hands over by itself), so a running page never mixes two builds' files.
 */
function takeUpWaiting(reg: ServiceWorkerRegistration): void {
  const waiting = reg.waiting;
  if (!waiting || !navigator.serviceWorker.controller) return;
  if (touched || performance.now() > START_WINDOW_MS || somethingPlays() || recentlyHandedOver()) return;
  navigator.serviceWorker.addEventListener(
    'controllerchange',
    () => {
      try {
        sessionStorage.setItem(HANDED_OVER_KEY, String(Date.now()));
      } catch {
        // private mode: at worst one more reload
      }
      window.location.reload();
    },
    { once: true },
  );
  waiting.postMessage({ type: PWA_MESSAGES.skipWaiting });
}

/** The install prompt the browser offered (Chromium's beforeinstallprompt), kept for the Install button. */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}
let installPrompt: InstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((fn) => fn());
export const installState = {
  subscribe(fn: () => void): () => void {
    listeners.add(fn);
    return () => listeners.delete(fn);
  },
  prompt: (): InstallPromptEvent | null => installPrompt,
  installed: (): boolean => installed,
  /** Shows the browser's own install dialog; false when there is none to show. */
  async install(): Promise<boolean> {
    const p = installPrompt;
    if (!p) return false;
    installPrompt = null;
    changed();
    await p.prompt();
    const { outcome } = await p.userChoice;
    if (outcome === 'accepted') installed = true;
    changed();
    return outcome === 'accepted';
  },
};
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (e) => {
    // The page offers it (Mobile App page) rather than the browser's own mini-bar at a moment of its choosing.
    e.preventDefault();
    installPrompt = e as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    installPrompt = null;
    installed = true;
    changed();
  });
}

/** Play requests from the service worker (a notification clicked while a page of the site is open). */
const playListeners = new Set<() => void>();
export function onPlayRequest(fn: () => void): () => void {
  playListeners.add(fn);
  return () => playListeners.delete(fn);
}

let registration: Promise<ServiceWorkerRegistration | null> | null = null;

/** Registers /sw.js (once per page), after the page has loaded; null where there are no service workers. */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (registration) return registration;
  registration = (async () => {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !window.isSecureContext) return null;
    if (document.readyState !== 'complete') await new Promise((r) => window.addEventListener('load', r, { once: true }));
    navigator.serviceWorker.addEventListener('message', (e: MessageEvent<{ type?: string } | null>) => {
      if (e.data?.type === PWA_MESSAGES.play) playListeners.forEach((fn) => fn());
    });
    let reg: ServiceWorkerRegistration | undefined;
    try {
      // updateViaCache 'none': the worker's script is always asked of the server, never of the HTTP cache.
      reg = await navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' });
    } catch (err) {
      // Blocked (a browser setting, a test harness): the site works as a plain website.
      console.warn('The offline app could not be set up', err);
      return null;
    }
    // (A harness that blocks workers may answer with nothing.)
    if (!reg) return null;
    const registered = reg;
    // A worker of a new build: already waiting, installing now (the browser looked for one as the page loaded), or
    // found by the look this page asks for.
    const watch = (next: ServiceWorker | null) =>
      next?.addEventListener('statechange', () => {
        if (next.state === 'installed') takeUpWaiting(registered);
      });
    takeUpWaiting(reg);
    watch(reg.installing);
    reg.addEventListener('updatefound', () => watch(registered.installing));
    if (navigator.serviceWorker.controller) reg.update().catch(() => undefined);
    return reg;
  })();
  return registration;
}

/** The build version of the worker that controls this page (for tests and support), or null. */
export function controllerVersion(): Promise<string | null> {
  const c = typeof navigator !== 'undefined' ? navigator.serviceWorker?.controller : null;
  if (!c) return Promise.resolve(null);
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = (e: MessageEvent<{ version?: string }>) => resolve(e.data.version ?? null);
    c.postMessage({ type: PWA_MESSAGES.version }, [ch.port2]);
    setTimeout(() => resolve(null), 3000);
  });
}
