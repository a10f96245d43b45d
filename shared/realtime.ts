/**
 * The realtime protocol over the `/api/realtime` WebSocket: small JSON frames,
 * typed once here for the server hub and the web client.
 *
 * Client → server: `hello` (optional access token), `subscribe`, `unsubscribe`, `ping`.
 * Server → client: `welcome`, `subscribed`, `event`, `error`, `pong`.
 * A subscriber gets the channel's current state at once (an `event` with
 * `snapshot: true`) when the channel has one, then every change.
 */

/** Channels anyone may join. */
export const PUBLIC_CHANNELS = ['now-playing', 'counters', 'schedule', 'votes', 'content'] as const;
/** Channels that need a valid staff access token. */
export const STAFF_CHANNELS = ['notifications', 'requests', 'bookings'] as const;

export type PublicChannel = (typeof PUBLIC_CHANNELS)[number];
export type StaffChannel = (typeof STAFF_CHANNELS)[number];
/** A listener's own channel, keyed by their anonymous session id (request loop). */
export type SessionChannel = `session:${string}`;
export type Channel = PublicChannel | StaffChannel | SessionChannel;

/** True for a channel name the hub knows. */
export function isChannel(value: unknown): value is Channel {
  if (typeof value !== 'string') return false;
  if ((PUBLIC_CHANNELS as readonly string[]).includes(value) || (STAFF_CHANNELS as readonly string[]).includes(value)) return true;
  return /^session:[A-Za-z0-9_-]{8,128}$/.test(value);
}

/** True for channels that need a staff token. */
export function isStaffChannel(channel: Channel): channel is StaffChannel {
  return (STAFF_CHANNELS as readonly string[]).includes(channel);
}

/** Frames a client sends. */
export type ClientFrame =
  | { type: 'hello'; token?: string }
  | { type: 'subscribe'; channel: Channel; id?: string }
  | { type: 'unsubscribe'; channel: Channel }
  | { type: 'ping'; t?: number };

/** An event as published on the bus and delivered to subscribers. */
export interface RealtimeEvent<T = unknown> {
  channel: Channel;
  /** `<resource>.<verb>`, e.g. `now-playing.updated`, `request.created`. */
  name: string;
  data: T;
  /** Monotonic per-channel sequence within one server process, for gap detection. */
  seq?: number;
  /** Restricts delivery on staff channels to these users (notifications). */
  userIds?: string[];
  /** Restricts delivery on staff channels to these roles. */
  roles?: string[];
}

/** Frames the server sends. */
export type ServerFrame =
  | { type: 'welcome'; connectionId: string; authenticated: boolean; heartbeatMs: number }
  | { type: 'subscribed'; channel: Channel; id?: string }
  | { type: 'unsubscribed'; channel: Channel }
  | { type: 'event'; channel: Channel; name: string; data: unknown; seq?: number; snapshot?: boolean }
  | { type: 'error'; code: 'bad_frame' | 'unknown_channel' | 'forbidden' | 'token_expired' | 'rate_limited'; message: string; channel?: Channel }
  | { type: 'pong'; t?: number };

/** Close codes the hub uses beyond the standard ones. */
export const CLOSE_CODES = {
  goingAway: 1001,
  tooBig: 1009,
  policy: 1008,
  tryAgainLater: 1013,
  slowConsumer: 4008,
  tooManyConnections: 4029,
} as const;

/** The biggest frame a client may send (bytes). */
export const MAX_CLIENT_FRAME_BYTES = 16 * 1024;
