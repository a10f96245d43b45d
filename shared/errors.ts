/**
 * The one error shape of every API answer (DESIGN.md): `{ error: { code, message, details? } }`.
 * Written once here so the server produces it and the web client reads it.
 */

/** Machine-readable error codes, each with its HTTP status. */
export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  range_not_satisfiable: 416,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  not_configured: 503,
  unavailable: 503,
  upstream_failed: 502,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** One field problem of a failed validation. */
export interface FieldIssue {
  path: string;
  /** The problem in the requester's language. */
  message: string;
  /** Its stable message key (`error.<name>`), when the catalogue holds the text; `values` fills its placeholders. */
  key?: string;
  values?: Record<string, unknown>;
}

/** The body of every error answer. */
export interface ErrorBody {
  error: {
    code: ErrorCode;
    /** The message in the requester's language (`?lang=`, the `airdeck_lang` cookie, Accept-Language; else English). */
    message: string;
    /**
     * The message's stable key in the catalogue (`error.<name>`, shared/i18n/messages), the same in every language:
     * a client may show the text of this key with `values` in its own language. Absent for a text not catalogued.
     */
    key?: string;
    values?: Record<string, unknown>;
    details?: { fields?: FieldIssue[]; retryAfter?: number; [key: string]: unknown };
  };
}

/** True when a parsed JSON body has the error shape. */
export function isErrorBody(body: unknown): body is ErrorBody {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const e = (body as { error: unknown }).error;
  return typeof e === 'object' && e !== null && typeof (e as { message?: unknown }).message === 'string' && typeof (e as { code?: unknown }).code === 'string';
}
