/**
 * Two-factor sign-in, password reset and one's own sessions (issue 37 items 4
 * and 5): the request schemas and reply shapes, written once for the server
 * and the web forms. The web imports only types from here (zod stays out of
 * the listener pages' first load).
 */
import { z } from 'zod';
import { NEW_PASSWORD_MIN, PASSWORD_MAX } from './accounts';
import { ROLES, type Role } from './permissions';

/** The server's words for the second step, password reset and sessions. */
export const MFA_TEXT = {
  codeRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  codeWrong: 'That code is not right. Check your authenticator app and try again.',
  challengeExpired: 'This sign-in has expired. Please sign in again.',
  alreadyEnabled: 'Two-factor sign-in is already on for this account.',
  notSetUp: 'Start the set-up first: scan the QR code, then enter a code.',
  passwordWrong: 'Current password is incorrect',
  ownerNeedsTotp: 'Turn on two-factor sign-in for your own account before requiring it for owners.',
  requiredForRole: 'Your role must use two-factor sign-in: it cannot be turned off.',
  resetSent: 'If an account uses that address, we have sent it a link to set a new password. The link works once, for 30 minutes.',
  resetInvalid: 'This link has expired or was already used. Ask for a new one.',
  sessionNotFound: 'That session has already ended.',
} as const;

const code = z
  .string({ error: MFA_TEXT.codeRequired })
  .trim()
  .min(1, MFA_TEXT.codeRequired)
  .max(40, MFA_TEXT.codeWrong);
const token = z.string({ error: MFA_TEXT.challengeExpired }).min(1, MFA_TEXT.challengeExpired).max(200, MFA_TEXT.challengeExpired);

/** POST /api/auth/mfa/verify: the second step of a sign-in. */
export const MfaVerifySchema = z.object({ mfa_token: token, code });
/** POST /api/auth/mfa/totp/setup: signed in, or with the token of a sign-in that must enrol first. */
export const MfaSetupSchema = z.object({ mfa_token: token.optional() }).default({});
/** POST /api/auth/mfa/totp/enable: the first code proves the app holds the secret. */
export const MfaEnableSchema = z.object({ code, mfa_token: token.optional() });
/** POST /api/auth/mfa/totp/disable and /recovery-codes: the current password again. */
export const MfaPasswordSchema = z.object({ password: z.string({ error: MFA_TEXT.passwordWrong }).min(1, MFA_TEXT.passwordWrong).max(PASSWORD_MAX, MFA_TEXT.passwordWrong) });
/** PUT /api/auth/mfa/policy: the owner's rule. */
export const MfaPolicySchema = z.object({ enforced: z.boolean(), roles: z.array(z.enum(ROLES)).max(ROLES.length) });
/** POST /api/auth/password-reset. */
export const ResetRequestSchema = z.object({ email: z.string().trim().min(1).max(320) });
/** POST /api/auth/password-reset/confirm. */
export const ResetConfirmSchema = z.object({
  token: z.string().min(1, MFA_TEXT.resetInvalid).max(200, MFA_TEXT.resetInvalid),
  password: z.string().min(NEW_PASSWORD_MIN, `Password must be at least ${NEW_PASSWORD_MIN} characters`).max(PASSWORD_MAX),
});

/** The answer to a right password on an account that needs a second step. */
export interface MfaChallengeResponse {
  /** A code is needed (the account has TOTP). */
  mfa_required?: true;
  /** The account's role must use two-factor sign-in and it has none yet: set it up to finish signing in. */
  mfa_setup_required?: true;
  mfa_token: string;
  /** Seconds the token stays valid. */
  expires_in: number;
}

/** POST /api/auth/mfa/totp/setup. */
export interface MfaSetupResponse {
  secret: string;
  otpauth_url: string;
}

/** GET /api/me/mfa. */
export interface MfaStatusResponse {
  enabled: boolean;
  recovery_codes_left: number;
  /** Whether the owner's policy requires it for this account's role. */
  required: boolean;
}

/** GET /api/auth/mfa/policy. */
export interface MfaPolicyResponse {
  enforced: boolean;
  roles: Role[];
}

/** One live session in My Profile. */
export interface OwnSession {
  id: string;
  client: 'web' | 'desktop';
  user_agent: string | null;
  ip: string | null;
  created_at: string;
  last_used_at: string;
  current: boolean;
}
