import type { z } from 'zod';
import { getDefaultStore } from 'jotai';
import { ApiError } from '../../app/api';
import { errorText } from '../../i18n/errors';
import { i18nAtom } from '../../i18n/state';

/** Field messages keyed by field name. */
export type FieldErrors = Record<string, string>;

/**
 * Runs a shared zod schema over form values: the parsed value, or the first message of each field in the reader's
 * language (`say`: the form's useErrorText(), which has the matcher fetched; web/src/i18n/errors.ts).
 */
export function validate<S extends z.ZodType>(schema: S, values: unknown, say: (text: string) => string = errorText): { ok: true; value: z.output<S> } | { ok: false; errors: FieldErrors } {
  const r = schema.safeParse(values);
  if (r.success) return { ok: true, value: r.data };
  const errors: FieldErrors = {};
  for (const issue of r.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    errors[key] ??= say(issue.message);
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

/** The message to show for any failure (the server's, already in the reader's language), else a general one in it. */
export function errorMessage(err: unknown): string {
  return err instanceof Error ? errorText(err.message) : getDefaultStore().get(i18nAtom).t('form.failed');
}
