/** The desktop studio's own call: the presenter's end-of-show summary, typed with shared/studio. */
import { useQuery } from '@tanstack/react-query';
import type { ShowSummary } from '../../../shared/studio';
import { endpoint } from '../app/api';
import { useChannel } from '../realtime/hooks';

const summary = endpoint<ShowSummary>('GET', () => '/api/on-air/summary');

/** The latest live session's summary, refreshed when the track changes (`now-playing` channel). */
export function useShowSummary() {
  const query = useQuery({ queryKey: ['on-air', 'summary'], queryFn: () => summary(), staleTime: 30_000 });
  useChannel('now-playing', (e) => {
    if (!e.snapshot) void query.refetch();
  });
  return query;
}
