import { useT } from '../i18n/state';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useServerSecond } from '../app/clock';
import { RADIO_LIMITS } from '../../../shared/radio-constants';
import type { CounterState, NowPlaying, RequestHandledEvent, VoteCountsEvent, VoteState, VoteType } from '../../../shared/radio';
import { radioSlides, type RadioSlide } from '../../../shared/radio-slides';
import { liveShowId } from '../../../shared/radio-display';
import { liveStatusAtom } from '../app/live';
import { useChannel, useResync } from '../realtime/hooks';
import { fetchCounter, fetchDjStats, fetchHistory, fetchMostLiked, fetchMostPlayed, fetchNowPlaying, fetchVotes, incrementCounter, postVote, radioKeys, serverNow } from './api';
import { listenerSessionId } from '../platform/session';
import { useRequestSessionId } from '../platform/useRequestSessionId';

/**
 * The radio data of the listener site, kept current by pushes rather than
 * polling: each hook reads the API once and then follows its realtime
 * channel, refetching after a reconnect.
 */

/**
 * Now playing: fetched once, then updated by the `now-playing` channel (the
 * subscription's snapshot arrives at once). Keeps the live status atom that
 * shows or hides the Request link, and refreshes the history lists when the
 * song changes.
 */
export function useNowPlaying(): { data: NowPlaying | undefined; isLoading: boolean; isError: boolean } {
  const qc = useQueryClient();
  const setLive = useSetAtom(liveStatusAtom);
  const query = useQuery({ queryKey: radioKeys.nowPlaying, queryFn: fetchNowPlaying, staleTime: Infinity, refetchOnWindowFocus: false, retry: 2 });
  useChannel('now-playing', (e) => {
    if (e.name !== 'now-playing.updated' || !e.data) return;
    const next = e.data;
    const prev = qc.getQueryData<NowPlaying>(radioKeys.nowPlaying);
    qc.setQueryData(radioKeys.nowPlaying, next);
    const changed = prev && (prev.now_playing.played_at !== next.now_playing.played_at || prev.now_playing.song.id !== next.now_playing.song.id);
    if (changed) {
      void qc.invalidateQueries({ queryKey: radioKeys.historyAll });
      void qc.invalidateQueries({ queryKey: radioKeys.mostPlayed });
    }
  });
  useResync('now-playing', () => void qc.invalidateQueries({ queryKey: radioKeys.nowPlaying }));
  const isLive = query.data?.live.is_live;
  useEffect(() => {
    if (isLive !== undefined) setLive({ isLive });
    else if (query.isError) setLive({ isLive: false });
  }, [isLive, query.isError, setLive]);
  return { data: query.data, isLoading: query.isLoading, isError: query.isError };
}

/**
 * Seconds into the item on air at `nowMs` (the server's clock). With a known duration it stops
 * there; with an unknown one (a live item) it keeps counting: only elapsed time is shown then.
 */
export function elapsedNow(np: NowPlaying, nowMs = serverNow()): number {
  const { played_at, elapsed, duration } = np.now_playing;
  const seconds = played_at !== null ? nowMs / 1000 - played_at : elapsed + (nowMs - np.updated_at) / 1000;
  const clamped = duration !== null && duration > 0 ? Math.min(duration, seconds) : seconds;
  return Math.max(0, Math.floor(clamped));
}

/** The server's clock in whole seconds, shared by every component that shows a time (one timer per page: app/clock.ts). */
export { useServerSecond };

/** Elapsed seconds of the item on air by the page's one clock (the same value everywhere on the page). */
export function useElapsed(np: NowPlaying | undefined): number {
  const sec = useServerSecond();
  return np ? elapsedNow(np, sec * 1000) : 0;
}

/**
 * The slider's live slide and recently played songs, from the now-playing document in the cache (the server
 * wrote it into the page; the player keeps it current). It only reads the cache, so the slider makes no request
 * and opens no channel of its own.
 */
export function useRadioSlides(): RadioSlide[] {
  const { data } = useQuery({ queryKey: radioKeys.nowPlaying, queryFn: fetchNowPlaying, staleTime: Infinity, refetchOnWindowFocus: false, enabled: false });
  const t = useT();
  return useMemo(() => radioSlides(data, t), [data, t]);
}

/**
 * The booked show that is live now (issue 38 item 5: a live session of its own presenter, never a booking alone), from
 * the now-playing document in the cache (the player keeps it current), or null.
 */
export function useLiveShowId(): string | null {
  const { data } = useQuery({ queryKey: radioKeys.nowPlaying, queryFn: fetchNowPlaying, staleTime: Infinity, refetchOnWindowFocus: false, enabled: false });
  return liveShowId(data);
}

