import { describe, expect, it } from 'vitest';
import { BRIDGE_CHANNELS, type MiniNowPlaying } from '../shared/bridge';
import { createStudio } from './studio';
import { fakeElectron } from './testing/fake-electron';

/**
 * The desktop app's own texts in the studio's language (issue 35): the studio's language is the web app's, which
 * its windows report over the bridge (`setLanguage`); the tray, the mini window's title and the native
 * notifications the main process shows itself follow it, and the next start remembers it. Expected texts are the
 * Spanish catalogue's as a translator wrote them.
 */
const APP = { url: 'app://airdeck/admin/on-air', parent: null };
const health = (async () => new Response(JSON.stringify({ status: 'ok', name: 'airdeck', version: '0.1.0', apiVersion: 1 }), { status: 200 })) as unknown as typeof fetch;

function setup(opts: { settings?: string; packaged?: boolean; platform?: string } = {}) {
  const e = fakeElectron();
  if (opts.settings) e.settingsFile.text = opts.settings;
  const studio = createStudio({ ...e, fetch: health, preloadPath: '/p.js', appVersion: '0.2.0', packaged: opts.packaged ?? false, ...(opts.platform ? { platform: opts.platform } : {}), quit: () => undefined });
  studio.start();
  const main = e.windows[0]!;
  const call = (channel: string, ...args: unknown[]) => e.ipc.invoke(channel, { frame: APP, webContentsId: main.webContents.id }, ...args);
  return { e, studio, call };
}
const labels = (e: ReturnType<typeof fakeElectron>) => e.trays[0]!.menu.filter((i) => i.type !== 'separator').map((i) => i.label);
const np: MiniNowPlaying = { title: 'Midnight City', artist: 'M83', artUrl: null, isLive: true, presenter: 'DJ Sam', startedAt: 1_700_000_000_000, durationSeconds: 243, nextShow: null };

describe('the desktop app in the studio’s language', () => {
  it('speaks English until the studio says otherwise', () => {
    const { e } = setup();
    expect(labels(e)).toEqual(['Nothing playing yet', 'Open On Air console', 'Mini window (Ctrl+Shift+M)', 'Change station server…', 'Quit Airdeck Studio']);
  });

  it('draws the tray and the mini window’s title in Spanish for a Spanish studio, and remembers it at the next start', async () => {
    const { e, call } = setup();
    await call(BRIDGE_CHANNELS.setLanguage, 'es');
    expect(labels(e)).toEqual(['Todavía no suena nada', 'Abrir la consola En el aire', 'Minireproductor (Ctrl+Shift+M)', 'Cambiar el servidor de la emisora…', 'Salir de Airdeck Studio']);
    await call(BRIDGE_CHANNELS.updateNowPlaying, np);
    expect(e.trays[0]!.item('now-playing').label).toBe('● EN DIRECTO: Midnight City — M83');
    expect(e.trays[0]!.tooltip).toBe('Airdeck Studio — ● EN DIRECTO: Midnight City — M83');
    await call(BRIDGE_CHANNELS.toggleMiniWindow, true);
    expect(e.windows[1]!.options.title).toBe('Airdeck — Sonando ahora');
    // The next start opens in Spanish before any window has said so.
    const again = setup({ settings: e.settingsFile.text! });
    await expect.poll(() => labels(again.e)[1]).toBe('Abrir la consola En el aire');
    expect(JSON.parse(e.settingsFile.text!)).toMatchObject({ locale: 'es' });
  });

  it('shows its own native notification in Spanish for a Spanish studio: the verified update that installs on quit', async () => {
    const { e, call } = setup({ packaged: true, platform: 'win32', settings: JSON.stringify({ serverUrl: 'https://radio.example' }) });
    await call(BRIDGE_CHANNELS.setLanguage, 'es');
    e.updater.offered = { version: '0.3.0', downloadedFile: 'C:\\Users\\pat\\AppData\\Local\\airdeck-studio-updater\\pending\\Airdeck-Studio-Setup-0.3.0.exe' };
    await e.updater.checkForUpdates();
    expect(e.notifications.shown.map((n) => n.options)).toEqual([
      { title: 'Actualización lista', body: 'Airdeck Studio 0.3.0 se ha descargado y comprobado. Se instala cuando cierres el estudio.', silent: false },
    ]);
    // The same update found again is not announced twice.
    await e.updater.checkForUpdates();
    expect(e.notifications.shown).toHaveLength(1);
  });

  it('follows a change of language, in Arabic too, and ignores a code it does not know', async () => {
    const { e, call } = setup();
    await call(BRIDGE_CHANNELS.setLanguage, 'ar');
    expect(labels(e)).toEqual(['لا يُشغَّل شيء بعد', 'فتح وحدة التحكم على الهواء', 'النافذة المصغّرة (Ctrl+Shift+M)', 'تغيير خادم المحطة…', 'إنهاء Airdeck Studio']);
    await call(BRIDGE_CHANNELS.setLanguage, 'xx-evil');
    expect(labels(e)[0]).toBe('لا يُشغَّل شيء بعد');
    await call(BRIDGE_CHANNELS.setLanguage, 'de');
    expect(labels(e)[4]).toBe('Airdeck Studio beenden');
    expect(JSON.parse(e.settingsFile.text!)).toMatchObject({ locale: 'de' });
  });
});
