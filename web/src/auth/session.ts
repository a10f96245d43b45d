/**
 * The session client: signs in, keeps the access token in memory only,
 * refreshes it before it expires, and signs out. Framework-free; the React
 * layer (AuthProvider) subscribes to it.
 *
 * Website: the refresh token is an httpOnly cookie the page never sees.
 * Desktop studio: the refresh token is kept in the OS keychain through the
 * bridge and sent in the body. Tabs (or studio windows) take a Web Lock
 * around each refresh so they rotate the token one after the other, and tell
 * each other about sign-in and sign-out over a BroadcastChannel.
 */
import type { SessionResponse } from '../../../shared/accounts';
import type { Role } from '../../../shared/permissions';
import { ApiError, setAccessTokenProvider, setUnauthorizedHandler } from '../app/api';
import { isStudio } from '../platform';
import { errorFrom, postMfaEnable, postMfaSetup, postMfaVerify, postRefresh, postSignIn, postSignOut } from './api';
import type { MfaChallengeResponse, MfaSetupResponse } from '../../../shared/mfa';
import { ACCOUNT_INACTIVE } from '../../../shared/account-inactive';
import { AUTH_HINT_STORAGE_KEY } from '../../../shared/boot-data';

/** Who is signed in, as the access token says. */
export interface SessionUser {
  id: string;
  email: string;
  role: Role;
}

/** The client's view of the session. */
export interface SessionState {
  status: 'loading' | 'signedIn' | 'signedOut';
  user: SessionUser | null;
}

/** Remembers (not secretly) that this browser has signed in, so visitors who never did make no refresh call. */
const HINT_KEY = AUTH_HINT_STORAGE_KEY;
const LOCK_NAME = 'airdeck-auth-refresh';
const CHANNEL_NAME = 'airdeck-auth';
/** Refresh this long before the access token expires. */
const REFRESH_MARGIN_MS = 60_000;
/** Retry backoff for refresh failures that may pass (network, 5xx): starts at 200 ms and doubles (000 §9). */
const RETRY_START_MS = 200;
const RETRY_ATTEMPTS = 4;

type Message = { type: 'signed-in' } | { type: 'signed-out' };

let state: SessionState = { status: 'loading', user: null };
let accessToken: string | null = null;
let expiresAt = 0;
let refreshTimer: ReturnType<typeof setTimeout> | null = null;
let inflight: Promise<boolean> | null = null;
let initialised: Promise<void> | null = null;
const listeners = new Set<(s: SessionState) => void>();
const channel: BroadcastChannel | null = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(CHANNEL_NAME) : null;

function emit(next: SessionState): void {
  const changedUser = next.status !== state.status || next.user?.id !== state.user?.id;
  state = next;
  for (const l of listeners) l(state);
  // The realtime socket re-authenticates (staff channels) when who is signed in changes.
  if (changedUser && next.status !== 'loading') void import('../realtime/client').then((m) => m.realtime.authenticate()).catch(() => undefined);
}

function readHint(): boolean {
  try {
    return localStorage.getItem(HINT_KEY) === '1';
  } catch {
    return true;
  }
}

function writeHint(on: boolean): void {
  try {
    if (on) localStorage.setItem(HINT_KEY, '1');
    else localStorage.removeItem(HINT_KEY);
  } catch {
    // Private browsing: the cookie still works; we just try a refresh every load.
  }
}

function post(message: Message): void {
  try {
    channel?.postMessage(message);
  } catch {
    // A closed channel only means no other tab hears it.
  }
}

function schedule(): void {
  if (refreshTimer) clearTimeout(refreshTimer);
  // A little jitter so several tabs do not all queue for the lock at the same instant.
  const wait = Math.max(5_000, expiresAt - Date.now() - REFRESH_MARGIN_MS - Math.random() * 10_000);
  refreshTimer = setTimeout(() => void refresh(), wait);
}

function accept(reply: SessionResponse): void {
  accessToken = reply.access_token;
  // The server's lifetime measured on our clock, so a skewed clock does not matter.
  expiresAt = Date.now() + reply.expires_in * 1000;
  writeHint(true);
  schedule();
  const same = state.status === 'signedIn' && state.user?.id === reply.user.id && state.user.role === reply.user.role && state.user.email === reply.user.email;
  if (!same) emit({ status: 'signedIn', user: reply.user });
}

