import { z } from 'zod';
import { ROLES } from './permissions';

/**
 * Dead air (issue 33): what the station's ears found, as the server, the On Air console, the desktop
 * studio, the Uptime screen and `/api/health` see it.
 */

import { INCIDENT_KINDS, type IncidentKind, type UptimeRange } from './dead-air-constants';

export { INCIDENT_KINDS, UPTIME_RANGES, type IncidentKind, type UptimeRange } from './dead-air-constants';
/** The station's condition now: `ok`, or the worst open incident's kind (`/api/health` `station.condition`). */
export type StationCondition = 'ok' | IncidentKind;

/** How each kind is named to people. */
export const INCIDENT_LABELS: Record<IncidentKind, string> = {
  off_air: 'Off air',
  live_silent: 'Live but silent',
  silence: 'Silence',
  stuck: 'Stuck metadata',
};

/** One incident. Instants are ISO strings; `ended_at` is null while it lasts. */
export interface StationIncident {
  id: string;
  kind: IncidentKind;
  started_at: string;
  ended_at: string | null;
  /** Seconds, once it has ended. */
  duration_seconds: number | null;
  show_id: string | null;
  show_title: string | null;
  presenter_id: string | null;
  presenter_name: string | null;
  /** Whether the duty staff were alerted (it lasted past the escalation delay). */
  escalated: boolean;
  /** Whether a 10-second sample of the stream around its start is kept (GET /api/uptime/incidents/:id/sample). */
  has_sample: boolean;
}

/** GET /api/station/condition (public): the condition now, the open incident, the last one, and the backup stream. */
export interface StationConditionView {
  condition: StationCondition;
  /** The worst open incident, null when the station is fine. */
  incident: StationIncident | null;
  /** The latest incident, open or ended (health's `station.last_incident`). */
  last_incident: StationIncident | null;
  /** A station-configured stream listeners may switch to while the station is off air; null when none. */
  backup_stream_url: string | null;
}

/** Events of the public `now-playing` channel about dead air (published by the ears' watch, once per change). */
export interface DeadAirChannelEvents {
  /** An incident began: the presenter on air is told at once. */
  'station.incident': StationIncident;
  /** An incident ended (its `ended_at` and `duration_seconds` are set). */
  'station.recovered': StationIncident;
}

const IncidentSchema = z.object({
  id: z.string(),
  kind: z.enum(INCIDENT_KINDS),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  duration_seconds: z.number().nullable(),
  show_id: z.string().nullable(),
  show_title: z.string().nullable(),
  presenter_id: z.string().nullable(),
  presenter_name: z.string().nullable(),
  escalated: z.boolean(),
  has_sample: z.boolean(),
});
export const DEAD_AIR_EVENT_SCHEMAS = { 'station.incident': IncidentSchema, 'station.recovered': IncidentSchema };

/** The watch's settings (Settings → Dead air). */
export interface DeadAirSettings {
  /** A 100 ms block whose peak is under this is silent (dBFS). */
  silence_threshold_db: number;
  /** Silence is raised when more than this many seconds of the last minute were silent. */
  silence_seconds: number;
  /** Off air is raised when the stream cannot be reached or gives no audio for this long. */
  off_air_seconds: number;
  /** Stuck metadata: the same track for longer than this many times its length… */
  stuck_factor: number;
  /** …or this many minutes when its length is unknown. */
  stuck_unknown_minutes: number;
  /** The duty staff are alerted when an incident lasts this long (minutes; the presenter on air is told at once). */
  escalate_after_minutes: number;
  /** The roles alerted after the delay. */
  duty_roles: (typeof ROLES)[number][];
  /** The backup stream listeners are offered while the station is off air, or null. */
  backup_stream_url: string | null;
  /** Keep a 10-second sample of the stream around each incident's start (the station's "recording"). */
  keep_samples: boolean;
  /** Also e-mail the duty staff (when SMTP_URL is set; each person's System Alert preference is respected). */
  email_alerts: boolean;
}

