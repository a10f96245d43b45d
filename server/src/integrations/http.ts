/**
 * The one way Airdeck calls an outside service: a deadline on the whole
 * exchange, every transport failure turned into an {@link UpstreamError} of a
 * known kind, Retry-After read from headers or (Discord) the JSON body, and a
 * small retry policy the clients share.
 */

/** `fetch` as the clients use it; tests may pass their own. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** Why an outside call failed. */
export type UpstreamErrorKind = 'timeout' | 'network' | 'rate_limited' | 'unauthorized' | 'http' | 'malformed';

/** A failed call to an outside service, classified so routes can answer the right status. */
export class UpstreamError extends Error {
  override name = 'UpstreamError';
  constructor(
    readonly service: string,
    readonly kind: UpstreamErrorKind,
    message: string,
    readonly extra: { status?: number; retryAfterMs?: number; body?: unknown; cause?: unknown } = {},
  ) {
    super(message, extra.cause !== undefined ? { cause: extra.cause } : undefined);
  }
  /** The HTTP status the service answered, if it answered. */
  get status(): number | undefined {
    return this.extra.status;
  }
  /** How long the service asked us to wait, when it did. */
  get retryAfterMs(): number | undefined {
    return this.extra.retryAfterMs;
  }
}

/** One outside request. */
export interface UpstreamRequest {
  service: string;
  url: string;
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  /** A JSON body (sent as application/json) or form fields (sent url-encoded). */
  json?: unknown;
  form?: Record<string, string>;
  timeoutMs: number;
  fetch?: FetchLike;
  /** Statuses that are answers, not failures (e.g. 400/404 "not found" from a lookup). */
  acceptStatuses?: readonly number[];
}

/** A completed exchange: status, headers and the parsed JSON body (null when empty). */
export interface UpstreamResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

const MAX_BODY_BYTES = 2 * 1024 * 1024;

/** Parses a Retry-After header (seconds or an HTTP date) into milliseconds. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/**
 * Sends one request and reads the whole answer under one deadline. Answers
 * 429, 401/403, other 4xx/5xx and non-JSON bodies become UpstreamErrors;
 * statuses in `acceptStatuses` are returned as they are.
 */
export async function callUpstream(req: UpstreamRequest): Promise<UpstreamResponse> {
  const doFetch: FetchLike = req.fetch ?? ((input, init) => fetch(input, init));
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), req.timeoutMs);
  const headers: Record<string, string> = { Accept: 'application/json', 'User-Agent': 'Airdeck (community radio; +https://github.com/airdeck)', ...req.headers };
  let body: string | undefined;
  if (req.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(req.json);
  } else if (req.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(req.form).toString();
  }
  let res: Response;
  let text: string;
  try {
    res = await doFetch(req.url, { method: req.method ?? 'GET', headers, ...(body !== undefined ? { body } : {}), signal: controller.signal, redirect: 'follow' });
    text = await readLimited(res);
  } catch (err) {
    if (controller.signal.aborted) throw new UpstreamError(req.service, 'timeout', `${req.service} did not answer within ${req.timeoutMs} ms`, { cause: err });
    throw new UpstreamError(req.service, 'network', `Could not reach ${req.service}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  } finally {
    clearTimeout(timer);
  }

  let parsed: unknown = null;
  let parseFailed = false;
  if (text.trim()) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parseFailed = true;
    }
  }

  if (req.acceptStatuses?.includes(res.status)) return { status: res.status, headers: res.headers, body: parseFailed ? null : parsed };

  if (res.status === 429) {
    const fromBody = typeof parsed === 'object' && parsed !== null && typeof (parsed as { retry_after?: unknown }).retry_after === 'number' ? Math.ceil((parsed as { retry_after: number }).retry_after * 1000) : undefined;
    const retryAfterMs = parseRetryAfter(res.headers.get('retry-after')) ?? fromBody;
    throw new UpstreamError(req.service, 'rate_limited', `${req.service} is rate limiting us`, { status: 429, body: parsed, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) });
  }
  if (res.status === 401 || res.status === 403) {
    throw new UpstreamError(req.service, 'unauthorized', `${req.service} refused our credentials (${res.status}${describeBody(parsed)})`, { status: res.status, body: parsed });
  }
  if (res.status >= 400) {
    throw new UpstreamError(req.service, 'http', `${req.service} answered ${res.status}${describeBody(parsed)}`, { status: res.status, body: parsed });
  }
  if (parseFailed) {
    throw new UpstreamError(req.service, 'malformed', `${req.service} answered something that is not JSON: ${text.slice(0, 60).replace(/\s+/g, ' ')}`, { status: res.status });
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

async function readLimited(res: Response): Promise<string> {
  const len = Number(res.headers.get('content-length') ?? '0');
  if (len > MAX_BODY_BYTES) throw new Error(`answer too large (${len} bytes)`);
  const buf = new Uint8Array(await res.arrayBuffer());
  if (buf.byteLength > MAX_BODY_BYTES) throw new Error(`answer too large (${buf.byteLength} bytes)`);
  return new TextDecoder('utf-8').decode(buf);
}

function describeBody(body: unknown): string {
  if (typeof body !== 'object' || body === null) return '';
  const b = body as Record<string, unknown>;
  const parts = [b.error, b.error_description, b.message, b.code].filter((v) => typeof v === 'string' || typeof v === 'number');
  if (typeof b.error === 'object' && b.error !== null) {
    const e = b.error as Record<string, unknown>;
    if (typeof e.message === 'string') parts.push(e.message);
  }
  return parts.length ? `: ${parts.map(String).join(' - ').slice(0, 200)}` : '';
}

/** How a client retries: one more try after a short 429 wait or a 5xx. */
export interface RetryPolicy {
  /** Longest Retry-After we wait for in-line; longer waits fail at once. */
  maxWaitMs: number;
  /** Pause before retrying a 5xx or network failure. */
  serverErrorDelayMs: number;
  sleep: (ms: number) => Promise<void>;
}

/** The default policy: wait up to 2 s for a 429, 250 ms before retrying a 5xx. */
export const DEFAULT_RETRY: RetryPolicy = {
  maxWaitMs: 2_000,
  serverErrorDelayMs: 250,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Runs `fn`, retrying once after a 429 whose Retry-After is short enough or
 * after a 5xx/network failure. Timeouts are not retried: the caller already
 * waited the whole deadline.
 */
export async function withRetry<T>(policy: RetryPolicy, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (!(err instanceof UpstreamError)) throw err;
    if (err.kind === 'rate_limited') {
      const wait = err.retryAfterMs ?? policy.maxWaitMs + 1;
      if (wait > policy.maxWaitMs) throw err;
      await policy.sleep(wait);
      return fn();
    }
    if ((err.kind === 'http' && (err.status ?? 0) >= 500) || err.kind === 'network') {
      await policy.sleep(policy.serverErrorDelayMs);
      return fn();
    }
    throw err;
  }
}
