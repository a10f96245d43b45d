import type { GeneralRequestInput, GeneralRequestView, LibraryTrack, ShoutoutRequestInput, ShoutoutRequestView, SongRequestInput, SongRequestView, SpotifyTrack } from '../../../shared/requests';
import { useQuery } from '@tanstack/react-query';
import { api } from '../app/api';

/** The station's own library: case-insensitive contains on title, album or artist. */
export function searchLibrary(q: string): Promise<LibraryTrack[]> {
  return api<{ tracks: LibraryTrack[] }>(`/api/tracks/search?q=${encodeURIComponent(q)}`, { auth: false }).then((r) => r.tracks);
}

/** Spotify search through the server (503 `not_configured` when the station has no credentials). */
export function searchSpotify(q: string): Promise<SpotifyTrack[]> {
  return api<{ tracks: SpotifyTrack[] }>(`/api/spotify/search?q=${encodeURIComponent(q)}`, { auth: false }).then((r) => r.tracks);
}

/** Whether the station has set up Spotify search: true, false, or undefined while asking (then not offered). */
export function useSpotifyStatus(): boolean | undefined {
  const { data } = useQuery({ queryKey: ['spotify-status'], queryFn: () => api<{ available: boolean }>('/api/spotify/status', { auth: false }), staleTime: 60_000 });
  return data?.available;
}

/** Sends a song request; the key makes a retried send return the original instead of a duplicate. */
export function sendSongRequest(input: SongRequestInput, idempotencyKey: string): Promise<SongRequestView> {
  return api<{ request: SongRequestView }>('/api/requests/song', { method: 'POST', body: input, auth: false, headers: { 'Idempotency-Key': idempotencyKey } }).then((r) => r.request);
}

/** Sends a shoutout request. */
export function sendShoutout(input: ShoutoutRequestInput): Promise<ShoutoutRequestView> {
  return api<{ request: ShoutoutRequestView }>('/api/requests/shoutout', { method: 'POST', body: input, auth: false }).then((r) => r.request);
}

/** Sends a general inquiry. */
export function sendGeneralRequest(input: GeneralRequestInput): Promise<GeneralRequestView> {
  return api<{ request: GeneralRequestView }>('/api/requests/general', { method: 'POST', body: input, auth: false }).then((r) => r.request);
}
