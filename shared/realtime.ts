import type { ZodType } from 'zod';
import type { BookingsChannelEvents, ScheduleChannelEvents } from './bookings';
import type { ContentChannelEvents } from './content-events';
import type { NotificationsChannelEvents } from './notifications';
import type { CountersChannelEvents, NowPlayingChannelEvents, SessionChannelEvents, VotesChannelEvents } from './radio';
import type { RequestsChannelEvents } from './requests';
import { can, isRole, type Capability } from './permissions';

/**
 * The realtime protocol over the `/api/realtime` WebSocket: small JSON text
 * frames, typed once here for the server hub and the web client.
 *
 * Connection
 * - The server greets every connection with `welcome` (connection id,
 *   whether it is authenticated, the heartbeat interval). It pings every
 *   `heartbeatMs` at the WebSocket level and drops a connection that missed a
 *   whole interval; a client may also send `ping` and gets `pong` with its `t`.
 * - `hello {token}` authenticates with a staff access token (or clears the
 *   identity without one) and is answered with a new `welcome`. The token is
 *   re-checked when it expires: staff channels are then left, each with an
 *   `error {code: 'token_expired', channel}`; the client sends a fresh
 *   `hello` and subscribes again. When the session ends (sign-out,
 *   deactivation, deletion, new password) every instance leaves the staff
 *   channels of its connections for it at once, each with `error {code:
 *   'session_ended', channel}`; when the role changes, the channels the new
 *   role may not see are left (`forbidden`) and one `error {code:
 *   'role_changed'}` asks the client to refresh its token.
 *
 * Channels
 * - Public, for anyone: `now-playing`, `counters`, `schedule`, `votes`,
 *   `content`, and `session:<id>` (a listener's own channel, keyed by the
 *   browser's anonymous session id: the request loop).
 * - Staff, with a valid token: `notifications`, `requests`, `bookings`. An
 *   event may be limited to some users (`userIds`) or roles (`roles`): a
 *   connection receives it when its user is listed or its role is (either).
 *
 * Frames
 * - Client → server: `hello`, `subscribe {channel, id?}`, `unsubscribe`,
 *   `ping {t?}`. At most 16 KiB per frame and 32 subscriptions.
 * - Server → client: `welcome`, `subscribed {channel, id?}`, `unsubscribed`,
 *   `event {channel, name, data, seq, snapshot?}`, `error {code, message,
 *   channel?}`, `pong`.
 * - A subscriber gets the channel's current state at once (an `event` with
 *   `snapshot: true`) when the channel has one (`now-playing`, `counters`),
 *   then every change.
 * - Event names are `<resource>.<verb>`, declared per channel once by the
 *   domain that owns it ({@link ChannelEvents}: name → payload type; the zod
 *   schemas are in `shared/events.ts`). Two are
 *   special on every channel: `bus.resync` (the server may have missed
 *   events: refetch what you show) and `<name>.too-big` (the event was too
 *   big to relay between servers: refetch).
 *
 * Limits: a per-address connection cap (HTTP 429 on upgrade), a client that
 * does not read its frames is disconnected (never buffered without bound),
 * and a foreign browser origin is refused (HTTP 403).
 */

/**
 * Bus-only event: a user's sessions changed (sign-out, deactivation,
 * deletion, a new password, a new role). Every instance's hub consumes it,
 * re-checks the live identity of that user's connections and ends or trims
 * their staff subscriptions; it never reaches a client.
 */
export const SESSION_CHANGED_EVENT = 'session.changed' as const;
/** The data of {@link SESSION_CHANGED_EVENT}. */
export interface SessionChangedData {
  userId: string;
  /** Why, for the logs: sign_out, deactivated, deleted, password_changed, role_changed. */
  reason: string;
}

/**
 * Bus-only event: staff or their notification preferences changed (an
 * account created, edited or deleted; preferences saved). Every instance
 * forgets its notification recipients directory (server
 * `notifications/recipients.ts`); the hub drops it, it never reaches a client.
 */
export const STAFF_CHANGED_EVENT = 'staff.changed' as const;
/** The data of {@link STAFF_CHANGED_EVENT}. */
export interface StaffChangedData {
  /** The account concerned. */
  userId: string;
  /** Why, for the logs: created, updated, deleted, preferences. */
  reason: string;
}

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

/** The capability of the permission table a role needs to join each staff channel. */
export const STAFF_CHANNEL_CAPABILITY: Record<StaffChannel, Capability> = {
  notifications: 'notifications.view',
  requests: 'requests.manage',
  bookings: 'panel.view',
};

