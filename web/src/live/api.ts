/** The On Air console's live-input calls (issue 31), typed with shared/live. */
import { useQuery } from '@tanstack/react-query';
import type { LiveInputSettingsInput, LiveInputSettingsView, LiveOnAir, LiveStartInput, LiveStatus, LiveTicket } from '../../../shared/live';
import { endpoint } from '../app/api';
import { getApiBase } from '../platform';
import { useChannel } from '../realtime/hooks';

const status = endpoint<LiveStatus>('GET', () => '/api/live/status');
export const startLiveSession = endpoint<LiveTicket, [input: LiveStartInput]>('POST', (input) => ({ path: '/api/live/sessions', body: input }));
export const overrunLiveSession = endpoint<LiveOnAir, [id: string]>('POST', (id) => ({ path: `/api/live/sessions/${encodeURIComponent(id)}/overrun`, body: {} }));
export const endLiveSessionByStaff = endpoint<null, [id: string]>('POST', (id) => ({ path: `/api/live/sessions/${encodeURIComponent(id)}/end`, body: {} }));
export const fetchLiveSettings = endpoint<LiveInputSettingsView>('GET', () => '/api/settings/live-input');
export const saveLiveSettings = endpoint<LiveInputSettingsView, [input: LiveInputSettingsInput]>('PUT', (input) => ({ path: '/api/settings/live-input', body: input }));

/** The console's go-live status, refreshed when now-playing changes (someone went live or stopped) and every 30 s. */
export function useLiveStatus() {
  const query = useQuery({ queryKey: ['live', 'status'], queryFn: () => status(), refetchInterval: 30_000 });
  useChannel('now-playing', (e) => {
    if (!e.snapshot) void query.refetch();
  });
  return query;
}

/** The live-input settings (General Settings). */
export function useLiveSettings() {
  return useQuery({ queryKey: ['settings', 'live-input'], queryFn: () => fetchLiveSettings() });
}

/** Opens the relay's socket for a ticket (on the API's host, like the realtime socket). */
export function openLiveSocket(ticket: string): WebSocket {
  const base = getApiBase();
  const origin = base ? base.replace(/^http/, 'ws') : `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}`;
  const ws = new WebSocket(`${origin}/api/live/socket?ticket=${encodeURIComponent(ticket)}`);
  ws.binaryType = 'arraybuffer';
  return ws;
}
