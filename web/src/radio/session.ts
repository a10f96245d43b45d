/**
 * The listener's anonymous identities in browser storage (spec 000 §3):
 * `user_session_id` for votes, `user_session` (prefix `session_`) for
 * requests and the request loop's realtime channel.
 */

const VOTE_KEY = 'user_session_id';
const REQUEST_KEY = 'user_session';
const VALID = /^[A-Za-z0-9_-]{8,128}$/;

function randomId(length: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

function read(key: string): string | null {
  try {
    const v = localStorage.getItem(key);
    return v && VALID.test(v) ? v : null;
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private browsing: the id lasts for this page only.
  }
}

let memoryVote: string | null = null;

/** The voting session id, created on first use. */
export function voteSessionId(): string {
  const existing = read(VOTE_KEY) ?? memoryVote;
  if (existing) return existing;
  const id = crypto.randomUUID?.() ?? randomId(32);
  memoryVote = id;
  write(VOTE_KEY, id);
  return id;
}

/** The request session id: `session_` plus a random string, created when `create` is set and none exists. */
export function requestSessionId(opts: { create: boolean }): string | null {
  const existing = read(REQUEST_KEY);
  if (existing || !opts.create) return existing;
  const id = `session_${randomId(12)}`;
  write(REQUEST_KEY, id);
  window.dispatchEvent(new Event('airdeck:request-session'));
  return id;
}
