import { isErrorBody, type ErrorBody, type ErrorCode } from '../../../shared/errors';
import { getDefaultStore } from 'jotai';
import { getApiBase } from '../platform';
import { i18nAtom } from '../i18n/state';

/** An API failure with the server's code and message (the spec's words when it has them). */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network',
    message: string,
    readonly fields?: { path: string; message: string }[],
    /** The server's details (e.g. `description` for upload refusals, `retryAfter` for 429). */
    readonly details?: ErrorBody['error']['details'],
    /** The message's stable catalogue key (`error.<name>`) and its values, when the server named them. */
    readonly key?: string,
    readonly values?: Record<string, unknown>,
  ) {
    super(message);
  }
}

let accessTokenProvider: (() => Promise<string | null>) | null = null;
/** The auth layer registers how to get a fresh access token. */
export function setAccessTokenProvider(fn: (() => Promise<string | null>) | null): void {
  accessTokenProvider = fn;
}

let unauthorizedHandler: (() => Promise<string | null>) | null = null;
/**
 * The auth layer registers what to do when a call that carried a token gets
 * a 401 (the session may have been refreshed elsewhere or ended): it answers
 * a fresh token to retry once with, or null when the session is gone.
 */
export function setUnauthorizedHandler(fn: (() => Promise<string | null>) | null): void {
  unauthorizedHandler = fn;
}

/** A URL the page can load: site-relative paths (uploaded media) get the server address in the desktop studio. */
export function absoluteUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  return url.startsWith('/') ? `${getApiBase()}${url}` : url;
}

/** A fresh access token from the auth layer, or null when signed out (the realtime client's `hello`). */
export async function currentAccessToken(): Promise<string | null> {
  return accessTokenProvider ? accessTokenProvider().catch(() => null) : null;
}

/**
 * Asks the session layer for a fresh token now (the realtime server said the
 * session ended or the role changed): the session signs out when the server
 * refuses, or continues with a token carrying the new role.
 */
export async function renewSession(): Promise<string | null> {
  return unauthorizedHandler ? unauthorizedHandler().catch(() => null) : null;
}

let fetcher: typeof fetch = (input, init) => fetch(input, init);
/**
 * How calls reach the station: the browser's fetch, or in the server's own render of a page
 * (web/src/app/ssr.tsx) a fetch that asks the server itself.
 */
export function setFetcher(fn: typeof fetch): void {
  fetcher = fn;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What one call sends besides its method: the path (with its query), a JSON body or raw bytes, extra headers. */
export interface Call {
  path: string;
  body?: unknown;
  rawBody?: Blob;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** A route's options: `auth: false` for the public routes (no access token is sent). */
export interface EndpointOptions {
  auth?: boolean;
}

/**
 * Declares one API route, typed once, where it is declared: `Res` is what the route answers (a type from
 * shared/), `Args` what a call takes (request bodies typed with shared/'s `XInput` types), `build` turns the
 * arguments into the call. Returns the function that calls it. Only a domain's `api.ts` declares routes
 * (ESLint, eslint.config.js), so no component picks the type of an answer.
 *
 *   export const fetchHistory = endpoint<PlayEntry[], [limit: number]>('GET', (limit) => `/api/radio/history?limit=${limit}`, PUBLIC);
 */
export function endpoint<Res, Args extends unknown[] = []>(method: Method, build: (...args: Args) => string | Call, opts: EndpointOptions = {}): (...args: Args) => Promise<Res> {
  return (...args: Args) => {
    const built = build(...args);
    return send(method, typeof built === 'string' ? { path: built } : built, opts.auth !== false) as Promise<Res>;
  };
}

/** The options of the routes anyone may call. */
export const PUBLIC: EndpointOptions = { auth: false };

/** The language the UI is drawn in (its Accept-Language tag). */
function uiLanguage(): string {
  return getDefaultStore().get(i18nAtom).locale;
}

/** Sends one call and returns the answer's JSON (null when empty), or throws an ApiError. */
async function send(method: Method, opts: Call, auth: boolean): Promise<unknown> {
  const path = opts.path;
  // The UI's language, so the station's refusals come back in it (server/src/i18n/errors.ts).
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': uiLanguage(), ...opts.headers };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  if (opts.rawBody) headers['Content-Type'] = opts.rawBody.type || 'application/octet-stream';
  let sentToken = false;
  if (auth && accessTokenProvider) {
    const token = await accessTokenProvider();
    if (token) {
      headers.Authorization = `Bearer ${token}`;
      sentToken = true;
    }
  }
  const attempt = async (): Promise<Response> => {
    try {
      return await fetcher(`${getApiBase()}${path}`, {
        method,
        headers,
        body: opts.rawBody ?? (opts.body !== undefined ? JSON.stringify(opts.body) : null),
        credentials: 'same-origin',
        ...(opts.signal ? { signal: opts.signal } : {}),
      });
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') throw err;
      throw new ApiError(0, 'network', 'Could not reach the station. Check your connection and try again.');
    }
  };
  let res = await attempt();
  if (res.status === 401 && sentToken && unauthorizedHandler) {
    const fresh = await unauthorizedHandler();
    if (fresh) {
      headers.Authorization = `Bearer ${fresh}`;
      res = await attempt();
    }
  }
  const text = await res.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  if (!res.ok) {
    if (isErrorBody(body)) throw new ApiError(res.status, body.error.code, body.error.message, body.error.details?.fields, body.error.details, body.error.key, body.error.values);
    throw new ApiError(res.status, res.status >= 500 ? 'internal' : 'bad_request', `The station answered ${res.status}. Please try again.`);
  }
  return body;
}

/** The HTTP status of a built file of the website (a code chunk), asked afresh; null when the server is unreachable. */
export async function builtFileStatus(url: string): Promise<number | null> {
  try {
    return (await fetch(url, { method: 'HEAD', cache: 'no-store' })).status;
  } catch {
    return null;
  }
}
