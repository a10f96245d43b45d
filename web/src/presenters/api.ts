/** The public DJ directory's calls (/djs and /djs/{id}), typed with shared/presenters. */
import { useQuery } from '@tanstack/react-query';
import type { PublicPresenter } from '../../../shared/presenters';
import { ApiError, endpoint, PUBLIC } from '../app/api';

/** Query keys of the DJ directory in the server-state cache. */
export const presenterKeys = {
  all: ['presenters'] as const,
  one: (id: string) => ['presenters', id] as const,
};

const list = endpoint<{ presenters: PublicPresenter[] }>('GET', () => '/api/presenters', PUBLIC);
const one = endpoint<PublicPresenter, [id: string]>('GET', (id) => `/api/presenters/${encodeURIComponent(id)}`, PUBLIC);

/** All presenters ordered by name (the /djs grid). */
export function usePresenters() {
  return useQuery({ queryKey: presenterKeys.all, queryFn: async () => (await list()).presenters, staleTime: 60_000 });
}

/** One presenter (the /djs/{id} profile); a 404 is not retried. */
export function usePresenter(id: string) {
  return useQuery({
    queryKey: presenterKeys.one(id),
    queryFn: () => one(id),
    staleTime: 60_000,
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 2,
  });
}
