import { SourceError, type FetchLike } from './types';

/** What {@link fetchWithTimeout} needs to know about one request. */
export interface TimedRequest {
  url: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /** The caller's signal (poller shutdown). */
  signal: AbortSignal;
  fetch: FetchLike;
  /** Names the back end in error messages, e.g. "AzuraCast at https://…". */
  label: string;
}

/** A response whose body has been read completely. */
export interface TimedResponse {
  status: number;
  headers: Headers;
  body: Uint8Array;
}

/** Rejects as soon as `signal` aborts, even if `work` ignores the signal. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason ?? new Error('aborted'));
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}

/**
 * GETs a URL and reads the whole body under one deadline, turning every
 * transport failure into a {@link SourceError}: the deadline becomes
 * `timeout`, the caller's signal `aborted`, anything else `network`. HTTP
 * error statuses are returned, not thrown, because each back end explains
 * them differently.
 */
export async function fetchWithTimeout(req: TimedRequest): Promise<TimedResponse> {
  if (req.signal.aborted) {
    throw new SourceError('aborted', `Read of ${req.label} was cancelled`, { retryable: false });
  }
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, req.timeoutMs);
  const forwardAbort = () => controller.abort();
  req.signal.addEventListener('abort', forwardAbort, { once: true });
  try {
    return await untilAborted(
      (async () => {
        const response = await req.fetch(req.url, {
          method: 'GET',
          headers: req.headers,
          signal: controller.signal,
          redirect: 'follow',
        });
        const body = new Uint8Array(await response.arrayBuffer());
        return { status: response.status, headers: response.headers, body };
      })(),
      controller.signal,
    );
  } catch (error) {
    if (timedOut) {
      throw new SourceError('timeout', `${req.label} did not answer within ${req.timeoutMs} ms`, { cause: error });
    }
    if (req.signal.aborted) {
      throw new SourceError('aborted', `Read of ${req.label} was cancelled`, { cause: error, retryable: false });
    }
    throw new SourceError('network', `Could not reach ${req.label}: ${describe(error)}`, { cause: error });
  } finally {
    clearTimeout(timer);
    req.signal.removeEventListener('abort', forwardAbort);
  }
}

/** Decodes a body as UTF-8, dropping a byte-order mark; bad bytes become U+FFFD. */
export function decodeUtf8(body: Uint8Array): string {
  return new TextDecoder('utf-8').decode(body);
}

/**
 * Decodes a body that should be UTF-8 but may be Latin-1 (old Icecast builds
 * and some encoders pass metadata bytes through unchanged). Strict UTF-8
 * first; when that fails every byte is taken as one Latin-1 character.
 */
export function decodeUtf8OrLatin1(body: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    let out = '';
    for (const byte of body) out += String.fromCharCode(byte);
    return out;
  }
}

/** First characters of a body, one line, for "expected JSON but got …" messages. */
export function preview(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** Joins a base URL and a path without doubling or losing slashes. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
