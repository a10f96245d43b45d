import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_CHANNELS, type DesktopBridge } from '../shared/bridge';

/**
 * The preload exposes exactly one object, `window.airdeck`, checked against
 * the bridge type declared once in shared/. Each method is one invoke on a
 * named channel; the renderer never sees ipcRenderer itself.
 */
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
  openExternal: (url: string) => ipcRenderer.invoke(BRIDGE_CHANNELS.openExternal, url),
  appVersion: () => ipcRenderer.invoke(BRIDGE_CHANNELS.appVersion),
  onNavigate: (listener: (route: string) => void) => {
    const handler = (_e: unknown, route: unknown) => {
      if (typeof route === 'string' && route.startsWith('/')) listener(route);
    };
    ipcRenderer.on(BRIDGE_CHANNELS.navigate, handler);
    return () => ipcRenderer.off(BRIDGE_CHANNELS.navigate, handler);
  },
} satisfies DesktopBridge;

contextBridge.exposeInMainWorld('airdeck', bridge);
