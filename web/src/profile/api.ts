/** The signed-in user's own account: profile, avatar, presenter links and password. Typed with shared/accounts. */
import type { ChangePasswordInput, MeResponse, SocialLinksInput, UpdateMeInput } from '../../../shared/accounts';
import { currentAccessToken, endpoint } from '../app/api';
import { getApiBase } from '../platform';

/** The signed-in user, their linked presenter and capabilities. */
export const fetchMe = endpoint<MeResponse>('GET', () => '/api/me');
export const updateMe = endpoint<MeResponse, [input: UpdateMeInput]>('PATCH', (body) => ({ path: '/api/me', body }));
/** Uploads a new avatar (the image's bytes). */
export const uploadMyAvatar = endpoint<unknown, [file: Blob]>('PUT', (file) => ({ path: '/api/me/avatar', rawBody: file }));
export const updateMyPresenterLinks = endpoint<MeResponse, [input: SocialLinksInput]>('PATCH', (body) => ({ path: '/api/me/presenter', body }));
export const changeMyPassword = endpoint<unknown, [input: ChangePasswordInput]>('POST', (body) => ({ path: '/api/me/password', body }));

// Two-factor sign-in and sessions (issue 37), typed with shared/mfa.
import type { MfaPolicyResponse, MfaSetupResponse, MfaStatusResponse, OwnSession } from '../../../shared/mfa';
export const fetchMyMfa = endpoint<MfaStatusResponse>('GET', () => '/api/me/mfa');
export const startTotpSetup = endpoint<MfaSetupResponse>('POST', () => ({ path: '/api/auth/mfa/totp/setup', body: {} }));
export const enableTotp = endpoint<{ recovery_codes: string[] }, [code: string]>('POST', (code) => ({ path: '/api/auth/mfa/totp/enable', body: { code } }));
export const disableTotp = endpoint<unknown, [password: string]>('POST', (password) => ({ path: '/api/auth/mfa/totp/disable', body: { password } }));
export const newRecoveryCodes = endpoint<{ recovery_codes: string[] }, [password: string]>('POST', (password) => ({ path: '/api/auth/mfa/recovery-codes', body: { password } }));
export const fetchMfaPolicy = endpoint<MfaPolicyResponse>('GET', () => '/api/auth/mfa/policy');
export const saveMfaPolicy = endpoint<MfaPolicyResponse, [policy: MfaPolicyResponse]>('PUT', (body) => ({ path: '/api/auth/mfa/policy', body }));
export const fetchMySessions = endpoint<{ sessions: OwnSession[] }>('GET', () => '/api/me/sessions');
export const endMySession = endpoint<unknown, [id: string]>('DELETE', (id) => ({ path: `/api/me/sessions/${encodeURIComponent(id)}` }));

// The account's own data (issue 37): a download and a request to be deleted.
/** Saves the account's own data as my-account-data-{date}.json (the server names the file and audits it). */
export async function downloadOwnData(): Promise<void> {
  const token = await currentAccessToken();
  const res = await fetch(`${getApiBase()}/api/me/data`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'my-account-data.json';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
/** Asks for the account and its data to be deleted (owners and managers are told). */
export const askAccountDeletion = endpoint<{ requested: true }, [message: string]>('POST', (message) => ({ path: '/api/me/deletion-request', body: message ? { message } : {} }));
