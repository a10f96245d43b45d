import fs from 'node:fs';
import path from 'node:path';
import { app, BrowserWindow, ipcMain, protocol, safeStorage, shell, session } from 'electron';
import { BRIDGE_CHANNELS } from '../shared/bridge';
import { APP_ORIGIN, APP_SCHEME, contentTypeFor, resolveAppPath } from './protocol';

/**
 * The desktop studio's main process: loads the studio build through the
 * app:// protocol into a hardened window and answers the bridge. Only this
 * folder imports electron.
 */
const buildDir = path.join(app.getAppPath(), 'web', 'dist-studio');
const settingsFile = () => path.join(app.getPath('userData'), 'settings.json');

protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true } }]);
app.enableSandbox();

function readSettings(): { serverUrl?: string; refreshToken?: string } {
  try {
    return JSON.parse(fs.readFileSync(settingsFile(), 'utf8')) as { serverUrl?: string; refreshToken?: string };
  } catch {
    return {};
  }
}
function writeSettings(s: { serverUrl?: string; refreshToken?: string }): void {
  fs.mkdirSync(path.dirname(settingsFile()), { recursive: true });
  fs.writeFileSync(settingsFile(), JSON.stringify(s), { mode: 0o600 });
}

let mainWindow: BrowserWindow | null = null;

function isOwnFrame(frame: Electron.WebFrameMain | null): boolean {
  if (!frame) return false;
  try {
    return new URL(frame.url).origin === APP_ORIGIN;
  } catch {
    return false;
  }
}

function handle(channel: string, fn: (...args: unknown[]) => unknown): void {
  ipcMain.handle(channel, (event, ...args) => {
    if (!isOwnFrame(event.senderFrame)) throw new Error('Refused: IPC from a foreign frame');
    return fn(...args);
  });
}

function createWindow(): void {
  mainWindow = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 380,
    title: 'Airdeck Studio',
    backgroundColor: '#0b0814',
    webPreferences: { preload: path.join(__dirname, 'preload.js'), contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true },
  });
  mainWindow.webContents.setWindowOpenHandler(({ url }) => {
    if (/^https?:\/\//.test(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  mainWindow.webContents.on('will-navigate', (event, url) => {
    if (new URL(url).origin !== APP_ORIGIN) event.preventDefault();
  });
  void mainWindow.loadURL(`${APP_ORIGIN}/admin/on-air`);
}

void app.whenReady().then(() => {
  session.defaultSession.setPermissionRequestHandler((_wc, permission, callback) => callback(permission === 'notifications'));
  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveAppPath(request.url, buildDir, (f) => fs.existsSync(f) && fs.statSync(f).isFile());
    if (!file) return new Response('Not found', { status: 404 });
    const body = await fs.promises.readFile(file);
    return new Response(body, { headers: { 'Content-Type': contentTypeFor(file) } });
  });

  handle(BRIDGE_CHANNELS.getServerUrl, () => readSettings().serverUrl ?? null);
  handle(BRIDGE_CHANNELS.setServerUrl, (url) => {
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new Error('Server address must be http(s)');
    writeSettings({ ...readSettings(), serverUrl: url });
  });
  handle(BRIDGE_CHANNELS.isSecureStorage, () => safeStorage.isEncryptionAvailable() && safeStorage.getSelectedStorageBackend?.() !== 'basic_text');
  handle(BRIDGE_CHANNELS.getRefreshToken, () => {
    const enc = readSettings().refreshToken;
    if (!enc || !safeStorage.isEncryptionAvailable()) return null;
    try {
      return safeStorage.decryptString(Buffer.from(enc, 'base64'));
    } catch {
      return null;
    }
  });
  handle(BRIDGE_CHANNELS.setRefreshToken, (token) => {
    const s = readSettings();
    if (typeof token === 'string' && safeStorage.isEncryptionAvailable()) s.refreshToken = safeStorage.encryptString(token).toString('base64');
    else delete s.refreshToken;
    writeSettings(s);
  });
  handle(BRIDGE_CHANNELS.appVersion, () => app.getVersion());
  handle(BRIDGE_CHANNELS.openExternal, (url) => {
    if (typeof url !== 'string') return;
    const u = new URL(url);
    if ((u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password) void shell.openExternal(u.toString());
  });
  handle(BRIDGE_CHANNELS.notify, () => undefined);
  handle(BRIDGE_CHANNELS.toggleMiniWindow, () => false);
  handle(BRIDGE_CHANNELS.updateNowPlaying, () => undefined);
  createWindow();
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
app.on('activate', () => {
  if (BrowserWindow.getAllWindows().length === 0) createWindow();
});
