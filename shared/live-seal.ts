import { createCipheriv, createDecipheriv, createPublicKey, diffieHellman, generateKeyPairSync, hkdfSync, randomBytes, type KeyObject } from 'node:crypto';

/**
 * The station's source credentials on their way to the desktop studio's main
 * process (issue 31), Node only. The main process makes an X25519 key pair
 * for each broadcast and hands only the public key to its window; the server
 * seals the credentials to that key (ephemeral X25519, HKDF-SHA256,
 * AES-256-GCM) and answers the sealed text in the go-live ticket. The window
 * carries the text to the main process without being able to read it, so the
 * password never reaches the presenter's page, as in the browser path.
 */

export interface SealedSource {
  /** `http(s)://host:port`, no path. */
  server: string;
  mount: string;
  username: string;
  password: string;
  /** Whether Icecast's admin metadata call works with these credentials. */
  metadata: boolean;
}

const INFO = Buffer.from('airdeck live source v1');
const b64 = (b: Buffer) => b.toString('base64url');
const unb64 = (s: string) => Buffer.from(s, 'base64url');

function keyFor(shared: Buffer, epk: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', shared, epk, INFO, 32));
}

/** A key pair for one broadcast; `publicKey` is base64url SPKI DER (what the window passes to the server). */
export function sealKeyPair(): { publicKey: string; privateKey: KeyObject } {
  const { publicKey, privateKey } = generateKeyPairSync('x25519');
  return { publicKey: b64(publicKey.export({ type: 'spki', format: 'der' })), privateKey };
}

/** True for a well-formed X25519 public key as {@link sealKeyPair} gives it. */
export function isSealKey(publicKey: string): boolean {
  try {
    return createPublicKey({ key: unb64(publicKey), format: 'der', type: 'spki' }).asymmetricKeyType === 'x25519';
  } catch {
    return false;
  }
}

/** Seals the credentials to the main process's public key (the server's side). */
export function sealSource(publicKey: string, source: SealedSource): string {
  const recipient = createPublicKey({ key: unb64(publicKey), format: 'der', type: 'spki' });
  const eph = generateKeyPairSync('x25519');
  const epk = eph.publicKey.export({ type: 'spki', format: 'der' });
  const key = keyFor(diffieHellman({ privateKey: eph.privateKey, publicKey: recipient }), epk);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(source), 'utf8'), cipher.final()]);
  return [b64(epk), b64(iv), b64(body), b64(cipher.getAuthTag())].join('.');
}

/** Opens a sealed text with the private key (the main process's side); throws when it was not sealed to it. */
export function openSource(privateKey: KeyObject, sealed: string): SealedSource {
  const [epkText, ivText, bodyText, tagText] = sealed.split('.');
  if (!epkText || !ivText || !bodyText || !tagText) throw new Error('Not a sealed live source.');
  const epk = unb64(epkText);
  const key = keyFor(diffieHellman({ privateKey, publicKey: createPublicKey({ key: epk, format: 'der', type: 'spki' }) }), epk);
  const decipher = createDecipheriv('aes-256-gcm', key, unb64(ivText));
  decipher.setAuthTag(unb64(tagText));
  const plain = Buffer.concat([decipher.update(unb64(bodyText)), decipher.final()]).toString('utf8');
  const v = JSON.parse(plain) as Partial<SealedSource>;
  if (typeof v.server !== 'string' || typeof v.mount !== 'string' || typeof v.username !== 'string' || typeof v.password !== 'string') throw new Error('Not a sealed live source.');
  return { server: v.server, mount: v.mount, username: v.username, password: v.password, metadata: v.metadata === true };
}
