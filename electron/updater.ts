import type { LogPort, UpdaterPort } from './ports';

/** How often a running studio looks for a new build. */
export const UPDATE_CHECK_EVERY_MS = 6 * 3_600_000;

/** The station's update feed: its Airdeck server hosts the builds at /desktop/. */
export function updateFeedUrl(serverUrl: string): string | null {
  try {
    const u = new URL(serverUrl);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
    return `${u.origin}/desktop/`;
  } catch {
    return null;
  }
}

/**
 * Wires electron-updater to the station's generic feed (latest.yml,
 * latest-mac.yml, latest-linux.yml and the builds, copied into the server's
 * DESKTOP_UPDATES_DIR). Checks at start and every six hours, downloads in the
 * background and installs on quit. Only packaged builds update; a failed
 * check is logged, never shown as an error dialog.
 */
export function wireUpdater(updater: UpdaterPort, serverUrl: string | null | undefined, log: LogPort, opts: { packaged: boolean; setInterval?: typeof setInterval; clearInterval?: typeof clearInterval }): { started: boolean; feed: string | null; stop(): void } {
  const feed = serverUrl ? updateFeedUrl(serverUrl) : null;
  if (!opts.packaged || !feed) return { started: false, feed, stop: () => undefined };
  updater.autoDownload = true;
  updater.autoInstallOnAppQuit = true;
  updater.setFeedURL({ provider: 'generic', url: feed, channel: 'latest' });
  updater.on('error', (err) => log.warn('update check failed', { message: err.message }));
  updater.on('update-available', (info) => log.info('update available', { version: info.version }));
  updater.on('update-downloaded', (info) => log.info('update downloaded; it installs when the studio quits', { version: info.version }));
  const check = () => void updater.checkForUpdatesAndNotify().catch((err: unknown) => log.warn('update check failed', { message: err instanceof Error ? err.message : String(err) }));
  check();
  const every = opts.setInterval ?? setInterval;
  const timer = every(check, UPDATE_CHECK_EVERY_MS);
  (timer as { unref?: () => void }).unref?.();
  return { started: true, feed, stop: () => (opts.clearInterval ?? clearInterval)(timer) };
}
