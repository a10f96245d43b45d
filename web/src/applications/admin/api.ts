import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplicationList, ApplicationView } from '../../../../shared/applications';
import { endpoint } from '../../app/api';
import { useChannel, useResync } from '../../realtime/hooks';

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

/** Live (issue 19 item 16): the notification that rings the bell for a new application refreshes the list too. */
export function useApplicationsLive(): void {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: ['applications'] });
  useChannel('notifications', (e) => {
    if (!e.snapshot && e.name === 'notification.created' && (e.data as { type?: string } | null)?.type === 'application_received') refresh();
  });
  useResync('notifications', refresh);
}
