import { BRIDGE_CHANNELS, INVOKE_CHANNELS, type MiniNowPlaying } from '../shared/bridge';
import { checkServer, MINI_WINDOW_SHORTCUT, normalizeServerUrl, type ServerCheckResult } from '../shared/desktop';
import { buildCsp, isExternalWebUrl } from './csp';
import { StudioLanguage } from './i18n';
import { asLocale } from '../shared/i18n/locales';
import { registerHandlers } from './ipc';
import { DesktopLiveSource } from './live-source';
import { Notifier } from './notifications';
import type { FilePort, IpcPort, LogPort, NotificationPort, SafeStoragePort, ScreenPort, ShellPort, ShortcutPort, TrayPort, UpdaterPort, WindowOptions, WindowPort } from './ports';
import { SettingsStore, TokenStore } from './settings';
import { trayMenu, trayTooltip } from './tray';
import { wireUpdater } from './updater';
import { StudioWindows } from './windows';

/** Everything the studio's main process needs from Electron and the OS. */
export interface StudioDeps {
  ipc: IpcPort;
  createWindow(options: WindowOptions): WindowPort;
  createTray(): TrayPort;
  shell: ShellPort;
  screen: ScreenPort;
  notifications: NotificationPort;
  safeStorage: SafeStoragePort;
  shortcuts: ShortcutPort;
  updater: UpdaterPort;
  settingsFile: FilePort;
  fetch: typeof fetch;
  preloadPath: string;
  appVersion: string;
  packaged: boolean;
  /** The Ed25519 key update manifests must be signed with (Linux and macOS builds); baked in at build time. */
  updatePublicKey?: string | null;
  /** process.platform, for tests. */
  platform?: string;
  quit(): void;
  log: LogPort;
  now?: () => number;
}

/** Plain object check for now-playing data from the renderer. */
function asNowPlaying(v: unknown): MiniNowPlaying | null {
  if (!v || typeof v !== 'object') return null;
  const d = v as Record<string, unknown>;
  if (typeof d.title !== 'string' || typeof d.artist !== 'string' || typeof d.isLive !== 'boolean' || typeof d.durationSeconds !== 'number') return null;
  const next = d.nextShow as { title?: unknown; startsAt?: unknown } | null | undefined;
  return {
    title: d.title.slice(0, 300),
    artist: d.artist.slice(0, 300),
    artUrl: typeof d.artUrl === 'string' && /^(https?:|data:image\/)/.test(d.artUrl) ? d.artUrl : null,
    isLive: d.isLive,
    presenter: typeof d.presenter === 'string' ? d.presenter.slice(0, 200) : '',
    startedAt: typeof d.startedAt === 'number' && Number.isFinite(d.startedAt) ? d.startedAt : null,
    durationSeconds: Number.isFinite(d.durationSeconds) ? Math.max(0, d.durationSeconds) : 0,
    nextShow: next && typeof next.title === 'string' && typeof next.startsAt === 'number' ? { title: next.title.slice(0, 200), startsAt: next.startsAt } : null,
  };
}

/**
 * The studio's main process, put together from its modules: settings and the
 * keychain token store, the windows, native notifications, the tray, the
 * mini-window shortcut, the updater and the bridge's IPC handlers (each one
 * checked against the sender's frame).
 */
