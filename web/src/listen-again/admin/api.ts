/** Listen again for staff (issue 32): the recorder and settings, shows' publishing rules, episodes, Mixcloud. */
import type { ListenAgainSettingsInput, ListenAgainStatusView, MixcloudInput, MixcloudStatus, PublishRule, ShowRule, StaffEpisode } from '../../../../shared/listen-again';
import { endpoint } from '../../app/api';

export type EpisodePatch = { title?: string; description?: string | null; trim_start_seconds?: number; trim_end_seconds?: number; hidden?: boolean; approved?: boolean };

export const fetchListenAgainStatus = endpoint<ListenAgainStatusView>('GET', () => '/api/listen-again/status');
export const saveListenAgainSettings = endpoint<ListenAgainStatusView['settings'], [body: ListenAgainSettingsInput]>('PUT', (body) => ({ path: '/api/listen-again/settings', body }));
export const fetchShowRules = endpoint<{ shows: ShowRule[] }>('GET', () => '/api/listen-again/shows');
export const saveShowRule = endpoint<{ show_key: string; publish: PublishRule }, [showId: string, publish: PublishRule]>('PUT', (showId, publish) => ({ path: `/api/listen-again/shows/${encodeURIComponent(showId)}`, body: { publish } }));
export const fetchStaffEpisodes = endpoint<{ episodes: StaffEpisode[] }>('GET', () => '/api/listen-again/episodes');
export const patchEpisode = endpoint<StaffEpisode, [id: string, body: EpisodePatch]>('PATCH', (id, body) => ({ path: `/api/listen-again/episodes/${encodeURIComponent(id)}`, body }));
export const fetchMixcloud = endpoint<MixcloudStatus>('GET', () => '/api/listen-again/mixcloud');
export const saveMixcloud = endpoint<MixcloudStatus, [body: MixcloudInput]>('PUT', (body) => ({ path: '/api/listen-again/mixcloud', body }));
export const removeMixcloud = endpoint<null>('DELETE', () => '/api/listen-again/mixcloud');

export const LA_KEYS = {
  status: ['admin', 'listen-again', 'status'] as const,
  shows: ['admin', 'listen-again', 'shows'] as const,
  episodes: ['admin', 'listen-again', 'episodes'] as const,
  mixcloud: ['admin', 'listen-again', 'mixcloud'] as const,
};
