import type { AttendanceEntry, CounterState, DjStats, NowPlaying, PlayEntry, TrackRanking, VoteInput, VoteState, VoteType } from '../../../shared/radio';
import { useQuery } from '@tanstack/react-query';
import { endpoint, PUBLIC } from '../app/api';
import { getApiBase } from '../platform';

/** Query keys of the radio data in the server-state cache. */
export const radioKeys = {
  nowPlaying: ['radio', 'now-playing'] as const,
  history: (limit: number) => ['radio', 'history', limit] as const,
  historyAll: ['radio', 'history'] as const,
  mostPlayed: ['radio', 'most-played'] as const,
  mostLiked: ['radio', 'most-liked'] as const,
  votes: (trackId: string) => ['radio', 'votes', trackId] as const,
  counter: ['radio', 'counter'] as const,
};

/** Milliseconds to add to this device's clock to get the server's (from the Date header). */
let clockOffsetMs = 0;
/** The server's clock, as best known (elapsed times are computed against it). */
export function serverNow(): number {
  return Date.now() + clockOffsetMs;
}

/** Learns the server's clock from a reading taken `ageMs` ago (the page's own boot data). */
export function learnServerClock(serverMs: number, ageMs = 0): void {
  const offset = serverMs + ageMs - Date.now();
  clockOffsetMs = Math.abs(offset) > 1500 ? offset : 0;
}

/** GET /api/now-playing, also learning the server's clock from its Date header. */
export async function fetchNowPlaying(): Promise<NowPlaying> {
  const sent = Date.now();
  const res = await fetch(`${getApiBase()}/api/now-playing`, { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error('Failed to fetch now playing');
  const date = Date.parse(res.headers.get('date') ?? '');
  // The Date header has one-second resolution: only trust it beyond that.
  // Read halfway through the round trip, with the second's fraction unknown (+500 ms on average).
  if (Number.isFinite(date)) learnServerClock(date + 500, (Date.now() - sent) / 2);
  return (await res.json()) as NowPlaying;
}

/** The latest plays before the song on air of the now-playing document shown (`np`: its updated_at). */
export const fetchHistory = endpoint<PlayEntry[], [limit: number, np: number | undefined]>(
  'GET',
  (limit, np) => `/api/radio/history?limit=${limit}${np === undefined ? '' : `&np=${np}`}`,
  PUBLIC,
);
/** Most played tracks of the last 30 days. */
export const fetchMostPlayed = endpoint<TrackRanking[], [limit: number]>('GET', (limit) => `/api/radio/most-played?limit=${limit}`, PUBLIC);
/** Most liked tracks. */
export const fetchMostLiked = endpoint<TrackRanking[], [limit: number]>('GET', (limit) => `/api/radio/most-liked?limit=${limit}`, PUBLIC);
/** Vote counts of a track and this session's vote. */
export const fetchVotes = endpoint<VoteState, [trackId: string, session: string]>(
  'GET',
  (trackId, session) => `/api/tracks/${encodeURIComponent(trackId)}/votes?user_session=${encodeURIComponent(session)}`,
  PUBLIC,
);
/** One press of a vote button. */
export const postVote = endpoint<VoteState, [trackId: string, session: string, vote: VoteType]>(
  'POST',
  (trackId, session, vote) => ({ path: `/api/tracks/${encodeURIComponent(trackId)}/votes`, body: { user_session: session, vote_type: vote } satisfies VoteInput }),
  PUBLIC,
);
/** The bubbles counter. */
export const fetchCounter = endpoint<CounterState>('GET', () => '/api/counters/bubble_clicks', PUBLIC);
/** increment_bubble_clicks. */
export const incrementCounter = endpoint<CounterState>('POST', () => '/api/counters/bubble_clicks/increment', PUBLIC);
/** get-dj-stats for a presenter. */
export const fetchDjStats = endpoint<DjStats, [presenterId: string]>('GET', (presenterId) => `/api/radio/dj-stats/${encodeURIComponent(presenterId)}`, PUBLIC);
const onAirReport = endpoint<AttendanceEntry[], [from: string, to: string]>('GET', (from, to) => `/api/radio/on-air-report?from=${from}&to=${to}`);

/** The staff report: each scheduled show from `from` to `to` (station dates, inclusive) against what went out. */
export function useOnAirReport(from: string, to: string) {
  return useQuery({ queryKey: ['radio', 'on-air-report', from, to], queryFn: () => onAirReport(from, to), staleTime: 30_000 });
}
