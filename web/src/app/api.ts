import { isErrorBody, type ErrorBody, type ErrorCode } from '../../../shared/errors';
import { getApiBase } from '../platform';

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

/** Options of one API call. */
export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  rawBody?: Blob;
  signal?: AbortSignal;
  auth?: boolean;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

/** Calls the Airdeck API and returns its JSON, or throws an ApiError. */
export async function api<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  if (opts.rawBody) headers['Content-Type'] = opts.rawBody.type || 'application/octet-stream';
  let sentToken = false;
  if (opts.auth !== false && accessTokenProvider) {
    const token = await accessTokenProvider();
    if (token) {
      headers.Authorization = `Bearer ${token}`;
      sentToken = true;
    }
  }
  const send = async (): Promise<Response> => {
    try {
      return await fetch(`${getApiBase()}${path}`, {
        method: opts.method ?? 'GET',
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
  let res = await send();
  if (res.status === 401 && sentToken && unauthorizedHandler) {
    const fresh = await unauthorizedHandler();
    if (fresh) {
      headers.Authorization = `Bearer ${fresh}`;
      res = await send();
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
    if (isErrorBody(body)) throw new ApiError(res.status, body.error.code, body.error.message, body.error.details?.fields, body.error.details);
    throw new ApiError(res.status, res.status >= 500 ? 'internal' : 'bad_request', `The station answered ${res.status}. Please try again.`);
  }
  return body as T;
}
