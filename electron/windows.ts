import { BRIDGE_CHANNELS, isAppRoute } from '../shared/bridge';
import { MINI_WINDOW_SIZE } from '../shared/desktop';
import { isExternalWebUrl } from './csp';
import { APP_ORIGIN, isAppUrl } from './protocol';
import type { Bounds, HardenedWebPreferences, LogPort, ScreenPort, ShellPort, WindowOptions, WindowPort } from './ports';
import type { SettingsStore } from './settings';
import type { Translate } from '../shared/i18n/format';

/** What the window manager needs from the outside. */
export interface WindowDeps {
  createWindow(options: WindowOptions): WindowPort;
  shell: ShellPort;
  screen: ScreenPort;
  settings: SettingsStore;
  preloadPath: string;
  log: LogPort;
  /** The main process's texts in the studio's language (window titles). */
  t: Translate;
}

/** The route the studio opens on: the On Air console. */
export const HOME_ROUTE = '/admin/on-air';
/** The mini window's page. */
export const MINI_ROUTE = '/mini';

/** The web preferences of every studio window: isolated, sandboxed, no Node. */
export function hardenedPreferences(preload: string): HardenedWebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    spellcheck: true,
  };
}

/**
 * Denies what a studio window must never do: open popups (http(s) links go
 * to the system browser instead), navigate or redirect away from the app,
 * attach webviews.
 */
export function hardenWindow(win: WindowPort, shell: ShellPort, log: LogPort): void {
  const wc = win.webContents;
  wc.setWindowOpenHandler(({ url }) => {
    if (isExternalWebUrl(url)) void shell.openExternal(url).catch((err: unknown) => log.warn('could not open the system browser', err));
    else log.warn('refused a window.open', { url });
    return { action: 'deny' };
  });
  const stayInApp = (event: { preventDefault(): void }, url: string) => {
    if (isAppUrl(url)) return;
    event.preventDefault();
    if (isExternalWebUrl(url)) void shell.openExternal(url).catch((err: unknown) => log.warn('could not open the system browser', err));
    else log.warn('refused a navigation away from the app', { url });
  };
  wc.on('will-navigate', stayInApp);
  wc.on('will-redirect', stayInApp);
  wc.on('will-attach-webview', (event) => event.preventDefault());
}

/** Whether two rectangles overlap by at least `min` pixels each way. */
function overlaps(a: Bounds, b: Bounds, min: number): boolean {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w >= min && h >= min;
}

/**
 * Where the mini window opens: its remembered place when that is still on a
 * display (at least 48 px of it visible), else the top-right corner of the
 * first display.
 */
export function miniWindowPlace(remembered: Bounds | undefined, workAreas: Bounds[]): Bounds {
  const { width, height } = MINI_WINDOW_SIZE;
  if (remembered) {
    const wanted = { x: Math.round(remembered.x), y: Math.round(remembered.y), width, height };
    if (workAreas.some((a) => overlaps(wanted, a, 48))) return wanted;
  }
  const area = workAreas[0] ?? { x: 0, y: 0, width: 1280, height: 800 };
  return { x: area.x + area.width - width - 24, y: area.y + 24, width, height };
}

/**
 * The studio's windows: one main window (the staff panel, opened on the On
 * Air console) and the optional always-on-top mini window. Windows are
 * created hardened; the mini window's place is remembered as it moves.
 */
export class StudioWindows {
  main: WindowPort | null = null;
  mini: WindowPort | null = null;
  private mainLoaded = false;
  private pendingRoute: string | null = null;
  private miniListeners = new Set<(open: boolean) => void>();

  constructor(private readonly deps: WindowDeps) {}

  /** The web contents ids of the studio's own windows (IPC is answered only for these). */
  isKnownSender(webContentsId: number): boolean {
    return [this.main, this.mini].some((w) => w && !w.isDestroyed() && w.webContents.id === webContentsId);
  }

