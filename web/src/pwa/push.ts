import { useSyncExternalStore } from 'react';
import { deleteFollow, fetchPushKey, postFollow } from './api';
import { registerServiceWorker } from './register';

/**
 * Follow a show without an account (issue 36 item 2): the browser's push subscription (made with the station's
 * VAPID key by the service worker's pushManager) is sent with the show; the shows this browser follows are
 * remembered here, on the device (the server keeps no list a browser could read back).
 */
const FOLLOWS_KEY = 'airdeck.follows';

/**
 * A show as the follow button knows it: the booking's id, and what names its series on the listener pages (the
 * title and the presenter), so that next week's booking of a followed show shows as followed too (the server
 * notifies for every booking of the series).
 */
export interface FollowTarget {
  id: string;
  title: string;
  presenterId?: string | null;
}
interface Followed {
  id: string;
  key: string;
}
const keyOf = (t: FollowTarget) => `${t.title.trim().toLowerCase()}|${t.presenterId ?? ''}`;

function readFollows(): Followed[] {
  try {
    const v = JSON.parse(localStorage.getItem(FOLLOWS_KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is Followed => !!x && typeof (x as Followed).id === 'string' && typeof (x as Followed).key === 'string') : [];
  } catch {
    return [];
  }
}
let follows: Followed[] = typeof window === 'undefined' ? [] : readFollows();
const listeners = new Set<() => void>();
const matching = (t: FollowTarget) => follows.filter((f) => f.id === t.id || f.key === keyOf(t));
function writeFollows(next: Followed[]): void {
  follows = next;
  try {
    localStorage.setItem(FOLLOWS_KEY, JSON.stringify(next));
  } catch {
    // private mode: followed for this visit
  }
  listeners.forEach((fn) => fn());
}
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key !== FOLLOWS_KEY) return;
    follows = readFollows();
    listeners.forEach((fn) => fn());
  });
}
const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};
const EMPTY: Followed[] = [];

/** Whether this browser follows the show (false while the server draws the page). */
export function useFollowing(target: FollowTarget): boolean {
  const list = useSyncExternalStore(subscribe, () => follows, () => EMPTY);
  const key = keyOf(target);
  return list.some((f) => f.id === target.id || f.key === key);
}

/** Whether this browser can follow at all: service workers, Push and notifications. */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && window.isSecureContext && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** An iPhone or iPad outside the installed app: Safari offers Web Push only to apps on the Home Screen. */
export function needsHomeScreen(): boolean {
  if (typeof window === 'undefined') return false;
  const ios = /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  const standalone = window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
  return ios && !standalone;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a) return false;
  const x = new Uint8Array(a);
  return x.length === b.length && x.every((v, i) => v === b[i]);
}

async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  const reg = (await registerServiceWorker()) ?? null;
  if (!reg) throw new FollowError('unsupported');
  // A first visit: the worker may still be installing; push needs it active.
  return navigator.serviceWorker.ready;
}

export type FollowProblem = 'unsupported' | 'denied' | 'failed' | 'homeScreen';
export class FollowError extends Error {
  constructor(readonly problem: FollowProblem) {
    super(problem);
  }
}

/** Follows a show: asks for notifications, subscribes with the station's key, tells the server. */
export async function followShow(target: FollowTarget): Promise<void> {
  if (needsHomeScreen()) throw new FollowError('homeScreen');
  if (!pushSupported()) throw new FollowError('unsupported');
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') throw new FollowError('denied');
  try {
    const reg = await workerRegistration();
    const key = keyBytes((await fetchPushKey()).public_key);
    let sub = await reg.pushManager.getSubscription();
    // A subscription made with another key (the station's key was replaced) cannot be sent to.
    if (sub && !sameKey(sub.options.applicationServerKey, key)) {
      await sub.unsubscribe();
      sub = null;
    }
    sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    await postFollow(target.id, sub.toJSON());
    writeFollows([...follows.filter((f) => f.id !== target.id), { id: target.id, key: keyOf(target) }]);
  } catch (err) {
    if (err instanceof FollowError) throw err;
    if (err instanceof DOMException && err.name === 'NotAllowedError') throw new FollowError('denied');
    console.warn('Following the show failed', err);
    throw new FollowError('failed');
  }
}

/** Unfollows a show (one click): the server forgets it; with no show left, the subscription itself goes. */
export async function unfollowShow(target: FollowTarget): Promise<void> {
  const reg = pushSupported() ? await navigator.serviceWorker.getRegistration('/') : undefined;
  const sub = reg ? await reg.pushManager.getSubscription() : null;
  const gone = matching(target);
  if (sub) for (const f of gone.length > 0 ? gone : [{ id: target.id }]) await deleteFollow(sub.endpoint, f.id);
  const rest = follows.filter((f) => !gone.includes(f));
  writeFollows(rest);
  if (sub && rest.length === 0) await sub.unsubscribe().catch(() => undefined);
}
