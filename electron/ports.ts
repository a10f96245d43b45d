/**
 * The narrow slice of Electron's API the studio's main-process modules use.
 * main.ts adapts the real electron module to these interfaces (and the type
 * checker holds it to electron's own types); the unit tests drive the same
 * modules with an in-memory implementation (./testing/fake-electron.ts).
 * Nothing in this file imports electron.
 */

/** A rectangle on screen, in device-independent pixels. */
export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What the main process listens for on a window's web contents. */
export interface NavigationEvent {
  preventDefault(): void;
}

/** The answer of a window-open handler: every popup is denied. */
export interface WindowOpenDecision {
  action: 'deny';
}

/** A window's web contents, as far as the studio uses them. */
export interface WebContentsPort {
  readonly id: number;
  send(channel: string, ...args: unknown[]): void;
  setWindowOpenHandler(handler: (details: { url: string }) => WindowOpenDecision): void;
  on(event: 'will-navigate' | 'will-redirect', listener: (event: NavigationEvent, url: string) => void): void;
  on(event: 'will-attach-webview', listener: (event: NavigationEvent) => void): void;
  on(event: 'did-finish-load', listener: () => void): void;
}

/** Security settings every studio window is created with. */
export interface HardenedWebPreferences {
  preload: string;
  contextIsolation: true;
  sandbox: true;
  nodeIntegration: false;
  nodeIntegrationInSubFrames: false;
  webSecurity: true;
  allowRunningInsecureContent: false;
  webviewTag: false;
  spellcheck: boolean;
}

/** Options of the windows the studio opens. */
export interface WindowOptions {
  width: number;
  height: number;
  x?: number;
  y?: number;
  minWidth?: number;
  minHeight?: number;
  title: string;
  show: boolean;
  frame: boolean;
  resizable: boolean;
  alwaysOnTop: boolean;
  skipTaskbar: boolean;
  backgroundColor: string;
  webPreferences: HardenedWebPreferences;
}

/** One browser window. */
export interface WindowPort {
  readonly webContents: WebContentsPort;
  loadURL(url: string): Promise<void>;
  show(): void;
  hide(): void;
  focus(): void;
  close(): void;
  restore(): void;
  isMinimized(): boolean;
  isVisible(): boolean;
  isDestroyed(): boolean;
  getBounds(): Bounds;
  setAlwaysOnTop(flag: boolean, level?: 'floating' | 'screen-saver'): void;
  on(event: 'moved' | 'resized' | 'closed' | 'ready-to-show', listener: () => void): void;
}

/** The frame an IPC message came from. */
export interface FramePort {
  readonly url: string;
  /** null for a window's top frame. */
  readonly parent: FramePort | null;
}

/** An IPC invoke event, as the bridge handlers see it. */
export interface IpcInvokeEvent {
  readonly senderFrame: FramePort | null;
  readonly sender: { readonly id: number };
}

/** ipcMain.handle, narrowed. */
export interface IpcPort {
  handle(channel: string, listener: (event: IpcInvokeEvent, ...args: unknown[]) => unknown): void;
}

/** A native notification's content. */
export interface NativeNotificationOptions {
  title: string;
  body: string;
  silent: boolean;
}

/** Native notifications. */
export interface NotificationPort {
  isSupported(): boolean;
  show(options: NativeNotificationOptions, onClick: () => void): void;
}

/** The OS keychain (Electron safeStorage). */
export interface SafeStoragePort {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: 'basic_text' means no real keychain protects the data. */
  getSelectedStorageBackend?(): string;
}

/** One item of the tray menu. */
export interface TrayMenuItem {
  id: string;
  label: string;
  enabled: boolean;
  type?: 'normal' | 'separator' | 'checkbox';
  checked?: boolean;
  click?: () => void;
}

/** The system tray icon and its menu. */
export interface TrayPort {
  setToolTip(text: string): void;
  setMenu(items: TrayMenuItem[]): void;
  onClick(listener: () => void): void;
  destroy(): void;
}

/** Global keyboard shortcuts. */
export interface ShortcutPort {
  register(accelerator: string, callback: () => void): boolean;
  unregister(accelerator: string): void;
}

/** The screen's work areas, to keep a remembered window position on a display that still exists. */
export interface ScreenPort {
  workAreas(): Bounds[];
}

/** electron-updater's autoUpdater, narrowed. */
export interface UpdaterPort {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  setFeedURL(options: { provider: 'generic'; url: string; channel?: string }): void;
  /** Looks for an update (downloads it with autoDownload). The studio tells the presenter itself, in their language. */
  checkForUpdates(): Promise<unknown>;
  /** Downloads the update the last check found; a file already downloaded and matching is used again (electron-updater). */
  downloadUpdate(): Promise<unknown>;
  on(event: 'error', listener: (err: Error) => void): void;
  on(event: 'update-available' | 'update-downloaded' | 'update-not-available', listener: (info: { version?: string; downloadedFile?: string }) => void): void;
}

/** A small JSON file (the studio's settings in userData). */
export interface FilePort {
  read(): string | null;
  write(text: string): void;
}

/** Shell: the system browser. */
export interface ShellPort {
  openExternal(url: string): Promise<void>;
}

/** A log sink for the main process. */
export interface LogPort {
  info(message: string, data?: unknown): void;
  warn(message: string, data?: unknown): void;
}
