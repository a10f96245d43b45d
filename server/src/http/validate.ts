import type { z } from 'zod';
import { fail } from './errors';

/**
 * Parses input with a shared zod schema. On failure the answer is a 400 whose
 * message is the first problem (the spec's words, where the schema carries
 * them) and whose details list every field.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  const first = fields[0];
  const message = first ? (first.path && !/^[A-Z]/.test(first.message) ? `${first.path}: ${first.message}` : first.message) : 'Invalid input';
  throw fail.badRequest(message, fields);
}
