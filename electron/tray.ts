import type { MiniNowPlaying } from '../shared/bridge';
import { MINI_WINDOW_SHORTCUT } from '../shared/desktop';
import type { TrayMenuItem } from './ports';

/** What the tray menu's items do. */
export interface TrayActions {
  openConsole(): void;
  toggleMini(): void;
  changeServer(): void;
  quit(): void;
}

/** The now-playing line of the tray: "Title — Artist", marked when live. */
export function nowPlayingLabel(np: MiniNowPlaying | null): string {
  if (!np) return 'Nothing playing yet';
  const line = np.artist ? `${np.title} — ${np.artist}` : np.title;
  const text = `${np.isLive ? '● LIVE: ' : ''}${line}`;
  return text.length > 70 ? `${text.slice(0, 69)}…` : text;
}

/** The tray's tooltip. */
export function trayTooltip(np: MiniNowPlaying | null): string {
  return np ? `Airdeck Studio — ${nowPlayingLabel(np)}` : 'Airdeck Studio';
}

/** The tray menu: now playing, open the console, toggle the mini window, change server, quit. */
export function trayMenu(np: MiniNowPlaying | null, miniOpen: boolean, actions: TrayActions): TrayMenuItem[] {
  const accel = MINI_WINDOW_SHORTCUT.replace('CommandOrControl', 'Ctrl');
  return [
    { id: 'now-playing', label: nowPlayingLabel(np), enabled: false },
    { id: 'sep-1', label: '', enabled: false, type: 'separator' },
    { id: 'open-console', label: 'Open On Air console', enabled: true, click: actions.openConsole },
    { id: 'toggle-mini', label: `Mini window (${accel})`, enabled: true, type: 'checkbox', checked: miniOpen, click: actions.toggleMini },
    { id: 'change-server', label: 'Change station server…', enabled: true, click: actions.changeServer },
    { id: 'sep-2', label: '', enabled: false, type: 'separator' },
    { id: 'quit', label: 'Quit Airdeck Studio', enabled: true, click: actions.quit },
  ];
}
