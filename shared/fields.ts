import { z } from 'zod';

/**
 * Field schemas every form shares: trimmed text with a maximum length that
 * PostgreSQL can store (no NUL character), required text with the spec's
 * message, web addresses and calendar dates.
 */

/** The refusal for a NUL character, which PostgreSQL cannot store. */
export const NUL_MESSAGE = 'Text must not contain NUL characters';

/** A trimmed string of at most `max` characters that PostgreSQL can store (no NUL). */
export function safeText(max: number) {
  return z.string().trim().max(max, `Must be at most ${max} characters`).refine((s) => !s.includes('\u0000'), NUL_MESSAGE);
}

/** A required trimmed string: the spec's message when empty. */
export function requiredText(max: number, message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Must be at most ${max} characters`)
    .refine((s) => !s.includes('\u0000'), NUL_MESSAGE);
}

/** True for an http(s) URL, or a path on this site (`/…`, never `//host`). */
export function isWebUrl(value: string): boolean {
  if (/^\/(?![/\\])\S*$/.test(value)) return true;
  if (!/^https?:\/\//i.test(value) || /\s/.test(value)) return false;
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0 && !u.username && !u.password;
  } catch {
    return false;
  }
}

/** A link or image address: http(s) or a site path, with the given message when it is not one. */
export function webUrl(message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(2000, 'Must be at most 2000 characters')
    .refine((s) => !s.includes('\u0000'), NUL_MESSAGE)
    .refine(isWebUrl, message);
}

/** An optional web address: empty becomes null. */
export function optionalWebUrl(message: string) {
  return z.preprocess((v) => (v === '' || v === undefined ? null : v), webUrl(message).nullable());
}

/** 'yyyy-MM-dd', a real calendar date. */
export const DateOnlySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, 'Not a real date');

