import { z } from 'zod';

/**
 * The radio domain as server, web and studio agree on it: the now-playing
 * document, history and vote shapes, the spec's fallbacks and constants
 * (spec 000 §3, §4, §9), and the vote transition rule.
 */

import type { StationState } from './radio-constants';
import { DEAD_AIR_EVENT_SCHEMAS, type DeadAirChannelEvents } from './dead-air';

export { RADIO_FALLBACKS, RADIO_LIMITS } from './radio-constants';
export { STATION_STATES, type StationState } from './radio-constants';

/** The two vote kinds (track_votes.vote_type). */
export const VOTE_TYPES = ['up', 'down'] as const;
export type VoteType = (typeof VOTE_TYPES)[number];

/**
 * The vote transition of spec 000 §4: none becomes the pressed vote; pressing
 * the same vote again removes it; the opposite vote switches it.
 */
export function nextVote(current: VoteType | null, pressed: VoteType): VoteType | null {
  return current === pressed ? null : pressed;
}

/** A browser's anonymous session id (votes, requests, its realtime channel): letters, digits, '_' and '-'. */
export const SessionIdSchema = z
  .string({ error: 'No session ID' })
  .min(8, 'No session ID')
  .max(128, 'Session ID is too long')
  .regex(/^[A-Za-z0-9_-]+$/, 'Session ID has invalid characters');

/** Body of POST /api/tracks/:id/votes. */
export const VoteInputSchema = z.object({
  user_session: SessionIdSchema,
  vote_type: z.enum(VOTE_TYPES, { error: 'vote_type must be up or down' }),
});
export type VoteInput = z.infer<typeof VoteInputSchema>;

/** Vote counts of one track, plus the asking session's own vote (get_track_vote_counts). */
export interface VoteState {
  track_id: string;
  up_votes: number;
  down_votes: number;
  /** The session's vote, `null` when none or when no session was given. */
  my_vote: VoteType | null;
  /** Grows with every change of this track's votes; a client ignores counts older than the ones it has. */
  version: number;
}

/** The `votes.updated` realtime event: the counts only, never who voted. */
export type VoteCountsEvent = Omit<VoteState, 'my_vote'>;

/**
 * A song as the API carries it. `id` is the Airdeck track id (for votes); `null` when not recorded.
 * Text the station did not report is `null` (never a placeholder word): a UI shows the spec's
 * fallbacks through {@link songText}.
 */
export interface NowPlayingSong {
  id: string | null;
  title: string | null;
  artist: string | null;
  album: string | null;
  art: string | null;
}

/** A scheduled show as the now-playing document mentions it. */
export interface NowPlayingShow {
  id: string;
  title: string;
  presenter_name: string | null;
  presenter_id: string | null;
  event_date: string;
  start_time: string;
  end_time: string;
  /** Epoch seconds. */
  starts_at: number;
  ends_at: number;
}

/**
 * GET /api/now-playing and the `now-playing.updated` event. The spec's shape
 * (000 §3 and 001 §3: now_playing.song, duration, elapsed; live.is_live,
 * streamer_name, broadcast_start; song_history with played_at in epoch
 * seconds; streamers) plus listeners, the current and next show, and
 * freshness, and the station state. Unknown text is null (the UI shows the spec's fallbacks).
 */
export interface NowPlaying {
  station: {
    name: string | null;
    /** The stream listeners play (the source's, STREAM_URL, or this server's `/api/stream`); the player and the AzuraCast-compatible feed use it. */
    listen_url: string;
    /** The source says the station is broadcasting. */
    is_online: boolean;
    /** On air, live, off air or stopped (see {@link StationState}). */
    state: StationState;
  };
  now_playing: {
    song: NowPlayingSong;
    /** Seconds; `null` when unknown (live items, streams): show the elapsed time only. */
    duration: number | null;
    /** `duration` is unknown (kept for clients that read it; true exactly when duration is null). */
    duration_is_estimate: boolean;
    /** Seconds into the item at `updated_at`; add the time since then to show it now. */
    elapsed: number;
    /** When the item started, epoch seconds; `null` when the source cannot tell. */
    played_at: number | null;
    is_request: boolean;
  };
  live: {
    is_live: boolean;
    streamer_name: string | null;
    /** Epoch seconds; `null` when not live. */
    broadcast_start: number | null;
    /** The matched Airdeck presenter, when there is one. */
    presenter_id: string | null;
    /** The DJ's picture as the source gives it; `null` when none. */
    art?: string | null;
    /**
     * The booked show this live session is (issue 38 item 5): the schedule event the session's presenter is
     * booked for now (or is starting early); `null` when not live, or live outside their own booking (someone
     * else's slot, an unbooked hour). Only this show is marked LIVE on the schedule, never a booking alone.
     */
    show_id?: string | null;
  };
  /** The presenter line: the DJ's name, 'Live Presenter', or 'Auto DJ'. */
  presenter: string;
  /**
   * Who is listening, as the source counts them: `current` the listeners now,
   * `unique` distinct listeners when the source can tell, `total` every
   * connection (all mounts).
   */
  listeners: { current: number; unique: number | null; total: number };
  current_show: NowPlayingShow | null;
  next_show: NowPlayingShow | null;
  /** Newest first, the item on air excluded. */
  song_history: { song: NowPlayingSong; played_at: number; duration?: number | null }[];
  /** What the Auto DJ has queued, when the source says (not during a live show's stale queue). */
  playing_next?: { song: NowPlayingSong; played_at: number | null; duration: number | null } | null;
  streamers: { name: string; is_live: boolean }[];
  /** The last read of the station failed: this is the last known state. */
  stale: boolean;
  source: 'demo' | 'azuracast' | 'icecast';
  /** When this state was read from the station, epoch ms (server clock). */
  updated_at: number;
}

