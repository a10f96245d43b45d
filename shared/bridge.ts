/**
 * The desktop bridge: the one typed interface between the studio's renderer
 * and Electron's main process. The preload exposes it as `window.airdeck`
 * (checked with `satisfies`); the website provides the same interface with
 * web APIs, so components never ask which platform they are on.
 */

/** A native notification the renderer asks for. */
export interface NotifyInput {
  title: string;
  body: string;
  /** In-app route to open when the notification is clicked. */
  route?: string;
  /** Groups replaceable notifications (e.g. one per request). */
  tag?: string;
}

/** Now-playing data the mini window and the tray show. */
export interface MiniNowPlaying {
  title: string;
  artist: string;
  artUrl: string | null;
  isLive: boolean;
  presenter: string;
  startedAt: number | null;
  durationSeconds: number;
  nextShow: { title: string; startsAt: number } | null;
}

/** Everything the renderer may ask of the desktop app. */
export interface DesktopBridge {
  readonly platform: 'desktop';
  getServerUrl(): Promise<string | null>;
  setServerUrl(url: string): Promise<void>;
  /** The refresh token, kept with Electron safeStorage (the OS keychain). */
  getRefreshToken(): Promise<string | null>;
  setRefreshToken(token: string | null): Promise<void>;
  /** Whether the OS keychain really protects the token (false on Linux's basic_text backend). */
  isSecureStorage(): Promise<boolean>;
  notify(input: NotifyInput): Promise<void>;
  toggleMiniWindow(open?: boolean): Promise<boolean>;
  updateNowPlaying(data: MiniNowPlaying): Promise<void>;
  openExternal(url: string): Promise<void>;
  appVersion(): Promise<string>;
  /** Subscribes to navigation requests from the main process (notification clicks, tray). */
  onNavigate(listener: (route: string) => void): () => void;
}

/** IPC channel names, one per bridge method (kebab-case). */
export const BRIDGE_CHANNELS = {
  getServerUrl: 'get-server-url',
  setServerUrl: 'set-server-url',
  getRefreshToken: 'get-refresh-token',
  setRefreshToken: 'set-refresh-token',
  isSecureStorage: 'is-secure-storage',
  notify: 'notify',
  toggleMiniWindow: 'toggle-mini-window',
  updateNowPlaying: 'update-now-playing',
  openExternal: 'open-external',
  appVersion: 'app-version',
  navigate: 'navigate',
} as const;

declare global {
  interface Window {
    /** Present only inside the desktop studio. */
    airdeck?: DesktopBridge;
  }
}