function clearLocal(): void {
  accessToken = null;
  expiresAt = 0;
  if (refreshTimer) clearTimeout(refreshTimer);
  refreshTimer = null;
  writeHint(false);
  if (state.status !== 'signedOut') emit({ status: 'signedOut', user: null });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One refresh round trip; false when the session is gone (and then local state is cleared). */
async function refreshOnce(): Promise<boolean> {
  const studio = isStudio();
  let body: { refresh_token?: string } = {};
  if (studio) {
    const stored = await window.airdeck!.getRefreshToken();
    if (!stored) {
      clearLocal();
      return false;
    }
    body = { refresh_token: stored };
  }
  for (let attempt = 0, delay = RETRY_START_MS; ; attempt++, delay *= 2) {
    let res: Response | null = null;
    try {
      res = await postRefresh(body);
    } catch {
      res = null;
    }
    if (res?.ok) {
      const reply = (await res.json()) as SessionResponse;
      if (studio && reply.refresh_token) await window.airdeck!.setRefreshToken(reply.refresh_token);
      accept(reply);
      return true;
    }
    if (res && res.status >= 400 && res.status < 500) {
      // Not retryable (000 §8): the session is removed. A deactivated account is told why on the sign-in page.
      const why = await errorFrom(res).catch(() => null);
      // Known by its catalogue key: the server words it in the reader's language (the sign-in page translates the English).
      if (why && (why.key === 'error.accountInactive' || why.message === ACCOUNT_INACTIVE)) rememberSignOutReason(ACCOUNT_INACTIVE);
      if (studio) await window.airdeck!.setRefreshToken(null);
      clearLocal();
      return false;
    }
    if (attempt + 1 >= RETRY_ATTEMPTS) {
      // The station is unreachable: keep what we have and try again later.
      if (state.status === 'loading') emit({ status: accessToken ? 'signedIn' : 'signedOut', user: state.user });
      if (refreshTimer) clearTimeout(refreshTimer);
      refreshTimer = setTimeout(() => void refresh(), 30_000);
      return false;
    }
    await sleep(delay);
  }
}

/**
 * Refreshes the session: one at a time in this tab, and one tab at a time
 * across tabs (Web Locks), so two tabs never present the same refresh token
 * and sign each other out.
 */
export function refresh(): Promise<boolean> {
  inflight ??= (async () => {
    try {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      return locks ? await locks.request(LOCK_NAME, refreshOnce) : await refreshOnce();
    } finally {
      inflight = null;
    }
  })();
  return inflight;
}

/** A valid access token (refreshed first when it expires within a minute), or null when signed out. */
export async function getAccessToken(): Promise<string | null> {
  if (state.status === 'loading' && initialised) await initialised;
  if (state.status === 'signedOut') return null;
  if (accessToken && expiresAt - Date.now() > REFRESH_MARGIN_MS) return accessToken;
  const ok = await refresh();
  return ok ? accessToken : null;
}

/** The first session check at start: a refresh when a session may exist, else signed out at once. */
export function initSession(): Promise<void> {
  initialised ??= (async () => {
    setAccessTokenProvider(getAccessToken);
    setUnauthorizedHandler(async () => ((await refresh()) ? accessToken : null));
    channel?.addEventListener('message', (e: MessageEvent<Message>) => {
      if (e.data?.type === 'signed-out') clearLocal();
      if (e.data?.type === 'signed-in' && state.status !== 'signedIn') void refresh();
    });
    if (typeof document !== 'undefined') {
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible' && state.status === 'signedIn' && expiresAt - Date.now() < REFRESH_MARGIN_MS) void refresh();
      });
    }
    const maybe = isStudio() ? !!(await window.airdeck!.getRefreshToken()) : readHint();
    if (!maybe) {
      emit({ status: 'signedOut', user: null });
      return;
    }
    await refresh();
  })();
  return initialised;
}

