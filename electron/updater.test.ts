import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fakeElectron, FakeUpdater } from './testing/fake-electron';
import { sha512 } from './update-signature';
import { updateFeedUrl, wireUpdater } from './updater';

/**
 * Safe studio updates (issue 18 §7): the feed only over https (plain http
 * for this machine only), and an update installed only once verified: on
 * Windows by electron-updater's publisher check, on Linux and macOS by a
 * manifest signed with the station's Ed25519 update key whose SHA-512 the
 * downloaded file must match.
 */
const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const PUBLIC_PEM = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const other = generateKeyPairSync('ed25519');

const APPIMAGE = 'airdeck-studio-0.3.0-linux-x86_64.AppImage';
const build = Buffer.from('the real 0.3.0 build');
const manifest = (bytes: Buffer = build, version = '0.3.0') =>
  Buffer.from(`version: ${version}\nfiles:\n  - url: ${APPIMAGE}\n    sha512: ${sha512(bytes)}\n    size: ${bytes.length}\npath: ${APPIMAGE}\nsha512: ${sha512(bytes)}\nreleaseDate: '2026-11-20T10:00:00.000Z'\n`);
const signed = (m: Buffer, key = privateKey) => sign(null, m, key).toString('base64');

/** A station feed: latest-linux.yml and its signature, or whatever a hostile server serves. */
function feed(files: Record<string, Buffer | string | undefined>): typeof fetch {
  return (async (input: string | URL | Request) => {
    const name = String(input).split('/').pop()!;
    const body = files[name];
    return body === undefined ? new Response('not found', { status: 404 }) : new Response(typeof body === 'string' ? body : new Uint8Array(body));
  }) as typeof fetch;
}

function wired(opts: { fetch: typeof fetch; downloaded?: Buffer; publicKey?: string | null; platform?: string }) {
  const e = fakeElectron();
  const handle = wireUpdater(e.updater, 'https://radio.example', e.log, {
    packaged: true,
    platform: opts.platform ?? 'linux',
    publicKey: opts.publicKey === undefined ? PUBLIC_PEM : opts.publicKey,
    fetch: opts.fetch,
    readFile: async () => opts.downloaded ?? build,
    setInterval: (() => 0) as unknown as typeof setInterval,
    clearInterval: (() => undefined) as unknown as typeof clearInterval,
  });
  const download = async (version = '0.3.0') => {
    e.updater.offered = { version, downloadedFile: `/home/pat/.cache/airdeck-studio-updater/pending/${APPIMAGE}` };
    await e.updater.checkForUpdates();
    await handle.verifying();
  };
  return { e, handle, download };
}

