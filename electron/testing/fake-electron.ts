import type { Bounds, FilePort, FramePort, IpcInvokeEvent, IpcPort, LogPort, NativeNotificationOptions, NavigationEvent, NotificationPort, SafeStoragePort, ScreenPort, ShellPort, ShortcutPort, TrayMenuItem, TrayPort, UpdaterPort, WindowOptions, WindowPort, WindowOpenDecision } from '../ports';

/**
 * An in-memory implementation of the electron ports, for unit tests of the
 * main-process modules: windows record what they load and are sent, IPC
 * handlers can be invoked as if from any frame, notifications can be clicked.
 */
let nextId = 1;

type Listener = (...args: never[]) => unknown;

class Emitter {
  private listeners = new Map<string, Listener[]>();
  on(event: string, listener: Listener): void {
    const list = this.listeners.get(event) ?? [];
    list.push(listener);
    this.listeners.set(event, list);
  }
  emit(event: string, ...args: unknown[]): unknown[] {
    return (this.listeners.get(event) ?? []).map((l) => (l as (...a: unknown[]) => unknown)(...args));
  }
}

export class FakeWebContents extends Emitter {
  readonly id = nextId++;
  readonly sent: { channel: string; args: unknown[] }[] = [];
  openHandler: ((d: { url: string }) => WindowOpenDecision) | null = null;
  send(channel: string, ...args: unknown[]): void {
    this.sent.push({ channel, args });
  }
  setWindowOpenHandler(handler: (d: { url: string }) => WindowOpenDecision): void {
    this.openHandler = handler;
  }
  /** Simulates a navigation; answers whether it was allowed. */
  navigate(url: string, kind: 'will-navigate' | 'will-redirect' = 'will-navigate'): boolean {
    let prevented = false;
    const event: NavigationEvent = { preventDefault: () => (prevented = true) };
    this.emit(kind, event, url);
    return !prevented;
  }
}

