import { createHash, createPublicKey, verify } from 'node:crypto';

/**
 * Signed update manifests for the builds electron-updater cannot check by
 * itself (Linux and macOS; Windows installers carry an Authenticode
 * signature whose publisher electron-updater verifies). The operator signs
 * each `latest-linux.yml` / `latest-mac.yml` with an Ed25519 private key
 * kept off the server (`npm run sign-update`), publishing the detached
 * signature beside it as `<file>.sig` (base64). The studio is built with the
 * public key (AIRDECK_UPDATE_PUBLIC_KEY) and installs a downloaded update
 * only when the manifest's signature verifies and the file's SHA-512 is the
 * one the signed manifest names.
 */

/** The manifest electron-updater reads on this platform. */
export function manifestName(platform: string): string {
  return platform === 'darwin' ? 'latest-mac.yml' : platform === 'win32' ? 'latest.yml' : 'latest-linux.yml';
}

/** Reads the version and each file's SHA-512 (base64) from an electron-builder manifest. */
export function parseManifest(text: string): { version: string | null; files: Map<string, string> } {
  const version = /^version:\s*['"]?([^'"\s]+)['"]?\s*$/m.exec(text)?.[1] ?? null;
  const files = new Map<string, string>();
  for (const m of text.matchAll(/-\s+url:\s*['"]?([^'"\n]+?)['"]?\s*\n\s+sha512:\s*['"]?([A-Za-z0-9+/=]+)['"]?/g)) files.set(m[1]!.trim(), m[2]!);
  const top = /^path:\s*['"]?([^'"\n]+?)['"]?\s*$/m.exec(text)?.[1];
  const topSha = /^sha512:\s*['"]?([A-Za-z0-9+/=]+)['"]?\s*$/m.exec(text)?.[1];
  if (top && topSha && !files.has(top)) files.set(top, topSha);
  return { version, files };
}

/** Whether `signature` (base64) is the Ed25519 signature of `manifest` under the public key (PEM or base64 SPKI DER). */
export function verifyManifest(manifest: Buffer, signature: string, publicKey: string): boolean {
  try {
    const key = publicKey.includes('BEGIN') ? createPublicKey(publicKey) : createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' });
    if (key.asymmetricKeyType !== 'ed25519') return false;
    return verify(null, manifest, key, Buffer.from(signature.trim(), 'base64'));
  } catch {
    return false;
  }
}

/** SHA-512 of bytes, base64 (electron-builder's manifest format). */
export function sha512(bytes: Buffer): string {
  return createHash('sha512').update(bytes).digest('base64');
}

/** Why an update was refused, or null when it may be installed. */
export function checkDownloadedUpdate(input: { manifest: Buffer; signature: string; publicKey: string; fileName: string; fileBytes: Buffer; version: string | undefined }): string | null {
  if (!verifyManifest(input.manifest, input.signature, input.publicKey)) return 'the update manifest is not signed with this studio’s update key';
  const parsed = parseManifest(input.manifest.toString('utf8'));
  if (input.version && parsed.version !== input.version) return 'the signed manifest names another version';
  const expected = parsed.files.get(input.fileName);
  if (!expected) return 'the signed manifest does not list the downloaded file';
  if (sha512(input.fileBytes) !== expected) return 'the downloaded file does not match the signed checksum';
  return null;
}
