import { z } from 'zod';
import { DateOnlySchema, requiredText, safeText } from './fields';
import { SCHEDULE_EVENT_STATUSES } from './schedule';

/**
 * The public APIs of spec 001 §3 and §7, written once: the routes that serve
 * them parse with these schemas, and the OpenAPI document (and so the
 * /api-docs page) is generated from the same schemas, so the documentation
 * cannot drift from the code.
 */

// ------------------------------------------------------------------ schedule API

/** `GET /schedule-api` query (spec 001 §7). */
export const ScheduleApiQuerySchema = z
  .object({
    week: z.enum(['current']).optional().describe('current: the shows of the current week (Monday to Sunday, station time).'),
    start_date: DateOnlySchema.optional().describe('First day of a date range, YYYY-MM-DD (with end_date).'),
    end_date: DateOnlySchema.optional().describe('Last day of a date range, YYYY-MM-DD (with start_date).'),
    today: z.enum(['true', 'false']).optional().describe('true: only today\'s shows.'),
    presenter: safeText(100).optional().describe('Only shows whose presenter name contains this text (case-insensitive).'),
    status: z.enum(SCHEDULE_EVENT_STATUSES).default('scheduled').describe('Show status to return.'),
    limit: z.coerce.number().int().min(1).max(500).default(50).describe('Most shows to return.'),
  })
  .refine((q) => !q.start_date || !q.end_date || q.end_date >= q.start_date, { message: 'end_date must be on or after start_date', path: ['end_date'] });
export type ScheduleApiQuery = z.output<typeof ScheduleApiQuerySchema>;

/** One show in the public schedule. */
export const PublicShowSchema = z.object({
  id: z.string().describe('Event id.'),
  title: z.string(),
  description: z.string().nullable(),
  date: z.string().describe('YYYY-MM-DD, station time.'),
  start_time: z.string().describe('HH:MM:SS, station time.'),
  end_time: z.string().describe('HH:MM:SS; earlier than start_time when the show runs past midnight.'),
  presenter: z.object({ name: z.string().nullable(), bio: z.string().nullable(), image_url: z.string().nullable() }),
  show_image: z.string().nullable(),
  status: z.string(),
  type: z.string(),
});
export type PublicShow = z.output<typeof PublicShowSchema>;

/** `GET /schedule-api` response (spec 001 §3). */
export const ScheduleApiResponseSchema = z.object({
  success: z.boolean(),
  data: z.object({
    shows: z.array(PublicShowSchema),
    shows_by_date: z.record(z.string(), z.array(PublicShowSchema)).describe('The same shows keyed by date.'),
    total_shows: z.number().int(),
    date_range: z.object({ start: z.string(), end: z.string() }),
    filters_applied: z.object({ status: z.string(), presenter: z.string().nullable(), limit: z.number().int() }),
  }),
  message: z.string(),
});
export type ScheduleApiResponse = z.output<typeof ScheduleApiResponseSchema>;

// ------------------------------------------------------------------ song-request API

/** `GET /song-request-api` query: local search or Spotify search (spec 001 §7). */
export const SongRequestApiQuerySchema = z
  .object({
    action: z.enum(['search', 'spotify-search']).describe('search: the station\'s own track library; spotify-search: Spotify.'),
    query: safeText(200).optional().describe('Search text (action=search).'),
    artist: safeText(200).optional().describe('Artist (action=spotify-search).'),
    title: safeText(200).optional().describe('Song title (action=spotify-search).'),
  })
  .superRefine((q, ctx) => {
    if (q.action === 'search' && !q.query) ctx.addIssue({ code: 'custom', path: ['query'], message: 'query is required for action=search' });
    if (q.action === 'spotify-search' && !q.artist && !q.title) ctx.addIssue({ code: 'custom', path: ['title'], message: 'artist or title is required for action=spotify-search' });
  });
export type SongRequestApiQuery = z.output<typeof SongRequestApiQuerySchema>;

/** One track found by a search. */
export const FoundTrackSchema = z.object({
  id: z.string().nullable().describe('Local track id (null for Spotify results).'),
  title: z.string(),
  artist: z.string(),
  album: z.string().nullable(),
  image_url: z.string().nullable(),
  spotify_url: z.string().nullable(),
});

/** `GET /song-request-api` response. */
export const SongSearchResponseSchema = z.object({
  success: z.boolean(),
  data: z.object({ tracks: z.array(FoundTrackSchema) }),
  message: z.string(),
});

/** `POST /song-request-api` body (spec 001 §5): artist, title and requester required. */
export const SongRequestApiBodySchema = z.object({
  artist: requiredText(200, 'Artist is required'),
  title: requiredText(200, 'Title is required'),
  requester: requiredText(100, 'Requester is required'),
  message: z.preprocess((v) => (v === '' ? undefined : v), safeText(1000).optional()),
  request_type: z.enum(['song', 'custom']).default('song'),
});
export type SongRequestApiBody = z.output<typeof SongRequestApiBodySchema>;

/** `POST /song-request-api` response (spec 001 §3). */
export const SongRequestApiResponseSchema = z.object({
  success: z.boolean(),
  data: z.object({ request_id: z.string(), status: z.string(), submitted_at: z.string().describe('ISO 8601 instant.') }),
  message: z.string(),
});
export type SongRequestApiResponse = z.output<typeof SongRequestApiResponseSchema>;

/** The error body every API answers with. */
export const ApiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});