describe('the update feed', () => {
  it('is https only, plain http only for this machine', () => {
    expect(updateFeedUrl('https://radio.example/admin')).toBe('https://radio.example/desktop/');
    expect(updateFeedUrl('http://radio.example')).toBeNull();
    expect(updateFeedUrl('http://192.168.1.20:8080')).toBeNull();
    expect(updateFeedUrl('http://localhost:8080')).toBe('http://localhost:8080/desktop/');
    expect(updateFeedUrl('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080/desktop/');
    expect(updateFeedUrl('http://[::1]:8080')).toBe('http://[::1]:8080/desktop/');
    expect(updateFeedUrl('ftp://radio.example')).toBeNull();
  });

  it('is not used at all for a station typed with plain http, and says why', () => {
    const e = fakeElectron();
    const handle = wireUpdater(e.updater, 'http://radio.example', e.log, { packaged: true, platform: 'win32' });
    expect(handle.started).toBe(false);
    expect(e.updater.feed).toBeNull();
    expect(e.updater.checks).toBe(0);
    expect(e.log.lines.some((l) => l.level === 'warn' && /https/.test(l.message))).toBe(true);
  });
});

describe('verified updates', () => {
  it('on Windows leaves the check to electron-updater’s publisher verification (electron-builder.yml turns it on)', () => {
    const { e, handle } = wired({ fetch: feed({}), platform: 'win32', publicKey: null });
    expect(handle.started).toBe(true);
    expect(e.updater).toMatchObject({ autoDownload: true, autoInstallOnAppQuit: true, checks: 1 });
  });

  it('on Linux and macOS installs nothing from a build without the update key', () => {
    const { e, handle } = wired({ fetch: feed({}), publicKey: null });
    expect(handle.started).toBe(false);
    expect(e.updater.checks).toBe(0);
    expect(e.log.lines.some((l) => /AIRDECK_UPDATE_PUBLIC_KEY/.test(l.message))).toBe(true);
  });

  it('installs a download whose SHA-512 the signed manifest names', async () => {
    const m = manifest();
    // The key as `npm run sign-update -- keygen` prints it (base64 SPKI).
    const printed = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    const { e, download } = wired({ fetch: feed({ 'latest-linux.yml': m, 'latest-linux.yml.sig': signed(m) }), publicKey: printed });
    expect(e.updater.autoInstallOnAppQuit).toBe(false);
    await download();
    expect(e.updater.autoInstallOnAppQuit).toBe(true);
    expect(e.log.lines.at(-1)?.message).toMatch(/verified/);
  });

  for (const [what, files, downloaded] of [
    ['a tampered build (right manifest, other bytes)', () => ({ 'latest-linux.yml': manifest(), 'latest-linux.yml.sig': signed(manifest()) }), Buffer.from('malware')],
    ['a manifest rewritten for the tampered build, old signature', () => ({ 'latest-linux.yml': manifest(Buffer.from('malware')), 'latest-linux.yml.sig': signed(manifest()) }), Buffer.from('malware')],
    ['a manifest signed with another key', () => ({ 'latest-linux.yml': manifest(Buffer.from('malware')), 'latest-linux.yml.sig': signed(manifest(Buffer.from('malware')), other.privateKey) }), Buffer.from('malware')],
    ['no signature at all', () => ({ 'latest-linux.yml': manifest() }), build],
    ['a signed manifest of another version', () => ({ 'latest-linux.yml': manifest(build, '0.2.9'), 'latest-linux.yml.sig': signed(manifest(build, '0.2.9')) }), build],
  ] as const) {
    it(`refuses ${what}`, async () => {
      const { e, download } = wired({ fetch: feed(files()), downloaded });
      await download();
      expect(e.updater.autoInstallOnAppQuit).toBe(false);
      expect(e.log.lines.at(-1)).toMatchObject({ level: 'warn', message: 'update refused' });
    });
  }
});

describe('installing a verified update on quit (electron-updater’s real order: the flag counts when the download ends)', () => {
  const FILE = `/home/pat/.cache/airdeck-studio-updater/pending/${APPIMAGE}`;
  const good = () => feed({ 'latest-linux.yml': manifest(), 'latest-linux.yml.sig': signed(manifest()), 'latest-mac.yml': manifest(), 'latest-mac.yml.sig': signed(manifest()) });
  const start = (platform: string, downloaded = build, files = good()) => {
    const e = fakeElectron();
    const updater = new FakeUpdater(platform);
    const handle = wireUpdater(updater, 'https://radio.example', e.log, {
      packaged: true,
      platform,
      publicKey: PUBLIC_PEM,
      fetch: files,
      readFile: async () => downloaded,
      setInterval: (() => 0) as unknown as typeof setInterval,
      clearInterval: (() => undefined) as unknown as typeof clearInterval,
    });
    return { e, updater, handle };
  };

  for (const platform of ['linux', 'darwin']) {
    it(`installs a verified download when the studio quits (${platform})`, async () => {
      const { updater, handle } = start(platform);
      updater.offered = { version: '0.3.0', downloadedFile: FILE };
      await updater.checkForUpdates();
      await handle.verifying();
      expect(updater.quit()).toBe(FILE);
    });

    it(`installs nothing on quit from a tampered download (${platform})`, async () => {
      const { updater, handle } = start(platform, Buffer.from('malware'));
      updater.offered = { version: '0.3.0', downloadedFile: FILE };
      await updater.checkForUpdates();
      await handle.verifying();
      expect(updater.quit()).toBeNull();
    });
  }

  it('does not let a later, unverified download ride on the earlier install-on-quit (Linux)', async () => {
    const { updater, handle } = start('linux');
    updater.offered = { version: '0.3.0', downloadedFile: FILE };
    await updater.checkForUpdates();
    await handle.verifying();
    expect(updater.quit()).toBe(FILE);
    // Six hours later the feed offers a build whose signature is missing: the flag is down while it is checked and stays down.
    const { updater: u2 } = { updater };
    u2.offered = { version: '0.3.1', downloadedFile: `${FILE}.next` };
    await u2.checkForUpdates();
    await handle.verifying();
    expect(u2.quit()).toBeNull();
  });
});
