/**
 * What the desktop studio and the server agree on: the API generation both
 * speak (reported by /api/health, checked by the studio's first-run screen)
 * and the texts of the server-address check.
 */

/** The API generation of this code base; a studio only talks to a server of the same generation. */
export const API_VERSION = 1;

/** The keyboard shortcut that opens and closes the mini window. */
export const MINI_WINDOW_SHORTCUT = 'CommandOrControl+Shift+M';

/** The mini window's size (device-independent pixels). */
export const MINI_WINDOW_SIZE = { width: 360, height: 132 } as const;

/** Texts of the server-address check. */
export const SERVER_CHECK_TEXTS = {
  invalid: 'Enter the station address, starting with https:// (or http:// on your own network).',
  unreachable: 'Could not reach that address. Check it and your connection, then try again.',
  notAirdeck: 'That address answers, but it is not an Airdeck station.',
  incompatible: (server: number, studio: number) =>
    `This station runs a ${server > studio ? 'newer' : 'older'} Airdeck (API ${server}) than this studio (API ${studio}). ${server > studio ? 'Update the studio' : 'Ask the station to update its server'} first.`,
  degraded: 'The station answers but its database is unavailable. Try again in a minute.',
} as const;

/** Why an address was refused: the studio shows the text of the reason in its own language (studio.server.*). */
export type ServerCheckReason = 'invalid' | 'unreachable' | 'notAirdeck' | 'newer' | 'older' | 'degraded';

/**
 * The outcome of checking a server address. A refusal carries its English text (`message`) and its `reason` (with
 * both API generations when they differ), which the studio's window shows in the presenter's language.
 */
export type ServerCheckResult =
  | { ok: true; url: string; version: string }
  | { ok: false; message: string; reason?: ServerCheckReason; serverApi?: number; studioApi?: number };

const refuse = (reason: Exclude<ServerCheckReason, 'newer' | 'older'>): ServerCheckResult => ({ ok: false, message: SERVER_CHECK_TEXTS[reason], reason });

/**
 * Normalises what a presenter typed into an origin: adds https:// when no
 * scheme is given, drops paths, queries and trailing slashes; null when it is
 * not an http(s) address or carries credentials.
 */
export function normalizeServerUrl(input: string): string | null {
  const raw = input.trim();
  if (!raw || raw.length > 2048) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || !url.hostname) return null;
  return url.origin;
}

/** Judges a /api/health answer (status and parsed JSON body) for the studio. */
export function judgeHealth(url: string, status: number, body: unknown, studioApi: number = API_VERSION): ServerCheckResult {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  if (b.name !== 'airdeck') return refuse('notAirdeck');
  if (typeof b.apiVersion !== 'number') return refuse('notAirdeck');
  if (b.apiVersion !== studioApi) {
    return { ok: false, message: SERVER_CHECK_TEXTS.incompatible(b.apiVersion, studioApi), reason: b.apiVersion > studioApi ? 'newer' : 'older', serverApi: b.apiVersion, studioApi };
  }
  if (status !== 200 || b.status !== 'ok') return refuse('degraded');
  return { ok: true, url, version: typeof b.version === 'string' ? b.version : 'unknown' };
}

/** Checks a server address: /api/health must answer as a compatible Airdeck within the timeout. */
export async function checkServer(input: string, fetchImpl: typeof fetch, timeoutMs = 8000): Promise<ServerCheckResult> {
  const url = normalizeServerUrl(input);
  if (!url) return refuse('invalid');
  let res: Response;
  try {
    res = await fetchImpl(`${url}/api/health`, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  } catch {
    return refuse('unreachable');
  }
  const body: unknown = await res.json().catch(() => null);
  return judgeHealth(url, res.status, body);
}
