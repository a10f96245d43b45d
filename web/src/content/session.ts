import { SESSION_ID_PATTERN } from '../../../shared/content-public';

/** The browser storage key of the anonymous listener id (spec 000 §3: user_session_id). */
export const SESSION_STORAGE_KEY = 'user_session_id';

let memory: string | null = null;

/**
 * The listener's anonymous id, made once per browser and kept in local
 * storage (in memory only when storage is blocked). Page views count each id
 * once per day.
 */
export function getBrowserSessionId(): string {
  try {
    const stored = localStorage.getItem(SESSION_STORAGE_KEY);
    if (stored && SESSION_ID_PATTERN.test(stored)) return stored;
    const fresh = newId();
    localStorage.setItem(SESSION_STORAGE_KEY, fresh);
    return fresh;
  } catch {
    memory ??= newId();
    return memory;
  }
}

function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `session_${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
}
