import { SESSION_ID_RE } from '../../../shared/requests';

/** Where the browser keeps its anonymous request session id (spec 000 §3). */
export const REQUEST_SESSION_KEY = 'user_session';

/**
 * The browser's session id for requests: `session_` plus a random string,
 * created and stored on first use (spec 000 §3).
 */
export function getRequestSessionId(): string {
  let id: string | null = null;
  try {
    id = localStorage.getItem(REQUEST_SESSION_KEY);
  } catch {
    // storage blocked: a fresh id per page load still works
  }
  if (id && SESSION_ID_RE.test(id)) return id;
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  id = `session_${Array.from(bytes, (b) => b.toString(36).padStart(2, '0')).join('').slice(0, 16)}`;
  try {
    localStorage.setItem(REQUEST_SESSION_KEY, id);
  } catch {
    // ignore
  }
  return id;
}

/** A fresh key for the Idempotency-Key header, so a retried send never doubles a request. */
export function newIdempotencyKey(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `k-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