/** A sign-in whose password was right but that needs a second step (issue 37): a code, or setting TOTP up first. */
export interface SecondStep {
  kind: 'verify' | 'enroll';
  token: string;
}

async function call(send: () => Promise<Response>): Promise<Response> {
  let res: Response;
  try {
    res = await send();
  } catch {
    throw new ApiError(0, 'network', 'Could not reach the station. Check your connection and try again.');
  }
  if (!res.ok) throw await errorFrom(res);
  return res;
}

/** Takes a finished sign-in's answer: the studio keeps its refresh token, every tab hears it. */
async function finish(reply: SessionResponse): Promise<SessionUser> {
  if (isStudio() && reply.refresh_token) await window.airdeck!.setRefreshToken(reply.refresh_token);
  accept(reply);
  post({ type: 'signed-in' });
  return reply.user;
}

/** Password sign-in; throws an ApiError with the server's message on failure; answers the second step an account with two-factor needs. */
export async function signIn(email: string, password: string): Promise<SessionUser | SecondStep> {
  const res = await call(() => postSignIn({ email, password, client: isStudio() ? 'desktop' : 'web' }));
  const reply = (await res.json()) as SessionResponse | MfaChallengeResponse;
  if ('mfa_token' in reply) return { kind: reply.mfa_setup_required ? 'enroll' : 'verify', token: reply.mfa_token };
  return finish(reply);
}

/** The second step: a code from the authenticator app or a recovery code. */
export async function verifySecondStep(token: string, code: string): Promise<SessionUser> {
  const res = await call(() => postMfaVerify({ mfa_token: token, code }));
  return finish((await res.json()) as SessionResponse);
}

/** An account that must enrol: its new secret (for the QR code). */
export async function enrolSetup(token: string): Promise<MfaSetupResponse> {
  const res = await call(() => postMfaSetup({ mfa_token: token }));
  return (await res.json()) as MfaSetupResponse;
}

/** An account that must enrol: its first code turns TOTP on and finishes the sign-in; answers the recovery codes. */
export async function enrolEnable(token: string, code: string): Promise<string[]> {
  const res = await call(() => postMfaEnable({ mfa_token: token, code }));
  const reply = (await res.json()) as SessionResponse & { recovery_codes: string[] };
  await finish(reply);
  return reply.recovery_codes;
}

/**
 * Signs out as the spec orders it (000 §4): local state is cleared first,
 * then the server is told, and a failure there is logged, not shown.
 */
export async function signOut(): Promise<void> {
  const token = accessToken;
  const studio = isStudio();
  const stored = studio ? await window.airdeck!.getRefreshToken().catch(() => null) : null;
  clearLocal();
  if (studio) await window.airdeck!.setRefreshToken(null).catch(() => undefined);
  post({ type: 'signed-out' });
  try {
    const res = await postSignOut(stored ? { refresh_token: stored } : {}, token ?? undefined);
    // 401, 403 and 404 mean the session is already gone (000 §8).
    if (!res.ok && ![401, 403, 404].includes(res.status)) console.warn('Sign-out: the station answered', res.status);
  } catch (err) {
    console.warn('Sign-out: the station could not be reached', err);
  }
}

/** The current state (for the first render). */
export function getSessionState(): SessionState {
  return state;
}

/** Subscribes to session changes; returns the unsubscribe function. */
export function subscribeSession(listener: (s: SessionState) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const SIGN_OUT_REASON_KEY = 'airdeck.signOutReason';

function rememberSignOutReason(message: string): void {
  try {
    sessionStorage.setItem(SIGN_OUT_REASON_KEY, message);
  } catch {
    // Storage refused (private mode): the page simply says nothing.
  }
}

/** Why the session ended, when the server said (a deactivated account), for the sign-in page. */
export function signOutReason(): string | null {
  try {
    return sessionStorage.getItem(SIGN_OUT_REASON_KEY);
  } catch {
    return null;
  }
}

/** Forgets the reason once the sign-in page has shown it. */
export function forgetSignOutReason(): void {
  try {
    sessionStorage.removeItem(SIGN_OUT_REASON_KEY);
  } catch {
    // Nothing stored.
  }
}