/** Whether a role may receive a staff channel. */
export function canJoinStaffChannel(role: string, channel: StaffChannel): boolean {
  return isRole(role) && can(role, STAFF_CHANNEL_CAPABILITY[channel]);
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

/**
 * Every channel's events, name → payload, each declared once by the domain
 * that publishes it. `session` stands for every `session:<id>` channel.
 */
export interface ChannelEvents {
  'now-playing': NowPlayingChannelEvents;
  counters: CountersChannelEvents;
  votes: VotesChannelEvents;
  schedule: ScheduleChannelEvents;
  content: ContentChannelEvents;
  session: SessionChannelEvents;
  /** Plus the bus-only `session.changed` (auth) and `staff.changed` (users, notifications), which the hub never relays. */
  notifications: NotificationsChannelEvents & { [SESSION_CHANGED_EVENT]: SessionChangedData; [STAFF_CHANGED_EVENT]: StaffChangedData };
  requests: RequestsChannelEvents;
  bookings: BookingsChannelEvents;
}

/** The key of {@link ChannelEvents} a channel's events are declared under. */
export type ChannelKey<C extends Channel> = C extends SessionChannel ? 'session' : C;
/** The event names of a channel. */
export type EventName<C extends Channel> = keyof ChannelEvents[ChannelKey<C>] & string;
/** The payload of one event of a channel. */
export type EventData<C extends Channel, N extends EventName<C>> = ChannelEvents[ChannelKey<C>][N];

/** Who an event is for, and its place in the channel's sequence. */
interface Delivery {
  /** Monotonic per-channel sequence within one server process, for gap detection. */
  seq?: number;
  /** Restricts delivery on staff channels to these users (notifications). */
  userIds?: string[];
  /** Restricts delivery on staff channels to these roles. */
  roles?: string[];
}

/**
 * An event of channel `C` as published on the bus and delivered to
 * subscribers: a union over the channel's declared names, so a producer and
 * a consumer that disagree on a payload do not compile.
 */
export type ChannelEvent<C extends Channel = Channel> = C extends Channel
  ? { [N in EventName<C>]: { channel: C; name: N; data: EventData<C, N> } & Delivery }[EventName<C>]
  : never;

/** The two events every channel may carry: refetch what you show. */
export type ControlEventName = 'bus.resync' | `${string}.too-big`;
export type ControlEvent<C extends Channel = Channel> = { channel: C; name: ControlEventName; data: null } & Delivery;

/** What a bus subscriber (and a channel hook) receives: a declared event or a control event. */
export type RealtimeEvent<C extends Channel = Channel> = ChannelEvent<C> | ControlEvent<C>;

/** True for `bus.resync` and `<name>.too-big`. */
export function isControlEvent<C extends Channel>(e: RealtimeEvent<C>): e is ControlEvent<C> {
  return e.name === 'bus.resync' || e.name.endsWith('.too-big');
}

/** The zod schemas of every channel's events, shaped like {@link ChannelEvents} (see `shared/events.ts`). */
export type ChannelEventSchemas = { [K in keyof ChannelEvents]: { [N in keyof ChannelEvents[K]]: ZodType<ChannelEvents[K][N]> } };

/**
 * Why the server refused or ended something. `token_expired`: send a fresh
 * `hello`. `session_ended`: the session was signed out, the account
 * deactivated or deleted, or its password changed; staff channels are left
 * (public ones stay) and the client must sign in again. `role_changed`: the
 * account's role changed; channels the new role may not see are left (each
 * with `forbidden`), and the client should refresh its token.
 */
export type RealtimeErrorCode = 'bad_frame' | 'unknown_channel' | 'forbidden' | 'token_expired' | 'session_ended' | 'role_changed' | 'rate_limited';

/** Frames the server sends. */
export type ServerFrame =
  | { type: 'welcome'; connectionId: string; authenticated: boolean; heartbeatMs: number }
  | { type: 'subscribed'; channel: Channel; id?: string }
  | { type: 'unsubscribed'; channel: Channel }
  | EventFrame
  | { type: 'error'; code: RealtimeErrorCode; message: string; channel?: Channel }
  | { type: 'pong'; t?: number };

/** An `event` frame. Narrow it with {@link ChannelEvent} via {@link asChannelEvent} to get typed data. */
export interface EventFrame {
  type: 'event';
  channel: Channel;
  name: string;
  data: unknown;
  seq?: number;
  snapshot?: boolean;
}

/**
 * Reads an `event` frame of channel `C` as that channel's typed event. The
 * server sends only declared events (the bus is typed), so this is a view,
 * not a check; the web's channel hook uses it.
 */
export function asChannelEvent<C extends Channel>(frame: EventFrame & { channel: C }): RealtimeEvent<C> & { snapshot?: boolean } {
  return frame as unknown as RealtimeEvent<C> & { snapshot?: boolean };
}

/** Close codes the hub uses beyond the standard ones. */
export const CLOSE_CODES = {
  goingAway: 1001,
  tooBig: 1009,
  policy: 1008,
  tryAgainLater: 1013,
  slowConsumer: 4008,
  tooManyConnections: 4029,
  /** The socket sent more frames than its budget allows (pings, hellos, subscriptions): reconnect later, slower. */
  tooManyMessages: 4030,
} as const;

/** The biggest frame a client may send (bytes). */
export const MAX_CLIENT_FRAME_BYTES = 16 * 1024;
