/** Dead air (issue 33): the station's condition (On Air banner, listener player) and the staff Uptime screen. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeadAirSettings, DeadAirSettingsInput, StationConditionView, StationIncident, UptimeView } from '../../../shared/dead-air';
import { INCIDENT_KINDS, type UptimeRange } from '../../../shared/dead-air-constants';
import { currentAccessToken, endpoint, PUBLIC } from '../app/api';
import { getApiBase } from '../platform';
import { useChannel, useResync } from '../realtime/hooks';

const condition = endpoint<StationConditionView>('GET', () => '/api/station/condition', PUBLIC);
const uptime = endpoint<UptimeView, [range: UptimeRange]>('GET', (range) => `/api/uptime?range=${range}`);
/** General Settings → Dead air (owner, manager). */
export const fetchDeadAirSettings = endpoint<DeadAirSettings>('GET', () => '/api/dead-air/settings');
/** Saves what is sent; the server answers with the whole settings, or refuses in its own words. */
export const saveDeadAirSettings = endpoint<DeadAirSettings, [body: DeadAirSettingsInput]>('PUT', (body) => ({ path: '/api/dead-air/settings', body }));

const CONDITION_KEY = ['station', 'condition'] as const;
const UPTIME_KEY = ['uptime'] as const;

const rank = (i: StationIncident) => INCIDENT_KINDS.indexOf(i.kind);

/** The condition after a pushed incident or recovery (the worst open incident stays shown). */
export function applyIncident(prev: StationConditionView, incident: StationIncident): StationConditionView {
  const last = !prev.last_incident || prev.last_incident.id === incident.id || Date.parse(incident.started_at) >= Date.parse(prev.last_incident.started_at) ? incident : prev.last_incident;
  if (incident.ended_at) {
    if (prev.incident?.id !== incident.id) return { ...prev, last_incident: last };
    return { ...prev, condition: 'ok', incident: null, last_incident: last };
  }
  const worst = !prev.incident || prev.incident.id === incident.id || rank(incident) <= rank(prev.incident) ? incident : prev.incident;
  return { ...prev, condition: worst.kind, incident: worst, last_incident: last };
}

/**
 * Whether the station is heard now (`GET /api/station/condition`), kept current by the `now-playing` channel's
 * `station.incident` / `station.recovered` pushes (the presenter is told the moment the ears find it).
 * `enabled: false` fetches nothing until needed (the listener player asks once it plays); pushes still apply
 * once the condition has been read.
 */
export function useStationCondition(enabled = true) {
  const qc = useQueryClient();
  const query = useQuery({ queryKey: CONDITION_KEY, queryFn: () => condition(), enabled, staleTime: Infinity, refetchOnWindowFocus: false });
  useChannel('now-playing', (e) => {
    if (e.snapshot || (e.name !== 'station.incident' && e.name !== 'station.recovered') || !e.data) return;
    const incident = e.data as StationIncident;
    // Not read yet (its first answer may be on its way, from before this incident): read it again rather than lose it.
    if (!qc.getQueryData<StationConditionView>(CONDITION_KEY)) void qc.invalidateQueries({ queryKey: CONDITION_KEY });
    else qc.setQueryData<StationConditionView>(CONDITION_KEY, (prev) => (prev ? applyIncident(prev, incident) : prev));
    // A recovery may leave another kind open: read the whole condition again.
    if (e.name === 'station.recovered') void qc.invalidateQueries({ queryKey: CONDITION_KEY });
    void qc.invalidateQueries({ queryKey: UPTIME_KEY });
  });
  useResync('now-playing', () => void qc.invalidateQueries({ queryKey: CONDITION_KEY }));
  return query;
}

/** The Uptime screen's figures for a range (refetched when an incident begins or ends). */
export function useUptime(range: UptimeRange) {
  return useQuery({ queryKey: [...UPTIME_KEY, range], queryFn: () => uptime(range), refetchInterval: 60_000 });
}

/** An incident's 10-second sample, as a blob for an audio element (the route needs the staff token). */
export async function fetchIncidentSample(id: string): Promise<Blob> {
  const token = await currentAccessToken();
  const res = await fetch(`${getApiBase()}/api/uptime/incidents/${encodeURIComponent(id)}/sample`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.blob();
}
