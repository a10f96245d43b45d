/** The audience domain's calls (Audience screen, dashboard, DJs & Staff, General Settings, the public profile and player). Typed with shared/audience. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AudienceHeatmap, AudienceNow, AudienceRange, AudienceReport, AudienceSeries, AudienceVisibility, PresenterAverage } from '../../../shared/audience';
import { currentAccessToken, endpoint, PUBLIC } from '../app/api';
import { getApiBase } from '../platform';
import { useNowPlaying } from '../radio/hooks';

const keys = {
  all: ['audience'] as const,
  series: (r: AudienceRange) => ['audience', 'series', r] as const,
  heatmap: (r: AudienceRange) => ['audience', 'heatmap', r] as const,
  shows: (r: AudienceRange) => ['audience', 'shows', r] as const,
  now: ['audience', 'now'] as const,
  presenters: ['audience', 'presenters'] as const,
  visibility: ['audience', 'visibility'] as const,
  profile: (id: string) => ['audience', 'profile', id] as const,
};

const getSeries = endpoint<AudienceSeries, [range: AudienceRange]>('GET', (r) => `/api/audience/series?range=${r}`);
const getHeatmap = endpoint<AudienceHeatmap, [range: AudienceRange]>('GET', (r) => `/api/audience/heatmap?range=${r}`);
const getShows = endpoint<AudienceReport, [range: AudienceRange]>('GET', (r) => `/api/audience/shows?range=${r}`);
const getNow = endpoint<AudienceNow>('GET', () => '/api/audience/now');
const getPresenters = endpoint<PresenterAverage[]>('GET', () => '/api/audience/presenters');
const getVisibility = endpoint<AudienceVisibility>('GET', () => '/api/audience/visibility', PUBLIC);
const putVisibility = endpoint<AudienceVisibility, [v: AudienceVisibility]>('PUT', (v) => ({ path: '/api/settings/audience', body: v }));
const getProfileAverage = endpoint<PresenterAverage, [id: string]>('GET', (id) => `/api/presenters/${encodeURIComponent(id)}/audience`, PUBLIC);

/** The listener line of a range, with the shows to shade. */
export function useAudienceSeries(range: AudienceRange) {
  return useQuery({ queryKey: keys.series(range), queryFn: () => getSeries(range), staleTime: 60_000 });
}

/** The weekday × hour average audience of a range. */
export function useAudienceHeatmap(range: AudienceRange) {
  return useQuery({ queryKey: keys.heatmap(range), queryFn: () => getHeatmap(range), staleTime: 60_000 });
}

/** Per-show, per-session and per-presenter figures of a range. */
export function useAudienceShows(range: AudienceRange) {
  return useQuery({ queryKey: keys.shows(range), queryFn: () => getShows(range), staleTime: 60_000 });
}

/**
 * The listeners now, pushed live: the now-playing document's figure (the
 * `now-playing` channel), or null before the first reading.
 */
export function useListenersNow(): number | null {
  const np = useNowPlaying().data;
  return np ? np.listeners.current : null;
}

/** Today's line for the dashboard's sparkline (refreshed every 5 minutes). */
export function useAudienceToday() {
  return useQuery({ queryKey: keys.now, queryFn: getNow, staleTime: 60_000, refetchInterval: 300_000 });
}

/** Average listeners per show of each DJ the reader may see (DJs & Staff). */
export function usePresenterAverages(enabled = true) {
  return useQuery({ queryKey: keys.presenters, queryFn: getPresenters, staleTime: 300_000, enabled });
}

/** Which audience figures the station shows to the public (General Settings). */
export function useAudienceVisibility() {
  return useQuery({ queryKey: keys.visibility, queryFn: getVisibility, staleTime: 60_000 });
}

/** Saves the General Settings switches. */
export function useSaveAudienceVisibility() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: putVisibility, onSuccess: (v) => qc.setQueryData(keys.visibility, v) });
}

/** A presenter's average listeners per show on the public profile, when the station shows it. */
export function useProfileAverage(presenterId: string | null, enabled: boolean) {
  return useQuery({ queryKey: keys.profile(presenterId ?? ''), queryFn: () => getProfileAverage(presenterId!), enabled: enabled && presenterId !== null, staleTime: 300_000, retry: false });
}

/** Saves the per-show figures of a range as audience-{range}.csv. */
export async function downloadAudienceCsv(range: AudienceRange): Promise<void> {
  const token = await currentAccessToken();
  const res = await fetch(`${getApiBase()}/api/audience/shows.csv?range=${range}`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `audience-${range}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