export class FakeWindow extends Emitter implements WindowPort {
  readonly webContents = new FakeWebContents();
  loaded: string[] = [];
  visible = false;
  minimized = false;
  destroyed = false;
  focused = 0;
  alwaysOnTop: { flag: boolean; level?: string } | null = null;
  bounds: Bounds;
  constructor(readonly options: WindowOptions) {
    super();
    this.bounds = { x: options.x ?? 0, y: options.y ?? 0, width: options.width, height: options.height };
  }
  async loadURL(url: string): Promise<void> {
    this.loaded.push(url);
    // Pages load asynchronously, as in Electron.
    await Promise.resolve();
    this.emit('ready-to-show');
    this.webContents.emit('did-finish-load');
  }
  show(): void {
    this.visible = true;
  }
  hide(): void {
    this.visible = false;
  }
  focus(): void {
    this.focused++;
  }
  close(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.visible = false;
    this.emit('closed');
  }
  restore(): void {
    this.minimized = false;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  isVisible(): boolean {
    return this.visible;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  getBounds(): Bounds {
    return { ...this.bounds };
  }
  setAlwaysOnTop(flag: boolean, level?: 'floating' | 'screen-saver'): void {
    this.alwaysOnTop = { flag, ...(level ? { level } : {}) };
  }
  /** The user drags the window. */
  moveTo(x: number, y: number): void {
    this.bounds = { ...this.bounds, x, y };
    this.emit('moved');
  }
}

export class FakeIpc implements IpcPort {
  readonly handlers = new Map<string, (event: IpcInvokeEvent, ...args: unknown[]) => unknown>();
  handle(channel: string, listener: (event: IpcInvokeEvent, ...args: unknown[]) => unknown): void {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, listener);
  }
  /** Invokes a channel as a renderer would: from a frame (URL and parent) of some web contents. */
  async invoke(channel: string, from: { frame: FramePort | null; webContentsId: number }, ...args: unknown[]): Promise<unknown> {
    const h = this.handlers.get(channel);
    if (!h) throw new Error(`No handler registered for '${channel}'`);
    return h({ senderFrame: from.frame, sender: { id: from.webContentsId } }, ...args);
  }
}

export class FakeNotifications implements NotificationPort {
  supported = true;
  readonly shown: { options: NativeNotificationOptions; click: () => void }[] = [];
  isSupported(): boolean {
    return this.supported;
  }
  show(options: NativeNotificationOptions, onClick: () => void): void {
    this.shown.push({ options, click: onClick });
  }
}

/** Reversible "encryption" that is visibly not plain text. */
export class FakeSafeStorage implements SafeStoragePort {
  available = true;
  backend = 'gnome_libsecret';
  isEncryptionAvailable(): boolean {
    return this.available;
  }
  encryptString(plain: string): Buffer {
    return Buffer.from(`enc:${Buffer.from(plain, 'utf8').toString('hex')}`, 'utf8');
  }
  decryptString(encrypted: Buffer): string {
    const s = encrypted.toString('utf8');
    if (!s.startsWith('enc:')) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    return Buffer.from(s.slice(4), 'hex').toString('utf8');
  }
  getSelectedStorageBackend(): string {
    return this.backend;
  }
}

export class FakeTray implements TrayPort {
  tooltip = '';
  menu: TrayMenuItem[] = [];
  clickListeners: (() => void)[] = [];
  destroyed = false;
  setToolTip(text: string): void {
    this.tooltip = text;
  }
  setMenu(items: TrayMenuItem[]): void {
    this.menu = items;
  }
  onClick(listener: () => void): void {
    this.clickListeners.push(listener);
  }
  destroy(): void {
    this.destroyed = true;
  }
  item(id: string): TrayMenuItem {
    const i = this.menu.find((m) => m.id === id);
    if (!i) throw new Error(`no tray item ${id}`);
    return i;
  }
}

export class FakeShortcuts implements ShortcutPort {
  readonly registered = new Map<string, () => void>();
  taken = new Set<string>();
  register(accelerator: string, callback: () => void): boolean {
    if (this.taken.has(accelerator)) return false;
    this.registered.set(accelerator, callback);
    return true;
  }
  unregister(accelerator: string): void {
    this.registered.delete(accelerator);
  }
  press(accelerator: string): void {
    this.registered.get(accelerator)?.();
  }
}

/**
 * electron-updater as it behaves (node_modules/electron-updater/out, 6.8): a check emits `update-available` and,
 * with autoDownload, downloads; a finished download (or a file already downloaded) emits `update-downloaded`
 * synchronously and only then, on Linux and Windows (BaseUpdater.addQuitHandler), registers the install-on-quit
 * handler, once and only if autoInstallOnAppQuit is true at that moment; the handler installs at quit if the flag
 * is still true and the exit code is 0. On macOS (MacUpdater) the file is handed to Squirrel right after the event
 * if the flag is true then, and Squirrel installs it at quit whatever the flag says later.
 */
export class FakeUpdater extends Emitter implements UpdaterPort {
  autoDownload = false;
  autoInstallOnAppQuit = false;
  feed: { provider: 'generic'; url: string; channel?: string } | null = null;
  checks = 0;
  downloads = 0;
  quitHandlerAdded = false;
  /** macOS: the file Squirrel was given. */
  squirrel: string | null = null;
  /** What the feed offers now (set by a test). */
  offered: { version: string; downloadedFile: string } | null = null;
  private lastFound: { version: string; downloadedFile: string } | null = null;
  constructor(readonly platform: string = 'linux') {
    super();
  }
  setFeedURL(options: { provider: 'generic'; url: string; channel?: string }): void {
    this.feed = options;
  }
  async checkForUpdates(): Promise<unknown> {
    this.checks++;
    if (!this.offered) return null;
    this.lastFound = this.offered;
    this.emit('update-available', { version: this.offered.version });
    if (this.autoDownload) await this.downloadUpdate();
    return null;
  }
  async downloadUpdate(): Promise<unknown> {
    const info = this.lastFound ?? this.offered;
    if (!info) throw new Error('Please check update first');
    this.downloads++;
    await Promise.resolve();
    // executeDownload's done(): dispatchUpdateDownloaded, then addQuitHandler (BaseUpdater) or the Squirrel hand-off (MacUpdater).
    this.emit('update-downloaded', { ...info });
    if (this.platform === 'darwin') {
      if (this.autoInstallOnAppQuit) this.squirrel = info.downloadedFile;
    } else if (!this.quitHandlerAdded && this.autoInstallOnAppQuit) {
      this.quitHandlerAdded = true;
    }
    return [info.downloadedFile];
  }
  /** The studio quits: the file installed, or null. */
  quit(exitCode = 0): string | null {
    if (this.platform === 'darwin') return this.squirrel;
    if (!this.quitHandlerAdded || !this.autoInstallOnAppQuit || exitCode !== 0) return null;
    return (this.lastFound ?? this.offered)?.downloadedFile ?? null;
  }
  override on(event: string, listener: Listener): void {
    super.on(event, listener);
  }
}

export class MemoryFile implements FilePort {
  constructor(public text: string | null = null) {}
  read(): string | null {
    return this.text;
  }
  write(text: string): void {
    this.text = text;
  }
}

export class FakeShell implements ShellPort {
  readonly opened: string[] = [];
  async openExternal(url: string): Promise<void> {
    this.opened.push(url);
  }
}

export class FakeScreen implements ScreenPort {
  constructor(public areas: Bounds[] = [{ x: 0, y: 0, width: 1920, height: 1040 }]) {}
  workAreas(): Bounds[] {
    return this.areas;
  }
}

export class MemoryLog implements LogPort {
  readonly lines: { level: 'info' | 'warn'; message: string; data?: unknown }[] = [];
  info(message: string, data?: unknown): void {
    this.lines.push({ level: 'info', message, data });
  }
  warn(message: string, data?: unknown): void {
    this.lines.push({ level: 'warn', message, data });
  }
}

/** A whole fake electron, ready for createStudio. */
export function fakeElectron() {
  const windows: FakeWindow[] = [];
  const trays: FakeTray[] = [];
  const parts = {
    ipc: new FakeIpc(),
    shell: new FakeShell(),
    screen: new FakeScreen(),
    notifications: new FakeNotifications(),
    safeStorage: new FakeSafeStorage(),
    shortcuts: new FakeShortcuts(),
    updater: new FakeUpdater(),
    settingsFile: new MemoryFile(),
    log: new MemoryLog(),
  };
  return {
    ...parts,
    windows,
    trays,
    quits: 0,
    createWindow(options: WindowOptions): FakeWindow {
      const w = new FakeWindow(options);
      windows.push(w);
      return w;
    },
    createTray(): FakeTray {
      const t = new FakeTray();
      trays.push(t);
      return t;
    },
  };
}
