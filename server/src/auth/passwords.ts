import argon2 from 'argon2';

/**
 * argon2id at OWASP's recommended minimum or stronger: 19 MiB of memory, two
 * passes, one lane. Old hashes with weaker parameters are upgraded at sign-in.
 */
export const ARGON2_PARAMS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Longest password accepted: hashing a megabyte would be a denial of service. */
export const MAX_PASSWORD_BYTES = 1024;

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_PARAMS);
}

/** Verifies a password; false for any malformed hash instead of throwing. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** Whether a stored hash was made with weaker parameters than today's. */
export function needsRehash(hash: string): boolean {
  return argon2.needsRehash(hash, { memoryCost: ARGON2_PARAMS.memoryCost, timeCost: ARGON2_PARAMS.timeCost, parallelism: ARGON2_PARAMS.parallelism });
}

/**
 * A hash to verify against when the email is unknown, so both failures take
 * the same time: computed on the first call, then the same one. The server
 * keeps one in its context (`ctx.signIn.dummyHash`, auth/limits.ts).
 */
export function dummyHashOnce(): () => Promise<string> {
  let dummy: Promise<string> | null = null;
  return () => (dummy ??= hashPassword('airdeck-timing-equaliser'));
}
