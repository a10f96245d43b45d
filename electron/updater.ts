import type { LogPort, UpdaterPort } from './ports';
import { checkDownloadedUpdate, manifestName } from './update-signature';

/** How often a running studio looks for a new build. */
export const UPDATE_CHECK_EVERY_MS = 6 * 3_600_000;

/** Hosts a feed may use over plain http: this machine only (a station server under test or development). */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The station's update feed: its Airdeck server hosts the builds at /desktop/.
 * Only over https (http only for localhost, 127.0.0.1 and ::1): code installed
 * on a presenter's machine never travels in the clear.
 */
export function updateFeedUrl(serverUrl: string): string | null {
  try {
    const u = new URL(serverUrl);
    if (u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK.has(u.hostname))) return `${u.origin}/desktop/`;
    return null;
  } catch {
    return null;
  }
}

/** What wireUpdater needs beyond the updater. */
export interface UpdaterOptions {
  packaged: boolean;
  /** process.platform; Windows updates are verified by electron-updater (publisher), others here. */
  platform?: string;
  /** The Ed25519 public key the studio was built with (AIRDECK_UPDATE_PUBLIC_KEY), PEM or base64 SPKI. */
  publicKey?: string | null;
  fetch?: typeof fetch;
  readFile?: (file: string) => Promise<Buffer>;
  setInterval?: typeof setInterval;
  clearInterval?: typeof clearInterval;
  /** An update is downloaded, verified and set to install when the studio quits (the studio tells the presenter). */
  onReady?: (version: string) => void;
}

/**
 * Wires electron-updater to the station's generic feed (latest.yml,
 * latest-mac.yml, latest-linux.yml and the builds, copied into the server's
 * DESKTOP_UPDATES_DIR). Checks at start and every six hours, downloads in the
 * background and installs on quit, but only a verified update: on Windows
 * electron-updater checks the installer's code signature against the
 * publisher the studio was signed as; on Linux and macOS the downloaded file
 * must match the SHA-512 of a manifest signed with the station's update key
 * (see update-signature.ts), and a build without that key installs nothing.
 * Only packaged builds update; a failed check is logged, never shown as an
 * error dialog.
 */
export function wireUpdater(
  updater: UpdaterPort,
  serverUrl: string | null | undefined,
  log: LogPort,
  opts: UpdaterOptions,
): { started: boolean; feed: string | null; stop(): void; verifying(): Promise<void> } {
  const feed = serverUrl ? updateFeedUrl(serverUrl) : null;
  const idle = { feed, stop: () => undefined, verifying: () => Promise.resolve() };
  if (serverUrl && !feed && opts.packaged) log.warn('updates need the station at an https address; none are downloaded', { serverUrl });
  if (!opts.packaged || !feed) return { started: false, ...idle };
  const platform = opts.platform ?? process.platform;
  const selfVerified = platform !== 'win32';
  const publicKey = opts.publicKey?.trim() || null;
  if (selfVerified && !publicKey) {
    log.warn('this build has no update signing key (AIRDECK_UPDATE_PUBLIC_KEY): updates are not installed');
    return { started: false, ...idle };
  }
  updater.autoDownload = true;
  // Windows: electron-updater refuses an installer not signed by the studio's publisher. Elsewhere: after our check.
  updater.autoInstallOnAppQuit = !selfVerified;
  updater.setFeedURL({ provider: 'generic', url: feed, channel: 'latest' });
  updater.on('error', (err) => log.warn('update check failed', { message: err.message }));
  updater.on('update-available', (info) => log.info('update available', { version: info.version }));
  let verification: Promise<void> = Promise.resolve();
  // electron-updater registers its install-on-quit (Linux: BaseUpdater's quit handler; macOS: the hand-off to
  // Squirrel, which then installs whatever it was given) right after 'update-downloaded', and only if
  // autoInstallOnAppQuit is true at that moment. So the flag stays false while a download is unverified; once
  // verified it is set and the same, already downloaded file is "downloaded" again (electron-updater reuses it
  // after checking its SHA-512), and that second 'update-downloaded' is the one that installs on quit.
  let verifiedFile: string | null = null;
  if (selfVerified) updater.on('update-available', () => {
    // A new download must not reach an install-on-quit the previous verified one set up.
    updater.autoInstallOnAppQuit = false;
    verifiedFile = null;
  });
  updater.on('update-downloaded', (info) => {
    if (!selfVerified) {
      log.info('update downloaded; it installs when the studio quits', { version: info.version });
      opts.onReady?.(info.version ?? '');
      return;
    }
    if (verifiedFile !== null && info.downloadedFile === verifiedFile && updater.autoInstallOnAppQuit) {
      log.info('update downloaded and verified; it installs when the studio quits', { version: info.version });
      opts.onReady?.(info.version ?? '');
      return;
    }
    updater.autoInstallOnAppQuit = false;
    verifiedFile = null;
    verification = verifyDownload(info).then(async (refusal) => {
      if (refusal) {
        log.warn('update refused', { version: info.version, reason: refusal });
        return;
      }
      verifiedFile = info.downloadedFile ?? null;
      updater.autoInstallOnAppQuit = true;
      try {
        await updater.downloadUpdate();
      } catch (err) {
        updater.autoInstallOnAppQuit = false;
        log.warn('update verified but could not be set to install', { version: info.version, message: err instanceof Error ? err.message : String(err) });
      }
    });
  });
  const verifyDownload = async (info: { version?: string; downloadedFile?: string }): Promise<string | null> => {
    try {
      if (!info.downloadedFile) return 'the updater did not say which file it downloaded';
      const get = opts.fetch ?? fetch;
      const name = manifestName(platform);
      const [manifest, signature] = await Promise.all([get(`${feed}${name}`, { cache: 'no-store' }), get(`${feed}${name}.sig`, { cache: 'no-store' })]);
      if (!manifest.ok || !signature.ok) return `the station publishes no signed ${name}`;
      const read = opts.readFile ?? ((file: string) => import('node:fs/promises').then((fs) => fs.readFile(file)));
      return checkDownloadedUpdate({
        manifest: Buffer.from(await manifest.arrayBuffer()),
        signature: await signature.text(),
        publicKey: publicKey!,
        fileName: info.downloadedFile.split(/[\\/]/).pop()!,
        fileBytes: await read(info.downloadedFile),
        version: info.version,
      });
    } catch (err) {
      return `verification failed: ${err instanceof Error ? err.message : String(err)}`;
    }
  };
  // Not checkForUpdatesAndNotify: electron-updater's own notification is English and comes before our verification.
  const check = () => void updater.checkForUpdates().catch((err: unknown) => log.warn('update check failed', { message: err instanceof Error ? err.message : String(err) }));
  check();
  const every = opts.setInterval ?? setInterval;
  const timer = every(check, UPDATE_CHECK_EVERY_MS);
  (timer as { unref?: () => void }).unref?.();
  return { started: true, feed, stop: () => (opts.clearInterval ?? clearInterval)(timer), verifying: () => verification };
}
