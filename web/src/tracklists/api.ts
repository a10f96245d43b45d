/** The tracklists' calls (issue 34 item 2): the Tracklists screen and the On Air console's card. Typed with shared/tracklists. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LogPlayInput, TracklistImportResult, TracklistSearchResult, TracklistShow, TracklistView } from '../../../shared/tracklists';
import { endpoint } from '../app/api';

const keys = {
  shows: ['tracklists', 'shows'] as const,
  show: (id: string) => ['tracklists', 'show', id] as const,
  search: (q: string) => ['tracklists', 'search', q] as const,
};

const getShows = endpoint<{ shows: TracklistShow[] }>('GET', () => '/api/tracklists/shows');
const getShow = endpoint<TracklistView, [id: string]>('GET', (id) => `/api/tracklists/shows/${encodeURIComponent(id)}`);
const getSearch = endpoint<{ results: TracklistSearchResult[] }, [q: string]>('GET', (q) => `/api/tracklists/search?q=${encodeURIComponent(q)}`);
const postPlay = endpoint<{ play_id: number | null; duplicate: boolean; tracklist: TracklistView }, [id: string, body: LogPlayInput]>('POST', (id, body) => ({ path: `/api/tracklists/shows/${encodeURIComponent(id)}/plays`, body }));
const postImport = endpoint<TracklistImportResult, [id: string, text: string, fileName: string]>('POST', (id, text, fileName) => ({ path: `/api/tracklists/shows/${encodeURIComponent(id)}/import`, body: { text, file_name: fileName } }));
const deletePlay = endpoint<TracklistView, [id: string, playId: number]>('DELETE', (id, playId) => `/api/tracklists/shows/${encodeURIComponent(id)}/plays/${playId}`);

/** The live shows the signed-in user may log (their own; every show for owners and managers), newest first. */
export function useTracklistShows() {
  return useQuery({ queryKey: keys.shows, queryFn: () => getShows().then((r) => r.shows), staleTime: 30_000 });
}

/** One show's tracklist (null id: nothing to load). */
export function useTracklist(id: string | null) {
  return useQuery({ queryKey: keys.show(id ?? ''), queryFn: () => getShow(id!), enabled: Boolean(id), staleTime: 10_000 });
}

/** The station's library and history, for the words typed (empty: the latest played). */
export function useTracklistSearch(q: string, enabled = true) {
  return useQuery({ queryKey: keys.search(q), queryFn: () => getSearch(q).then((r) => r.results), enabled, staleTime: 30_000 });
}

/** Log, import and remove: each answers the show's new tracklist, which replaces the cached one. */
export function useTracklistChanges(id: string | null) {
  const qc = useQueryClient();
  const store = (view: TracklistView) => qc.setQueryData(keys.show(view.show.id), view);
  return {
    log: useMutation({ mutationFn: (body: LogPlayInput) => postPlay(id!, body), onSuccess: (r) => store(r.tracklist) }),
    importFile: useMutation({ mutationFn: (f: { text: string; name: string }) => postImport(id!, f.text, f.name), onSuccess: (r) => store(r.tracklist) }),
    remove: useMutation({ mutationFn: (playId: number) => deletePlay(id!, playId), onSuccess: store }),
  };
}
