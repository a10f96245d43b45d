import { z } from 'zod';

/**
 * Listen again (issue 32): every show recorded from the station's public stream and cut by when it
 * really aired, as the public API (`GET /api/episodes`), the podcast feeds, the listen-again pages and the
 * staff screens see it.
 */

/** A line of an episode's tracklist: what played, and where it is in the episode (seconds). */
export const EpisodeTrackSchema = z.object({
  title: z.string(),
  artist: z.string(),
  played_at: z.string(),
  offset_seconds: z.number(),
});
export type EpisodeTrack = z.infer<typeof EpisodeTrackSchema>;

/** A stretch of the show that was not recorded (the station off air, the recorder restarting). */
export const EpisodeGapSchema = z.object({
  /** Where in the episode the missing stretch falls (seconds). */
  at_seconds: z.number(),
  seconds: z.number(),
  from: z.string(),
  to: z.string(),
});
export type EpisodeGap = z.infer<typeof EpisodeGapSchema>;

/** One episode of the public API (the interface other checks rely on: keep these names). */
export const EpisodeSchema = z.object({
  id: z.string(),
  show_id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  presenter_id: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  duration_seconds: z.number(),
  audio_url: z.string(),
  /** The file to download, null when the station has downloads off. */
  download_url: z.string().nullable(),
  chapters_url: z.string(),
  content_type: z.string(),
  bytes: z.number(),
  tracks: z.array(EpisodeTrackSchema),
  gaps: z.array(EpisodeGapSchema),
});
export type Episode = z.infer<typeof EpisodeSchema>;

/** GET /api/episodes. */
export const EpisodeListSchema = z.object({
  episodes: z.array(EpisodeSchema),
  /** The podcast feed of what was asked for (the show's with `show`, else the station's); null while downloads and feeds are off. */
  feed_url: z.string().nullable(),
  /** How many days back episodes stay listed (the station's public window). */
  public_window_days: z.number(),
});
export type EpisodeList = z.infer<typeof EpisodeListSchema>;

export { showSlug } from './listen-again-slug';

export const EpisodeListQuerySchema = z.object({
  show: z.string().trim().min(1).max(200).optional(),
  presenter: z.uuid({ error: 'presenter must be a presenter id.' }).optional(),
  limit: z.coerce.number({ error: 'limit must be a number from 1 to 200.' }).int().min(1).max(200).default(50),
});

export const PUBLISH_RULES = ['auto', 'approval', 'never'] as const;
export type PublishRule = (typeof PUBLISH_RULES)[number];
export const EPISODE_STATUSES = ['published', 'pending', 'never', 'not_recorded'] as const;

/** An episode as staff see it: every status, the hidden flag and the trims. */
export interface StaffEpisode extends Omit<Episode, 'duration_seconds' | 'bytes' | 'content_type'> {
  status: (typeof EPISODE_STATUSES)[number];
  hidden: boolean;
  trim_start_seconds: number;
  trim_end_seconds: number;
  duration_seconds: number | null;
  bytes: number | null;
  content_type: string | null;
  /** Its Mixcloud upload, when the station publishes there. */
  mixcloud: MixcloudUpload | null;
}

/** The station's settings (GET/PUT /api/listen-again/settings). */
export const ListenAgainSettingsSchema = z
  .object({
    recording_enabled: z.boolean(),
    retention_days: z.number().int().min(1).max(3650),
    logger_min_days: z.number().int().min(0).max(3650),
    public_window_days: z.number().int().min(0).max(3650),
    downloads_enabled: z.boolean(),
    pre_roll_seconds: z.number().int().min(0).max(3600),
    post_roll_seconds: z.number().int().min(0).max(3600),
    excluded_hours: z.array(z.number().int().min(0).max(23)).max(24),
    min_free_mb: z.number().int().min(0).max(1_048_576),
  })
  .partial()
  .strict();
export type ListenAgainSettingsInput = z.infer<typeof ListenAgainSettingsSchema>;