export function createStudio(deps: StudioDeps) {
  const settings = new SettingsStore(deps.settingsFile);
  const tokens = new TokenStore(settings, deps.safeStorage);
  // The studio's language: the web app's, reported by its windows (setLanguage), remembered for the next start.
  const language = new StudioLanguage();
  const t = language.t;
  const windows = new StudioWindows({ createWindow: deps.createWindow, shell: deps.shell, screen: deps.screen, settings, preloadPath: deps.preloadPath, log: deps.log, t });
  const notifier = new Notifier(deps.notifications, (route) => windows.focusRoute(route), deps.now);
  let nowPlaying: MiniNowPlaying | null = null;
  // Go live (issue 31): the main process is the source client; its state goes to the console window.
  const liveSource = new DesktopLiveSource({
    onState: (state) => {
      const main = windows.main;
      if (main && !main.isDestroyed()) main.webContents.send(BRIDGE_CHANNELS.liveSourceState, state);
    },
    log: deps.log,
    ...(deps.now ? { now: deps.now } : {}),
  });
  let tray: TrayPort | null = null;
  let shortcutOk = false;
  let updater: { stop(): void } | null = null;

  const refreshTray = () => {
    if (!tray) return;
    tray.setToolTip(trayTooltip(nowPlaying, t));
    tray.setMenu(
      trayMenu(nowPlaying, windows.isMiniOpen(), {
        openConsole: () => windows.focusRoute('/admin/on-air'),
        toggleMini: () => windows.toggleMini(),
        changeServer: () => windows.focusRoute('/studio/server'),
        quit: deps.quit,
      }, t),
    );
  };
  windows.onMiniChange(() => refreshTray());
  language.onChange(() => refreshTray());
  const setLanguage = async (code: unknown): Promise<void> => {
    const locale = await language.set(code);
    // Remembered only when it is the language asked for (not a refused code, nor one a later call overtook).
    if (typeof code === 'string' && asLocale(code) === locale && settings.read().locale !== locale) settings.update({ locale });
  };

  const setServerUrl = async (input: unknown): Promise<ServerCheckResult> => {
    if (typeof input !== 'string') return checkServer('', deps.fetch);
    const result = await checkServer(input, deps.fetch);
    if (!result.ok) return result;
    const before = settings.read().serverUrl;
    if (before && normalizeServerUrl(before) !== result.url) {
      // Another station: the stored session belongs to the old one.
      tokens.set(null);
    }
    settings.update({ serverUrl: result.url });
    return result;
  };

  const handlers: Record<(typeof INVOKE_CHANNELS)[number], (...args: unknown[]) => unknown> = {
    [BRIDGE_CHANNELS.getServerUrl]: () => settings.read().serverUrl ?? null,
    [BRIDGE_CHANNELS.setServerUrl]: (url) => setServerUrl(url),
    [BRIDGE_CHANNELS.getRefreshToken]: () => tokens.get(),
    [BRIDGE_CHANNELS.setRefreshToken]: (token) => tokens.set(typeof token === 'string' ? token : null),
    [BRIDGE_CHANNELS.isSecureStorage]: () => tokens.isSecure(),
    [BRIDGE_CHANNELS.notify]: (input) => {
      notifier.notify(input);
    },
    [BRIDGE_CHANNELS.toggleMiniWindow]: (open) => windows.toggleMini(typeof open === 'boolean' ? open : undefined),
    [BRIDGE_CHANNELS.updateNowPlaying]: (data) => {
      const np = asNowPlaying(data);
      if (!np) return;
      nowPlaying = np;
      windows.sendToMini(BRIDGE_CHANNELS.nowPlaying, np);
      refreshTray();
    },
    [BRIDGE_CHANNELS.getNowPlaying]: () => nowPlaying,
    [BRIDGE_CHANNELS.openExternal]: (url) => {
      if (typeof url === 'string' && isExternalWebUrl(url)) return deps.shell.openExternal(new URL(url).toString());
    },
    [BRIDGE_CHANNELS.appVersion]: () => deps.appVersion,
    [BRIDGE_CHANNELS.setLanguage]: (locale) => setLanguage(locale),
    [BRIDGE_CHANNELS.liveSourceKey]: () => liveSource.key(),
    [BRIDGE_CHANNELS.liveSourceStart]: (input) => liveSource.start(input),
    [BRIDGE_CHANNELS.liveSourceWrite]: (mp3) => liveSource.write(mp3),
    [BRIDGE_CHANNELS.liveSourceStop]: () => liveSource.stop(),
  };
  registerHandlers(deps.ipc, handlers, (id) => windows.isKnownSender(id), (channel, url) => deps.log.warn('refused IPC from a foreign frame', { channel, url }));

  return {
    settings,
    tokens,
    windows,
    notifier,
    liveSource,
    language,
    /** The CSP of app:// pages, from the remembered server. */
    csp: () => buildCsp(settings.read().serverUrl),
    get nowPlaying() {
      return nowPlaying;
    },
    get shortcutRegistered() {
      return shortcutOk;
    },
    /** Opens the console, the tray, the shortcut and the updater (on app ready). */
    start(): void {
      const remembered = settings.read().locale;
      if (remembered) void language.set(remembered);
      windows.openMain();
      if (settings.read().miniOpen) windows.toggleMini(true);
      tray = deps.createTray();
      tray.onClick(() => windows.focusRoute('/admin/on-air'));
      refreshTray();
      shortcutOk = deps.shortcuts.register(MINI_WINDOW_SHORTCUT, () => windows.toggleMini());
      if (!shortcutOk) deps.log.warn('the mini window shortcut is taken by another app', { accelerator: MINI_WINDOW_SHORTCUT });
      updater = wireUpdater(deps.updater, settings.read().serverUrl, deps.log, {
        packaged: deps.packaged,
        publicKey: deps.updatePublicKey ?? null,
        fetch: deps.fetch,
        ...(deps.platform ? { platform: deps.platform } : {}),
        // The presenter hears of a verified update natively, in the studio's language (one notification per version).
        onReady: (version) => notifier.notify({ title: t('desktop.update.readyTitle'), body: t('desktop.update.readyBody', { version }), route: '/admin/on-air', tag: `update:${version}` }),
      });
    },
    /** Releases the shortcut, the tray and the updater timer (on quit). */
    stop(): void {
      liveSource.stop();
      if (shortcutOk) deps.shortcuts.unregister(MINI_WINDOW_SHORTCUT);
      tray?.destroy();
      tray = null;
      updater?.stop();
    },
  };
}

export type Studio = ReturnType<typeof createStudio>;
