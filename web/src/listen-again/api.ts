import { useQuery } from '@tanstack/react-query';
import type { EpisodeList } from '../../../shared/listen-again';
import { endpoint, PUBLIC } from '../app/api';

/** Which episodes a list shows: station-wide, one show's (id, series id or slug) or one presenter's. */
export interface EpisodeFilter {
  show?: string;
  presenter?: string;
  limit?: number;
}

function query(f: EpisodeFilter): string {
  const q = new URLSearchParams();
  if (f.show) q.set('show', f.show);
  if (f.presenter) q.set('presenter', f.presenter);
  if (f.limit) q.set('limit', String(f.limit));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** GET /api/episodes: the published episodes inside the public window, newest first, and the feed while feeds are on. */
export const fetchEpisodes = endpoint<EpisodeList, [EpisodeFilter]>('GET', (f) => `/api/episodes${query(f)}`, PUBLIC);

export const episodeKeys = {
  all: ['listen-again', 'episodes'] as const,
  list: (f: EpisodeFilter) => ['listen-again', 'episodes', f.show ?? '', f.presenter ?? '', f.limit ?? 0] as const,
};

/** The episodes of a filter (refreshed every few minutes: a show that just ended appears within a minute). */
export function useEpisodes(f: EpisodeFilter, enabled = true) {
  return useQuery({ queryKey: episodeKeys.list(f), queryFn: () => fetchEpisodes(f), staleTime: 60_000, refetchInterval: 5 * 60_000, enabled });
}
