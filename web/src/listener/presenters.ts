import type { Translate } from '../../../shared/i18n/format';
export { presenterKeys, usePresenter, usePresenters } from '../presenters/api';

/** The avatar's letter fallback: the first letter of the name, else 'D'. */
export const initialOf = (name: string): string => name.trim().charAt(0).toUpperCase() || 'D';

/** Up to `max` characters of a bio, cut at a word, for the cards. */
export function shortBio(bio: string | null, max = 120): string | null {
  if (!bio) return null;
  const t = bio.trim().replace(/\s+/g, ' ');
  if (t.length <= max) return t;
  const cut = t.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[.,;:!?-]+$/, '')}…`;
}

/** A presenter's role in the reader's language (the role names of shared/permissions.ts). */
export function roleText(t: Translate, role: string | null | undefined): string {
  const known = (['owner', 'manager', 'admin', 'moderator', 'presenter', 'guest', 'probation'] as const).find((r) => r === role) ?? 'presenter';
  return t(`bookings.role.${known}`);
}
