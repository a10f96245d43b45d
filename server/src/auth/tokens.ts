import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import type { Knex } from 'knex';
import { isRole, type Role } from '../../../shared/permissions';
import { JWT_ALG, loadSigningKeys, type SigningKey } from './keys';

/** Access tokens live 15 minutes; the refresh token renews them. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const JWT_ISSUER = 'airdeck';
export const JWT_AUDIENCE = 'airdeck-api';
const CLOCK_TOLERANCE_SECONDS = 5;

/** The claims of an Airdeck access token. */
export interface AccessClaims {
  sub: string;
  sid: string;
  role: Role;
  email: string;
  exp: number;
  iat: number;
}

/** Signs and verifies access tokens with the database-held keys. */
export interface TokenService {
  sign(input: { userId: string; sessionId: string; role: Role; email: string }, nowMs?: number): Promise<{ token: string; expiresAt: number }>;
  /** Verified claims, or null for any invalid, expired, forged or malformed token (never throws). */
  verify(token: string): Promise<AccessClaims | null>;
  jwks(): { keys: SigningKey['publicJwk'][] };
  /** Server-only key for deriving a rotated refresh token from its parent (never leaves the server). */
  rotationSecret: Buffer;
}

/** Builds the token service; keys are loaded (or generated) once. */
export async function createTokenService(knex: Knex): Promise<TokenService> {
  const keys = await loadSigningKeys(knex);
  const current = keys[0]!;
  const byKid = new Map(keys.map((k) => [k.kid, k]));
  return {
    rotationSecret: current.secret,
    async sign({ userId, sessionId, role, email }, nowMs = Date.now()) {
      const iat = Math.floor(nowMs / 1000);
      const exp = iat + ACCESS_TOKEN_TTL_SECONDS;
      const token = await new SignJWT({ sid: sessionId, role, email })
        .setProtectedHeader({ alg: JWT_ALG, kid: current.kid, typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(JWT_ISSUER)
        .setAudience(JWT_AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .setJti(randomUUID())
        .sign(current.privateKey);
      return { token, expiresAt: exp * 1000 };
    },
    async verify(token) {
      if (typeof token !== 'string' || token.length > 4096) return null;
      try {
        // The key comes from our own set by kid, never from jwk/jku/x5u in the header.
        const { payload } = await jwtVerify(
          token,
          async (header) => {
            const key = header.kid ? byKid.get(header.kid) : undefined;
            if (!key) throw new joseErrors.JWKSNoMatchingKey();
            return key.publicKey;
          },
          { algorithms: [JWT_ALG], issuer: JWT_ISSUER, audience: JWT_AUDIENCE, requiredClaims: ['exp', 'iat', 'sub', 'sid'], clockTolerance: CLOCK_TOLERANCE_SECONDS, typ: 'JWT' },
        );
        return toClaims(payload);
      } catch {
        // jose throws its own errors, and a plain TypeError for key confusion: all are a 401.
        return null;
      }
    },
    jwks: () => ({ keys: keys.map((k) => k.publicJwk) }),
  };
}

function toClaims(p: JWTPayload): AccessClaims | null {
  const { sub, exp, iat } = p;
  const sid = p.sid;
  const role = p.role;
  const email = p.email;
  if (typeof sub !== 'string' || typeof sid !== 'string' || typeof exp !== 'number' || typeof iat !== 'number' || !isRole(role) || typeof email !== 'string') return null;
  return { sub, sid, role, exp, iat, email };
}