export const DEAD_AIR_DEFAULTS: DeadAirSettings = {
  silence_threshold_db: -50,
  silence_seconds: 10,
  off_air_seconds: 5,
  stuck_factor: 2,
  stuck_unknown_minutes: 20,
  escalate_after_minutes: 2,
  duty_roles: ['owner', 'manager', 'admin'],
  backup_stream_url: null,
  keep_samples: true,
  email_alerts: true,
};

/** PUT /api/dead-air/settings: every field optional; what is sent is checked and saved, the rest kept. */
export const DeadAirSettingsSchema = z
  .object({
    silence_threshold_db: z.number({ error: 'The silence threshold must be a number of dBFS.' }).min(-90, 'The silence threshold must be between −90 and −10 dBFS.').max(-10, 'The silence threshold must be between −90 and −10 dBFS.'),
    silence_seconds: z.number({ error: 'The silence length must be a number of seconds.' }).int('The silence length must be a whole number of seconds.').min(2, 'The silence length must be between 2 and 60 seconds.').max(60, 'The silence length must be between 2 and 60 seconds.'),
    off_air_seconds: z.number({ error: 'The off-air delay must be a number of seconds.' }).int('The off-air delay must be a whole number of seconds.').min(2, 'The off-air delay must be between 2 and 120 seconds.').max(120, 'The off-air delay must be between 2 and 120 seconds.'),
    stuck_factor: z.number({ error: 'The stuck factor must be a number.' }).min(1, 'The stuck factor must be between 1 and 10.').max(10, 'The stuck factor must be between 1 and 10.'),
    stuck_unknown_minutes: z.number({ error: 'The stuck delay must be a number of minutes.' }).int('The stuck delay must be a whole number of minutes.').min(1, 'The stuck delay must be between 1 and 240 minutes.').max(240, 'The stuck delay must be between 1 and 240 minutes.'),
    escalate_after_minutes: z.number({ error: 'The escalation delay must be a number of minutes.' }).min(0, 'The escalation delay must be between 0 and 120 minutes.').max(120, 'The escalation delay must be between 0 and 120 minutes.'),
    duty_roles: z.array(z.enum(ROLES, { error: 'Unknown role.' }), { error: 'Choose the duty roles.' }).max(ROLES.length).transform((v) => [...new Set(v)]),
    backup_stream_url: z
      .string()
      .trim()
      .max(500, 'The backup stream URL is too long.')
      .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'The backup stream URL must start with http:// or https://.')
      .transform((v) => (v === '' ? null : v))
      .nullable(),
    keep_samples: z.boolean({ error: 'Keep samples must be true or false.' }),
    email_alerts: z.boolean({ error: 'E-mail alerts must be true or false.' }),
  })
  .partial()
  .strict();
export type DeadAirSettingsInput = z.input<typeof DeadAirSettingsSchema>;

/** The Uptime screen's ranges. */
export const UPTIME_RANGE_HOURS: Record<UptimeRange, number> = { '24h': 24, '7d': 168, '30d': 720 };

/** GET /api/uptime?range=: availability over the three ranges, and the chosen range's incidents and counts. */
export interface UptimeView {
  range: UptimeRange;
  /** Percent of each range the station was on air and sounding (off air and silence count against it; stuck metadata does not). */
  availability: Record<UptimeRange, number>;
  /** The chosen range's incidents, newest first. */
  incidents: StationIncident[];
  /** Incidents of the chosen range per show (shows with none are left out), most first. */
  by_show: { show_id: string | null; show_title: string; count: number; seconds: number }[];
  /** Incidents of the chosen range per presenter, most first. */
  by_presenter: { presenter_id: string | null; presenter_name: string; count: number; seconds: number }[];
  /**
   * Availability per period of the chosen range, oldest first: per hour over 24 h, per day over 7 d, per
   * week over 30 d (periods end now; the oldest may be shorter).
   */
  periods: { from: string; to: string; availability: number; incidents: number }[];
  /** The periods' unit. */
  period: 'hour' | 'day' | 'week';
  /** The scheduled shows of the chosen range (the timeline's other row), oldest first. */
  schedule: { id: string; title: string; presenter_name: string | null; starts_at: string; ends_at: string }[];
  from: string;
  to: string;
}