  /** Opens (or brings forward) the main window. */
  openMain(): WindowPort {
    const existing = this.main;
    if (existing && !existing.isDestroyed()) {
      if (existing.isMinimized()) existing.restore();
      existing.show();
      existing.focus();
      return existing;
    }
    const win = this.deps.createWindow({
      width: 1280,
      height: 820,
      minWidth: 380,
      minHeight: 480,
      title: 'Airdeck Studio',
      show: false,
      frame: true,
      resizable: true,
      alwaysOnTop: false,
      skipTaskbar: false,
      backgroundColor: '#0b0814',
      webPreferences: hardenedPreferences(this.deps.preloadPath),
    });
    hardenWindow(win, this.deps.shell, this.deps.log);
    this.main = win;
    this.mainLoaded = false;
    win.on('ready-to-show', () => win.show());
    win.webContents.on('did-finish-load', () => {
      this.mainLoaded = true;
      if (this.pendingRoute) {
        win.webContents.send(BRIDGE_CHANNELS.navigate, this.pendingRoute);
        this.pendingRoute = null;
      }
    });
    win.on('closed', () => {
      if (this.main === win) this.main = null;
    });
    void win.loadURL(`${APP_ORIGIN}${HOME_ROUTE}`).catch((err: unknown) => this.deps.log.warn('the main window did not load', err));
    return win;
  }

  /** Brings the main window forward on an in-app route (a notification click, the tray). */
  focusRoute(route: string): boolean {
    if (!isAppRoute(route)) return false;
    const fresh = !this.main || this.main.isDestroyed();
    // A window that is still loading gets the route once its page listens.
    if (fresh || !this.mainLoaded) this.pendingRoute = route;
    const win = this.openMain();
    if (!fresh && this.mainLoaded) win.webContents.send(BRIDGE_CHANNELS.navigate, route);
    return true;
  }

  /** Whether the mini window is open. */
  isMiniOpen(): boolean {
    return !!this.mini && !this.mini.isDestroyed();
  }

  /** Opens, closes or toggles the mini window; answers whether it is open now. */
  toggleMini(open?: boolean): boolean {
    const want = open ?? !this.isMiniOpen();
    if (want === this.isMiniOpen()) {
      if (want) this.mini!.show();
      return want;
    }
    if (!want) {
      this.mini!.close();
      return false;
    }
    const place = miniWindowPlace(this.deps.settings.read().miniBounds, this.deps.screen.workAreas());
    const win = this.deps.createWindow({
      ...place,
      title: this.deps.t('studio.mini.title'),
      show: false,
      frame: false,
      resizable: false,
      alwaysOnTop: true,
      skipTaskbar: true,
      backgroundColor: '#0b0814',
      webPreferences: { ...hardenedPreferences(this.deps.preloadPath), spellcheck: false },
    });
    hardenWindow(win, this.deps.shell, this.deps.log);
    win.setAlwaysOnTop(true, 'floating');
    this.mini = win;
    const remember = () => {
      if (!win.isDestroyed()) this.deps.settings.update({ miniBounds: win.getBounds() });
    };
    win.on('moved', remember);
    win.on('ready-to-show', () => win.show());
    win.on('closed', () => {
      if (this.mini !== win) return;
      this.mini = null;
      this.deps.settings.update({ miniOpen: false });
      this.emitMini(false);
    });
    void win.loadURL(`${APP_ORIGIN}${MINI_ROUTE}`).catch((err: unknown) => this.deps.log.warn('the mini window did not load', err));
    this.deps.settings.update({ miniOpen: true });
    this.emitMini(true);
    return true;
  }

  /** Sends a push to the mini window, when it is open. */
  sendToMini(channel: string, data: unknown): void {
    if (this.isMiniOpen()) this.mini!.webContents.send(channel, data);
  }

  /** Subscribes to the mini window opening and closing. */
  onMiniChange(listener: (open: boolean) => void): () => void {
    this.miniListeners.add(listener);
    return () => this.miniListeners.delete(listener);
  }

  private emitMini(open: boolean): void {
    for (const l of this.miniListeners) l(open);
    if (this.main && !this.main.isDestroyed()) this.main.webContents.send(BRIDGE_CHANNELS.miniWindowChanged, open);
  }
}
