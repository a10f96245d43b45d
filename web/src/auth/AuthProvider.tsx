import { atom, useAtomValue, useSetAtom } from 'jotai';
import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import type { LinkedPresenter, MeResponse, UserView } from '../../../shared/accounts';
import { fetchMe } from '../profile/api';
import { useProfileLanguage } from '../profile/language';
import { getSessionState, initSession, signIn as clientSignIn, signOut as clientSignOut, subscribeSession, type SecondStep, type SessionState, type SessionUser } from './session';

/** The session as the UI sees it. */
export const sessionAtom = atom<SessionState>(getSessionState());
/** The signed-in user's profile and presenter record; null until fetched (or when the fetch failed). */
export const meAtom = atom<MeResponse | null>(null);
/** True after a profile fetch failed (the gate then offers a retry). */
export const meErrorAtom = atom(false);

/** Delay between a sign-in event and the profile fetch (000 §4, §9). */
const PROFILE_DELAY_MS = 100;

/** What useAuth gives a component. */
export interface AuthValue {
  status: SessionState['status'];
  user: SessionUser | null;
  profile: UserView | null;
  presenter: LinkedPresenter | null;
  /** True while signed in but the profile has not arrived yet. */
  profileLoading: boolean;
  profileError: boolean;
  signIn(email: string, password: string): Promise<SessionUser | SecondStep>;
  signOut(): Promise<void>;
  /** Fetches the profile again (after My Profile changes it). */
  reloadProfile(): Promise<void>;
  /** Puts a fresh profile reply in place without a fetch. */
  setMe(me: MeResponse): void;
}

const AuthContext = createContext<{ reload: () => Promise<void> } | null>(null);

/**
 * Starts the session client and keeps the atoms in step with it: the first
 * session check, the profile fetch 100 ms after each sign-in, and clearing the
 * profile on sign-out. Mounted once at the root.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const setSession = useSetAtom(sessionAtom);
  const setMe = useSetAtom(meAtom);
  const setMeError = useSetAtom(meErrorAtom);
  const session = useAtomValue(sessionAtom);

  useEffect(() => {
    const off = subscribeSession(setSession);
    setSession(getSessionState());
    void initSession();
    return off;
  }, [setSession]);

  const reload = useCallback(async () => {
    try {
      setMe(await fetchMe());
      setMeError(false);
    } catch (err) {
      // Logged, and the profile becomes null (000 §8).
      console.warn('Profile fetch failed', err);
      setMe(null);
      setMeError(true);
    }
  }, [setMe, setMeError]);

  const userId = session.user?.id ?? null;
  // A new role (the realtime feed's role_changed renews the token, issue 30 item 7) fetches the profile again, so the
  // sidebar and every role gate follow without signing in again.
  const role = session.user?.role ?? null;
  useEffect(() => {
    if (session.status !== 'signedIn' || !userId) {
      setMe(null);
      setMeError(false);
      return;
    }
    const timer = setTimeout(() => void reload(), PROFILE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [session.status, userId, role, reload, setMe, setMeError]);

  useProfileLanguage(useAtomValue(meAtom), setMe);
  const value = useMemo(() => ({ reload }), [reload]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The session, the profile and the sign-in/out actions. */
export function useAuth(): AuthValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  const session = useAtomValue(sessionAtom);
  const me = useAtomValue(meAtom);
  const meError = useAtomValue(meErrorAtom);
  const setMe = useSetAtom(meAtom);
  const profile = session.status === 'signedIn' && me && me.user.id === session.user?.id ? me.profile : null;
  return {
    status: session.status,
    user: session.user,
    profile,
    presenter: profile ? (me?.presenter ?? null) : null,
    profileLoading: session.status === 'signedIn' && !profile && !meError,
    profileError: meError,
    signIn: clientSignIn,
    signOut: clientSignOut,
    reloadProfile: ctx.reload,
    setMe,
  };
}
