import { useQuery } from '@tanstack/react-query';
import type { PublicPresenter } from '../../../shared/presenters';
import { api, ApiError } from '../app/api';

/** Query keys of the DJ directory in the server-state cache. */
export const presenterKeys = {
  all: ['presenters'] as const,
  one: (id: string) => ['presenters', id] as const,
};

/** All presenters ordered by name (the /djs grid). */
export function usePresenters() {
  return useQuery({
    queryKey: presenterKeys.all,
    queryFn: async () => (await api<{ presenters: PublicPresenter[] }>('/api/presenters', { auth: false })).presenters,
    staleTime: 60_000,
  });
}

/** One presenter (the /djs/{id} profile); a 404 is not retried. */
export function usePresenter(id: string) {
  return useQuery({
    queryKey: presenterKeys.one(id),
    queryFn: () => api<PublicPresenter>(`/api/presenters/${encodeURIComponent(id)}`, { auth: false }),
    staleTime: 60_000,
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 2,
  });
}

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
