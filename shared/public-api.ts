import { z } from 'zod';
import { EVENT_TYPES } from './bookings';
import { SCHEDULE_EVENT_STATUSES } from './schedule';
import { isValidDate } from './time';
import { isLanguageCode } from './content-languages';
import { LOCALE_CODES, PSEUDO_LOCALE } from './i18n/locales';

/**
 * The public APIs of spec 001 §3 and §7, written once. The routes that serve
 * them parse with these schemas (the schedule API through
 * `parsePublicQuery`, the song-request API in server/src/requests/routes.ts)
 * and the OpenAPI document — and so the /api-docs page — is generated from
 * the very same objects (server/src/docs/openapi.ts). The contract test
 * (tests/integration/openapi-contract.test.ts and tests/support/contract.ts)
 * checks every answer the integration tests receive against the documented
 * response schema of its status.
 */

// ------------------------------------------------------------------ schedule API

/** Largest `limit` of the JSON schedule API and of the calendar feed. */
export const SCHEDULE_API_MAX_LIMIT = { api: 500, ical: 2000 } as const;

const WEEK_WORDS = ['current', 'this', 'next', 'previous', 'last'] as const;

/** One query parameter: a single string (not repeated) without NUL; empty means absent. */
function param(name: string) {
  return z
    .string({ error: `Invalid ${name} parameter: give it only once.` })
    .refine((s) => !s.includes('\u0000'), `Invalid ${name} parameter: it contains a character that is not allowed.`);
}
const blankToUndefined = (v: string | undefined): string | undefined => (v === undefined || v === '' ? undefined : v);

/**
 * The schedule query of spec 001 §7 for a given largest limit (the calendar
 * feed allows more). Each parameter is checked here with the message that
 * names it; the combination rules (only one of today, week or dates; a range
 * of at most a year) are checked by `parsePublicQuery`, which also turns the
 * result into a concrete date range.
 */
export function scheduleQuerySchema(maxLimit: number, defaultLimit: number) {
  return z.object({
    week: param('week')
      .refine((w) => w === '' || (WEEK_WORDS as readonly string[]).includes(w.toLowerCase()) || isValidDate(w), 'Invalid week parameter: use current, next, previous or a date (YYYY-MM-DD).')
      .optional()
      .transform(blankToUndefined)
      .describe('current (or this), next, previous (or last), or any date YYYY-MM-DD: that Monday-to-Sunday week, station time.'),
    start_date: param('start_date')
      .refine((d) => d === '' || isValidDate(d), 'Invalid start_date parameter: use a date written YYYY-MM-DD.')
      .meta({ format: 'date' })
      .optional()
      .transform(blankToUndefined)
      .describe('First day, YYYY-MM-DD. Alone: seven days from this date.'),
    end_date: param('end_date')
      .refine((d) => d === '' || isValidDate(d), 'Invalid end_date parameter: use a date written YYYY-MM-DD.')
      .meta({ format: 'date' })
      .optional()
      .transform(blankToUndefined)
      .describe('Last day, YYYY-MM-DD (at most 366 days after start_date). Alone: from today.'),
    today: param('today')
      .refine((t) => ['', 'true', '1', 'false', '0'].includes(t.toLowerCase()), 'Invalid today parameter: use true or false.')
      .meta({ enum: ['true', 'false'] })
      .optional()
      .transform((t) => t !== undefined && (t.toLowerCase() === 'true' || t === '1'))
      .describe("true: only today's shows."),
    presenter: param('presenter')
      .refine((p) => p.length <= 100, 'Invalid presenter parameter: use at most 100 characters.')
      .meta({ maxLength: 100 })
      .optional()
      .transform((p) => (p && p.trim() ? p.trim() : null))
      .describe('Only shows whose presenter or host contains this text (case-insensitive).'),
    presenter_id: param('presenter_id')
      .refine((p) => p === '' || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(p), 'Invalid presenter_id parameter: use a DJ profile id.')
      .meta({ format: 'uuid' })
      .optional()
      .transform((p) => (p ? p.toLowerCase() : null))
      .describe("Only the shows of this DJ profile (its id, exactly): a presenter's own calendar feed."),
    status: param('status')
      .refine((s) => s === '' || s.toLowerCase() === 'all' || (SCHEDULE_EVENT_STATUSES as readonly string[]).includes(s.toLowerCase()), `Invalid status parameter: use one of ${SCHEDULE_EVENT_STATUSES.join(', ')} or all.`)
      .meta({ enum: [...SCHEDULE_EVENT_STATUSES, 'all'], default: 'scheduled' })
      .optional()
      .transform((s) => (s ? s.toLowerCase() : 'scheduled'))
      .describe('Show status to return, or all.'),
    broadcast_language: param('broadcast_language')
      .refine((l) => l.trim() === '' || isLanguageCode(l.trim().toLowerCase()), 'Invalid broadcast_language parameter: use an ISO 639 language code such as es, fr or yue.')
      .meta({ pattern: '^[a-z]{2,3}$' })
      .optional()
      .transform((l) => (l && l.trim() ? l.trim().toLowerCase() : null))
      .describe('Only the shows broadcast in this language: an ISO 639-1 or 639-3 code (es, fr, yue).'),
    lang: param('lang')
      .refine((l) => l === '' || [...LOCALE_CODES, PSEUDO_LOCALE].some((c) => c.toLowerCase() === l.toLowerCase()), `Invalid lang parameter: use one of ${LOCALE_CODES.join(', ')}.`)
      .meta({ enum: [...LOCALE_CODES] })
      .optional()
      .transform((l) => (l ? ([...LOCALE_CODES, PSEUDO_LOCALE].find((c) => c.toLowerCase() === l.toLowerCase()) ?? null) : null))
      .describe("The language of the shows' titles and descriptions: their translation when the station wrote one, else the station's default language. Without it: the language cookie, then Accept-Language."),
    limit: param('limit')
      .refine((l) => l === '' || (/^\d{1,6}$/.test(l) && Number(l) >= 1 && Number(l) <= maxLimit), `Invalid limit parameter: use a whole number from 1 to ${maxLimit}.`)
      .meta({ type: 'integer', minimum: 1, maximum: maxLimit, default: defaultLimit })
      .optional()
      .transform((l) => (l ? Number(l) : defaultLimit))
      .describe(`Most shows to return (default ${defaultLimit}).`),
  });
}

