import { z } from 'zod';

/**
 * Going live from the studio (issue 31): the live-input settings (General
 * Settings), the presenter's go-live window, the WebSocket protocol between
 * the On Air console and the server's relay, and the texts a presenter sees.
 * Server, web and the desktop main process agree through this file.
 */

/** Minutes before a booked show's start from which its presenter may go live (General Settings default). */
export const DEFAULT_LIVE_LEAD_MINUTES = 5;
/** Minutes after a booked show's end before the live input is closed (General Settings default). */
export const DEFAULT_LIVE_GRACE_MINUTES = 2;
/** Minutes a manager's "let it overrun" adds each time. */
export const OVERRUN_MINUTES = 15;
/** Minutes before the window closes when the presenter is warned. */
export const LIVE_WARNINGS_MINUTES = [5, 1] as const;

/** The states the console shows, word for word (issue 31). */
export const LIVE_STATES = ['Preparing', 'Connecting', 'On air', 'Reconnecting', 'Stopped'] as const;
export type LiveStateText = (typeof LIVE_STATES)[number];

/** Why a go-live failed or stopped: each has one text the console shows. */
export const LIVE_FAILURES = {
  wrong_password: 'The station refused the password for the live input. Ask a manager to check the live-input settings.',
  mount_in_use: 'Someone else is already connected to the live input (mount in use).',
  station_refused: 'The station refused the live connection.',
  station_unreachable: 'The station could not be reached for the live connection.',
  nothing_heard: 'Nothing heard: the public stream is not playing your audio.',
  not_configured: 'Live input is not set up for this station yet. Ask a manager to fill in the live-input settings.',
  window_closed: 'Your slot has ended, so the live input was closed.',
  taken_over: 'Another live session replaced this one.',
  dropped: 'The connection to the server was lost for too long.',
  stopped: 'You stopped the broadcast.',
  ended_by_staff: 'A manager ended the live session.',
} as const;
export type LiveFailure = keyof typeof LIVE_FAILURES;

/** The confirmation read from the air. */
export const HEARD_TEXT = 'On air ✓ heard on the public stream';

/**
 * Why the presenter is not heard on the public stream, when the station says why. A station that passes
 * the frames through (Icecast, the demo) can only say `nothing_heard`; one that re-encodes (AzuraCast) is
 * judged by what its API reports (who is live) and the level on its public stream, and can say which
 * half is missing.
 */
export const NOT_HEARD = {
  nothing_heard: () => LIVE_FAILURES.nothing_heard,
  not_switched: () => 'Not on air yet: the station still reports its AutoDJ, not your live stream.',
  other_streamer: (name: string) => `Not on air: the station reports ${name} live, not you.`,
  silent: () => 'The station switched to you, but its public stream is silent. Check your input level.',
} as const;
export type NotHeardReason = keyof typeof NOT_HEARD;
/** The plain statement shown when the page is not secure (no microphone). */
export const INSECURE_TEXT =
  'Your browser only allows the microphone on a secure (HTTPS) page. Open this console over https:// (or use the desktop studio) to go live.';

/** Which station the live input goes to. */
export type LiveSourceKind = 'demo' | 'icecast' | 'azuracast';

// ---------------------------------------------------------------- settings

const port = z.coerce.number({ error: 'Port must be a number' }).int('Port must be a whole number').min(1, 'Port must be between 1 and 65535').max(65535, 'Port must be between 1 and 65535');
const mount = z
  .string({ error: 'Mount is required' })
  .trim()
  .max(200, 'Mount is too long')
  .regex(/^\/[A-Za-z0-9._~\-/]*$/, 'Mount must start with / and use letters, digits, . _ ~ - and /');
const minutes = (label: string, max: number) =>
  z.coerce.number({ error: `${label} must be a number` }).int(`${label} must be a whole number`).min(0, `${label} cannot be negative`).max(max, `${label} can be at most ${max}`);
const optionalSecret = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().max(500, 'Password is too long').optional());
const optionalUrl = z.preprocess(
  (v) => (v === '' || v === null ? null : v),
  z
    .string()
    .trim()
    .max(500)
    .refine((s) => /^https?:\/\/[^\s/]+/i.test(s), 'Server address must start with http:// or https://')
    .nullable(),
);

/** One presenter's AzuraCast streamer (DJ) account; a blank password keeps the stored one. */
export const StreamerAccountInputSchema = z.object({
  presenter_id: z.string().uuid('Pick a presenter'),
  username: z.string().trim().min(1, 'Streamer username is required').max(200, 'Streamer username is too long'),
  password: optionalSecret,
});

/** The live-input settings form (General Settings → Live input). A blank password keeps the stored one. */
export const LiveInputSettingsInputSchema = z.object({
  lead_minutes: minutes('Minutes before the show', 60).default(DEFAULT_LIVE_LEAD_MINUTES),
  grace_minutes: minutes('Grace after the show', 60).default(DEFAULT_LIVE_GRACE_MINUTES),
  icecast_server: optionalUrl.default(null),
  icecast_mount: mount.nullable().default(null),
  icecast_password: optionalSecret,
  azuracast_server: optionalUrl.default(null),
  azuracast_dj_port: port.nullable().default(null),
  azuracast_dj_mount: mount.nullable().default(null),
  streamers: z.array(StreamerAccountInputSchema).max(500).default([]),
});
export type LiveInputSettingsInput = z.input<typeof LiveInputSettingsInputSchema>;

