import type { z } from 'zod';
import { ApiError } from '../../app/api';

/** Field messages keyed by field name. */
export type FieldErrors = Record<string, string>;

/** Runs a shared zod schema over form values: the parsed value, or the first message of each field. */
export function validate<S extends z.ZodType>(schema: S, values: unknown): { ok: true; value: z.output<S> } | { ok: false; errors: FieldErrors } {
  const r = schema.safeParse(values);
  if (r.success) return { ok: true, value: r.data };
  const errors: FieldErrors = {};
  for (const issue of r.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The field messages of a server refusal (400 with details), so the form shows them in place. */
export function serverFieldErrors(err: unknown): FieldErrors {
  if (!(err instanceof ApiError) || !err.fields) return {};
  const out: FieldErrors = {};
  for (const f of err.fields) out[f.path || '_'] ??= f.message;
  return out;
}

/** The message to show for any failure. */
export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : 'Something went wrong. Please try again.';
}
