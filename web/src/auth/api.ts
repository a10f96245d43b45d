/**
 * The sign-in routes (/api/auth/*), for the session layer (session.ts). They answer the raw Response: the
 * session tells a refused sign-in from a lost connection and a spent refresh token from a 5xx worth retrying.
 * Every answer that is a session is a `SessionResponse` (shared/accounts).
 */
import type { SignInInput } from '../../../shared/accounts';
import { isErrorBody } from '../../../shared/errors';
import { ApiError } from '../app/api';
import { getApiBase } from '../platform';

async function postJson(path: string, body: unknown, token?: string): Promise<Response> {
  return fetch(`${getApiBase()}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
}

/** POST /api/auth/token: password sign-in. */
export const postSignIn = (input: SignInInput) => postJson('/api/auth/token', input);
/** POST /api/auth/refresh: a new access token (the website's refresh token rides in its cookie; the studio sends it). */
export const postRefresh = (body: { refresh_token?: string }) => postJson('/api/auth/refresh', body);
/** POST /api/auth/mfa/verify: the second step of a sign-in (issue 37). */
export const postMfaVerify = (body: { mfa_token: string; code: string }) => postJson('/api/auth/mfa/verify', body);
/** POST /api/auth/mfa/totp/setup with a sign-in's token: the new secret of an account that must enrol. */
export const postMfaSetup = (body: { mfa_token: string }) => postJson('/api/auth/mfa/totp/setup', body);
/** POST /api/auth/mfa/totp/enable with a sign-in's token: the first code, which finishes the sign-in. */
export const postMfaEnable = (body: { mfa_token: string; code: string }) => postJson('/api/auth/mfa/totp/enable', body);
/** POST /api/auth/password-reset: asks for a reset link by e-mail. */
export const postResetRequest = (body: { email: string }) => postJson('/api/auth/password-reset', body);
/** POST /api/auth/password-reset/confirm: the link's token and the new password. */
export const postResetConfirm = (body: { token: string; password: string }) => postJson('/api/auth/password-reset/confirm', body);
/** POST /api/auth/sign-out. */
export const postSignOut = (body: { refresh_token?: string }, token?: string) => postJson('/api/auth/sign-out', body, token);

/** The error of a refused auth call, in the server's words. */
export async function errorFrom(res: Response): Promise<ApiError> {
  const body: unknown = await res.json().catch(() => null);
  if (isErrorBody(body)) return new ApiError(res.status, body.error.code, body.error.message, body.error.details?.fields, body.error.details, body.error.key, body.error.values);
  return new ApiError(res.status, res.status >= 500 ? 'internal' : 'bad_request', `The station answered ${res.status}. Please try again.`);
}
