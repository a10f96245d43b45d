import type { MiniNowPlaying, NotifyInput, ServerCheckResult } from '../../../shared/bridge';

/**
 * The platform layer: the only place in the UI that knows whether it runs in
 * a browser or in the desktop studio. Everything else calls these functions.
 */
export const isStudio = (): boolean => typeof window !== 'undefined' && window.airdeck?.platform === 'desktop';

/** Where the API lives: same origin on the website, the remembered server in the studio. */
let apiBase = '';
export async function initPlatform(): Promise<{ needsServer: boolean }> {
  if (!isStudio()) return { needsServer: false };
  const url = await window.airdeck!.getServerUrl();
  apiBase = (url ?? '').replace(/\/+$/, '');
  return { needsServer: !url };
}
export function getApiBase(): string {
  return apiBase;
}
export function setApiBase(url: string): void {
  apiBase = url.replace(/\/+$/, '');
}

/** The studio's remembered station address (null on the website or before the first run). */
export async function getServerUrl(): Promise<string | null> {
  return isStudio() ? window.airdeck!.getServerUrl() : null;
}

/** Checks and remembers the station address (studio only). */
export async function saveServerUrl(url: string): Promise<ServerCheckResult> {
  if (!isStudio()) return { ok: false, message: 'Only the desktop studio connects to another station.' };
  const result = await window.airdeck!.setServerUrl(url);
  if (result.ok) setApiBase(result.url);
  return result;
}

/** Tells the desktop app the language the studio is drawn in (its tray and native notifications follow it); nothing on the website. */
export async function setStudioLanguage(locale: string): Promise<void> {
  if (isStudio()) await window.airdeck!.setLanguage(locale);
}

/** The studio's version, or null on the website. */
export async function studioVersion(): Promise<string | null> {
  return isStudio() ? window.airdeck!.appVersion() : null;
}

/** Whether the browser may show system notifications, could ask, or cannot (always 'granted' in the studio). */
export function notificationPermission(): 'granted' | 'default' | 'denied' | 'unsupported' {
  if (isStudio()) return 'granted';
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.permission;
}

/** Asks the browser for notification permission (call from a click). */
export async function requestNotificationPermission(): Promise<'granted' | 'default' | 'denied' | 'unsupported'> {
  if (isStudio()) return 'granted';
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.requestPermission();
}

let navigateHandler: ((route: string) => void) | null = null;
/** The app registers how to move to a route (notification clicks on the web; the studio also sends them). */
export function setNavigateHandler(fn: ((route: string) => void) | null): void {
  navigateHandler = fn;
}

/**
 * Shows a notification: native in the studio, Web Notifications when
 * permitted, else the in-page toast (`fallback`). Clicking it focuses the app
 * on `input.route`.
 */
export async function notify(input: NotifyInput, fallback: (input: NotifyInput) => void): Promise<'native' | 'web' | 'toast'> {
  if (isStudio()) {
    await window.airdeck!.notify(input);
    return 'native';
  }
  if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
    try {
      const n = new Notification(input.title, { body: input.body, ...(input.tag ? { tag: input.tag } : {}) });
      n.onclick = () => {
        window.focus();
        if (input.route) navigateHandler?.(input.route);
        n.close();
      };
      return 'web';
    } catch {
      // Some browsers only allow notifications from a service worker: the toast it is.
    }
  }
  fallback(input);
  return 'toast';
}

/** Tells the studio's mini window and tray what is playing; nothing on the web. */
export function publishNowPlaying(data: MiniNowPlaying): void {
  if (isStudio()) void window.airdeck!.updateNowPlaying(data).catch(() => undefined);
}

/** Opens or closes the studio's always-on-top mini window; null on the web. */
export async function toggleMiniWindow(open?: boolean): Promise<boolean | null> {
  if (!isStudio()) return null;
  return window.airdeck!.toggleMiniWindow(open);
}

/** The latest now-playing data the studio has (the mini window's first paint). */
export async function getMiniNowPlaying(): Promise<MiniNowPlaying | null> {
  return isStudio() ? window.airdeck!.getNowPlaying() : null;
}

const noop = () => undefined;
/** Now-playing pushes for the mini window. */
export function onMiniNowPlaying(listener: (data: MiniNowPlaying) => void): () => void {
  return isStudio() ? window.airdeck!.onNowPlaying(listener) : noop;
}
/** The mini window opened or closed. */
export function onMiniWindowChange(listener: (open: boolean) => void): () => void {
  return isStudio() ? window.airdeck!.onMiniWindowChange(listener) : noop;
}
/** Navigation asked for by the studio (tray, notification clicks). */
export function onStudioNavigate(listener: (route: string) => void): () => void {
  return isStudio() ? window.airdeck!.onNavigate(listener) : noop;
}
