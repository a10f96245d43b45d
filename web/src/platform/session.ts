/**
 * The listener's anonymous ids, written once (spec 000 §3, browser storage):
 * - `user_session_id`: the anonymous session id used for voting (and page views);
 * - `user_session`: the session id for requests, `session_` plus a random string, created when absent. It
 *   also names the listener's own realtime channel (`session:<id>`, the request loop).
 *
 * One generator makes both; a stored id that is still valid is kept. Ids live in local storage, or in memory
 * for this page when storage is blocked (private browsing). When the request id appears (the first request
 * sent, in this tab or another), {@link onRequestSessionChange} listeners hear it once: this tab announces
 * its own writes, other tabs come through the browser's `storage` event. Nobody polls. No React here: the
 * station widgets (web/src/embed, plain DOM) use it too; the hook is in useRequestSessionId.ts.
 */

/** Browser storage key of the voting and page-view id. */
export const LISTENER_SESSION_KEY = 'user_session_id';
/** Browser storage key of the request id. */
export const REQUEST_SESSION_KEY = 'user_session';
/** What the server accepts as a session id (`SESSION_ID_RE` in shared/requests). */
const VALID = /^[A-Za-z0-9_-]{8,128}$/;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** The one generator: `length` random letters and digits from the browser's CSPRNG, after `prefix`. */
export function newSessionId(prefix = '', length = 24): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  // 256 % 36 = 4: the first four symbols are a hair likelier (1/64 vs 1/73); irrelevant for an anonymous id.
  return prefix + Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

const memory = new Map<string, string>();

function read(key: string): string | null {
  let value: string | null = null;
  try {
    value = localStorage.getItem(key);
  } catch {
    // storage blocked: memory below
  }
  value ??= memory.get(key) ?? null;
  return value && VALID.test(value) ? value : null;
}

function write(key: string, value: string): void {
  memory.set(key, value);
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private browsing: the id lasts for this page only.
  }
}

/** The anonymous voting (and page-view) id, created on first use. */
export function listenerSessionId(): string {
  const existing = read(LISTENER_SESSION_KEY);
  if (existing) return existing;
  const id = newSessionId();
  write(LISTENER_SESSION_KEY, id);
  return id;
}

const listeners = new Set<() => void>();
let storageHooked = false;

function announce(): void {
  for (const fn of [...listeners]) fn();
}

/** The request id if this browser has one (never creates it). */
export function currentRequestSessionId(): string | null {
  return read(REQUEST_SESSION_KEY);
}

/** The request id, created (and announced) when absent: call it when a request is sent. */
export function requestSessionId(): string {
  const existing = read(REQUEST_SESSION_KEY);
  if (existing) return existing;
  const id = newSessionId('session_', 16);
  write(REQUEST_SESSION_KEY, id);
  announce();
  return id;
}

/** Calls `fn` when the request id appears or changes (this tab or another); returns the unsubscribe. */
export function onRequestSessionChange(fn: () => void): () => void {
  if (!storageHooked && typeof window !== 'undefined') {
    storageHooked = true;
    window.addEventListener('storage', (e) => {
      if (e.key === REQUEST_SESSION_KEY || e.key === null) announce();
    });
  }
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** The browser's ids as they are now (never creates them): what the "Your data" page asks about. */
export function currentSessionIds(): string[] {
  return [read(REQUEST_SESSION_KEY), read(LISTENER_SESSION_KEY)].filter((v): v is string => v !== null);
}

/** Forgets both ids (after the listener deleted their data): the next vote or request makes new ones. */
export function forgetSessionIds(): void {
  for (const key of [REQUEST_SESSION_KEY, LISTENER_SESSION_KEY]) {
    memory.delete(key);
    try {
      localStorage.removeItem(key);
    } catch {
      // storage blocked: memory only
    }
  }
  announce();
}

/** A fresh key for the Idempotency-Key header, so a retried send never doubles a request. */
export function newIdempotencyKey(): string {
  return newSessionId('k-', 32);
}