/** PATCH /api/listen-again/episodes/:id: managers any field; the episode's presenter `hidden` and `approved`. */
export const EpisodePatchSchema = z
  .object({
    title: z.string().trim().min(1).max(200),
    description: z.string().max(5000).nullable(),
    trim_start_seconds: z.number().int().min(0).max(86_400),
    trim_end_seconds: z.number().int().min(0).max(86_400),
    hidden: z.boolean(),
    approved: z.boolean(),
  })
  .partial()
  .strict();

export const ShowPublishSchema = z.object({ publish: z.enum(PUBLISH_RULES, { error: 'Choose auto, approval or never.' }) }).strict();

/** Why downloads start off on a real station (shown next to the switch). */
export const DOWNLOADS_NOTE = 'UK music licences (PRS for Music and PPL) cover listening again by streaming, not downloads or podcasts of music: turn downloads on only if your licences allow it.';

/** Mixcloud publishing (item 6): where an episode's upload is. */
export const MIXCLOUD_STATES = ['queued', 'requested', 'uploaded', 'skipped', 'failed'] as const;
export const MIXCLOUD_SKIP_REASONS = ['too_short', 'off_air', 'few_tracks'] as const;

/** One episode's upload to Mixcloud. */
export interface MixcloudUpload {
  episode_id: string;
  title?: string;
  aired_at?: string;
  state: (typeof MIXCLOUD_STATES)[number];
  reason: (typeof MIXCLOUD_SKIP_REASONS)[number] | null;
  /** Mixcloud's answer or why it was skipped, in words. */
  message: string | null;
  attempts: number;
  next_attempt_at: string;
  /** The cloudcast's page once uploaded. */
  url: string | null;
  updated_at: string;
}

/** GET /api/listen-again/mixcloud. */
export interface MixcloudStatus {
  configured: boolean;
  /** False when the saved token cannot be decrypted (SECRET_KEY changed): save it again. */
  readable: boolean;
  /** The token masked (its last characters), null when none is saved. */
  token: string | null;
  min_minutes: number;
  min_tracks: number;
  tags: string[];
  /** Mixcloud asked to wait (its rate limit) until then. */
  paused_until: string | null;
  uploads: MixcloudUpload[];
}

/** PUT /api/listen-again/mixcloud: the access token (needed the first time) and the rules. */
export const MixcloudSchema = z
  .object({
    access_token: z.string().trim().min(10, { error: 'Paste the whole Mixcloud access token.' }).max(500),
    min_minutes: z.number().int().min(0).max(1440),
    min_tracks: z.number().int().min(0).max(100),
    tags: z.array(z.string().trim().min(1).max(50)).max(5, { error: 'Mixcloud takes at most five tags.' }),
  })
  .partial()
  .strict();
export type MixcloudInput = z.infer<typeof MixcloudSchema>;

/** A show (a series once) and its publishing rule (GET /api/listen-again/shows). */
export interface ShowRule {
  show_key: string;
  /** An occurrence's id (PUT /api/listen-again/shows/:id takes it). */
  show_id: string;
  title: string;
  presenter_name: string | null;
  next_at: string | null;
  last_at: string | null;
  publish: PublishRule;
}

/** GET /api/listen-again/status: the recorder, disk use and the settings (the staff screen). */
export interface ListenAgainStatusView {
  settings: {
    recording_enabled: boolean;
    retention_days: number;
    logger_min_days: number;
    public_window_days: number;
    downloads_enabled: boolean;
    downloads_chosen: boolean;
    pre_roll_seconds: number;
    post_roll_seconds: number;
    excluded_hours: number[];
    min_free_mb: number;
  };
  recorder: { state: 'recording' | 'waiting' | 'standby' | 'disabled' | 'excluded_hour' | 'disk_full' | 'error'; file: string | null; since: string; warning: string | null; free_bytes: number | null };
  disk: { recordings_bytes: number; episodes_bytes: number; files: number; oldest_recording: string | null; free_bytes: number | null };
}
