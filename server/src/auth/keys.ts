import { createHash, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Knex } from 'knex';
import { currentSigningKeys, insertFirstSigningKey } from './repo';

/** The one signing algorithm: pinned on verification so no token can choose another. */
export const JWT_ALG = 'ES256';

/** A signing key pair as loaded from the database. */
export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
  /** A server-only secret derived from the private key (keys refresh-token rotation). */
  secret: Buffer;
}

/**
 * Loads the JWT signing keys, generating the first pair on first start. Keys
 * live in the database so every server instance signs and verifies with the
 * same ones; the public halves are published at /.well-known/jwks.json.
 */
export async function loadSigningKeys(knex: Knex): Promise<SigningKey[]> {
  let rows = await currentSigningKeys(knex);
  if (rows.length === 0) {
    const { publicKey, privateKey } = await generateKeyPair(JWT_ALG, { extractable: true });
    const kid = randomUUID();
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: JWT_ALG, use: 'sig' };
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: JWT_ALG };
    // Two instances starting together: one key (insertFirstSigningKey takes an advisory lock).
    await insertFirstSigningKey(knex, { kid, alg: JWT_ALG, publicJwk, privateJwk });
    rows = await currentSigningKeys(knex);
  }
  return Promise.all(
    rows.map(async (r) => ({
      kid: r.kid,
      privateKey: (await importJWK(r.private_jwk, JWT_ALG)) as CryptoKey,
      publicKey: (await importJWK(r.public_jwk, JWT_ALG)) as CryptoKey,
      publicJwk: r.public_jwk,
      secret: createHash('sha256').update(`airdeck-refresh-rotation:${String(r.private_jwk.d)}`).digest(),
    })),
  );
}