/** The settings as staff see them: never a password, only whether one is stored. */
export interface LiveInputSettingsView {
  source: LiveSourceKind;
  lead_minutes: number;
  grace_minutes: number;
  icecast_server: string | null;
  icecast_mount: string | null;
  icecast_password_set: boolean;
  azuracast_server: string | null;
  azuracast_dj_port: number | null;
  azuracast_dj_mount: string | null;
  streamers: { presenter_id: string; presenter_name: string; username: string; password_set: boolean }[];
  /** Whether a presenter of this station can go live with these settings. */
  ready: boolean;
}

// ---------------------------------------------------------------- the presenter's window

/** A booked show's go-live window. Instants are epoch ms. */
export interface LiveWindow {
  show_id: string;
  show_title: string;
  starts_at: number;
  ends_at: number;
  /** From when the presenter may go live (start − lead). */
  opens_at: number;
  /** When the live input closes (end + grace, plus any overrun). */
  closes_at: number;
}

/** Who is on air through Airdeck's live input right now. */
export interface LiveOnAir {
  session_id: string;
  name: string;
  user_id: string;
  started_at: number;
  closes_at: number | null;
  unscheduled: boolean;
}

/** `GET /api/live/status`: what the On Air console needs before going live. */
export interface LiveStatus {
  source: LiveSourceKind;
  /** Settings complete for this source (the demo needs none). */
  configured: boolean;
  /** The signed-in presenter's window open now, if any. */
  window: LiveWindow | null;
  /** Their next window, when none is open now. */
  next_window: LiveWindow | null;
  /** May go live outside a booking ("unscheduled live"). */
  can_go_live_anytime: boolean;
  /** May let a show overrun or end someone's live session. */
  can_manage_live: boolean;
  on_air: LiveOnAir | null;
  server_time: number;
}

/** `POST /api/live/sessions`. */
export const LiveStartSchema = z.object({
  /** Staff with `live.unscheduled` may go live outside a booking; they must say so. */
  unscheduled: z.boolean().default(false),
  /** Channels the console will send (voice preset: 1, line/music: 2). */
  channels: z.union([z.literal(1), z.literal(2)]).default(1),
  /**
   * The desktop studio's main process is the source client itself (straight to Icecast or the AzuraCast DJ
   * port): it sends its one-broadcast public key (X25519, base64url SPKI) and gets the station's credentials
   * sealed to it, which its window cannot read. The browser leaves it out and sends its audio to the relay.
   */
  desktop_key: z.string().max(200).optional(),
});
export type LiveStartInput = z.input<typeof LiveStartSchema>;

/** The audio the console must encode (the demo station plays one fixed format so listeners need not reconnect). */
export interface LiveAudioFormat {
  sampleRate: number;
  channels: 1 | 2;
  kbps: number;
}

/** The answer to `POST /api/live/sessions`: the socket to send to, never a station credential. */
export interface LiveTicket {
  session_id: string;
  /** Opens `/api/live/socket?ticket=…`; valid for this session's reconnects until it ends. */
  ticket: string;
  format: LiveAudioFormat;
  closes_at: number | null;
  unscheduled: boolean;
  /**
   * For the desktop studio (a `desktop_key` was sent and the station is Icecast or AzuraCast): the source
   * credentials sealed to that key (shared/live-seal.ts). The audio then goes from the studio's main process
   * straight to the station; the socket carries only control (state, fingerprints of the frames sent, "now
   * playing"). Absent for the browser and for the demo station.
   */
  sealed_source?: string;
}

/** The refusal text outside a window, saying when they can. */
export function notYetText(next: LiveWindow | null, formatTime: (ms: number) => string): string {
  if (!next) return 'You can go live only inside your booked show, and you have no show booked.';
  return `You can go live from ${formatTime(next.opens_at)}, ${Math.round((next.starts_at - next.opens_at) / 60_000)} minutes before "${next.show_title}" starts.`;
}

// ---------------------------------------------------------------- the socket protocol

/** Console → server (text frames); audio is sent as binary frames of MP3. */
export const LiveClientMessageSchema = z.discriminatedUnion('type', [
  /** Set the "now playing" text (artist – title); empty clears it. */
  z.object({ type: z.literal('metadata'), text: z.string().max(300) }),
  /** End the broadcast. */
  z.object({ type: z.literal('stop') }),
  /** Desktop studio: its own source connection's state (the station refused, or it is reconnecting). */
  z.object({ type: z.literal('source'), state: z.enum(['connected', 'reconnecting', 'failed']), reason: z.enum(['wrong_password', 'mount_in_use', 'station_refused', 'station_unreachable', 'dropped']).optional() }),
  /** Desktop studio: fingerprints of the MP3 frames it sent the station (the confirmation finds them on the public stream). */
  z.object({ type: z.literal('sent'), frames: z.array(z.string().max(32)).max(2000) }),
]);
export type LiveClientMessage = z.infer<typeof LiveClientMessageSchema>;

/** Server → console. */
export type LiveServerMessage =
  | { type: 'state'; state: LiveStateText; reason?: LiveFailure | undefined; message?: string | undefined }
  | { type: 'heard'; heard: boolean; message: string; why?: NotHeardReason | undefined; streamer?: string | undefined }
  | { type: 'warning'; minutes_left: number; closes_at: number }
  | { type: 'window'; closes_at: number | null };

/** The WebSocket close code the server uses when the session is over for good (no reconnect). */
export const LIVE_CLOSE_FINAL = 4000;
