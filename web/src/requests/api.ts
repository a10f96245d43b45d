import type { GeneralRequestInput, GeneralRequestView, LibraryTrack, ShoutoutRequestInput, ShoutoutRequestView, SongRequestInput, SongRequestView, SpotifyTrack } from '../../../shared/requests';
import { endpoint, PUBLIC } from '../app/api';

const library = endpoint<{ tracks: LibraryTrack[] }, [q: string]>('GET', (q) => `/api/tracks/search?q=${encodeURIComponent(q)}`, PUBLIC);
const spotify = endpoint<{ tracks: SpotifyTrack[] }, [q: string]>('GET', (q) => `/api/spotify/search?q=${encodeURIComponent(q)}`, PUBLIC);
const song = endpoint<{ request: SongRequestView }, [input: SongRequestInput, idempotencyKey: string]>(
  'POST',
  (body, key) => ({ path: '/api/requests/song', body, headers: { 'Idempotency-Key': key } }),
  PUBLIC,
);
const shoutout = endpoint<{ request: ShoutoutRequestView }, [input: ShoutoutRequestInput]>('POST', (body) => ({ path: '/api/requests/shoutout', body }), PUBLIC);
const general = endpoint<{ request: GeneralRequestView }, [input: GeneralRequestInput]>('POST', (body) => ({ path: '/api/requests/general', body }), PUBLIC);

/** The station's own library: case-insensitive contains on title, album or artist. */
export function searchLibrary(q: string): Promise<LibraryTrack[]> {
  return library(q).then((r) => r.tracks);
}

/** Spotify search through the server (503 `not_configured` when the station has no credentials). */
export function searchSpotify(q: string): Promise<SpotifyTrack[]> {
  return spotify(q).then((r) => r.tracks);
}

/** Sends a song request; the key makes a retried send return the original instead of a duplicate. */
export function sendSongRequest(input: SongRequestInput, idempotencyKey: string): Promise<SongRequestView> {
  return song(input, idempotencyKey).then((r) => r.request);
}

/** Sends a shoutout request. */
export function sendShoutout(input: ShoutoutRequestInput): Promise<ShoutoutRequestView> {
  return shoutout(input).then((r) => r.request);
}

/** Sends a general inquiry. */
export function sendGeneralRequest(input: GeneralRequestInput): Promise<GeneralRequestView> {
  return general(input).then((r) => r.request);
}
