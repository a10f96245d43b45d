import { useQuery } from '@tanstack/react-query';
import { CONTENT_EVENTS } from '../../../shared/content-events';
import { DEFAULT_STATION } from '../../../shared/station-defaults';
import type { StationInfo } from '../../../shared/station';
import { api } from './api';
import { useRefetchOn } from '../realtime/hooks';

/**
 * The station's identity from General Settings; the defaults show while it
 * loads. Follows changes live: a save in General Settings reaches every open
 * page through the `station.updated` event.
 */
export function useStation(): StationInfo {
  const { data } = useQuery({ queryKey: ['station'], queryFn: () => api<StationInfo>('/api/station', { auth: false }), staleTime: 60_000 });
  useRefetchOn('content', ['station'], [CONTENT_EVENTS.stationUpdated]);
  return data ?? DEFAULT_STATION;
}
