import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplicationList, ApplicationView } from '../../../../shared/staff';
import { endpoint } from '../../app/api';

const list = endpoint<ApplicationList>('GET', () => '/api/applications');
const decide = endpoint<ApplicationView, [id: string, status: 'approved' | 'rejected']>('PATCH', (id, status) => ({ path: `/api/applications/${id}`, body: { status } }));

/** Every application and the count of each tab. */
export function useApplications() {
  return useQuery({ queryKey: ['applications'], queryFn: () => list(), staleTime: 10_000 });
}

export function useDecideApplication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'approved' | 'rejected' }) => decide(id, status),
    onSettled: () => void qc.invalidateQueries({ queryKey: ['applications'] }),
  });
}
