import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The common-passwords check of a new password (issue 29, OWASP ASVS 2.1.7): the 49,000 most common passwords of
 * zxcvbn-ts's common dictionary (`@zxcvbn-ts/language-common`, from leaked-password corpora, ranked by
 * frequency), compared case-insensitively. Loaded once, on the first password change.
 */
let common: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase()) || common.has(password.trim().toLowerCase());
}
