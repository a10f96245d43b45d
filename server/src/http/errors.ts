import { ERROR_STATUS, type ErrorBody, type ErrorCode, type FieldIssue } from '../../../shared/errors';

/**
 * An error meant for the client: it becomes `{ error: { code, message, details } }`
 * with the status of its code. Anything else thrown becomes a 500 with no detail.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorBody['error']['details'],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

/** Shorthands for the common refusals. */
export const fail = {
  badRequest: (message: string, fields?: FieldIssue[]) => new HttpError('validation_failed', message, fields ? { fields } : undefined),
  unauthorized: (message = 'Authentication required') => new HttpError('unauthorized', message),
  forbidden: (message: string) => new HttpError('forbidden', message),
  notFound: (message = 'Not found') => new HttpError('not_found', message),
  conflict: (message: string, fields?: FieldIssue[]) => new HttpError('conflict', message, fields ? { fields } : undefined),
  tooMany: (message: string, retryAfterSeconds: number) =>
    new HttpError('rate_limited', message, { retryAfter: retryAfterSeconds }, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) }),
  unavailable: (message: string, retryAfterSeconds = 5) =>
    new HttpError('unavailable', message, { retryAfter: retryAfterSeconds }, { 'Retry-After': String(retryAfterSeconds) }),
  notConfigured: (message: string) => new HttpError('not_configured', message),
};
