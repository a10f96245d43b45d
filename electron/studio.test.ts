import { describe, expect, it } from 'vitest';
import { BRIDGE_CHANNELS, INVOKE_CHANNELS, type MiniNowPlaying } from '../shared/bridge';
import { MINI_WINDOW_SHORTCUT, SERVER_CHECK_TEXTS } from '../shared/desktop';
import { createStudio } from './studio';
import { fakeElectron, type FakeWindow } from './testing/fake-electron';

const APP = { url: 'app://airdeck/admin/on-air', parent: null };

function health(body: unknown, status = 200): typeof fetch {
  return (async (input: string | URL | Request) => {
    const url = String(input);
    if (!url.endsWith('/api/health')) throw new Error(`unexpected fetch ${url}`);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
}
const airdeck = { status: 'ok', name: 'airdeck', version: '0.1.0', apiVersion: 1 };

function setup(opts: { fetch?: typeof fetch; packaged?: boolean; settings?: string; platform?: string } = {}) {
  const e = fakeElectron();
  if (opts.settings) e.settingsFile.text = opts.settings;
  const studio = createStudio({
    ...e,
    fetch: opts.fetch ?? health(airdeck),
    preloadPath: '/app/dist-electron/preload.js',
    appVersion: '0.1.0',
    packaged: opts.packaged ?? false,
    ...(opts.platform ? { platform: opts.platform } : {}),
    quit: () => void e.quits++,
  });
  studio.start();
  const main = e.windows[0]!;
  const call = (channel: string, ...args: unknown[]) => e.ipc.invoke(channel, { frame: APP, webContentsId: main.webContents.id }, ...args);
  return { e, studio, main, call };
}

const np: MiniNowPlaying = { title: 'Midnight City', artist: 'M83', artUrl: 'https://img.example/a.jpg', isLive: true, presenter: 'DJ Sam', startedAt: 1_700_000_000_000, durationSeconds: 243, nextShow: { title: 'Breakfast', startsAt: 1_700_000_900_000 } };

describe('the studio main process', () => {
  it('answers every bridge channel, opening a hardened console window on the On Air route', async () => {
    const { e, main, call } = setup();
    expect([...e.ipc.handlers.keys()].sort()).toEqual([...INVOKE_CHANNELS].sort());
    expect(main.loaded).toEqual(['app://airdeck/admin/on-air']);
    expect(main.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, webviewTag: false });
    expect(await call(BRIDGE_CHANNELS.appVersion)).toBe('0.1.0');
  });

  it('refuses IPC from a foreign frame, an iframe and an unknown window, before the handler runs', async () => {
    const { e, main, call } = setup();
    await call(BRIDGE_CHANNELS.setRefreshToken, 'secret-refresh');
    const foreign = [
      { frame: { url: 'https://evil.example/', parent: null }, webContentsId: main.webContents.id },
      { frame: { url: 'app://airdeck/admin', parent: { url: 'app://airdeck/admin', parent: null } }, webContentsId: main.webContents.id },
      { frame: { url: 'app://evil/admin', parent: null }, webContentsId: main.webContents.id },
      { frame: null, webContentsId: main.webContents.id },
      { frame: APP, webContentsId: 9999 },
    ];
    for (const from of foreign) {
      await expect(e.ipc.invoke(BRIDGE_CHANNELS.getRefreshToken, from)).rejects.toThrow('Refused: IPC from a foreign frame');
      await expect(e.ipc.invoke(BRIDGE_CHANNELS.setRefreshToken, from, null)).rejects.toThrow('Refused');
    }
    // Nothing was changed by the refused calls.
    expect(await call(BRIDGE_CHANNELS.getRefreshToken)).toBe('secret-refresh');
    expect(e.log.lines.filter((l) => l.message === 'refused IPC from a foreign frame')).toHaveLength(foreign.length * 2);
  });

  it('keeps the refresh token encrypted by the keychain, never in plain text, across a restart', async () => {
    const { e, call } = setup();
    await call(BRIDGE_CHANNELS.setRefreshToken, 'rt-123456');
    expect(e.settingsFile.text).not.toContain('rt-123456');
    expect(await call(BRIDGE_CHANNELS.isSecureStorage)).toBe(true);
    // Restart: a new studio over the same settings file.
    const again = setup({ settings: e.settingsFile.text! });
    expect(await again.call(BRIDGE_CHANNELS.getRefreshToken)).toBe('rt-123456');
    await again.call(BRIDGE_CHANNELS.setRefreshToken, null);
    expect(await again.call(BRIDGE_CHANNELS.getRefreshToken)).toBeNull();
  });

  it('stores no token when the keychain is unavailable, and reports basic_text as insecure', async () => {
    const { e, call } = setup();
    e.safeStorage.backend = 'basic_text';
    expect(await call(BRIDGE_CHANNELS.isSecureStorage)).toBe(false);
    e.safeStorage.available = false;
    await call(BRIDGE_CHANNELS.setRefreshToken, 'rt-abc');
    expect(await call(BRIDGE_CHANNELS.getRefreshToken)).toBeNull();
    expect(e.settingsFile.text).not.toContain('rt-abc');
  });

  it('checks a server address against /api/health before remembering it', async () => {
    const { call } = setup();
    expect(await call(BRIDGE_CHANNELS.getServerUrl)).toBeNull();
    expect(await call(BRIDGE_CHANNELS.setServerUrl, 'radio.example/admin?x=1')).toEqual({ ok: true, url: 'https://radio.example', version: '0.1.0' });
    expect(await call(BRIDGE_CHANNELS.getServerUrl)).toBe('https://radio.example');
  });

  it('refuses incompatible, foreign and unreachable servers with a clear message, keeping the old address', async () => {
    const cases: [typeof fetch, string][] = [
      [health({ ...airdeck, apiVersion: 2 }), SERVER_CHECK_TEXTS.incompatible(2, 1)],
      [health({ hello: 'world' }), SERVER_CHECK_TEXTS.notAirdeck],
      [health({ ...airdeck, status: 'degraded' }, 503), SERVER_CHECK_TEXTS.degraded],
      [(async () => { throw new TypeError('fetch failed'); }) as typeof fetch, SERVER_CHECK_TEXTS.unreachable],
    ];
    for (const [fetchImpl, message] of cases) {
      const { call } = setup({ fetch: fetchImpl, settings: JSON.stringify({ serverUrl: 'https://old.example' }) });
      expect(await call(BRIDGE_CHANNELS.setServerUrl, 'https://new.example')).toMatchObject({ ok: false, message });
      expect(await call(BRIDGE_CHANNELS.getServerUrl)).toBe('https://old.example');
    }
    const { call } = setup();
    expect(await call(BRIDGE_CHANNELS.setServerUrl, 'ftp://x.example')).toEqual({ ok: false, message: SERVER_CHECK_TEXTS.invalid, reason: 'invalid' });
    expect(await call(BRIDGE_CHANNELS.setServerUrl, 42)).toEqual({ ok: false, message: SERVER_CHECK_TEXTS.invalid, reason: 'invalid' });
  });

  it('forgets the session when the station changes, keeps it when the same station is saved again', async () => {
    const { call } = setup({ settings: JSON.stringify({ serverUrl: 'https://radio.example' }) });
    await call(BRIDGE_CHANNELS.setRefreshToken, 'rt-1');
    await call(BRIDGE_CHANNELS.setServerUrl, 'https://radio.example/');
    expect(await call(BRIDGE_CHANNELS.getRefreshToken)).toBe('rt-1');
    await call(BRIDGE_CHANNELS.setServerUrl, 'https://other.example');
    expect(await call(BRIDGE_CHANNELS.getRefreshToken)).toBeNull();
  });

  it('toggles an always-on-top frameless mini window from the bridge, the shortcut and the tray', async () => {
    const { e, main, call } = setup();
    expect(await call(BRIDGE_CHANNELS.toggleMiniWindow)).toBe(true);
    const mini = e.windows[1]!;
    expect(mini.options).toMatchObject({ frame: false, alwaysOnTop: true, resizable: false, skipTaskbar: true, width: 360, height: 132 });
    expect(mini.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
    expect(mini.alwaysOnTop).toEqual({ flag: true, level: 'floating' });
    expect(mini.loaded).toEqual(['app://airdeck/mini']);
    expect(main.webContents.sent).toContainEqual({ channel: BRIDGE_CHANNELS.miniWindowChanged, args: [true] });
    expect(e.trays[0]!.item('toggle-mini').checked).toBe(true);
    // The mini window itself may close itself.
    expect(await e.ipc.invoke(BRIDGE_CHANNELS.toggleMiniWindow, { frame: { url: 'app://airdeck/mini', parent: null }, webContentsId: mini.webContents.id }, false)).toBe(false);
    expect(mini.destroyed).toBe(true);
    expect(e.trays[0]!.item('toggle-mini').checked).toBe(false);
    // The global shortcut opens it again, the tray closes it.
    e.shortcuts.press(MINI_WINDOW_SHORTCUT);
    expect(e.windows).toHaveLength(3);
    e.trays[0]!.item('toggle-mini').click!();
    expect(e.windows[2]!.destroyed).toBe(true);
    // Asking for the state it already has changes nothing.
    expect(await call(BRIDGE_CHANNELS.toggleMiniWindow, false)).toBe(false);
    expect(e.windows).toHaveLength(3);
  });

  it('remembers where the mini window was dragged, and reopens it there (and open) after a restart', async () => {
    const { e, call } = setup();
    await call(BRIDGE_CHANNELS.toggleMiniWindow, true);
    (e.windows[1] as FakeWindow).moveTo(300, 500);
    const again = setup({ settings: e.settingsFile.text! });
    const mini = again.e.windows[1]!;
    expect(mini.options).toMatchObject({ x: 300, y: 500 });
  });

  it('does not reopen the mini window off screen when its display is gone', async () => {
    const { e, call } = setup();
    await call(BRIDGE_CHANNELS.toggleMiniWindow, true);
    (e.windows[1] as FakeWindow).moveTo(3000, 200); // on a second monitor
    const again = setup({ settings: e.settingsFile.text! });
    expect(again.e.windows[1]!.options).toMatchObject({ x: 1920 - 360 - 24, y: 24 });
  });

  it('relays now playing from the console to the mini window and the tray, without polling', async () => {
    const { e, call } = setup();
    await call(BRIDGE_CHANNELS.toggleMiniWindow, true);
    const mini = e.windows[1]!;
    await call(BRIDGE_CHANNELS.updateNowPlaying, np);
    expect(mini.webContents.sent).toContainEqual({ channel: BRIDGE_CHANNELS.nowPlaying, args: [np] });
    expect(e.trays[0]!.item('now-playing').label).toBe('● LIVE: Midnight City — M83');
    expect(e.trays[0]!.tooltip).toBe('Airdeck Studio — ● LIVE: Midnight City — M83');
    expect(await e.ipc.invoke(BRIDGE_CHANNELS.getNowPlaying, { frame: { url: 'app://airdeck/mini', parent: null }, webContentsId: mini.webContents.id })).toEqual(np);
    // Junk is ignored; a javascript: art URL never reaches the mini window.
    await call(BRIDGE_CHANNELS.updateNowPlaying, { title: 1 });
    await call(BRIDGE_CHANNELS.updateNowPlaying, { ...np, artUrl: 'javascript:alert(1)' });
    expect(mini.webContents.sent.at(-1)!.args[0]).toMatchObject({ artUrl: null });
  });

  it('shows one native notification per event, and a click focuses the console on its route', async () => {
    const { e, main, call } = setup();
    main.minimized = true;
    await call(BRIDGE_CHANNELS.notify, { title: 'New Song Request', body: 'Ann requested "Song" by Band', route: '/admin/song-requests', tag: 'n:1' });
    await call(BRIDGE_CHANNELS.notify, { title: 'New Song Request', body: 'Ann requested "Song" by Band', route: '/admin/song-requests', tag: 'n:1' });
    expect(e.notifications.shown).toHaveLength(1);
    expect(e.notifications.shown[0]!.options).toEqual({ title: 'New Song Request', body: 'Ann requested "Song" by Band', silent: false });
    e.notifications.shown[0]!.click();
    expect(main.minimized).toBe(false);
    expect(main.focused).toBeGreaterThan(0);
    expect(main.webContents.sent).toContainEqual({ channel: BRIDGE_CHANNELS.navigate, args: ['/admin/song-requests'] });
  });

  it('dead air (issue 33): shows the console’s alert once per incident and once for its recovery, over the console; a click opens the On Air console', async () => {
    const { e, main, call } = setup();
    main.minimized = true;
    // As the On Air console sends them (tests/browser/dead-air-icecast.test.ts records the same calls from the studio renderer).
    const alert = { title: 'Dead air: Live but silent', body: 'Listeners hear nothing from you. Check your microphone fader, the input you picked and any mute button.', route: '/admin/on-air', tag: 'dead-air:7f1c' };
    const recovered = { title: 'Back on air: Live but silent lasted 18 s', body: 'Quiet Hour, Quinn Quiet on air.', route: '/admin/on-air', tag: 'dead-air:7f1c:recovered' };
    // The console re-rendered or reconnected: the same incident is not shown twice.
    await call(BRIDGE_CHANNELS.notify, alert);
    await call(BRIDGE_CHANNELS.notify, alert);
    expect(e.notifications.shown.map((n) => n.options)).toEqual([{ title: alert.title, body: alert.body, silent: false }]);
    e.notifications.shown[0]!.click();
    expect(main.minimized).toBe(false);
    expect(main.webContents.sent).toContainEqual({ channel: BRIDGE_CHANNELS.navigate, args: ['/admin/on-air'] });
    await call(BRIDGE_CHANNELS.notify, recovered);
    // A second incident later is a new alert.
    await call(BRIDGE_CHANNELS.notify, { ...alert, tag: 'dead-air:9a02' });
    expect(e.notifications.shown.map((n) => n.options.title)).toEqual(['Dead air: Live but silent', 'Back on air: Live but silent lasted 18 s', 'Dead air: Live but silent']);
  });

  it('refuses notifications whose route leaves the app', async () => {
    const { e, call } = setup();
    for (const route of ['https://evil.example', '//evil.example/x', 'javascript:alert(1)', '/\\evil']) {
      await call(BRIDGE_CHANNELS.notify, { title: 'x', body: 'y', route });
    }
    await call(BRIDGE_CHANNELS.notify, { body: 'no title' });
    expect(e.notifications.shown).toHaveLength(0);
  });

  it('reopens a closed console on the notification route after it has loaded', async () => {
    const { e, main, call } = setup();
    await call(BRIDGE_CHANNELS.notify, { title: 'Show starts soon', body: 'Breakfast starts in 10 minutes', route: '/admin/on-air' });
    main.close();
    e.notifications.shown[0]!.click();
    await new Promise((r) => setTimeout(r, 0));
    const reopened = e.windows.at(-1)!;
    expect(reopened).not.toBe(main);
    expect(reopened.webContents.sent).toContainEqual({ channel: BRIDGE_CHANNELS.navigate, args: ['/admin/on-air'] });
  });

  it('denies popups and navigation away; external http(s) links open in the system browser', () => {
    const { e, main } = setup();
    expect(main.webContents.openHandler!({ url: 'https://www.mixcloud.com/show' })).toEqual({ action: 'deny' });
    expect(main.webContents.openHandler!({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(main.webContents.navigate('app://airdeck/admin/shows')).toBe(true);
    expect(main.webContents.navigate('https://phish.example/login')).toBe(false);
    expect(main.webContents.navigate('file:///etc/passwd')).toBe(false);
    expect(main.webContents.navigate('https://phish.example/', 'will-redirect')).toBe(false);
    expect(e.shell.opened).toEqual(['https://www.mixcloud.com/show', 'https://phish.example/login', 'https://phish.example/']);
  });

  it('opens only http(s) addresses without credentials through openExternal', async () => {
    const { e, call } = setup();
    await call(BRIDGE_CHANNELS.openExternal, 'https://radio.example/x');
    await call(BRIDGE_CHANNELS.openExternal, 'file:///etc/passwd');
    await call(BRIDGE_CHANNELS.openExternal, 'https://user:pw@radio.example/');
    await call(BRIDGE_CHANNELS.openExternal, 'smb://share');
    expect(e.shell.opened).toEqual(['https://radio.example/x']);
  });

  it('has a tray with now playing, the console, the mini window, server change and quit', async () => {
    const { e, main } = setup();
    await new Promise((r) => setTimeout(r, 0));
    const tray = e.trays[0]!;
    expect(tray.menu.filter((i) => i.type !== 'separator').map((i) => i.label)).toEqual(['Nothing playing yet', 'Open On Air console', 'Mini window (Ctrl+Shift+M)', 'Change station server…', 'Quit Airdeck Studio']);
    tray.item('change-server').click!();
    expect(main.webContents.sent).toContainEqual({ channel: BRIDGE_CHANNELS.navigate, args: ['/studio/server'] });
    tray.item('quit').click!();
    expect(e.quits).toBe(1);
  });

  it('logs, not fails, when the shortcut is taken, and releases everything on quit', () => {
    const e = fakeElectron();
    e.shortcuts.taken.add(MINI_WINDOW_SHORTCUT);
    const studio = createStudio({ ...e, fetch: health(airdeck), preloadPath: '/p.js', appVersion: '1', packaged: false, quit: () => undefined });
    studio.start();
    expect(studio.shortcutRegistered).toBe(false);
    expect(e.log.lines.some((l) => l.message.includes('shortcut is taken'))).toBe(true);
    studio.stop();
    expect(e.trays[0]!.destroyed).toBe(true);
  });

  it('wires the updater to the station feed only in a packaged build with a server', () => {
    const unpackaged = setup({ settings: JSON.stringify({ serverUrl: 'https://radio.example' }) });
    expect(unpackaged.e.updater.feed).toBeNull();
    const noServer = setup({ packaged: true });
    expect(noServer.e.updater.feed).toBeNull();
    // Windows: electron-updater verifies the installer's publisher itself (Linux and macOS: electron/updater.test.ts).
    const { e, studio } = setup({ packaged: true, platform: 'win32', settings: JSON.stringify({ serverUrl: 'https://radio.example' }) });
    expect(e.updater.feed).toEqual({ provider: 'generic', url: 'https://radio.example/desktop/', channel: 'latest' });
    expect(e.updater).toMatchObject({ autoDownload: true, autoInstallOnAppQuit: true, checks: 1 });
    studio.stop();
  });

  it('reads a damaged settings file as a first run', async () => {
    const { call } = setup({ settings: '{not json' });
    expect(await call(BRIDGE_CHANNELS.getServerUrl)).toBeNull();
  });

  it('sends the CSP with the remembered server for HTTP and WebSocket', async () => {
    const { studio, call } = setup();
    expect(studio.csp()).toContain("connect-src 'self';");
    await call(BRIDGE_CHANNELS.setServerUrl, 'https://radio.example');
    expect(studio.csp()).toContain("connect-src 'self' https://radio.example wss://radio.example;");
    expect(studio.csp()).toContain("script-src 'self';");
    expect(studio.csp()).toContain("object-src 'none'");
  });
});
