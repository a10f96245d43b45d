import fs from 'node:fs';
import path from 'node:path';
import { app, BrowserWindow, globalShortcut, ipcMain, Menu, nativeImage, Notification, protocol, safeStorage, screen, session, shell, Tray } from 'electron';
import { autoUpdater } from 'electron-updater';
import { appResponse, APP_SCHEME, isAppUrl } from './protocol';
import type { FramePort, IpcPort, TrayMenuItem, UpdaterPort, WindowPort } from './ports';
import { createStudio, type Studio } from './studio';

/**
 * The desktop studio's entry point: adapts the real Electron API to the
 * narrow ports the studio's modules are written (and unit-tested) against.
 * Only this folder imports electron.
 */
const root = app.getAppPath();
const buildDir = path.join(root, 'web', 'dist-studio');
const settingsPath = () => path.join(app.getPath('userData'), 'settings.json');

protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true } }]);
app.enableSandbox();
// One studio per user: a second start brings the first one forward instead.
const primary = app.requestSingleInstanceLock();
if (!primary) app.quit();

const log = {
  info: (message: string, data?: unknown) => console.log(`[studio] ${message}`, data ?? ''),
  warn: (message: string, data?: unknown) => console.warn(`[studio] ${message}`, data ?? ''),
};

/** electron's WebFrameMain as the frame port (parent chain included). */
function framePort(frame: Electron.WebFrameMain | null): FramePort | null {
  if (!frame) return null;
  return { url: frame.url, parent: frame.parent ? framePort(frame.parent) : null };
}

const ipc: IpcPort = {
  handle: (channel, listener) => ipcMain.handle(channel, (event, ...args) => listener({ senderFrame: framePort(event.senderFrame), sender: { id: event.sender.id } }, ...args)),
};

function trayIcon(): Electron.NativeImage {
  const file = path.join(root, 'electron', 'build', process.platform === 'darwin' ? 'trayTemplate.png' : 'tray.png');
  const image = nativeImage.createFromPath(file);
  if (process.platform === 'darwin') image.setTemplateImage(true);
  return image;
}

function toMenu(items: TrayMenuItem[]): Electron.Menu {
  return Menu.buildFromTemplate(
    items.map((i) =>
      i.type === 'separator'
        ? { type: 'separator' as const }
        : { id: i.id, label: i.label, enabled: i.enabled, type: i.type ?? 'normal', ...(i.checked !== undefined ? { checked: i.checked } : {}), ...(i.click ? { click: i.click } : {}) },
    ),
  );
}

let studio: Studio | null = null;

void app.whenReady().then(() => {
  if (!primary) return;
  // Only notifications, and the microphone (audio only) for the app's own pages to go live (issue 31), may be
  // asked for; the camera, geolocation and the rest are refused.
  session.defaultSession.setPermissionRequestHandler((_wc, permission, callback, details) =>
    callback(permission === 'notifications' || (permission === 'media' && isAppUrl(details.requestingUrl) && 'mediaTypes' in details && (details.mediaTypes ?? []).every((t) => t === 'audio'))),
  );
  session.defaultSession.setPermissionCheckHandler((_wc, permission, requestingOrigin) => permission === 'notifications' || (permission === 'media' && isAppUrl(requestingOrigin)));

  studio = createStudio({
    ipc,
    createWindow: (options): WindowPort => new BrowserWindow(options),
    createTray: () => {
      const tray = new Tray(trayIcon());
      return {
        setToolTip: (text) => tray.setToolTip(text),
        setMenu: (items) => tray.setContextMenu(toMenu(items)),
        onClick: (listener) => tray.on('click', listener),
        destroy: () => tray.destroy(),
      };
    },
    shell: { openExternal: (url) => shell.openExternal(url) },
    screen: { workAreas: () => screen.getAllDisplays().map((d) => d.workArea) },
    notifications: {
      isSupported: () => Notification.isSupported(),
      show: (options, onClick) => {
        const n = new Notification(options);
        n.on('click', onClick);
        n.show();
      },
    },
    safeStorage,
    shortcuts: { register: (acc, cb) => globalShortcut.register(acc, cb), unregister: (acc) => globalShortcut.unregister(acc) },
    updater: autoUpdater satisfies UpdaterPort,
    settingsFile: {
      read: () => {
        try {
          return fs.readFileSync(settingsPath(), 'utf8');
        } catch {
          return null;
        }
      },
      write: (text) => {
        fs.mkdirSync(path.dirname(settingsPath()), { recursive: true });
        const tmp = `${settingsPath()}.tmp`;
        fs.writeFileSync(tmp, text, { mode: 0o600 });
        fs.renameSync(tmp, settingsPath());
      },
    },
    fetch: globalThis.fetch,
    preloadPath: path.join(__dirname, 'preload.js'),
    appVersion: app.getVersion(),
    packaged: app.isPackaged,
    // Replaced at build time (scripts/build-electron.mjs) with the operator's public update key.
    updatePublicKey: process.env.AIRDECK_UPDATE_PUBLIC_KEY ?? null,
    quit: () => app.quit(),
    log,
  });

  const s = studio;
  protocol.handle(APP_SCHEME, async (request) => {
    const answer = appResponse(request.url, buildDir, (f) => fs.existsSync(f) && fs.statSync(f).isFile(), s.csp());
    if (answer.status === 404) return new Response('Not found', { status: 404, headers: answer.headers });
    const body = await fs.promises.readFile(answer.file);
    return new Response(body, { status: 200, headers: answer.headers });
  });

  studio.start();
});

app.on('second-instance', () => studio?.windows.openMain());
app.on('web-contents-created', (_e, contents) => {
  // Belt and braces: no window of the studio may open another or leave the app.
  contents.on('will-attach-webview', (event) => event.preventDefault());
});
app.on('will-quit', () => studio?.stop());
app.on('window-all-closed', () => {
  // The tray keeps the studio running; on macOS the dock does.
  if (process.platform !== 'darwin' && !studio) app.quit();
});
app.on('activate', () => studio?.windows.openMain());
