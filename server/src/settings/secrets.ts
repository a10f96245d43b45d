import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { keepServerSecret } from './repo';

/**
 * Secrets at rest (the Discord bot token and client secret): AES-256-GCM with
 * a key derived from SECRET_KEY, or, when that is unset, a random key made
 * once and kept in the database (settings/repo.ts). Stored as
 * `v1.<key fingerprint>.<iv>.<tag>.<ciphertext>` (base64url), so a value
 * sealed under another key is recognised instead of decrypting to garbage.
 */
export interface SecretBox {
  seal(plain: string): string;
  /** The plain text, or null when the value was sealed under another key or was tampered with. */
  open(sealed: string): string | null;
  /** Where the key came from (for the README's trade-off and the logs). */
  source: 'SECRET_KEY' | 'database';
}

const KEY_ROW = 'secrets.encryption_key';

/** Builds the box from a 32-byte key. */
export function secretBoxFromKey(key: Buffer, source: SecretBox['source']): SecretBox {
  if (key.length !== 32) throw new Error('The encryption key must be 32 bytes');
  const fingerprint = createHash('sha256').update(key).digest('base64url').slice(0, 8);
  return {
    source,
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(`airdeck:${fingerprint}`));
      const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', fingerprint, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
    },
    open(sealed) {
      const parts = sealed.split('.');
      if (parts.length !== 5 || parts[0] !== 'v1' || parts[1] !== fingerprint) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(parts[2]!, 'base64url'));
        decipher.setAAD(Buffer.from(`airdeck:${fingerprint}`));
        decipher.setAuthTag(Buffer.from(parts[3]!, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(parts[4]!, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/** Derives the 32-byte key from the SECRET_KEY passphrase. */
export function keyFromPassphrase(passphrase: string): Buffer {
  return createHash('sha256').update(`airdeck-secret-key:${passphrase}`).digest();
}

/** This instance's secret box, owned by the app context (`ctx.secrets`): the key is read once, on first use. */
export interface SecretKeeper {
  /** The box for this server: SECRET_KEY when configured, else the key kept in the database. */
  box(): Promise<SecretBox>;
}

/**
 * Makes the instance's keeper: SECRET_KEY when configured, else the key kept
 * in the database (created on first use; concurrent first uses agree on one;
 * a failed read is tried again on the next use).
 */
export function createSecretKeeper(deps: { knex: Knex; secretKey: string | undefined }): SecretKeeper {
  const { knex, secretKey } = deps;
  let box: Promise<SecretBox> | null = null;
  return {
    box() {
      if (secretKey) return Promise.resolve(secretBoxFromKey(keyFromPassphrase(secretKey), 'SECRET_KEY'));
      if (!box) {
        const made = (async () => {
          const value = await keepServerSecret(knex, KEY_ROW, randomBytes(32).toString('base64'));
          return secretBoxFromKey(Buffer.from(value, 'base64'), 'database');
        })();
        made.catch(() => {
          if (box === made) box = null;
        });
        box = made;
      }
      return box;
    },
  };
}
