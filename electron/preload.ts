import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_CHANNELS, isAppRoute, type DesktopBridge, type LiveSourceState, type MiniNowPlaying } from '../shared/bridge';

/**
 * The preload exposes exactly one object, `window.airdeck`, checked against
 * the bridge type declared once in shared/. Each method is one invoke on a
 * named channel; the renderer never sees ipcRenderer itself.
 */
const listen = <T>(channel: string, accept: (v: unknown) => v is T, listener: (v: T) => void) => {
  const handler = (_e: unknown, value: unknown) => {
    if (accept(value)) listener(value);
  };
  ipcRenderer.on(channel, handler);
  return () => {
    ipcRenderer.off(channel, handler);
  };
};
const isObject = (v: unknown): v is MiniNowPlaying => !!v && typeof v === 'object';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isSourceState = (v: unknown): v is LiveSourceState => !!v && typeof v === 'object' && typeof (v as { state?: unknown }).state === 'string';

const bridge = {
  platform: 'desktop',
  getServerUrl: () => ipcRenderer.invoke(BRIDGE_CHANNELS.getServerUrl),
  setServerUrl: (url: string) => ipcRenderer.invoke(BRIDGE_CHANNELS.setServerUrl, url),
  getRefreshToken: () => ipcRenderer.invoke(BRIDGE_CHANNELS.getRefreshToken),
  setRefreshToken: (token: string | null) => ipcRenderer.invoke(BRIDGE_CHANNELS.setRefreshToken, token),
  isSecureStorage: () => ipcRenderer.invoke(BRIDGE_CHANNELS.isSecureStorage),
  notify: (input) => ipcRenderer.invoke(BRIDGE_CHANNELS.notify, input),
  toggleMiniWindow: (open?: boolean) => ipcRenderer.invoke(BRIDGE_CHANNELS.toggleMiniWindow, open),
  updateNowPlaying: (data) => ipcRenderer.invoke(BRIDGE_CHANNELS.updateNowPlaying, data),
  getNowPlaying: () => ipcRenderer.invoke(BRIDGE_CHANNELS.getNowPlaying),
  openExternal: (url: string) => ipcRenderer.invoke(BRIDGE_CHANNELS.openExternal, url),
  appVersion: () => ipcRenderer.invoke(BRIDGE_CHANNELS.appVersion),
  setLanguage: (locale: string) => ipcRenderer.invoke(BRIDGE_CHANNELS.setLanguage, locale),
  liveSourceKey: () => ipcRenderer.invoke(BRIDGE_CHANNELS.liveSourceKey),
  liveSourceStart: (input) => ipcRenderer.invoke(BRIDGE_CHANNELS.liveSourceStart, input),
  liveSourceWrite: (mp3: Uint8Array) => ipcRenderer.invoke(BRIDGE_CHANNELS.liveSourceWrite, mp3),
  liveSourceStop: () => ipcRenderer.invoke(BRIDGE_CHANNELS.liveSourceStop),
  onLiveSourceState: (listener: (state: LiveSourceState) => void) => listen(BRIDGE_CHANNELS.liveSourceState, isSourceState, listener),
  onNavigate: (listener: (route: string) => void) => listen(BRIDGE_CHANNELS.navigate, isAppRoute, listener),
  onNowPlaying: (listener: (data: MiniNowPlaying) => void) => listen(BRIDGE_CHANNELS.nowPlaying, isObject, listener),
  onMiniWindowChange: (listener: (open: boolean) => void) => listen(BRIDGE_CHANNELS.miniWindowChanged, isBoolean, listener),
} satisfies DesktopBridge;

contextBridge.exposeInMainWorld('airdeck', bridge);
