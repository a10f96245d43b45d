/**
 * The desktop bridge: the one typed interface between the studio's renderer
 * and Electron's main process. The preload exposes it as `window.airdeck`
 * (checked with `satisfies`); the website provides the same interface with
 * web APIs, so components never ask which platform they are on.
 */

import type { ServerCheckResult } from './desktop';
import type { LiveAudioFormat } from './live';
import type { SourceFailure } from './live-source-client';

export type { ServerCheckResult } from './desktop';

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

/** What the On Air console hands the main process to go live (issue 31): the sealed credentials from the go-live ticket. */
export interface LiveSourceInput {
  sealed: string;
  /** The stream's name (`ice-name`): the presenter's. */
  name: string;
  format: LiveAudioFormat;
}

export type LiveSourceStartResult = { ok: true } | { ok: false; reason: SourceFailure; message: string };

/** The main process's source connection, pushed to the console. */
export interface LiveSourceState {
  state: 'connected' | 'reconnecting' | 'failed' | 'stopped';
  reason?: SourceFailure | 'dropped' | undefined;
}

/** Everything the renderer may ask of the desktop app. */
export interface DesktopBridge {
  readonly platform: 'desktop';
  getServerUrl(): Promise<string | null>;
  /**
   * Checks the address (its /api/health must answer as a compatible Airdeck)
   * and remembers it when it passes. A different station forgets the stored
   * session. The page reloads itself afterwards.
   */
  setServerUrl(url: string): Promise<ServerCheckResult>;
  /** The refresh token, kept with Electron safeStorage (the OS keychain). */
  getRefreshToken(): Promise<string | null>;
  setRefreshToken(token: string | null): Promise<void>;
  /** Whether the OS keychain really protects the token (false on Linux's basic_text backend). */
  isSecureStorage(): Promise<boolean>;
  notify(input: NotifyInput): Promise<void>;
  /** Opens (true), closes (false) or toggles the always-on-top mini window; answers whether it is open now. */
  toggleMiniWindow(open?: boolean): Promise<boolean>;
  /** Feeds the mini window and the tray from the console's realtime now-playing push. */
  updateNowPlaying(data: MiniNowPlaying): Promise<void>;
  /** The latest now-playing data the main process has (the mini window's first paint). */
  getNowPlaying(): Promise<MiniNowPlaying | null>;
  openExternal(url: string): Promise<void>;
  appVersion(): Promise<string>;
  /** The language the studio's windows are drawn in (a catalogue code: shared/i18n/locales.ts); the tray and the main process's notifications follow it. */
  setLanguage(locale: string): Promise<void>;
  /** Go live (issue 31): a fresh public key for this broadcast; the server seals the station's credentials to it. */
  liveSourceKey(): Promise<string>;
  /** Connects the main process to the station as the mount's source, with the sealed credentials of the ticket. */
  liveSourceStart(input: LiveSourceInput): Promise<LiveSourceStartResult>;
  /** Sends encoded MP3 to the station; answers the fingerprints of the whole frames sent (for the confirmation). */
  liveSourceWrite(mp3: Uint8Array): Promise<string[]>;
  /** Ends the broadcast. */
  liveSourceStop(): Promise<void>;
  /** The source connection's state as it changes (reconnecting after a drop, failed, connected again). */
  onLiveSourceState(listener: (state: LiveSourceState) => void): () => void;
  /** Subscribes to navigation requests from the main process (notification clicks, tray). */
  onNavigate(listener: (route: string) => void): () => void;
  /** Now-playing pushes relayed to the mini window. */
  onNowPlaying(listener: (data: MiniNowPlaying) => void): () => void;
  /** The mini window opened or closed (from the console, the tray or the shortcut). */
  onMiniWindowChange(listener: (open: boolean) => void): () => void;
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
  getNowPlaying: 'get-now-playing',
  openExternal: 'open-external',
  appVersion: 'app-version',
  setLanguage: 'set-language',
  liveSourceKey: 'live-source-key',
  liveSourceStart: 'live-source-start',
  liveSourceWrite: 'live-source-write',
  liveSourceStop: 'live-source-stop',
  liveSourceState: 'live-source-state',
  navigate: 'navigate',
  nowPlaying: 'now-playing',
  miniWindowChanged: 'mini-window-changed',
} as const;

/** Channels the renderer invokes (the rest are pushes from the main process). */
export const INVOKE_CHANNELS = [
  BRIDGE_CHANNELS.getServerUrl,
  BRIDGE_CHANNELS.setServerUrl,
  BRIDGE_CHANNELS.getRefreshToken,
  BRIDGE_CHANNELS.setRefreshToken,
  BRIDGE_CHANNELS.isSecureStorage,
  BRIDGE_CHANNELS.notify,
  BRIDGE_CHANNELS.toggleMiniWindow,
  BRIDGE_CHANNELS.updateNowPlaying,
  BRIDGE_CHANNELS.getNowPlaying,
  BRIDGE_CHANNELS.openExternal,
  BRIDGE_CHANNELS.appVersion,
  BRIDGE_CHANNELS.setLanguage,
  BRIDGE_CHANNELS.liveSourceKey,
  BRIDGE_CHANNELS.liveSourceStart,
  BRIDGE_CHANNELS.liveSourceWrite,
  BRIDGE_CHANNELS.liveSourceStop,
] as const;

/** True for an in-app route the main process may navigate to: one leading slash, no scheme, no backslash. */
export function isAppRoute(route: unknown): route is string {
  return typeof route === 'string' && route.length <= 500 && /^\/(?!\/)/.test(route) && !route.includes('\\') && !/[\u0000-\u001f]/.test(route);
}

declare global {
  interface Window {
    /** Present only inside the desktop studio. */
    airdeck?: DesktopBridge;
  }
}