/** `GET /schedule-api` query (spec 001 §7): what the route parses with and the document lists. */
export const ScheduleApiQuerySchema = scheduleQuerySchema(SCHEDULE_API_MAX_LIMIT.api, 50);
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
  show_image: z.string().describe('Absolute URL; a placeholder image when the show has none.'),
  status: z.enum(SCHEDULE_EVENT_STATUSES),
  type: z.enum(EVENT_TYPES),
  broadcast_language: z.string().nullable().describe('The language the show is broadcast in: an ISO 639-1 or 639-3 code, or null when the station has not said.'),
});
export type PublicShow = z.output<typeof PublicShowSchema>;

/** `GET /schedule-api` response (spec 001 §3). */
export const ScheduleApiResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    shows: z.array(PublicShowSchema),
    shows_by_date: z.record(z.string(), z.array(PublicShowSchema)).describe('The same shows keyed by date.'),
    total_shows: z.number().int(),
    date_range: z.object({ start: z.string(), end: z.string() }),
    filters_applied: z.object({ status: z.string(), presenter: z.string().nullable(), limit: z.number().int(), broadcast_language: z.string().optional().describe('Present when the shows were filtered by broadcast language.') }),
  }),
  message: z.string(),
});
export type ScheduleApiResponse = z.output<typeof ScheduleApiResponseSchema>;

// ------------------------------------------------------------------ song-request API

/*
 * The song-request API's schemas live in song-request-api.ts (its route in
 * server/src/requests parses with them); they are re-exported here so the
 * document and the tests take every public schema from one place.
 */
export {
  INVALID_ACTION_MESSAGE,
  PublicApiErrorSchema,
  REQUEST_RULE_MESSAGES,
  SongRequestApiBodySchema,
  SongRequestApiQuerySchema,
  SongRequestApiResponseSchema,
  SongRequestApiSearchQuerySchema,
  SongRequestApiSearchResponseSchema,
  SongRequestApiSpotifyQuerySchema,
  SongRequestApiSpotifyResponseSchema,
  SongRequestApiGetResponseSchema,
  type SongRequestApiBody,
  type SongRequestApiResponse,
} from './song-request-api';