/** The latest plays (4 for recently played, 15 for the full history), refreshed every minute and on every song change. */
export function useHistory(limit: number) {
  const qc = useQueryClient();
  useResync('now-playing', () => void qc.invalidateQueries({ queryKey: radioKeys.history(limit) }));
  // The list of the now-playing document on screen (issue 38 item 9: the song on air is not listed as played).
  const queryFn = () => fetchHistory(limit, qc.getQueryData<NowPlaying>(radioKeys.nowPlaying)?.updated_at);
  return useQuery({ queryKey: radioKeys.history(limit), queryFn, refetchInterval: RADIO_LIMITS.listsRefreshMs, staleTime: 10_000 });
}

/** Most played and most liked tracks, refreshed every minute. */
export function useRankings() {
  const played = useQuery({ queryKey: radioKeys.mostPlayed, queryFn: () => fetchMostPlayed(3), refetchInterval: RADIO_LIMITS.listsRefreshMs, staleTime: 30_000 });
  const liked = useQuery({ queryKey: radioKeys.mostLiked, queryFn: () => fetchMostLiked(3), refetchInterval: RADIO_LIMITS.listsRefreshMs, staleTime: 30_000 });
  return { played, liked };
}

/**
 * A track's votes and this browser's own vote, with the spec's transitions
 * (press: none → vote, same again → removed, opposite → switched). Counts
 * pushed on the `votes` channel by other listeners replace older ones.
 */
export function useVotes(trackId: string | null) {
  const qc = useQueryClient();
  const session = listenerSessionId();
  const key = radioKeys.votes(trackId ?? 'none');
  const query = useQuery({ queryKey: key, queryFn: () => fetchVotes(trackId!, session), enabled: trackId !== null, staleTime: 60_000 });
  useChannel(trackId ? 'votes' : null, (e) => {
    if (e.name !== 'votes.updated' || e.data.track_id !== trackId) return;
    const counts = e.data;
    qc.setQueryData<VoteState>(key, (old) => (old && old.version >= counts.version ? old : { ...counts, my_vote: old?.my_vote ?? null }));
  });
  useResync('votes', () => void qc.invalidateQueries({ queryKey: key }));
  const mutation = useMutation({
    mutationFn: (vote: VoteType) => {
      if (!trackId) throw new Error('No session ID');
      return postVote(trackId, session, vote);
    },
    // The button shows the listener's own vote at once (the counts follow from the server, possibly by the push before
    // the answer); a refused vote puts it back.
    onMutate: (v: VoteType) => {
      const previous = qc.getQueryData<VoteState>(key)?.my_vote ?? null;
      qc.setQueryData<VoteState>(key, (old) => (old ? { ...old, my_vote: old.my_vote === v ? null : v } : old));
      return { previous };
    },
    onError: (_e, _v, context) => qc.setQueryData<VoteState>(key, (old) => (old && context ? { ...old, my_vote: context.previous } : old)),
    onSuccess: (state) => qc.setQueryData<VoteState>(key, (old) => (old && old.version > state.version ? { ...old, my_vote: state.my_vote } : state)),
  });
  return {
    votes: query.data,
    isLoading: query.isLoading,
    vote: (v: VoteType) => mutation.mutate(v),
    isVoting: mutation.isPending,
    error: mutation.error,
  };
}

/** A presenter's performance stats from their recorded live sessions (the DJ profile). */
export function useDjStats(presenterId: string | null) {
  return useQuery({ queryKey: ['radio', 'dj-stats', presenterId], queryFn: () => fetchDjStats(presenterId!), enabled: presenterId !== null, staleTime: 60_000 });
}

/** The bubbles counter, pushed live, and the click that increments it. */
export function useBubbles() {
  const qc = useQueryClient();
  const query = useQuery({ queryKey: radioKeys.counter, queryFn: () => fetchCounter(), staleTime: Infinity });
  useChannel('counters', (e) => {
    if (e.name !== 'counters.updated' || e.data?.id !== 'bubble_clicks') return;
    const c = e.data;
    qc.setQueryData<CounterState>(radioKeys.counter, (old) => (old && !e.snapshot && old.count > c.count ? old : c));
  });
  const mutation = useMutation({
    mutationFn: () => incrementCounter(),
    onSuccess: (c) => qc.setQueryData<CounterState>(radioKeys.counter, (old) => (old && old.count > c.count ? old : c)),
  });
  return { count: query.data?.count ?? null, increment: () => mutation.mutate(), isPending: mutation.isPending };
}

/**
 * The request loop on the listener side: while this browser has a request
 * session id, listens on its own channel and returns the latest "Your
 * request … played at 20:14" message until it is dismissed.
 */
export function useRequestUpdates(): { message: RequestHandledEvent | null; dismiss: () => void } {
  // The id appears when the listener sends a first request (in this tab or another): announced, not polled.
  const session = useRequestSessionId();
  const [message, setMessage] = useState<RequestHandledEvent | null>(null);
  useChannel(session ? `session:${session}` : null, (e) => {
    if (e.name === 'request.handled') setMessage(e.data);
  });
  const dismiss = useCallback(() => setMessage(null), []);
  return { message, dismiss };
}
