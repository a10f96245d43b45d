import type { MiniNowPlaying, NotifyInput } from '../../../shared/bridge';

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
  apiBase = url ?? '';
  return { needsServer: !url };
}
export function getApiBase(): string {
  return apiBase;
}
export function setApiBase(url: string): void {
  apiBase = url.replace(/\/+$/, '');
}

/** Shows a notification: native in the studio, Web Notifications when permitted, else the in-page toast. */
export async function notify(input: NotifyInput, fallback: (input: NotifyInput) => void): Promise<'native' | 'web' | 'toast'> {
  if (isStudio()) {
    await window.airdeck!.notify(input);
    return 'native';
  }
  if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
    const n = new Notification(input.title, { body: input.body, ...(input.tag ? { tag: input.tag } : {}) });
    if (input.route) n.onclick = () => {
      window.focus();
      window.history.pushState(null, '', input.route);
      window.dispatchEvent(new PopStateEvent('popstate'));
    };
    return 'web';
  }
  fallback(input);
  return 'toast';
}

/** Tells the studio's mini window and tray what is playing; nothing on the web. */
export function publishNowPlaying(data: MiniNowPlaying): void {
  if (isStudio()) void window.airdeck!.updateNowPlaying(data);
}

/** Opens or closes the studio's always-on-top mini window. */
export async function toggleMiniWindow(open?: boolean): Promise<boolean | null> {
  if (!isStudio()) return null;
  return window.airdeck!.toggleMiniWindow(open);
}
