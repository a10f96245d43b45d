import { useQuery } from '@tanstack/react-query';
import { DEFAULT_STATION, type StationInfo } from '../../../shared/station';
import { api } from './api';

/** The station's identity from General Settings; the defaults show while it loads. */
export function useStation(): StationInfo {
  const { data } = useQuery({ queryKey: ['station'], queryFn: () => api<StationInfo>('/api/station', { auth: false }), staleTime: 60_000 });
  return data ?? DEFAULT_STATION;
}
