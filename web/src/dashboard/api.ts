/** The staff dashboard's data (GET /api/dashboard), typed with shared/notifications. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DASHBOARD_LIMITS, type DashboardData } from '../../../shared/notifications';
import { endpoint } from '../app/api';
import { useChannel, useResync } from '../realtime/hooks';

const KEY = ['dashboard'] as const;
const dashboard = endpoint<DashboardData>('GET', () => '/api/dashboard');

/**
 * The dashboard's server data: refetched when a request arrives or changes
 * (`requests` channel) or the schedule changes (`schedule` channel), and
 * every 60 s for the top rated song (001 §9); never faster.
 */
export function useDashboard() {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: KEY });
  useChannel('requests', refresh);
  useChannel('schedule', refresh);
  useResync('requests', refresh);
  return useQuery({ queryKey: KEY, queryFn: () => dashboard(), staleTime: 10_000, refetchInterval: DASHBOARD_LIMITS.topSongRefreshMs });
}
