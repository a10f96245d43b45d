import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DjInput, StaffDj } from '../../../../shared/presenters';
import { endpoint } from '../../app/api';

const list = endpoint<{ djs: StaffDj[] }>('GET', () => '/api/djs');
const create = endpoint<StaffDj, [input: DjInput]>('POST', (body) => ({ path: '/api/djs', body }));
const update = endpoint<StaffDj, [id: string, input: DjInput]>('PATCH', (id, body) => ({ path: `/api/djs/${id}`, body }));
const remove = endpoint<null, [id: string]>('DELETE', (id) => `/api/djs/${id}`);

/** The staff directory. */
export function useDjs() {
  return useQuery({ queryKey: ['djs'], queryFn: async () => (await list()).djs, staleTime: 10_000 });
}

export function useDjMutations() {
  const qc = useQueryClient();
  const settle = () => void qc.invalidateQueries({ queryKey: ['djs'] });
  return {
    save: useMutation({ mutationFn: ({ id, input }: { id?: string; input: DjInput }) => (id ? update(id, input) : create(input)), onSettled: settle }),
    remove: useMutation({ mutationFn: remove, onSettled: settle }),
  };
}