/** One play in the history lists (play_history with its track). */
export interface PlayEntry {
  id: number;
  /** Epoch seconds. */
  played_at: number;
  is_live: boolean;
  streamer_name: string | null;
  song: NowPlayingSong;
  /** Length in seconds when the station reported it. */
  duration?: number | null;
}

/** One entry of the most played / most liked lists. */
export interface TrackRanking {
  song: NowPlayingSong;
  plays: number;
  up_votes: number;
  down_votes: number;
  /** Epoch seconds of the latest play, `null` if never played. */
  last_played_at: number | null;
}

/** The bubbles counter (global_counters, id bubble_clicks) and its `counters.updated` event. */
export interface CounterState {
  id: 'bubble_clicks';
  count: number;
}

/** DJ performance stats (spec 000 §3, get-dj-stats), computed from recorded live sessions. */
export interface DjStats {
  presenter_id: string;
  total_plays: number;
  /** Minutes, rounded. */
  avg_session_duration: number;
  /** Hours, two decimals; show with formatHoursMinutes(total_hours_streamed * 60). */
  total_hours_streamed: number;
  recent_shows: { date: string; duration: number; started_at: number; ended_at: number | null; title: string | null }[];
}

/** The `request.handled` event on a listener's `session:<id>` channel (the request loop). */
export interface RequestHandledEvent {
  kind: 'song' | 'shoutout';
  title: string;
  /** When staff marked it, epoch ms. */
  at: number;
  /** The sentence to show, e.g. "Your request Teardrop played at 20:14". */
  message: string;
}

/** The sentence a listener sees when staff mark their request played or their shoutout completed. */
export function requestHandledMessage(kind: 'song' | 'shoutout', title: string, at: number, timeZone: string): string {
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone }).format(new Date(at));
  return kind === 'song' ? `Your request ${title} played at ${time}` : `Your shoutout ${title} went out at ${time}`;
}

/** How a scheduled show went on air (staff report, spec issue 4 item 6). */
export type AttendanceStatus = 'upcoming' | 'on_air' | 'on_time' | 'late_start' | 'no_show' | 'overrun' | 'early_end';

/** One scheduled show against the live sessions that covered it. */
export interface AttendanceEntry {
  show: NowPlayingShow;
  statuses: AttendanceStatus[];
  /** Minutes late (positive) or early (negative) at the start; `null` with no session. */
  start_delta_minutes: number | null;
  /** Minutes past (positive) or before (negative) the scheduled end; `null` while on air or with no session. */
  end_delta_minutes: number | null;
  sessions: { id: string; streamer_name: string | null; started_at: number; ended_at: number | null }[];
}

/** Minutes of tolerance before a start counts as late, an end as an overrun, and a missing presenter as a no-show. */
export const ATTENDANCE_GRACE_MINUTES = 5;

// ---------------------------------------------------------------------------
// Realtime events of the radio domain (channels `now-playing`, `counters`,
// `votes` and a listener's `session:<id>`), declared once: the server's bus
// and the web's channel hook are typed by these maps (see shared/realtime.ts).
// ---------------------------------------------------------------------------

/**
 * `presenter.live` on the `now-playing` channel: a live session started on the
 * station (any source: AzuraCast, Icecast or the demo station). Published by
 * the poller once per session, after the session row has committed.
 */
export const PresenterLiveEventSchema = z.object({
  /** The broadcast_sessions row. */
  sessionId: z.string().min(1),
  presenterId: z.string().nullable(),
  /** The matched presenter's name, else the station's streamer name. */
  presenterName: z.string().min(1),
  /** The scheduled show the session falls in, when there is one. */
  showTitle: z.string().nullable(),
  /** Epoch ms. */
  startedAt: z.number(),
  source: z.enum(['demo', 'azuracast', 'icecast']),
});
export type PresenterLiveEvent = z.infer<typeof PresenterLiveEventSchema>;

/** Events of the public `now-playing` channel. */
export interface NowPlayingChannelEvents extends DeadAirChannelEvents {
  'now-playing.updated': NowPlaying;
  'presenter.live': PresenterLiveEvent;
}
/** Events of the public `counters` channel. */
export interface CountersChannelEvents {
  'counters.updated': CounterState;
}
/** Events of the public `votes` channel. */
export interface VotesChannelEvents {
  'votes.updated': VoteCountsEvent;
}
/** Events of a listener's own `session:<id>` channel. */
export interface SessionChannelEvents {
  'request.handled': RequestHandledEvent;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The schemas of the radio channels' events (checked where a payload crosses a process). */
export const RADIO_EVENT_SCHEMAS = {
  'now-playing': {
    // The whole document is built by the server from checked parts; its frame is checked for the parts every reader needs.
    'now-playing.updated': z.custom<NowPlaying>((v) => isObject(v) && isObject(v.now_playing) && isObject(v.live) && typeof v.updated_at === 'number'),
    'presenter.live': PresenterLiveEventSchema,
    ...DEAD_AIR_EVENT_SCHEMAS,
  },
  counters: { 'counters.updated': z.object({ id: z.literal('bubble_clicks'), count: z.number() }) },
  votes: { 'votes.updated': z.object({ track_id: z.string(), up_votes: z.number(), down_votes: z.number(), version: z.number() }) },
  session: { 'request.handled': z.object({ kind: z.enum(['song', 'shoutout']), title: z.string(), at: z.number(), message: z.string() }) },
} as const;
