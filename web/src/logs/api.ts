/** The audit log's calls (Logs screen): stats, the newest rows and the CSV export. Typed with shared/notifications. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LOG_ACTION_FILTERS, LOG_FAILED_FILTERS, logsCsvName, type LogEntry, type LogStats } from '../../../shared/notifications';
import { currentAccessToken, endpoint } from '../app/api';
import { getApiBase } from '../platform';

export type ActionFilter = (typeof LOG_ACTION_FILTERS)[number];
/** Whether failed sign-ins are listed. */
export type FailedFilter = (typeof LOG_FAILED_FILTERS)[number];

function query(q: string, action: ActionFilter, days: number, failed: FailedFilter): string {
  const p = new URLSearchParams({ days: String(days), action, failed });
  if (q) p.set('q', q);
  return p.toString();
}

const stats = endpoint<{ stats: LogStats }, [days: number]>('GET', (days) => `/api/logs/stats?days=${days}`);
const list = endpoint<{ logs: LogEntry[] }, [q: string, action: ActionFilter, days: number, failed: FailedFilter]>('GET', (q, action, days, failed) => `/api/logs?${query(q, action, days, failed)}`);

/** Total, today and this week over the last `days`. */
export function useLogStats(days: number) {
  return useQuery({ queryKey: ['logs', 'stats', days], queryFn: async () => (await stats(days)).stats, staleTime: 30_000 });
}

/** The newest 100 rows matching the search, action, period and failed sign-ins filter (the previous rows stay while the next load). */
export function useLogList(q: string, action: ActionFilter, days: number, failed: FailedFilter) {
  return useQuery({ queryKey: ['logs', 'list', q, action, days, failed], queryFn: async () => (await list(q, action, days, failed)).logs, staleTime: 10_000, placeholderData: keepPreviousData });
}

/** Saves every matching row as user-logs-{date}.csv (the server streams it; a file, not JSON). */
export async function downloadLogsCsv(q: string, action: ActionFilter, days: number, failed: FailedFilter): Promise<void> {
  const token = await currentAccessToken();
  const res = await fetch(`${getApiBase()}/api/logs/export?${query(q, action, days, failed)}`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? logsCsvName(new Date().toISOString().slice(0, 10));
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
