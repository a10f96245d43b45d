import type { MiniNowPlaying } from '../shared/bridge';
import { MINI_WINDOW_SHORTCUT } from '../shared/desktop';
import type { Translate } from '../shared/i18n/format';
import type { TrayMenuItem } from './ports';

/** What the tray menu's items do. */
export interface TrayActions {
  openConsole(): void;
  toggleMini(): void;
  changeServer(): void;
  quit(): void;
}

/** The now-playing line of the tray: "Title — Artist", marked when live, in the studio's language. */
export function nowPlayingLabel(np: MiniNowPlaying | null, t: Translate): string {
  if (!np) return t('studio.mini.nothing');
  const line = np.artist ? `${np.title} — ${np.artist}` : np.title;
  const text = np.isLive ? t('desktop.tray.live', { line }) : line;
  return text.length > 70 ? `${text.slice(0, 69)}…` : text;
}

/** The tray's tooltip. */
export function trayTooltip(np: MiniNowPlaying | null, t: Translate): string {
  return np ? t('desktop.tray.tooltip', { nowPlaying: nowPlayingLabel(np, t) }) : 'Airdeck Studio';
}

/** The tray menu: now playing, open the console, toggle the mini window, change server, quit. */
export function trayMenu(np: MiniNowPlaying | null, miniOpen: boolean, actions: TrayActions, t: Translate): TrayMenuItem[] {
  const accel = MINI_WINDOW_SHORTCUT.replace('CommandOrControl', 'Ctrl');
  return [
    { id: 'now-playing', label: nowPlayingLabel(np, t), enabled: false },
    { id: 'sep-1', label: '', enabled: false, type: 'separator' },
    { id: 'open-console', label: t('desktop.tray.openConsole'), enabled: true, click: actions.openConsole },
    { id: 'toggle-mini', label: t('desktop.tray.mini', { shortcut: accel }), enabled: true, type: 'checkbox', checked: miniOpen, click: actions.toggleMini },
    { id: 'change-server', label: t('desktop.tray.changeServer'), enabled: true, click: actions.changeServer },
    { id: 'sep-2', label: '', enabled: false, type: 'separator' },
    { id: 'quit', label: t('desktop.tray.quit'), enabled: true, click: actions.quit },
  ];
}
