import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplicationList, ApplicationView } from '../../../../shared/staff';
import { api } from '../../app/api';

/** Every application and the count of each tab. */
export function useApplications() {
  return useQuery({ queryKey: ['applications'], queryFn: () => api<ApplicationList>('/api/applications'), staleTime: 10_000 });
}

export function useDecideApplication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'approved' | 'rejected' }) => api<ApplicationView>(`/api/applications/${id}`, { method: 'PATCH', body: { status } }),
    onSettled: () => void qc.invalidateQueries({ queryKey: ['applications'] }),
  });
}
