import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DjInput, StaffDj } from '../../../../shared/staff';
import { api } from '../../app/api';

/** The staff directory. */
export function useDjs() {
  return useQuery({ queryKey: ['djs'], queryFn: async () => (await api<{ djs: StaffDj[] }>('/api/djs')).djs, staleTime: 10_000 });
}

export function useDjMutations() {
  const qc = useQueryClient();
  const settle = () => void qc.invalidateQueries({ queryKey: ['djs'] });
  return {
    save: useMutation({ mutationFn: ({ id, input }: { id?: string; input: DjInput }) => api<StaffDj>(id ? `/api/djs/${id}` : '/api/djs', { method: id ? 'PATCH' : 'POST', body: input }), onSettled: settle }),
    remove: useMutation({ mutationFn: (id: string) => api<null>(`/api/djs/${id}`, { method: 'DELETE' }), onSettled: settle }),
  };
}
